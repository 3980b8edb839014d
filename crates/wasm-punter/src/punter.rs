//! Lambda Punter for JavaScript: one handle for playing (a human seat among bots: the page's
//! display of the Play series, `PunterSeries.fromLink`, which makes the bots' moves) and for replaying (a log
//! or a link), on the shared replay tape. Rivers and sites cross as dense indices (the order of
//! `geometry()`); moves as (kind, index).

use punter::bots::{BOT_NAMES, HUMAN};
use punter::game::display_names;
use punter::links::link_map;
use punter::log::{export, GameLog};
use punter::state::add_bid;
use punter::{maps, Punter, PunterMove, PunterParams, Settings};
use rails::arena::{Series, SeriesSpec};
use rails::game::{Actor, Game};
use rails::link::{decode_game_with, GameRecord};
use rails::tape::Tape;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_common::{js_error, to_js};

#[derive(Serialize)]
struct Named {
    name: &'static str,
    description: &'static str,
}

/// Refuses seats that are not one for each punter of the game (`params.punters`).
pub(crate) fn seats_fit(seats: &[String], params: &PunterParams) -> Result<(), JsValue> {
    if seats.len() != params.punters {
        let (want, have) = (params.punters, seats.len());
        return Err(js_error(format!("the game has {want} punters, not {have}")));
    }
    Ok(())
}

/// The bundled maps' file names, in the official order.
#[wasm_bindgen(js_name = punterMaps)]
pub fn punter_maps() -> Vec<String> {
    maps::names().map(str::to_string).collect()
}

/// The map a punter link needs (to load and hand in when opening the link).
#[wasm_bindgen(js_name = punterLinkMap)]
pub fn punter_link_map(link: &str) -> Result<String, JsValue> {
    link_map(link).map_err(js_error)
}

/// Standings of a series: `seating` holds, per game, the entrant in each seat (`seats` per
/// game), `scores` the scores in the same order. Per entrant, in entrant order, its row of the
/// standings (`arena::StandingRow`; the mean score is `mean_return`).
#[wasm_bindgen(js_name = punterStandings)]
pub fn punter_standings(
    entrants: usize,
    seats: usize,
    seating: &[u32],
    scores: &[f64],
) -> Result<JsValue, JsValue> {
    let mut s = rails::arena::Standings::new(entrants);
    for (who, score) in seating.chunks(seats.max(1)).zip(scores.chunks(seats.max(1))) {
        let who: Vec<usize> = who.iter().map(|&w| w as usize).collect();
        s.add(&who, score);
    }
    to_js(&s.rows(&[]))
}

/// Your bids `[[mine id, target id], …]` after bidding `target` on `mine`: the engine's rule
/// (one future per mine, a later bid replacing the earlier one).
#[wasm_bindgen(js_name = punterAddBid)]
pub fn punter_add_bid(bids: JsValue, mine: f64, target: f64) -> Result<JsValue, JsValue> {
    let bids: Vec<(f64, f64)> = if bids.is_undefined() || bids.is_null() {
        Vec::new()
    } else {
        serde_wasm_bindgen::from_value(bids).map_err(js_error)?
    };
    to_js(&add_bid(&bids, mine, target))
}

#[wasm_bindgen(js_name = punterBots)]
pub fn punter_bots() -> Result<JsValue, JsValue> {
    to_js(
        &BOT_NAMES
            .iter()
            .map(|&(name, description)| Named { name, description })
            .collect::<Vec<_>>(),
    )
}

#[derive(Deserialize, Default)]
struct SettingsJs {
    #[serde(default)]
    futures: bool,
    #[serde(default)]
    splurges: bool,
    #[serde(default)]
    options: bool,
}

