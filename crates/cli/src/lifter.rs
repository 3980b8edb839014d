//! `arcade lifter run|solve|link|judge|best-routes`, and how `arcade merge` orders a judge's lines.

use crate::args::{Base, Output};
use crate::merge::Lines;
use crate::Failure;
use lifter::solver::Solver;
use lifter::{maps, Command as Step, Lifter, LifterParams, Mine, Outcome};
use rails::link::{encode_game, GameRecord};
use serde_json::json;
use std::time::Instant;

#[derive(clap::Subcommand, Debug)]
#[command(
    after_help = "MAP is an official map name (contest1 … horock3) or a path to a .map file.\nROUTE is the commands as text (L R U D W S A; other characters are ignored), - for standard input, or @FILE."
)]
pub enum Command {
    /// Play ROUTE on MAP: {"score","outcome","moves","lambdas","map"}
    Run {
        #[command(flatten)]
        game: MapRoute,
        /// Score a route that stops before the end as if it aborted
        #[arg(long)]
        end_abort: bool,
    },
    /// Search a route for MAP: {"route","score","explored","ms"}. Without MAP (or with -), the
    /// 2012 contest's interface: the map on stdin, the route alone on stdout, searching until
    /// done, --ms, or SIGINT, on which it prints its best route at once
    Solve {
        /// An official map name (contest1 … horock3) or a .map file; none or -: standard input
        #[arg(value_name = "MAP")]
        map: Option<String>,
        /// Time for the search, in milliseconds [default: 10000 with MAP, no limit without]
        #[arg(long, value_name = "N")]
        ms: Option<u64>,
    },
    /// Judge a program as the 2012 contest did: the map on its stdin; SIGINT after --seconds,
    /// after which it may still print; SIGKILL 10 s later (score 0); unknown characters in its
    /// route ignored; at most n × m commands counted. A table per map (score, best known, %,
    /// time, link) and a total; --json: one line per map
    Judge {
        /// The program, as a shell command (quote it), e.g. "arcade lifter solve", or
        /// wasm:FILE ARGS…, a WebAssembly program (stopped at the limit, no SIGINT: the route
        /// printed so far is judged)
        #[arg(value_name = "COMMAND")]
        command: String,
        /// all (the 26 official maps), names separated by commas, or a folder of .map files
        #[arg(long, value_name = "all|NAME,…|DIR", default_value = "all")]
        maps: String,
        /// Seconds until SIGINT
        #[arg(long, value_name = "S", default_value_t = 150.0)]
        seconds: f64,
        /// Programs run at once
        #[arg(long, value_name = "N", default_value_t = 1)]
        jobs: usize,
        #[command(flatten)]
        output: Output,
    },
    /// The best route per official map among `lifter judge --json` outputs, scored by the
    /// engine, as the tab-separated table the page bundles (maps/lifter/best-routes.tsv): map,
    /// best known, score, route
    BestRoutes {
        /// Outputs of `lifter judge --json` (a line per map)
        #[arg(value_name = "FILE", required = true)]
        files: Vec<String>,
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
        Command::Solve { map, ms } => solve(map.as_deref(), *ms),
        Command::Judge { command, maps, seconds, jobs, output } => {
            judge(command, maps, *seconds, *jobs, output)
        }
        Command::Link { game, view, base } => link(game, *view, base),
        Command::BestRoutes { files } => {
            print!("{}", crate::lifter_judge::best_routes(files)?);
            Ok(())
        }
    }
}

/// `arcade lifter judge --json` prints a line per map; merged, they follow the official maps'
/// order (other maps after them, by name).
pub const JUDGE_LINES: Lines = Lines {
    command: "lifter judge",
    fields: &["map", "score", "best", "seconds", "route_length", "route", "link", "note"],
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
            let text =
                rails::inputs::text_of(&bytes).map_err(|e| Failure::in_file(word, e))?.to_string();
            let name = std::path::Path::new(word)
                .file_stem()
                .map_or(word.to_string(), |s| s.to_string_lossy().into_owned());
            LifterParams { name, text }
        }
    };
    let mine = Mine::parse(&params.text).map_err(|e| Failure::in_file(word, e))?;
    Ok((params, mine))
}

/// A route given literally, `-` for standard input, or `@file`.
fn load_route(word: &str) -> Result<String, Failure> {
    if word == "-" {
        let bytes = crate::read_input("-")?;
        return rails::inputs::text_of(&bytes)
            .map(str::to_string)
            .map_err(|e| Failure::input(format!("standard input: {e}")));
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

/// `arcade lifter solve [MAP] [--ms N]`: with MAP, the best route found in N ms as JSON;
/// without (or `-`), the contest's interface (the route alone; SIGINT prints it at once).
fn solve(map: Option<&str>, ms: Option<u64>) -> Result<(), Failure> {
    let contest = map.is_none_or(|m| m == "-");
    let (mine, ms) = match map {
        Some(map) if !contest => (load_map(map)?.1, ms.unwrap_or(10_000)),
        _ => {
            let text = crate::read_text("-")?;
            (
                Mine::parse(&text).map_err(|e| Failure::input(format!("standard input: {e}")))?,
                ms.unwrap_or(u64::MAX),
            )
        }
    };
    let interrupted = crate::process::on_interrupt().map_err(Failure::input)?;
    let started = Instant::now();
    let mut solver = Solver::new(&mine);
    while started.elapsed().as_millis() < u128::from(ms)
        && !interrupted.load(std::sync::atomic::Ordering::Relaxed)
    {
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

/// `arcade lifter judge COMMAND [--maps …] [--seconds S] [--jobs N] [--json] [--shard K/N]`
fn judge(
    command: &str,
    maps: &str,
    seconds: f64,
    jobs: usize,
    output: &Output,
) -> Result<(), Failure> {
    if !(seconds > 0.0 && seconds.is_finite()) {
        return Err(Failure::usage("--seconds must be a positive number"));
    }
    let maps = crate::lifter_judge::maps_of(maps)?;
    let part = output.part().range(maps.len());
    let maps = &maps[part];
    let base = output.base.url();
    let results = crate::parallel::map_on(jobs, maps.len(), |i| {
        crate::lifter_judge::judge(command, &maps[i], seconds, &base)
    });
    let results = results.into_iter().collect::<Result<Vec<_>, _>>()?;
    if output.json {
        for r in &results {
            println!("{}", serde_json::to_string(r).map_err(|e| Failure::input(e.to_string()))?);
        }
    } else {
        crate::lifter_judge::print_table(&results);
    }
    Ok(())
}

fn link(game: &MapRoute, view: Option<usize>, base: &Base) -> Result<(), Failure> {
    let (params, mine, route) = map_and_route(game)?;
    let game = Lifter::play_route(&mine, &route);
    let moves: Vec<Step> = route.into_iter().take(game.commands() as usize).collect();
    let view = view.unwrap_or(moves.len());
    let record = GameRecord::<Lifter> {
        params,
        seed: 0,
        players: vec![],
        view: view.min(moves.len()),
        moves,
    };
    let fragment =
        encode_game(&record).map_err(|(i, e)| Failure::input(format!("command {}: {e}", i + 1)))?;
    println!("{}#{fragment}", base.url());
    Ok(())
}
