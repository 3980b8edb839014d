//! The careful reader of game logs: it walks the JSON tree and names the place of any problem
//! ("3:7" for JSON syntax, "game[12]" for the entry at fault). [`GameLog::parse`] reads the
//! usual shape with the typed reader (`log_typed.rs`) first and falls back to this one.

use super::log::{Entry, GameLog, LogError};
use super::state::{Move, Settings, MAX_PUNTERS};
use serde_json::Value;

/// Largest log the replayer reads.
pub const MAX_LOG_BYTES: usize = 64 << 20;

fn error(place: impl Into<String>, message: impl Into<String>) -> LogError {
    LogError { place: place.into(), message: message.into() }
}

fn id(v: &Value, place: &str, key: &str) -> Result<u64, LogError> {
    match v.get(key) {
        Some(n) => n.as_u64().ok_or_else(|| {
            error(
                place,
                format!("\"{key}\": {}", super::whole_number_problem(n, "a whole number ≥ 0")),
            )
        }),
        None => Err(error(place, format!("\"{key}\" is missing"))),
    }
}

fn parse_move(kind: &str, body: &Value, place: &str) -> Result<Entry, LogError> {
    let punter = id(body, place, "punter")?;
    let mv = match kind {
        "claim" => {
            Move::Claim { source: id(body, place, "source")?, target: id(body, place, "target")? }
        }
        "option" => {
            Move::Option { source: id(body, place, "source")?, target: id(body, place, "target")? }
        }
        "pass" => Move::Pass,
        "splurge" => {
            let route = body
                .get("route")
                .and_then(Value::as_array)
                .ok_or_else(|| error(place, "a splurge needs a \"route\" list"))?;
            let route = route
                .iter()
                .map(|s| s.as_u64().ok_or_else(|| error(place, "route sites must be site ids")))
                .collect::<Result<_, _>>()?;
            Move::Splurge { route }
        }
        "timeout" => return Ok(Entry::Timeout { punter }),
        "zombie" => return Ok(Entry::Zombie { punter }),
        other => return Err(error(place, format!("unknown move \"{other}\""))),
    };
    Ok(Entry::Move { punter, mv })
}

/// Refuses a log larger than [`MAX_LOG_BYTES`] before anything is read.
fn within_limit(text: &str) -> Result<(), LogError> {
    if text.len() > MAX_LOG_BYTES {
        let n = text.len();
        return Err(error("log", format!("{n} bytes is more than the limit of {MAX_LOG_BYTES}")));
    }
    Ok(())
}

impl GameLog {
    /// Reads a log: the usual shape by typed deserialisation, anything else (and every
    /// problem, with its place) by walking the JSON tree.
    pub fn parse(text: &str) -> Result<GameLog, LogError> {
        within_limit(text)?;
        // The usual shape, read without building a tree; anything else, the careful way below
        // (which names the place of a problem).
        if let Some(log) = super::log_typed::parse(text) {
            return Ok(log);
        }
        GameLog::from_tree(text)
    }

    /// Reads a log by walking its JSON tree only (what `parse` falls back to; the tests hold
    /// the two readers to the same result).
    pub fn parse_by_tree(text: &str) -> Result<GameLog, LogError> {
        within_limit(text)?;
        GameLog::from_tree(text)
    }

    fn from_tree(text: &str) -> Result<GameLog, LogError> {
        let json: Value = serde_json::from_str(text)
            .map_err(|e| error(format!("{}:{}", e.line(), e.column()), super::json_message(&e)))?;
        let items = json
            .get("game")
            .and_then(Value::as_array)
            .ok_or_else(|| error("game", "expected {\"game\": [ … ]}"))?;
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
                let (kind, body) =
                    obj.iter().next().ok_or_else(|| error(&place, "an empty entry"))?;
                log.entries.push(parse_move(kind, body, &place)?);
                continue;
            }
            if let Some(s) = obj.get("settings") {
                let flag = |k: &str| s.get(k).and_then(Value::as_bool).unwrap_or(false);
                log.settings = Settings {
                    futures: flag("futures"),
                    splurges: flag("splurges"),
                    options: flag("options"),
                };
            } else if let Some(m) = obj.get("map") {
                log.map = m
                    .as_str()
                    .ok_or_else(|| error(&place, "\"map\" must be a file name"))?
                    .to_string();
            } else if let (Some(p), Some(team)) = (obj.get("punter"), obj.get("team")) {
                let p =
                    p.as_u64().ok_or_else(|| error(&place, "\"punter\" must be a whole number"))?
                        as usize;
                if p != log.teams.len() || p >= MAX_PUNTERS {
                    return Err(error(
                        &place,
                        format!("punter {p} out of order (expected {})", log.teams.len()),
                    ));
                }
                log.teams.push(team.as_str().unwrap_or("").to_string());
            } else if let (Some(p), Some(f)) = (obj.get("punter"), obj.get("futures")) {
                let p = p
                    .as_u64()
                    .filter(|&p| (p as usize) < MAX_PUNTERS)
                    .ok_or_else(|| error(&place, "bad punter"))? as usize;
                let bids =
                    f.as_array().ok_or_else(|| error(&place, "\"futures\" must be a list"))?;
                let bids = bids
                    .iter()
                    .map(|b| Ok((id(b, &place, "source")?, id(b, &place, "target")?)))
                    .collect::<Result<Vec<_>, LogError>>()?;
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
                    let score = s
                        .get("score")
                        .and_then(Value::as_i64)
                        .ok_or_else(|| error(&place, "a score must be a whole number"))?;
                    if p >= log.recorded.len() {
                        return Err(error(
                            &place,
                            format!("score for punter {p}, who is not in the game"),
                        ));
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
}
