//! `arcade punter …`: its commands, and replays of official game logs.

use crate::args::{Base, MapsDir};
use crate::punter_play::{ArenaArgs, PlayArgs};
use crate::Failure;
use punter::{GameLog, PunterMap};
use serde_json::json;
use std::collections::HashMap;
use std::sync::Arc;

#[derive(clap::Subcommand, Debug)]
#[command(
    after_help = "MAP is a bundled map (lambda, circle, boston, edinburgh-10000 …, with or without .json) or a map file.\nBots: random, greedy, strong; in play and arena also exe:COMMAND or wasm:FILE ARGS…, a contest program (offline protocol)."
)]
pub enum Command {
    /// Replay official game logs: a JSON line each {"log","map","scores","recorded","match"}
    Replay {
        /// Official game logs (PuntTV JSON)
        #[arg(value_name = "LOG", required = true)]
        logs: Vec<String>,
        #[command(flatten)]
        maps: MapsDir,
    },
    /// One game between built-in bots and exe: programs: scores, a link (--log: the official log format)
    Play(PlayArgs),
    /// Games of A against B (bots or exe: programs), seats alternating: wins, draws, mean scores, links
    Arena(ArenaArgs),
    /// The local online game server: accepts punters over TCP (the official online protocol),
    /// fills the other seats with bots or exe: programs, referees one game
    Serve(crate::punter_serve::ServeArgs),
    /// A built-in bot as a contest program: the official offline protocol on stdin/stdout (one
    /// request a run, as lamduct runs punters), or --online HOST:PORT to a game server
    Bot {
        /// random, greedy or strong
        #[arg(value_name = "NAME")]
        name: String,
        /// Connect to a game server (online mode) instead of answering on stdin/stdout
        #[arg(long, value_name = "HOST:PORT")]
        online: Option<String>,
        #[command(flatten)]
        seed: crate::args::Seed,
    },
    /// A share link that opens a log's game at its final scores
    Link {
        /// An official game log
        #[arg(value_name = "LOG")]
        log: String,
        #[command(flatten)]
        maps: MapsDir,
        #[command(flatten)]
        base: Base,
    },
}

pub fn main(command: &Command) -> Result<(), Failure> {
    match command {
        Command::Replay { logs, maps } => replay(logs, maps),
        Command::Play(args) => crate::punter_play::play(args),
        Command::Arena(args) => crate::punter_play::arena(args),
        Command::Link { log, maps, base } => crate::punter_play::link(log, maps, base),
        Command::Serve(args) => crate::punter_serve::main(args),
        Command::Bot { name, online, seed } => {
            crate::punter_bot::bot(name, online.as_deref(), seed.value)
        }
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
        let from_dir = self
            .dir
            .as_ref()
            .and_then(|d| std::fs::read_to_string(std::path::Path::new(d).join(name)).ok());
        let text = from_dir.or_else(|| punter::maps::bundled(name).map(str::to_string));
        let map = match text {
            None => Err(format!(
                "map \"{name}\" is not bundled{}",
                self.dir.as_ref().map_or(String::new(), |d| format!(" and not in {d}"))
            )),
            Some(text) => PunterMap::parse(&text)
                .map(Arc::new)
                .map_err(|e| rails::inputs::in_file(name, &e.to_string())),
        };
        self.parsed.insert(name.to_string(), map.clone());
        map
    }
}

/// `arcade punter replay LOG… [--maps DIR]`: one JSON line per log; exit 1 when any score
/// differs from the recorded one (or a log cannot be read).
fn replay(logs: &[String], dir: &MapsDir) -> Result<(), Failure> {
    let mut maps = Maps { dir: dir.dir.clone(), parsed: HashMap::new() };
    let mut bad = 0usize;
    for path in logs {
        let line = match crate::read_text(path)
            .map_err(|f| f.message)
            .and_then(|t| GameLog::parse(&t).map_err(|e| e.to_string()))
        {
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
        return Err(Failure::input(format!(
            "{bad} of {} logs did not match their recorded scores",
            logs.len()
        )));
    }
    Ok(())
}
