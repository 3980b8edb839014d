//! `arcade lifter judge COMMAND [--maps all|NAME,…|DIR] [--seconds 150] [--jobs N] [--json]`:
//! a Lifter program judged as the 2012 contest judged entries (task §2–3.1): the map on its
//! stdin; SIGINT after the time limit, after which it may still print; SIGKILL 10 s later,
//! which scores 0; unrecognised characters in its route ignored; at most the first n × m
//! commands counted. A WebAssembly program (`wasm:FILE ARGS…`, docs/PROGRAMS.md) gets no
//! SIGINT, as in the page: it is stopped at the limit, and the route printed so far is judged
//! (`ARCADE_TIME_LIMIT_MS` tells it the limit, so it can print in time). The route is complete
//! when its output ends (closed, or the program exited: whatever it left is killed then). The
//! route is scored by the exact engine; the program and every process it started are killed at
//! the end.

use crate::process::{describe, signal_of, stderr_note, Output, Program, Signal};
use crate::program_seat::Run;
use crate::Failure;
use lifter::{maps, Command, Lifter, LifterParams, Mine};
use rails::link::{encode_game, GameRecord};
use serde::Serialize;
use std::time::{Duration, Instant};

/// The grace between SIGINT and SIGKILL.
const GRACE: Duration = Duration::from_secs(10);
/// Most bytes of a route read (far beyond any map's n × m).
const ROUTE_BOUND: usize = 16 << 20;

/// One map's result: the `--json` line.
#[derive(Debug, Clone, Serialize)]
pub struct Judged {
    pub map: String,
    pub score: i64,
    pub best: Option<i64>,
    pub seconds: f64,
    pub route_length: usize,
    /// The commands played (those after the end of the game dropped).
    pub route: String,
    pub link: String,
    pub note: String,
}

/// The maps of `--maps`: "all" (the official ones with a best-known score), names, or a
/// folder of `.map` files; in the order `arcade merge` keeps (the official maps' order, then
/// the others by name), so shards merge into the whole run.
pub fn maps_of(spec: &str) -> Result<Vec<LifterParams>, Failure> {
    let mut maps = listed(spec)?;
    maps.sort_by_key(|m| {
        (
            maps::OFFICIAL.iter().position(|(n, _)| *n == m.name).unwrap_or(usize::MAX),
            m.name.clone(),
        )
    });
    Ok(maps)
}

fn listed(spec: &str) -> Result<Vec<LifterParams>, Failure> {
    if spec == "all" {
        return Ok(maps::BEST_KNOWN
            .iter()
            .filter_map(|(name, _)| LifterParams::official(name))
            .collect());
    }
    let dir = std::path::Path::new(spec);
    if dir.is_dir() {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| Failure::input(format!("{spec}: {e}")))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "map"))
            .collect();
        files.sort();
        return files
            .iter()
            .map(|p| {
                let text = crate::read_text(&p.to_string_lossy())?;
                Ok(LifterParams {
                    name: p
                        .file_stem()
                        .map_or_else(String::new, |s| s.to_string_lossy().into_owned()),
                    text,
                })
            })
            .collect();
    }
    spec.split(',')
        .map(|name| {
            LifterParams::official(name.trim()).ok_or_else(|| {
                let names: Vec<&str> = maps::OFFICIAL.iter().map(|(n, _)| *n).collect();
                Failure::usage(format!(
                    "unknown map \"{name}\" (official: {}; or give a folder of .map files)",
                    names.join(", ")
                ))
            })
        })
        .collect()
}

