//! The fast reader of official logs: typed, borrowing deserialisation straight from the text
//! (no `serde_json::Value` tree), for logs of the usual shape. It accepts a log only where the
//! careful reader (`GameLog::parse`'s tree walk) gives the same result; anything else (a wrong
//! type, an escaped key, an unusual entry) returns `None`, and the careful reader then reads it
//! and names the place of the problem.

use super::log::{Entry, GameLog};
use super::state::{Move, Settings, MAX_PUNTERS};
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;

#[derive(Deserialize)]
struct Flags {
    futures: Option<bool>,
    splurges: Option<bool>,
    options: Option<bool>,
}

#[derive(Deserialize)]
struct Body {
    punter: u64,
    source: Option<u64>,
    target: Option<u64>,
    route: Option<Vec<u64>>,
}

/// A futures bid (the end-of-game `{"futures": [{"punter", "scores"}]}` summary reads as bids
/// without ends, and is not used).
#[derive(Deserialize)]
struct Bid {
    source: Option<u64>,
    target: Option<u64>,
}

#[derive(Deserialize)]
struct Score {
    punter: u64,
    score: i64,
}

/// One entry of the `game` list: a move entry (its only key a move kind), or the keys of any
/// other entry, read as their expected types.
enum Item {
    Move(&'static str, Body),
    Other(Box<Fields>),
}

#[derive(Default)]
struct Fields {
    keys: usize,
    settings: Option<Flags>,
    map: Option<String>,
    punter: Option<u64>,
    team: Option<String>,
    futures: Option<Vec<Bid>>,
    gameplay: Option<String>,
    scores: Option<Vec<Score>>,
    mv: Option<(&'static str, Body)>,
}

const KINDS: [&str; 6] = ["claim", "option", "pass", "splurge", "timeout", "zombie"];

impl<'de> Deserialize<'de> for Item {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Item, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Item;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a log entry")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Item, A::Error> {
                let mut fields = Fields::default();
                let mut first = true;
                while let Some(key) = m.next_key::<&'de str>()? {
                    fields.keys += 1;
                    match key {
                        "settings" => fields.settings = Some(m.next_value()?),
                        "map" => fields.map = Some(m.next_value()?),
                        "punter" => fields.punter = Some(m.next_value()?),
                        "team" => fields.team = Some(m.next_value()?),
                        "futures" => fields.futures = Some(m.next_value()?),
                        "gameplay" => fields.gameplay = Some(m.next_value()?),
                        "scores" => fields.scores = Some(m.next_value()?),
                        k => match KINDS.iter().find(|&&kind| kind == k) {
                            // The common case: a move entry of one key, without the fields.
                            Some(&kind) if first => {
                                let body = m.next_value()?;
                                match m.next_key::<&'de str>()? {
                                    None => return Ok(Item::Move(kind, body)),
                                    Some(_) => {
                                        return Err(de::Error::custom("not the usual shape"))
                                    }
                                }
                            }
                            Some(&kind) => fields.mv = Some((kind, m.next_value()?)),
                            None => drop(m.next_value::<IgnoredAny>()?),
                        },
                    }
                    first = false;
                }
                Ok(Item::Other(Box::new(fields)))
            }
        }
        d.deserialize_map(V)
    }
}

/// `{"game": [entries]}`, the entries folded into a log as they come.
struct Log(Option<GameLog>);

impl<'de> Deserialize<'de> for Log {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Log, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Log;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("{\"game\": [ … ]}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Log, A::Error> {
                let mut log = None;
                while let Some(key) = m.next_key::<&'de str>()? {
                    match key {
                        "game" if log.is_none() => log = Some(m.next_value::<Entries>()?.0),
                        _ => return Err(de::Error::custom("not the usual shape")),
                    }
                }
                Ok(Log(log.flatten()))
            }
        }
        d.deserialize_map(V)
    }
}

struct Entries(Option<GameLog>);

impl<'de> Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Entries, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Entries;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of log entries")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Entries, A::Error> {
                let mut fold = Fold { log: GameLog::empty(), playing: false };
                while let Some(item) = s.next_element::<Item>()? {
                    if fold.take(item).is_none() {
                        return Err(de::Error::custom("not the usual shape"));
                    }
                }
                Ok(Entries(fold.finish()))
            }
        }
        d.deserialize_seq(V)
    }
}

struct Fold {
    log: GameLog,
    playing: bool,
}

impl Fold {
    /// Takes one entry as the careful reader would; `None` where it would not accept it or
    /// this reader cannot tell.
    fn take(&mut self, item: Item) -> Option<()> {
        let log = &mut self.log;
        let item = match item {
            Item::Move(kind, body) if self.playing => {
                let ends = || Some((body.source?, body.target?));
                let punter = body.punter;
                log.entries.push(match kind {
                    "claim" => ends().map(|(source, target)| Entry::Move {
                        punter,
                        mv: Move::Claim { source, target },
                    })?,
                    "option" => ends().map(|(source, target)| Entry::Move {
                        punter,
                        mv: Move::Option { source, target },
                    })?,
                    "pass" => Entry::Move { punter, mv: Move::Pass },
                    "splurge" => Entry::Move { punter, mv: Move::Splurge { route: body.route? } },
                    "timeout" => Entry::Timeout { punter },
                    _ => Entry::Zombie { punter },
                });
                return Some(());
            }
            // Outside play (the moves some logs list after the end), a move entry is no part
            // of the game, as for the careful reader.
            Item::Move(..) => return Some(()),
            Item::Other(fields) => *fields,
        };
        if self.playing {
            // Only the end of play, alone, is not a move.
            if item.keys != 1 || item.gameplay.as_deref() != Some("stop") {
                return None;
            }
            self.playing = false;
            return Some(());
        }
        if let Some(s) = item.settings {
            let flag = |f: Option<bool>| f.unwrap_or(false);
            log.settings = Settings {
                futures: flag(s.futures),
                splurges: flag(s.splurges),
                options: flag(s.options),
            };
        } else if let Some(map) = item.map {
            log.map = map;
        } else if let (Some(p), Some(team)) = (item.punter, &item.team) {
            if p as usize != log.teams.len() || p as usize >= MAX_PUNTERS {
                return None;
            }
            log.teams.push(team.clone());
        } else if let (Some(p), Some(bids)) = (item.punter, item.futures) {
            let p = p as usize;
            if p >= MAX_PUNTERS {
                return None;
            }
            if log.futures.len() <= p {
                log.futures.resize(p + 1, Vec::new());
            }
            log.futures[p] =
                bids.into_iter().map(|b| Some((b.source?, b.target?))).collect::<Option<_>>()?;
        } else if item.gameplay.as_deref() == Some("start") {
            self.playing = true;
        } else if let Some(scores) = item.scores {
            log.recorded = vec![0; scores.len()];
            for s in scores {
                *log.recorded.get_mut(s.punter as usize)? = s.score;
            }
        }
        Some(())
    }

    fn finish(self) -> Option<GameLog> {
        (!self.log.map.is_empty() && !self.log.teams.is_empty()).then_some(self.log)
    }
}

/// The log, if it has the usual shape and this reader accepts it (else the careful reader).
pub(super) fn parse(text: &str) -> Option<GameLog> {
    serde_json::from_str::<Log>(text).ok().and_then(|l| l.0)
}
