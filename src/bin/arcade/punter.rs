//! `arcade punter …`: replays of official game logs.

use crate::args::Args;
use crate::Failure;
use lambda_arcade::punter::{GameLog, PunterMap};
use serde_json::json;
use std::collections::HashMap;
use std::sync::Arc;

const VALUED: &[&str] = &["maps", "bots", "seed", "log", "base", "map", "games", "online", "punters", "port"];
const FLAGS: &[&str] = &["json", "futures", "splurges", "options"];

pub fn main(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse(argv.get(1..).unwrap_or_default(), VALUED, FLAGS)?;
    match argv.first().map(String::as_str) {
        Some("replay") => replay(&args),
        Some("play") => crate::punter_play::play(&args),
        Some("arena") => crate::punter_play::arena(&args),
        Some("link") => crate::punter_play::link(&args),
        Some("serve") => crate::punter_play::serve(&args),
        Some("bot") => match args.positional.as_slice() {
            [name] => crate::punter_bot::bot(name, args.value("online"), args.number("seed", 1u64)?),
            _ => Err(Failure::usage("bot takes one built-in bot's name")),
        },
        Some(other) => Err(Failure::usage(format!("unknown punter command \"{other}\""))),
        None => Err(Failure::usage("punter needs a command")),
    }
}

/// Maps by file name: from `--maps DIR` when given (falling back to the bundled ones), parsed
/// once each.
struct Maps {
    dir: Option<String>,
    parsed: HashMap<String, Result<Arc<PunterMap>, String>>,
}

impl Maps {
    fn get(&mut self, name: &str) -> Result<Arc<PunterMap>, String> {
        if let Some(m) = self.parsed.get(name) {
            return m.clone();
        }
        let from_dir = self.dir.as_ref().and_then(|d| std::fs::read_to_string(std::path::Path::new(d).join(name)).ok());
        let text = from_dir.or_else(|| lambda_arcade::punter::maps::bundled(name).map(str::to_string));
        let map = match text {
            None => Err(format!("map \"{name}\" is not bundled{}", self.dir.as_ref().map_or(String::new(), |d| format!(" and not in {d}")))),
            Some(text) => PunterMap::parse(&text).map(Arc::new).map_err(|e| format!("{name}: {e}")),
        };
        self.parsed.insert(name.to_string(), map.clone());
        map
    }
}

/// `arcade punter replay LOG… [--maps DIR]`: one JSON line per log; exit 1 when any score
/// differs from the recorded one (or a log cannot be read).
fn replay(args: &Args) -> Result<(), Failure> {
    if args.positional.is_empty() {
        return Err(Failure::usage("replay takes one or more log files"));
    }
    let mut maps = Maps { dir: args.value("maps").map(str::to_string), parsed: HashMap::new() };
    let mut bad = 0usize;
    for path in &args.positional {
        let line = match crate::read_text(path).map_err(|f| f.message).and_then(|t| GameLog::parse(&t).map_err(|e| e.to_string())) {
            Err(e) => {
                bad += 1;
                json!({ "log": path, "error": e, "match": false })
            }
            Ok(log) => match maps.get(&log.map) {
                Err(e) => {
                    bad += 1;
                    json!({ "log": path, "map": log.map, "error": e, "match": false })
                }
                Ok(map) => {
                    let (game, _) = log.replay(map);
                    let scores = game.scores();
                    let matches = scores == log.recorded;
                    bad += usize::from(!matches);
                    json!({ "log": path, "map": log.map, "scores": scores, "recorded": log.recorded, "match": matches })
                }
            },
        };
        println!("{line}");
    }
    if bad > 0 {
        return Err(Failure::input(format!("{bad} of {} logs did not match their recorded scores", args.positional.len())));
    }
    Ok(())
}
