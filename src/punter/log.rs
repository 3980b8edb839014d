//! The official game logs (the JSON the contest's replay viewer, PuntTV, reads): settings, the
//! map's file name, the punters, their futures, every move, and the official scores. Replaying
//! a log with the engine must give the recorded scores.

use super::game::{Punter, PunterMove, PunterParams};
use super::map::PunterMap;
use super::state::{Illegal, Move, Played, PunterGame, Settings, MAX_PUNTERS};
use serde_json::{json, Value};
use std::sync::Arc;

/// Largest log the replayer reads.
pub const MAX_LOG_BYTES: usize = 64 << 20;

/// A bad log, and where: "3:7" (line and column) for JSON syntax, else "game[12]" (the entry at
/// fault).
pub type LogError = super::PlacedError;

fn error(place: impl Into<String>, message: impl Into<String>) -> LogError {
    LogError { place: place.into(), message: message.into() }
}

/// One entry of the moves section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A protocol move; `punter` is what the client sent (it can be wrong: the mover is whoever's
    /// turn it is).
    Move { punter: u64, mv: Move },
    Timeout { punter: u64 },
    Zombie { punter: u64 },
}

#[derive(Debug, Clone, PartialEq)]
pub struct GameLog {
    pub map: String,
    pub settings: Settings,
    pub teams: Vec<String>,
    /// Per punter: (source, target) futures, by site ids.
    pub futures: Vec<Vec<(u64, u64)>>,
    pub entries: Vec<Entry>,
    /// The official final scores, by punter.
    pub recorded: Vec<i64>,
}

fn id(v: &Value, place: &str, key: &str) -> Result<u64, LogError> {
    match v.get(key) {
        Some(n) => n.as_u64().ok_or_else(|| error(place, format!("\"{key}\": {}", super::whole_number_problem(n, "a whole number ≥ 0")))),
        None => Err(error(place, format!("\"{key}\" is missing"))),
    }
}

fn parse_move(kind: &str, body: &Value, place: &str) -> Result<Entry, LogError> {
    let punter = id(body, place, "punter")?;
    let mv = match kind {
        "claim" => Move::Claim { source: id(body, place, "source")?, target: id(body, place, "target")? },
        "option" => Move::Option { source: id(body, place, "source")?, target: id(body, place, "target")? },
        "pass" => Move::Pass,
        "splurge" => {
            let route = body.get("route").and_then(Value::as_array).ok_or_else(|| error(place, "a splurge needs a \"route\" list"))?;
            let route = route.iter().map(|s| s.as_u64().ok_or_else(|| error(place, "route sites must be site ids"))).collect::<Result<_, _>>()?;
            Move::Splurge { route }
        }
        "timeout" => return Ok(Entry::Timeout { punter }),
        "zombie" => return Ok(Entry::Zombie { punter }),
        other => return Err(error(place, format!("unknown move \"{other}\""))),
    };
    Ok(Entry::Move { punter, mv })
}

impl GameLog {
    /// A log with nothing in it yet.
    pub fn empty() -> GameLog {
        GameLog { map: String::new(), settings: Settings::default(), teams: Vec::new(), futures: Vec::new(), entries: Vec::new(), recorded: Vec::new() }
    }

    /// Reads a log: the usual shape by typed deserialisation, anything else (and every
    /// problem, with its place) by walking the JSON tree.
    pub fn parse(text: &str) -> Result<GameLog, LogError> {
        if text.len() > MAX_LOG_BYTES {
            return Err(error("log", format!("{} bytes is more than the limit of {MAX_LOG_BYTES}", text.len())));
        }
        // The usual shape, read without building a tree; anything else, the careful way below
        // (which names the place of a problem).
        if let Some(log) = super::log_typed::parse(text) {
            return Ok(log);
        }
        GameLog::parse_by_tree(text)
    }

