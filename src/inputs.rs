//! Every format the project reads from strangers, through one door: [`check`] reads a text in
//! a [`Format`] the way the product does (parse, then play or run what it describes, under the
//! product's limits) and answers a one-line summary or the message the user sees. The fuzz
//! targets (`fuzz/`), the bad-input catalogue (`tests/bad-inputs/`, run natively and in wasm)
//! and docs/RELIABILITY.md all go through here; [`LIMITS`] is the table of input bounds.

use crate::labyrinth::save;
use crate::labyrinth::state::Rules;
use crate::lifter::{Command, Lifter, Mine};
use crate::link::open_any;
use crate::pig::decider::SchemeDecider;
use crate::pig::{Pig, Situation};
use crate::punter::protocol::{Decoder, Message, PunterMessage, Referee};
use crate::punter::{maps, GameLog, PunterMap, PunterParams, Settings};
use crate::arena::Decider;
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A Lifter map (the contest's text format with its metadata).
    LifterMap,
    /// A Lifter map, a line `@route`, then a route played on it.
    LifterRoute,
    /// A Punter map (the contest's JSON).
    PunterMap,
    /// An official Punter game log (JSON), replayed on its bundled map.
    PunterLog,
    /// What a Punter bot sends: `n:json` messages, each read as a bot's message; the moves are
    /// refereed on the bundled `sample` map for two punters (the bot is punter 0).
    PunterMessages,
    /// A Labyrinth save file (the assignment's grammar), loaded under the assignment's rules.
    LabyrinthSave,
    /// A share link of any kind (URL, `#fragment` or bare fragment).
    Link,
    /// A Pig strategy in Scheme: loaded, then asked one decision, under the step budgets.
    Scheme,
}

impl Format {
    pub const ALL: [Format; 8] = [
        Format::LifterMap,
        Format::LifterRoute,
        Format::PunterMap,
        Format::PunterLog,
        Format::PunterMessages,
        Format::LabyrinthSave,
        Format::Link,
        Format::Scheme,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Format::LifterMap => "lifter-map",
            Format::LifterRoute => "lifter-route",
            Format::PunterMap => "punter-map",
            Format::PunterLog => "punter-log",
            Format::PunterMessages => "punter-messages",
            Format::LabyrinthSave => "labyrinth-save",
            Format::Link => "link",
            Format::Scheme => "scheme",
        }
    }

    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Reads `text` as `format` would be read by the product: `Ok(summary)` or the user's message.
pub fn check(format: Format, text: &str) -> Result<String, String> {
    match format {
        Format::LifterMap => Mine::parse(text).map(|m| format!("a {}×{} map", m.width, m.height)).map_err(|e| e.to_string()),
        Format::LifterRoute => lifter_route(text),
        Format::PunterMap => PunterMap::parse(text).map(|m| format!("sites {}, rivers {}, mines {}", m.sites.len(), m.rivers.len(), m.mines.len())).map_err(|e| e.to_string()),
        Format::PunterLog => punter_log(text),
        Format::PunterMessages => punter_messages(text),
        Format::LabyrinthSave => save::parse(text, Rules::Assignment).map(|g| format!("{} players, turn {}", g.players.len(), g.turns + 1)).map_err(|e| e.to_string()),
        Format::Link => open_any(text).map(|o| match o.problem {
            Some(problem) => format!("a {} link, opened as far as it goes: {problem}", o.kind),
            None => format!("a {} link", o.kind),
        }).map_err(|e| e.to_string()),
        Format::Scheme => scheme(text),
    }
}

fn lifter_route(text: &str) -> Result<String, String> {
    let (map, route) = text.split_once("\n@route\n").ok_or("expected a map, a line \"@route\", then the route")?;
    let mine = Mine::parse(map).map_err(|e| e.to_string())?;
    let game = Lifter::play_route(&mine, &Command::parse_route(route));
    Ok(format!("{} after {} moves, score {}", game.outcome().map_or("unfinished", |o| o.name()), game.moves(), game.score()))
}

fn punter_log(text: &str) -> Result<String, String> {
    let log = GameLog::parse(text).map_err(|e| e.to_string())?;
    let map_text = maps::bundled(&log.map).ok_or_else(|| format!("the log's map \"{}\" is not one of the bundled maps", log.map))?;
    let map = PunterMap::parse(map_text).map_err(|e| e.to_string())?;
    if log.teams.len() > crate::punter::state::MAX_PUNTERS {
        return Err(format!("the log has {} punters, more than {}", log.teams.len(), crate::punter::state::MAX_PUNTERS));
    }
    let (game, _) = log.replay(Arc::new(map));
    Ok(format!("scores {:?}", game.scores()))
}

