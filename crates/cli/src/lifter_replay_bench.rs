//! `arcade bench lifter-replay`: the engine's speed on each official map, measured the way a
//! peer simulator is measured (docs/PERFORMANCE.md, "Engine against a 2012 peer"): the
//! bundled reference route of the map replayed `rounds` times, each replay a fresh game
//! stepped command by command until the game ends; `runs` runs, the median run counts. A fresh
//! game is a copy of the initial state made once per map, as the peer driver copies its
//! parsed initial state (`--from-mine`: `Lifter::new` from the parsed mine instead). Parsing
//! the map and the route is outside the timing.

use crate::timing::median_ms;
use crate::Failure;
use lifter::{maps, Command, Lifter, Mine};
use serde_json::json;

/// The bundled reference routes: map, route, score, outcome, moves, lambdas (tab-separated,
/// a header line first).
const ROUTES: &str = include_str!("../../../tests/fixtures/lifter-routes.tsv");

#[derive(clap::Args, Debug)]
pub struct Options {
    /// Replays of each route per run
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    rounds: usize,
    /// Runs; the median run counts
    #[arg(long, value_name = "N", default_value_t = 3)]
    runs: usize,
    /// Print JSON instead of a table
    #[arg(long)]
    json: bool,
    /// Start each replay with `Lifter::new` from the parsed mine instead of a copy of the
    /// initial state
    #[arg(long)]
    from_mine: bool,
    /// Official map names [default: the 26 maps of the reference routes]
    #[arg(value_name = "MAP")]
    maps: Vec<String>,
}

/// One map's figures.
struct Row {
    map: String,
    steps: u32,
    score: i64,
    outcome: &'static str,
    ns_per_replay: f64,
}

pub fn run(o: &Options) -> Result<(), Failure> {
    if o.rounds == 0 || o.runs == 0 {
        return Err(Failure::usage("--rounds and --runs must be at least 1"));
    }
    let mut rows = Vec::new();
    for line in ROUTES.lines().skip(1) {
        let mut fields = line.split('\t');
        let (Some(name), Some(route)) = (fields.next(), fields.next()) else { continue };
        if !o.maps.is_empty() && !o.maps.iter().any(|m| m == name) {
            continue;
        }
        let text = maps::official(name)
            .ok_or_else(|| Failure::input(format!("{name}: not an official map")))?;
        let mine = Mine::parse(text).map_err(|e| Failure::in_file(name, e))?;
        let route = Command::parse_route(route);
        let game = Lifter::play_route(&mine, &route);
        let initial = Lifter::new(&mine);
        let ms = median_ms(o.runs, || {
            for _ in 0..o.rounds {
                let mut g = if o.from_mine {
                    Lifter::new(std::hint::black_box(&mine))
                } else {
                    std::hint::black_box(&initial).clone()
                };
                for &c in &route {
                    if g.step(c).is_err() {
                        break;
                    }
                }
                std::hint::black_box(g.score());
            }
        });
        rows.push(Row {
            map: name.to_string(),
            steps: game.commands(),
            score: game.score(),
            outcome: game.outcome().map_or("running", |c| c.name()),
            ns_per_replay: ms * 1e6 / o.rounds as f64,
        });
    }
    for m in &o.maps {
        if !rows.iter().any(|r| &r.map == m) {
            return Err(Failure::usage(format!("{m}: no reference route (official maps only)")));
        }
    }
    if o.json {
        let maps: Vec<_> = rows
            .iter()
            .map(|r| {
                json!({ "map": r.map, "steps": r.steps, "score": r.score, "outcome": r.outcome,
                        "ns_per_replay": r.ns_per_replay, "ns_per_step": r.ns_per_replay / f64::from(r.steps.max(1)) })
            })
            .collect();
        let start = if o.from_mine { "Lifter::new" } else { "copy of the initial state" };
        println!(
            "{:#}",
            json!({ "rounds": o.rounds, "runs": o.runs, "start": start, "maps": maps })
        );
    } else {
        println!(
            "{:<12} {:>5} {:>6} {:>8} {:>12} {:>9}",
            "map", "steps", "score", "outcome", "ns/replay", "ns/step"
        );
        for r in &rows {
            let per_step = r.ns_per_replay / f64::from(r.steps.max(1));
            println!(
                "{:<12} {:>5} {:>6} {:>8} {:>12.0} {:>9.1}",
                r.map, r.steps, r.score, r.outcome, r.ns_per_replay, per_step
            );
        }
    }
    Ok(())
}
