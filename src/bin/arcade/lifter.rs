//! `arcade lifter run|solve|link`.

use crate::args::Args;
use crate::Failure;
use lambda_arcade::lifter::solver::Solver;
use lambda_arcade::lifter::{maps, Command, Lifter, LifterParams, Mine, Outcome};
use lambda_arcade::link::{encode_game, GameRecord};
use serde_json::json;
use std::time::Instant;

const VALUED: &[&str] = &["ms", "base", "view", "maps", "seconds", "jobs"];
const FLAGS: &[&str] = &["end-abort", "json"];

pub fn main(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse(argv.get(1..).unwrap_or_default(), VALUED, FLAGS)?;
    match argv.first().map(String::as_str) {
        Some("run") => run(&args),
        Some("solve") => solve(&args),
        Some("link") => link(&args),
        Some("judge") => judge(&args),
        Some(other) => Err(Failure::usage(format!("unknown lifter command \"{other}\""))),
        None => Err(Failure::usage("lifter needs a command")),
    }
}

/// An official map name, or a path to a map file.
fn load_map(word: &str) -> Result<(LifterParams, Mine), Failure> {
    let params = match LifterParams::official(word) {
        Some(p) if !std::path::Path::new(word).exists() => p,
        _ => {
            let bytes = std::fs::read(word).map_err(|e| {
                let names: Vec<&str> = maps::OFFICIAL.iter().map(|(n, _)| *n).collect();
                Failure::input(format!("{word}: {e} (official maps: {})", names.join(", ")))
            })?;
            let text = lambda_arcade::inputs::text_of(&bytes).map_err(|e| Failure::input(format!("{word}: {e}")))?.to_string();
            let name = std::path::Path::new(word).file_stem().map_or(word.to_string(), |s| s.to_string_lossy().into_owned());
            LifterParams { name, text }
        }
    };
    let mine = Mine::parse(&params.text).map_err(|e| Failure::input(format!("{word}: {e}")))?;
    Ok((params, mine))
}

/// A route given literally, `-` for standard input, or `@file`.
fn load_route(word: &str) -> Result<String, Failure> {
    if word == "-" {
        let bytes = crate::read_input("-")?;
        return lambda_arcade::inputs::text_of(&bytes).map(str::to_string).map_err(|e| Failure::input(format!("standard input: {e}")));
    }
    if let Some(path) = word.strip_prefix('@') {
        return crate::read_text(path);
    }
    Ok(word.to_string())
}

fn map_and_route(args: &Args) -> Result<(LifterParams, Mine, Vec<Command>), Failure> {
    let [map, route] = args.positional.as_slice() else { return Err(Failure::usage("give MAP and ROUTE")) };
    let (params, mine) = load_map(map)?;
    Ok((params, mine, Command::parse_route(&load_route(route)?)))
}

fn run(args: &Args) -> Result<(), Failure> {
    let (_, mine, route) = map_and_route(args)?;
    let game = Lifter::play_route(&mine, &route);
    let end_abort = args.flag("end-abort");
    let (outcome, score) = match game.outcome() {
        Some(Outcome::Unfinished) | None if end_abort => ("abort", game.score_as_abort()),
        Some(o) => (o.name(), game.score()),
        None => ("unfinished", game.score()),
    };
    let out = json!({
        "score": score,
        "outcome": outcome,
        "moves": game.moves(),
        "lambdas": game.collected(),
        "map": game.map_text(),
    });
    println!("{out}");
    Ok(())
}

/// `arcade lifter solve [MAP] [--ms N]`. With MAP: the best route found in N ms (10,000 by
/// default) as JSON. Without MAP (or `-`), the 2012 contest's interface: the map on stdin,
/// the route alone on stdout, searching until the search is done, N ms if given, or SIGINT —
/// on which it prints the best route so far at once.
fn solve(args: &Args) -> Result<(), Failure> {
    let contest = matches!(args.positional.as_slice(), [] | [_]) && args.positional.first().is_none_or(|m| m == "-");
    let (mine, ms) = match args.positional.as_slice() {
        _ if contest => {
            let text = crate::read_text("-")?;
            (Mine::parse(&text).map_err(|e| Failure::input(format!("standard input: {e}")))?, args.number("ms", u64::MAX)?)
        }
        [map] => (load_map(map)?.1, args.number("ms", 10_000)?),
        _ => return Err(Failure::usage("give one MAP, or none to read it from standard input")),
    };
    let interrupted = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    signal_hook::flag::register(signal_hook::consts::SIGINT, std::sync::Arc::clone(&interrupted))
        .map_err(|e| Failure::input(format!("cannot watch for SIGINT: {e}")))?;
    let started = Instant::now();
    let mut solver = Solver::new(&mine);
    while started.elapsed().as_millis() < u128::from(ms) && !interrupted.load(std::sync::atomic::Ordering::Relaxed) {
        if solver.work(20_000) {
            break;
        }
    }
    if contest {
        println!("{}", solver.best_route());
        return Ok(());
    }
    let out = json!({
        "route": solver.best_route(),
        "score": solver.best_score(),
        "explored": solver.explored(),
        "ms": started.elapsed().as_millis() as u64,
    });
    println!("{out}");
    Ok(())
}

/// `arcade lifter judge COMMAND [--maps all|NAME,…|DIR] [--seconds 150] [--jobs N] [--json]`
fn judge(args: &Args) -> Result<(), Failure> {
    let [command] = args.positional.as_slice() else { return Err(Failure::usage("judge takes one COMMAND (quote it if it has spaces)")) };
    let maps = crate::lifter_judge::maps_of(args.value("maps").unwrap_or("all"))?;
    let seconds: f64 = args.number("seconds", 150.0)?;
    if !(seconds > 0.0 && seconds.is_finite()) {
        return Err(Failure::usage("--seconds must be a positive number"));
    }
    let jobs = args.number("jobs", 1usize)?;
    let base = args.base_url();
    let results = crate::parallel::map_on(jobs, maps.len(), |i| crate::lifter_judge::judge(command, &maps[i], seconds, &base));
    let results = results.into_iter().collect::<Result<Vec<_>, _>>()?;
    if args.flag("json") {
        for r in &results {
            println!("{}", serde_json::to_string(r).map_err(|e| Failure::input(e.to_string()))?);
        }
    } else {
        crate::lifter_judge::print_table(&results);
    }
    Ok(())
}

fn link(args: &Args) -> Result<(), Failure> {
    let (params, mine, route) = map_and_route(args)?;
    let game = Lifter::play_route(&mine, &route);
    let moves: Vec<Command> = route.into_iter().take(game.commands() as usize).collect();
    let view = args.number("view", moves.len())?;
    let record = GameRecord::<Lifter> { params, seed: 0, players: vec![], view: view.min(moves.len()), moves };
    let fragment = encode_game(&record).map_err(|(i, e)| Failure::input(format!("command {}: {e}", i + 1)))?;
    println!("{}#{fragment}", args.base_url());
    Ok(())
}
