//! `arcade lifter run|solve|link`, and how `arcade merge` orders a judge's lines.

use crate::args::Base;
use crate::merge::Lines;
use crate::Failure;
use lambda_arcade::lifter::solver::Solver;
use lambda_arcade::lifter::{maps, Command as Step, Lifter, LifterParams, Mine, Outcome};
use lambda_arcade::link::{encode_game, GameRecord};
use serde_json::json;
use std::time::Instant;

#[derive(clap::Subcommand, Debug)]
#[command(after_help = "MAP is an official map name (contest1 … horock3) or a path to a .map file.\nROUTE is the commands as text (L R U D W S A; other characters are ignored), - for standard input, or @FILE.")]
pub enum Command {
    /// Play ROUTE on MAP: {"score","outcome","moves","lambdas","map"}
    Run {
        #[command(flatten)]
        game: MapRoute,
        /// Score a route that stops before the end as if it aborted
        #[arg(long)]
        end_abort: bool,
    },
    /// Search a route for MAP: {"route","score","explored","ms"}
    Solve {
        /// An official map name (contest1 … horock3) or a .map file
        #[arg(value_name = "MAP")]
        map: String,
        /// Time for the search, in milliseconds
        #[arg(long, value_name = "N", default_value_t = 10_000)]
        ms: u64,
    },
    /// A share link that replays ROUTE on MAP in the page
    Link {
        #[command(flatten)]
        game: MapRoute,
        /// The move the link shows (default: the last)
        #[arg(long, value_name = "T")]
        view: Option<usize>,
        #[command(flatten)]
        base: Base,
    },
}

/// A map and a route on it.
#[derive(clap::Args, Debug)]
pub struct MapRoute {
    /// An official map name (contest1 … horock3) or a .map file
    #[arg(value_name = "MAP")]
    map: String,
    /// The route: text, - for standard input, or @FILE
    #[arg(value_name = "ROUTE")]
    route: String,
}

pub fn main(command: &Command) -> Result<(), Failure> {
    match command {
        Command::Run { game, end_abort } => run(game, *end_abort),
        Command::Solve { map, ms } => solve(map, *ms),
        Command::Link { game, view, base } => link(game, *view, base),
    }
}

/// `arcade lifter judge --json` prints a line per map; merged, they follow the official maps'
/// order (other maps after them, by name).
pub const JUDGE_LINES: Lines = Lines {
    command: "lifter judge",
    fields: &["map", "score", "best", "seconds", "route_length", "link", "note"],
    order: |name| maps::OFFICIAL.iter().position(|(n, _)| *n == name),
};

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

fn map_and_route(game: &MapRoute) -> Result<(LifterParams, Mine, Vec<Step>), Failure> {
    let (params, mine) = load_map(&game.map)?;
    Ok((params, mine, Step::parse_route(&load_route(&game.route)?)))
}

fn run(game: &MapRoute, end_abort: bool) -> Result<(), Failure> {
    let (_, mine, route) = map_and_route(game)?;
    let game = Lifter::play_route(&mine, &route);
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

fn solve(map: &str, ms: u64) -> Result<(), Failure> {
    let (_, mine) = load_map(map)?;
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

fn link(game: &MapRoute, view: Option<usize>, base: &Base) -> Result<(), Failure> {
    let (params, mine, route) = map_and_route(game)?;
    let game = Lifter::play_route(&mine, &route);
    let moves: Vec<Step> = route.into_iter().take(game.commands() as usize).collect();
    let view = view.unwrap_or(moves.len());
    let record = GameRecord::<Lifter> { params, seed: 0, players: vec![], view: view.min(moves.len()), moves };
    let fragment = encode_game(&record).map_err(|(i, e)| Failure::input(format!("command {}: {e}", i + 1)))?;
    println!("{}#{fragment}", base.url());
    Ok(())
}