/// Runs `command` on one map under the contest's rules.
pub fn judge(
    command: &str,
    params: &LifterParams,
    seconds: f64,
    base: &str,
) -> Result<Judged, Failure> {
    let mine =
        Mine::parse(&params.text).map_err(|e| Failure::input(format!("{}: {e}", params.name)))?;
    let started = Instant::now();
    let mut notes = Vec::new();
    let mut out = Vec::new();
    let mut killed = false;
    // A WebAssembly program has no SIGINT (nor in the page): it is stopped at the limit and the
    // route it printed so far is judged.
    let wasm = crate::program_seat::is_wasm(command);
    let run = Run { game: games::LIFTER.id, seed: 0, limit_ms: (seconds * 1000.0) as u64 };
    let started_program = match crate::program_seat::command(command, &run) {
        Some(Ok(line)) => Program::start(&line, ROUTE_BOUND).map_err(|e| e.to_string()),
        Some(Err(why)) => Err(why),
        None => Program::start(command, ROUTE_BOUND).map_err(|e| e.to_string()),
    };
    match started_program {
        Err(e) => notes.push(format!("cannot start: {e}")),
        Ok(mut program) => {
            program.send(params.text.clone().into_bytes());
            let interrupt = started + Duration::from_secs_f64(seconds);
            let mut deadline = interrupt;
            let (mut interrupted, mut stopped) = (false, false);
            loop {
                match program.read(deadline) {
                    Output::Bytes(b) => out.extend_from_slice(&b),
                    // The program and every child of its closed it, or ended: the route is whole.
                    Output::Closed => break,
                    Output::Waiting if Instant::now() < deadline => {}
                    Output::Flooded => {
                        notes.push(format!(
                            "printed more than {} MiB; the rest was not read",
                            ROUTE_BOUND >> 20
                        ));
                        break;
                    }
                    Output::Waiting if wasm => {
                        notes.push(format!("stopped at {seconds} s (a wasm: program gets no SIGINT): the route printed so far is judged"));
                        stopped = true;
                        break;
                    }
                    Output::Waiting if !interrupted => {
                        program.interrupt();
                        notes.push(format!("SIGINT at {seconds} s"));
                        interrupted = true;
                        deadline = interrupt + GRACE;
                    }
                    Output::Waiting => {
                        killed = true;
                        notes.push(format!("killed {} s after SIGINT: scores 0", GRACE.as_secs()));
                        break;
                    }
                }
            }
            // Its output is closed, but it may still run (or have left children): they all go,
            // and the status says how it ended.
            let status = if stopped {
                None
            } else {
                program.wait_until(Instant::now() + Duration::from_millis(100))
            };
            program.kill();
            // Ending by the SIGINT it was sent is how a contest program stops.
            let by_sigint = |s: &std::process::ExitStatus| {
                interrupted && signal_of(*s) == Some(Signal::Interrupt as i32)
            };
            if let Some(status) = status.filter(|s| !s.success() && !by_sigint(s)) {
                notes.push(format!(
                    "ended with {}{}",
                    describe(status),
                    stderr_note(&program.stderr())
                ));
            }
        }
    }
    let seconds_taken = started.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&out);
    let ignored =
        text.chars().filter(|&c| Command::from_char(c).is_none() && !c.is_whitespace()).count();
    if ignored > 0 {
        notes.push(format!("{ignored} characters ignored"));
    }
    let route = if killed { Vec::new() } else { Command::parse_route(&text) };
    let limit = mine.width * mine.height;
    if route.len() > limit {
        notes.push(format!("route cut to n × m = {limit} commands (of {})", route.len()));
    }
    let game = Lifter::play_route(&mine, &route);
    let played: Vec<Command> = route.iter().copied().take(game.commands() as usize).collect();
    let played_text: String = played.iter().map(|c| c.to_char()).collect();
    let record = GameRecord::<Lifter> {
        params: params.clone(),
        seed: 0,
        players: vec![],
        view: played.len(),
        moves: played,
    };
    let link = encode_game(&record).map(|f| format!("{base}#{f}")).unwrap_or_default();
    let score = if killed { 0 } else { game.score() };
    Ok(Judged {
        map: params.name.clone(),
        score,
        best: maps::best_known(&params.name),
        seconds: seconds_taken,
        route_length: route.len(),
        route: played_text,
        link,
        note: notes.join("; "),
    })
}

/// The table: per map the score, the best known, the percentage, the time and the link; the
/// total closes it.
pub fn print_table(results: &[Judged]) {
    println!("{:<24} {:>7} {:>7} {:>7} {:>8}  link", "map", "score", "best", "%", "seconds");
    let (mut total, mut best_total) = (0i64, 0i64);
    for r in results {
        let pct =
            r.best.map_or("-".into(), |b| format!("{:.1}", 100.0 * r.score as f64 / b as f64));
        let best = r.best.map_or("-".into(), |b| b.to_string());
        println!(
            "{:<24} {:>7} {:>7} {:>7} {:>8.1}  {}",
            r.map, r.score, best, pct, r.seconds, r.link
        );
        if !r.note.is_empty() {
            println!("{:<24} note: {}", "", r.note);
        }
        total += r.score;
        best_total += r.best.unwrap_or(0);
    }
    let pct = if best_total > 0 {
        format!("{:.1}", 100.0 * total as f64 / best_total as f64)
    } else {
        "-".into()
    };
    println!(
        "{:<24} {:>7} {:>7} {:>7}",
        format!("total ({} maps)", results.len()),
        total,
        best_total,
        pct
    );
}

/// `arcade lifter best-routes FILE…`: the best route per official map among `lifter judge
/// --json` lines (a line's `route`, or the route in its `link` for older runs), each scored
/// again by the engine; the table bundled as `maps/lifter/best-routes.tsv`.
pub fn best_routes(files: &[String]) -> Result<String, Failure> {
    let mut best: Vec<Option<(i64, String)>> = vec![None; maps::BEST_KNOWN.len()];
    for file in files {
        let text = crate::read_text(file)?;
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let bad = |what: String| Failure::input(format!("{file}:{}: {what}", n + 1));
            let v: serde_json::Value =
                serde_json::from_str(line).map_err(|e| bad(e.to_string()))?;
            let map = v["map"].as_str().ok_or_else(|| bad("no \"map\"".into()))?;
            let Some(i) = maps::BEST_KNOWN.iter().position(|(m, _)| *m == map) else { continue };
            let route = match (v["route"].as_str(), v["link"].as_str()) {
                (Some(route), _) => route.to_string(),
                (None, Some(link)) => {
                    let opened = games::open_link(link).map_err(|e| bad(e.to_string()))?;
                    opened.data["route"].as_str().unwrap_or_default().to_string()
                }
                (None, None) => return Err(bad("neither \"route\" nor \"link\"".into())),
            };
            let score = maps::route_score(map, &route)
                .ok_or_else(|| bad(format!("no official map {map}")))?;
            if best[i].as_ref().is_none_or(|(s, _)| score > *s) {
                best[i] = Some((score, route));
            }
        }
    }
    let mut out = String::from("map\tbest_known\tscore\troute\n");
    for (&(map, known), found) in maps::BEST_KNOWN.iter().zip(best) {
        if let Some((score, route)) = found {
            out.push_str(&format!("{map}\t{known}\t{score}\t{route}\n"));
        }
    }
    Ok(out)
}
