//! `arcade bench punter-logs FILE|DIR…`: official logs re-scored at disk speed — the time to
//! read them, to parse them, to read their maps (once a map) and to replay them, each the
//! median of 3 runs on one core; every score must match the recorded one.

use crate::timing::median_ms;
use crate::Failure;
use punter::{maps, GameLog, PunterMap};
use serde_json::json;
use std::collections::HashMap;
use std::sync::Arc;

/// The files named, and the files in the folders named (recursively), sorted.
fn files(paths: &[String]) -> Result<Vec<std::path::PathBuf>, Failure> {
    let mut out = Vec::new();
    let mut todo: Vec<std::path::PathBuf> = paths.iter().map(Into::into).collect();
    while let Some(p) = todo.pop() {
        if p.is_dir() {
            let dir = std::fs::read_dir(&p)
                .map_err(|e| Failure::input(format!("{}: {e}", p.display())))?;
            todo.extend(dir.filter_map(|e| e.ok().map(|e| e.path())));
        } else {
            out.push(p);
        }
    }
    out.sort();
    Ok(out)
}

pub fn run(paths: &[String]) -> Result<(), Failure> {
    let files = files(paths)?;
    if files.is_empty() {
        return Err(Failure::usage("give official log files or folders of them"));
    }
    let read = || {
        files
            .iter()
            .map(|f| {
                std::fs::read_to_string(f)
                    .map_err(|e| Failure::input(format!("{}: {e}", f.display())))
            })
            .collect::<Result<Vec<_>, _>>()
    };
    let texts = read()?;
    let bytes: usize = texts.iter().map(String::len).sum();
    let parse = || {
        texts
            .iter()
            .zip(&files)
            .map(|(t, f)| {
                GameLog::parse(t).map_err(|e| Failure::input(format!("{}: {e}", f.display())))
            })
            .collect::<Result<Vec<_>, _>>()
    };
    let logs = parse()?;
    let read_maps = || {
        let mut parsed: HashMap<&str, Arc<PunterMap>> = HashMap::new();
        for log in &logs {
            if !parsed.contains_key(log.map.as_str()) {
                let text = maps::bundled(&log.map)
                    .ok_or_else(|| Failure::input(format!("map {} is not bundled", log.map)))?;
                parsed.insert(
                    &log.map,
                    Arc::new(
                        PunterMap::parse(text)
                            .map_err(|e| Failure::input(format!("{}: {e}", log.map)))?,
                    ),
                );
            }
        }
        Ok::<_, Failure>(parsed)
    };
    let parsed_maps = read_maps()?;
    let replay = || {
        logs.iter()
            .filter(|l| l.replay(Arc::clone(&parsed_maps[l.map.as_str()])).0.scores() == l.recorded)
            .count()
    };
    let matched = replay();
    let (read_ms, parse_ms) = (median_ms(3, || drop(read())), median_ms(3, || drop(parse())));
    let (maps_ms, replay_ms) = (
        median_ms(3, || drop(read_maps())),
        median_ms(3, || {
            replay();
        }),
    );
    println!(
        "{}",
        json!({
            "logs": files.len(), "bytes": bytes, "maps": parsed_maps.len(), "matched": matched,
            "read_s": read_ms / 1e3, "parse_s": parse_ms / 1e3, "maps_s": maps_ms / 1e3, "replay_s": replay_ms / 1e3,
            "total_s": (read_ms + parse_ms + maps_ms + replay_ms) / 1e3,
        })
    );
    if matched != files.len() {
        return Err(Failure::input(format!(
            "{} of {} logs did not match their recorded scores",
            files.len() - matched,
            files.len()
        )));
    }
    Ok(())
}
