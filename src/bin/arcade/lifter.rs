//! `arcade lifter run|solve|link`.

use crate::args::Args;
use crate::Failure;
use lambda_arcade::lifter::solver::Solver;
use lambda_arcade::lifter::{maps, Command, Lifter, LifterParams, Mine, Outcome};
use lambda_arcade::link::{encode_game, GameRecord};
use serde_json::json;
use std::time::Instant;

const VALUED: &[&str] = &["ms", "base", "view"];
const FLAGS: &[&str] = &["end-abort"];

pub fn main(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse(argv.get(1..).unwrap_or_default(), VALUED, FLAGS)?;
    match argv.first().map(String::as_str) {
        Some("run") => run(&args),
        Some("solve") => solve(&args),
        Some("link") => link(&args),
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

fn solve(args: &Args) -> Result<(), Failure> {
    let [map] = args.positional.as_slice() else { return Err(Failure::usage("give MAP")) };
    let (_, mine) = load_map(map)?;
    let ms: u64 = args.number("ms", 10_000)?;
    let started = Instant::now();
    let mut solver = Solver::new(&mine);
    while started.elapsed().as_millis() < u128::from(ms) {
        if solver.work(20_000) {
            break;
        }
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