#[derive(Serialize)]
struct Geometry {
    ids: Vec<f64>,
    x: Vec<f64>,
    y: Vec<f64>,
    /// Two site indices per river.
    rivers: Vec<u32>,
    mines: Vec<u32>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StateJs {
    position: usize,
    length: usize,
    turn: usize,
    turns: usize,
    punters: usize,
    mover: Option<usize>,
    over: bool,
    scores: Vec<i64>,
    credit: Vec<u32>,
    options_left: Vec<u32>,
    /// The splurge being made (site indices).
    route: Vec<u32>,
    teams: Vec<String>,
    /// The punters' names as shown ("You" for a human seat, seat numbers telling two bots of
    /// the same name apart).
    names: Vec<String>,
    /// Per punter: [mine site, target site, connected now]; `null` for a punter whose futures
    /// the viewer may not see (`Punter::futures_shown`).
    futures: Vec<Option<Vec<(u32, u32, bool)>>>,
    settings: SettingsOut,
    /// Once over: per punter its rank (1 best, ties share it); the seats ranked first; how the
    /// game ended in words. Empty, empty and null before.
    ranks: Vec<u32>,
    winners: Vec<u8>,
    ending: Option<String>,
    /// Seats: "human", a bot name, or "log".
    seats: Vec<String>,
    map: String,
}

#[derive(Serialize)]
struct SettingsOut {
    futures: bool,
    splurges: bool,
    options: bool,
}

#[derive(Serialize)]
struct LegalJs {
    pass: bool,
    claims: Vec<u32>,
    options: Vec<u32>,
    /// Sites the splurge being made (or a new one) can go to.
    sites: Vec<u32>,
    end: bool,
}

enum Seat {
    Human,
    Bot(String),
    Log,
}

#[wasm_bindgen]
pub struct PunterGame {
    pub(crate) tape: Tape<Punter>,
    seats: Vec<Seat>,
}

pub(crate) fn settings_of(v: JsValue) -> Result<Settings, JsValue> {
    let s: SettingsJs = if v.is_undefined() || v.is_null() {
        SettingsJs::default()
    } else {
        serde_wasm_bindgen::from_value(v).map_err(js_error)?
    };
    Ok(Settings { futures: s.futures, splurges: s.splurges, options: s.options })
}

/// The seats' deciders for game 0 of the series of `seed`: a built-in bot, or `None` for a
/// person or a JavaScript bot.
fn play_entrants(seats: &[String], seed: u64) -> Result<rails::arena::Deciders<Punter>, JsValue> {
    punter::bots::entrants(seats, seed, 0).map_err(js_error)
}

/// What a seat of a Play game is called: "You", "your bot" (JavaScript) or the bot's name.
fn seat_name(seat: &str) -> String {
    match seat {
        HUMAN => "You".into(),
        "js" => "your bot".into(),
        bot => bot.into(),
    }
}

/// The seats of a game: "human", "js" or a built-in bot's name (the Play series plays them).
fn seats_of(seats: &[String]) -> Result<Vec<Seat>, JsValue> {
    play_entrants(seats, 0)?;
    Ok(seats.iter().map(|s| if s == HUMAN { Seat::Human } else { Seat::Bot(s.clone()) }).collect())
}

impl PunterGame {
    pub(crate) fn game(&self) -> &Punter {
        self.tape.position().1
    }
    fn at_end(&mut self) -> &Punter {
        let n = self.tape.len();
        self.tape.seek(n)
    }
}

#[wasm_bindgen]
impl PunterGame {
    /// A new game: game 0 of the Play series of `seed` as that series sets it up (its parameters
    /// with every bot's futures bids, `Decider::prepare`), so the page's tape and the series in
    /// the sandbox (opened from this game's link) play the same game. `seats`: per punter "human"
    /// or a bot name ("random", "greedy", "strong"); `futures`: per punter its bids
    /// `[[source, target], …]` by site id (may be empty; the humans' count).
    #[wasm_bindgen(constructor)]
    pub fn new(
        map_name: &str,
        map_text: &str,
        seats: Vec<String>,
        settings: JsValue,
        futures: JsValue,
        seed: f64,
    ) -> Result<PunterGame, JsValue> {
        let settings = settings_of(settings)?;
        let futures: Vec<Vec<(u64, u64)>> = if futures.is_undefined() || futures.is_null() {
            Vec::new()
        } else {
            serde_wasm_bindgen::from_value(futures).map_err(js_error)?
        };
        if seats.len() < 2 || seats.len() > punter::state::MAX_PUNTERS {
            return Err(js_error(format!(
                "a game needs 2 to {} punters",
                punter::state::MAX_PUNTERS
            )));
        }
        let params = PunterParams::new(map_name, map_text, seats.len(), settings, futures)
            .map_err(js_error)?;
        let seed = seed as u64;
        let series = Series::new(SeriesSpec::new(params, 1, seed), play_entrants(&seats, seed)?)
            .map_err(js_error)?;
        let kinds = seats_of(&seats)?;
        let names = seats.iter().map(|s| seat_name(s)).collect();
        let tape = Tape::start(series.current_params().clone(), seed, names).map_err(js_error)?;
        Ok(PunterGame { tape, seats: kinds })
    }

