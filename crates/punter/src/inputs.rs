//! The Punter formats read from strangers, as the product reads them (the game registry lists
//! them for `arcade check`, the fuzz targets and the bad-input catalogue).

use super::protocol::{Decoder, Message, Next, Phase, ProtocolGame, PunterMessage};
use super::state::MAX_PUNTERS;
use super::{maps, GameLog, PunterMap, PunterParams, Settings};
use rails::inputs::{InputError, InputFormat, Limit};
use serde_json::json;
use std::sync::Arc;

pub const FORMATS: &[InputFormat] = &[
    InputFormat { name: "punter-map", about: "a Punter map (the contest's JSON)", check: map },
    InputFormat { name: "punter-log", about: "an official Punter game log (JSON), replayed on its bundled map", check: log },
    InputFormat {
        name: "punter-messages",
        about: "what a Punter bot sends: n:json messages, the moves refereed on the bundled sample map for two punters (the bot is punter 0)",
        check: messages,
    },
    InputFormat { name: "punter-marks", about: "what a Punter decision printed, read for its debug marks (@draw lines; no map at hand)", check: marks },
];

fn marks(text: &str) -> Result<String, InputError> {
    Ok(rails::marks::check(text, super::marks::KINDS, &rails::marks::anywhere)?)
}

pub const LIMITS: &[Limit] = &[
    Limit { input: "Punter map", limit: "200,000 sites, 400,000 rivers, sites × mines at most 40,000,000 (the page opens up to 10,000 sites, 20,000 rivers and 64 mines, and names the CLI for larger ones)", past_it: "refused, naming the limit" },
    Limit { input: "Punter log", limit: "64 MiB", past_it: "refused, naming the limit" },
    Limit { input: "Punter protocol message", limit: "16 MiB a message, a length of at most 9 digits", past_it: "refused as soon as the prefix is read" },
    Limit { input: "Punter punters", limit: "64 seats", past_it: "refused" },
    Limit { input: "Punter bot in JavaScript (page)", limit: "a move and setup within the referee's time (1 s, 10 s); answers of 16 MiB", past_it: "the move is a pass, with the reason" },
    Limit { input: "Punter game server (punter serve)", limit: "8 handshakes at once, 10 s each; every read and write within its request's limit (10 s setup, 1 s a move)", past_it: "a failed handshake frees its place; a punter past a deadline is a zombie, its connection closed" },
];

fn map(text: &str) -> Result<String, InputError> {
    PunterMap::parse(text)
        .map(|m| {
            format!("sites {}, rivers {}, mines {}", m.sites.len(), m.rivers.len(), m.mines.len())
        })
        .map_err(|e| InputError::from_message(e.to_string()))
}

fn log(text: &str) -> Result<String, InputError> {
    let log = GameLog::parse(text).map_err(|e| InputError::from_message(e.to_string()))?;
    let map_text = maps::bundled(&log.map)
        .ok_or_else(|| format!("the log's map \"{}\" is not one of the bundled maps", log.map))?;
    let map = PunterMap::parse(map_text).map_err(|e| InputError::from_message(e.to_string()))?;
    if log.teams.len() > MAX_PUNTERS {
        let (n, most) = (log.teams.len(), MAX_PUNTERS);
        return Err(InputError::new(format!("the log has {n} punters, more than {most}")));
    }
    let (game, _) = log.replay(Arc::new(map));
    Ok(format!("scores {:?}", game.scores()))
}

fn messages(text: &str) -> Result<String, InputError> {
    let mut decoder = Decoder::new();
    decoder.push(text.as_bytes());
    let params = PunterParams::bundled(
        "sample.json",
        2,
        Settings { futures: true, splurges: true, options: true },
    )
    .ok_or("the sample map is missing")?;
    // The bot's answers are punter 0's moves in a game where punter 1 passes.
    let seats = ["js".to_string(), "js".to_string()];
    let mut game = ProtocolGame::new(params, &seats, 0, 0)?;
    let mut count = 0;
    while let Some(text) = decoder.next_text().map_err(|e| e.to_string())? {
        count += 1;
        if let PunterMessage::Answer(_) =
            PunterMessage::parse(&text).map_err(|e| format!("message {count}: {e}"))?
        {
            loop {
                match game.next(u32::MAX)? {
                    Next::Ask(r) if r.phase == Phase::Setup => {
                        game.answer(Ok(&json!({ "ready": r.seat }).to_string()), "")?
                    }
                    Next::Ask(r) if r.phase == Phase::Move && r.seat == 0 => {
                        game.answer(Ok(&text), "").map_err(|e| format!("message {count}: {e}"))?;
                        break;
                    }
                    Next::Ask(r) if r.phase == Phase::Move => {
                        game.answer(Ok(&json!({ "pass": { "punter": r.seat } }).to_string()), "")?
                    }
                    Next::Ask(_) => game.answer(Ok("null"), "")?,
                    Next::Running => continue,
                    Next::Over | Next::Person { .. } => break,
                };
            }
        }
    }
    decoder.finish().map_err(|e| e.to_string())?;
    Ok(format!("{count} messages"))
}