    /// Reads a log by walking its JSON tree only (what `parse` falls back to; the tests hold
    /// the two readers to the same result).
    pub fn parse_by_tree(text: &str) -> Result<GameLog, LogError> {
        if text.len() > MAX_LOG_BYTES {
            return Err(error("log", format!("{} bytes is more than the limit of {MAX_LOG_BYTES}", text.len())));
        }
        let json: Value = serde_json::from_str(text)
            .map_err(|e| error(format!("{}:{}", e.line(), e.column()), super::json_message(&e)))?;
        let items = json.get("game").and_then(Value::as_array).ok_or_else(|| error("game", "expected {\"game\": [ … ]}"))?;
        let mut log = GameLog::empty();
        let mut playing = false;
        for (i, item) in items.iter().enumerate() {
            let place = format!("game[{i}]");
            let obj = item.as_object().ok_or_else(|| error(&place, "expected an object"))?;
            if playing {
                if item.get("gameplay").and_then(Value::as_str) == Some("stop") {
                    playing = false;
                    continue;
                }
                let (kind, body) = obj.iter().next().ok_or_else(|| error(&place, "an empty entry"))?;
                log.entries.push(parse_move(kind, body, &place)?);
                continue;
            }
            if let Some(s) = obj.get("settings") {
                let flag = |k: &str| s.get(k).and_then(Value::as_bool).unwrap_or(false);
                log.settings = Settings { futures: flag("futures"), splurges: flag("splurges"), options: flag("options") };
            } else if let Some(m) = obj.get("map") {
                log.map = m.as_str().ok_or_else(|| error(&place, "\"map\" must be a file name"))?.to_string();
            } else if let (Some(p), Some(team)) = (obj.get("punter"), obj.get("team")) {
                let p = p.as_u64().ok_or_else(|| error(&place, "\"punter\" must be a whole number"))? as usize;
                if p != log.teams.len() || p >= MAX_PUNTERS {
                    return Err(error(&place, format!("punter {p} out of order (expected {})", log.teams.len())));
                }
                log.teams.push(team.as_str().unwrap_or("").to_string());
            } else if let (Some(p), Some(f)) = (obj.get("punter"), obj.get("futures")) {
                let p = p.as_u64().filter(|&p| (p as usize) < MAX_PUNTERS).ok_or_else(|| error(&place, "bad punter"))? as usize;
                let bids = f.as_array().ok_or_else(|| error(&place, "\"futures\" must be a list"))?;
                let bids = bids.iter().map(|b| Ok((id(b, &place, "source")?, id(b, &place, "target")?))).collect::<Result<Vec<_>, LogError>>()?;
                if log.futures.len() <= p {
                    log.futures.resize(p + 1, Vec::new());
                }
                log.futures[p] = bids;
            } else if item.get("gameplay").and_then(Value::as_str) == Some("start") {
                playing = true;
            } else if let Some(scores) = obj.get("scores").and_then(Value::as_array) {
                log.recorded = vec![0; scores.len()];
                for s in scores {
                    let p = id(s, &place, "punter")? as usize;
                    let score = s.get("score").and_then(Value::as_i64).ok_or_else(|| error(&place, "a score must be a whole number"))?;
                    if p >= log.recorded.len() {
                        return Err(error(&place, format!("score for punter {p}, who is not in the game")));
                    }
                    log.recorded[p] = score;
                }
            }
        }
        if log.map.is_empty() {
            return Err(error("game", "the log names no map"));
        }
        if log.teams.is_empty() {
            return Err(error("game", "the log has no punters"));
        }
        Ok(log)
    }

    /// The game as moves on the rails (one per turn; an illegal move as the pass it was; a
    /// splurge step by step). Timeouts and zombies are not moves: a zombie's turns are passes.
    pub fn game_moves(&self, map: Arc<PunterMap>) -> Vec<PunterMove> {
        let (_, played) = self.replay(Arc::clone(&map));
        let mut out = Vec::with_capacity(self.entries.len());
        let mut game = PunterGame::new(Arc::clone(&map), self.teams.len(), self.settings, &self.futures);
        for (entry, outcome) in self.entries.iter().zip(&played) {
            let mv = match (entry, outcome) {
                (Entry::Move { mv, .. }, Played::Done) => mv.clone(),
                (Entry::Move { .. }, Played::Passed(_)) => Move::Pass,
                (Entry::Zombie { punter }, _) if *punter as usize == game.mover() => Move::Pass,
                _ => continue,
            };
            match &mv {
                Move::Pass => out.push(PunterMove::Pass),
                Move::Claim { source, target } | Move::Option { source, target } => {
                    let Some(r) = map.river_by_ids(*source, *target) else { continue };
                    out.push(if matches!(mv, Move::Claim { .. }) { PunterMove::Claim(r) } else { PunterMove::Option(r) });
                }
                Move::Splurge { route } => {
                    out.extend(route.iter().filter_map(|&s| map.site(s)).map(PunterMove::SplurgeTo));
                    out.push(PunterMove::SplurgeEnd);
                }
            }
            game.play(&mv);
        }
        out
    }