    /// A finished official game from its log (the map's text given), for the replay viewer.
    #[wasm_bindgen(js_name = fromLog)]
    pub fn from_log(log_text: &str, map_text: &str) -> Result<PunterGame, JsValue> {
        let log = GameLog::parse(log_text).map_err(js_error)?;
        let params = PunterParams::new(
            &log.map,
            map_text,
            log.teams.len(),
            log.settings,
            log.futures.clone(),
        )
        .map_err(|e| js_error(format!("{}: {e}", log.map)))?;
        let moves = log.game_moves(params.map.clone());
        let record =
            GameRecord::<Punter> { params, seed: 0, players: log.teams.clone(), moves, view: 0 };
        let tape = Tape::new(record).map_err(js_error)?;
        let seats = (0..log.teams.len()).map(|_| Seat::Log).collect();
        Ok(PunterGame { tape, seats })
    }

    /// The game a punter link holds; `assets` ({ name: text }) hands in the bundled map it
    /// names (see `punterLinkMap`).
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(link: &str, assets: JsValue) -> Result<PunterGame, JsValue> {
        let d =
            decode_game_with::<Punter>(link, wasm_common::assets_of(assets)?).map_err(js_error)?;
        let view = d.record.view;
        let punters = d.record.params.punters;
        let mut tape = Tape::new(d.record).map_err(js_error)?;
        tape.seek(view);
        Ok(PunterGame { tape, seats: (0..punters).map(|_| Seat::Log).collect() })
    }

    /// A game to play on from a punter link's position (`assets` as for `fromLink`), `seats` as
    /// for `new`; the Play series goes on from there (`PunterSeries.fromLink` with this game's
    /// link). A bot's unfinished splurge at that position — the `strong` of links made before
    /// issue 19 splurged — is dropped: the bot decides again from the view before it.
    #[wasm_bindgen(js_name = toPlayOn)]
    pub fn to_play_on(
        link: &str,
        seats: Vec<String>,
        assets: JsValue,
    ) -> Result<PunterGame, JsValue> {
        let mut record = decode_game_with::<Punter>(link, wasm_common::assets_of(assets)?)
            .map_err(js_error)?
            .record;
        seats_fit(&seats, &record.params)?;
        let kinds = seats_of(&seats)?;
        record.moves.truncate(record.view);
        // Named by who plays them from here (the Play series names them the same).
        record.players = seats.iter().map(|s| seat_name(s)).collect();
        let mut tape = Tape::new(record).map_err(js_error)?;
        loop {
            let n = tape.len();
            let g = tape.seek(n);
            match g.to_move() {
                Actor::Player(p)
                    if n > 0
                        && !g.route().is_empty()
                        && matches!(kinds.get(usize::from(p)), Some(Seat::Bot(..))) =>
                {
                    tape.truncate(n - 1)
                }
                _ => break,
            }
        }
        Ok(PunterGame { tape, seats: kinds })
    }