fn punter_messages(text: &str) -> Result<String, String> {
    let mut decoder = Decoder::new();
    decoder.push(text.as_bytes());
    let params = PunterParams::bundled("sample.json", 2, Settings { futures: true, splurges: true, options: true }).ok_or("the sample map is missing")?;
    let mut referee = Referee::new(params).map_err(|e| e.to_string())?;
    let mut count = 0;
    while let Some(value) = decoder.next_value().map_err(|e| e.to_string())? {
        count += 1;
        match PunterMessage::from_json(&value).map_err(|e| format!("message {count}: {e}"))? {
            PunterMessage::Answer(_) if !referee.is_over() => {
                // The bot answers for punter 0; punter 1 passes.
                if referee.mover() == Some(1) {
                    referee.answer_text(r#"{"pass":{"punter":1}}"#).map_err(|e| e.to_string())?;
                }
                if !referee.is_over() {
                    referee.answer_text(&value.to_string()).map_err(|e| format!("message {count}: {e}"))?;
                }
            }
            _ => {}
        }
    }
    decoder.finish().map_err(|e| e.to_string())?;
    Ok(format!("{count} messages"))
}

fn scheme(text: &str) -> Result<String, String> {
    let mut d = SchemeDecider::load(text, 1)?;
    let mv = Decider::<Pig>::decide(&mut d, &Situation { my_total: 10, other_total: 20, accum: 5, current: 3 })?;
    Ok(format!("decides {mv:?}"))
}

/// One bound on an input: what is bounded, the limit, and what happens past it.
pub struct Limit {
    pub input: &'static str,
    pub limit: &'static str,
    pub past_it: &'static str,
}

/// Every input bound, as docs/RELIABILITY.md lists it.
pub const LIMITS: &[Limit] = &[
    Limit { input: "Lifter map", limit: "4000 × 4000 cells; numbers up to 4294967295", past_it: "refused: \"the map is larger than 4000 × 4000\", \"Flooding 99999999999 is too large (at most 4294967295)\"" },
    Limit { input: "Lifter route", limit: "width × height commands are played; the rest is ignored (the contest's rule)", past_it: "the game ends \"unfinished\"" },
    Limit { input: "Punter map", limit: "200,000 sites, 400,000 rivers", past_it: "refused, naming the limit" },
    Limit { input: "Punter log", limit: "64 MiB", past_it: "refused, naming the limit" },
    Limit { input: "Punter protocol message", limit: "16 MiB a message, a length of at most 9 digits", past_it: "refused as soon as the prefix is read" },
    Limit { input: "Punter punters", limit: "64 seats", past_it: "refused" },
    Limit { input: "Share link", limit: "32 MiB of text, 24 MiB unpacked, 10,000,000 moves; links longer than 8,000 characters are offered as files", past_it: "refused, naming the limit" },
    Limit { input: "Games per match or tournament link", limit: "10,000", past_it: "refused, naming the limit" },
    Limit { input: "Pig target", limit: "200", past_it: "refused" },
    Limit { input: "Pig tournament", limit: "16 strategies", past_it: "refused" },
    Limit { input: "Scheme source", limit: "200,000 characters in a link; nesting 500 levels", past_it: "a syntax error at the place" },
    Limit { input: "Scheme run", limit: "1,000,000 steps to load, 100,000 a decision; 100,000 nested calls; strings of 1,000,000 bytes; output 1 MiB kept per run (the rest dropped, marked)", past_it: "the strategy fails with the limit named; its decision falls back (hold)" },
    Limit { input: "JavaScript strategy (page)", limit: "50 ms a Pig decision, 500 ms a Labyrinth turn; a Punter move and setup within the referee's time (1 s, 10 s); no network, no storage, no DOM (a Worker with those removed)", past_it: "the turn falls back (greedy AI, or pass), with the reason; a worker silent past its backstop is terminated" },
    Limit { input: "JavaScript strategy (CLI)", limit: "500 ms a turn; answers of 64 KiB", past_it: "the turn is played by the greedy AI, with the reason" },
    Limit { input: "Labyrinth save", limit: "49 tiles, 1–4 players, treasures 1–24", past_it: "refused at the token, LINE:COL" },
];

/// A fuzz target's body: any bytes, read as `format` when they are UTF-8 (every reader takes
/// text). Crashes, hangs and running out of memory are the findings; the answer is not.
pub fn fuzz(format: Format, data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = check(format, text);
    }
}