    /// Plays the log on `map`; returns the final game and, per move entry, what happened.
    pub fn replay(&self, map: Arc<PunterMap>) -> (PunterGame, Vec<Played>) {
        let mut game = PunterGame::new(map, self.teams.len(), self.settings, &self.futures);
        let mut played = Vec::with_capacity(self.entries.len());
        for entry in &self.entries {
            let outcome = match entry {
                Entry::Move { mv, .. } => game.play(mv),
                // The server noted the timeout and took the late reply, logged next, as the
                // punter's move: the marker itself is no turn.
                Entry::Timeout { punter } => {
                    game.note_timeout(*punter as usize);
                    Played::Done
                }
                Entry::Zombie { punter } => {
                    let p = *punter as usize;
                    game.make_zombie(p);
                    if p == game.mover() {
                        game.play(&Move::Pass)
                    } else {
                        // The punter became a zombie after its own move: no turn is taken.
                        Played::Done
                    }
                }
            };
            played.push(outcome);
        }
        (game, played)
    }
}

/// A game on the rails written as an official log (what the contest's viewer reads and
/// `arcade punter replay` checks): teams, futures, one entry per turn, the final scores.
pub fn export(params: &PunterParams, moves: &[PunterMove], teams: &[String]) -> Result<String, Illegal> {
    let mut game: Punter = crate::game::Game::new(params)?;
    let map = Arc::clone(&params.map);
    let id = |s: u32| map.sites[s as usize].id;
    let s = params.settings;
    let mut items = vec![
        json!({"start": {}}),
        json!({"settings": {"futures": s.futures, "splurges": s.splurges, "options": s.options}}),
        json!({"map": params.map_name}),
    ];
    for p in 0..params.punters {
        items.push(json!({"punter": p, "team": teams.get(p).cloned().unwrap_or_else(|| format!("punter {p}"))}));
    }
    if s.futures {
        for p in 0..params.punters {
            let bids: Vec<Value> = params.futures.get(p).map_or(&[][..], Vec::as_slice).iter().map(|&(a, b)| json!({"source": a, "target": b})).collect();
            items.push(json!({"punter": p, "futures": bids}));
        }
    }
    items.push(json!({"gameplay": "start"}));
    let mut route: Vec<u64> = Vec::new();
    for mv in moves {
        let p = game.game().mover();
        match *mv {
            PunterMove::Pass => {
                // A pass abandons a splurge being made: its sites are not part of the next one.
                route.clear();
                items.push(json!({"pass": {"punter": p}}));
            }
            PunterMove::Claim(r) | PunterMove::Option(r) => {
                let (a, b) = map.rivers[r as usize];
                let kind = if matches!(mv, PunterMove::Claim(_)) { "claim" } else { "option" };
                items.push(json!({ kind: {"punter": p, "source": id(a), "target": id(b)} }));
            }
            PunterMove::SplurgeTo(site) => route.push(id(site)),
            PunterMove::SplurgeEnd => items.push(json!({"splurge": {"punter": p, "route": std::mem::take(&mut route)}})),
        }
        crate::game::Game::play(&mut game, mv)?;
    }
    items.push(json!({"gameplay": "stop"}));
    let scores: Vec<Value> = game.game().scores().iter().enumerate().map(|(p, &sc)| json!({"punter": p, "score": sc, "team": teams.get(p)})).collect();
    items.push(json!({"scores": scores}));
    items.push(json!({"stop": {}}));
    Ok(json!({"game": items}).to_string())
}