    pub fn geometry(&self) -> Result<JsValue, JsValue> {
        let map = self.game().game().map();
        to_js(&Geometry {
            ids: map.sites.iter().map(|s| s.id as f64).collect(),
            x: map.sites.iter().map(|s| s.x).collect(),
            y: map.sites.iter().map(|s| s.y).collect(),
            rivers: map.rivers.iter().flat_map(|&(a, b)| [a, b]).collect(),
            mines: map.mines.clone(),
        })
    }

    /// The position viewed, as `viewer` may see it: a seat (the human's), or none (a spectator
    /// of the bots, a replay) — only the futures it may see are given.
    pub fn state(&self, viewer: Option<u32>) -> Result<JsValue, JsValue> {
        let g = self.game();
        let game = g.game();
        let map = game.map();
        let s = game.settings();
        let record = self.tape.record();
        let viewer = viewer.map(|v| v as usize);
        let names = display_names(
            &(0..game.punters())
                .map(|p| match self.seats.get(p) {
                    Some(Seat::Human) => "You".to_string(),
                    _ => record.players.get(p).cloned().unwrap_or_default(),
                })
                .collect::<Vec<_>>(),
        );
        let you = self
            .seats
            .iter()
            .position(|s| matches!(s, Seat::Human))
            .filter(|&h| viewer.is_none_or(|v| v == h));
        to_js(&StateJs {
            ranks: g.ranks(),
            winners: g.winners(),
            ending: g.ending(&names, you),
            names,
            position: self.tape.position().0,
            length: self.tape.len(),
            turn: game.turn(),
            turns: game.turns(),
            punters: game.punters(),
            mover: match g.to_move() {
                Actor::Player(p) => Some(usize::from(p)),
                _ => None,
            },
            over: game.is_over(),
            scores: game.scores(),
            credit: (0..game.punters()).map(|p| game.credit(p)).collect(),
            options_left: (0..game.punters()).map(|p| game.options_left(p)).collect(),
            route: g.route().to_vec(),
            teams: record.players.clone(),
            futures: (0..game.punters())
                .map(|p| {
                    let net = game.network(p);
                    g.futures_shown(viewer, p).then(|| {
                        game.futures(p)
                            .iter()
                            .map(|&(m, t)| (map.mines[m], t, net.connected(map.mines[m], t)))
                            .collect()
                    })
                })
                .collect(),
            settings: SettingsOut { futures: s.futures, splurges: s.splurges, options: s.options },
            seats: self
                .seats
                .iter()
                .map(|s| match s {
                    Seat::Human => "human".to_string(),
                    Seat::Bot(n) => n.clone(),
                    Seat::Log => "log".to_string(),
                })
                .collect(),
            map: record.params.map_name.clone(),
        })
    }

    /// Per river: the punter who claimed it, or -1.
    pub fn owners(&self) -> Vec<i16> {
        let game = self.game().game();
        (0..game.map().rivers.len() as u32)
            .map(|r| game.owner(r).map_or(-1, |p| p as i16))
            .collect()
    }

    /// Per river: the punter holding an option on it, or -1.
    #[wasm_bindgen(js_name = optionHolders)]
    pub fn option_holders(&self) -> Vec<i16> {
        let game = self.game().game();
        (0..game.map().rivers.len() as u32)
            .map(|r| game.option_holder(r).map_or(-1, |p| p as i16))
            .collect()
    }

    /// What the punter to move may do now (at the position viewed).
    pub fn legal(&self) -> Result<JsValue, JsValue> {
        let g = self.game();
        let mut out = LegalJs {
            pass: false,
            claims: Vec::new(),
            options: Vec::new(),
            sites: Vec::new(),
            end: false,
        };
        for mv in g.legal_moves() {
            match mv {
                PunterMove::Pass => out.pass = true,
                PunterMove::Claim(r) => out.claims.push(r),
                PunterMove::Option(r) => out.options.push(r),
                PunterMove::SplurgeTo(s) => out.sites.push(s),
                PunterMove::SplurgeEnd => out.end = true,
            }
        }
        to_js(&out)
    }

    /// Plays a move at the position viewed (the tape is cut there): `kind` is "pass", "claim",
    /// "option" (a river index), "splurge-to" (a site index) or "splurge-end". Returns its index
    /// among the legal moves (for the Play series); throws the engine's reason when it is not legal.
    pub fn play(&mut self, kind: &str, index: u32) -> Result<u32, JsValue> {
        let mv = match kind {
            "pass" => PunterMove::Pass,
            "claim" => PunterMove::Claim(index),
            "option" => PunterMove::Option(index),
            "splurge-to" => PunterMove::SplurgeTo(index),
            "splurge-end" => PunterMove::SplurgeEnd,
            other => return Err(js_error(format!("unknown move kind \"{other}\""))),
        };
        let at = self.tape.position().0;
        let i = self
            .game()
            .move_index(&mv)
            .ok_or_else(|| js_error(self.game().move_label(&mv) + " is not a legal move now"))?;
        self.tape.truncate(at);
        self.tape.push(mv).map_err(js_error)?;
        Ok(i as u32)
    }

    /// Plays, at the end of the game, the legal move of index `index` (a move the Play series made).
    #[wasm_bindgen(js_name = playIndex)]
    pub fn play_index(&mut self, index: u32) -> Result<(), JsValue> {
        let mv = wasm_common::move_at(self.at_end(), index)?;
        self.tape.push(mv).map_err(js_error)
    }

    pub fn seek(&mut self, t: usize) -> usize {
        self.tape.seek(t);
        self.tape.position().0
    }
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.tape.len()
    }
    pub fn position(&self) -> usize {
        self.tape.position().0
    }
    /// "turn 12 · P3 · claim 4–7".
    pub fn label(&mut self, i: usize) -> String {
        self.tape.label(i).unwrap_or_default()
    }
    /// Every punter's score at `samples` evenly spaced positions (row by position).
    #[wasm_bindgen(js_name = scoreTimeline)]
    pub fn score_timeline(&mut self, samples: usize) -> Vec<f64> {
        let back = self.tape.position().0;
        let n = self.tape.len();
        let samples = samples.clamp(2, 2000);
        let mut out = Vec::new();
        for k in 0..samples {
            let t = n * k / (samples - 1);
            out.extend(self.tape.seek(t).game().scores().iter().map(|&s| s as f64));
        }
        self.tape.seek(back);
        out
    }
    /// The map's text (a map from a file travels in the game's links).
    #[wasm_bindgen(js_name = mapText)]
    pub fn map_text(&self) -> String {
        self.tape.record().params.map_text.to_string()
    }
    /// Share link fragment of the game viewed at `view`.
    pub fn link(&self, view: usize) -> String {
        self.tape.link(view)
    }
    /// The game (up to the end of the tape) in the official log format.
    #[wasm_bindgen(js_name = exportLog)]
    pub fn export_log(&self) -> Result<String, JsValue> {
        let r = self.tape.record();
        export(&r.params, &r.moves, &r.players).map_err(js_error)
    }
}

#[wasm_bindgen]
impl PunterGame {
    /// The debug marks in what a decision printed (`rails::marks`): sites, rivers and paths by
    /// the site ids of this game's map.
    #[wasm_bindgen(js_name = marksOf)]
    pub fn marks_of(&self, text: &str) -> Result<JsValue, JsValue> {
        let map = self.game().game().map();
        wasm_common::marks::marks_of(text, punter::marks::KINDS, &|_, p| {
            punter::marks::place(map, p)
        })
    }
}
