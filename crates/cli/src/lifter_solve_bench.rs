//! `arcade bench lifter-solver [--ms N | --work UNITS] [--jobs N] [MAP...]`: runs the route
//! search on each map for a wall-clock budget (or a number of work units: the same routes on
//! every machine) and compares with the best known scores, as one JSON object. With `--jobs N`
//! the search is N parts on N threads (`Solver::part`), each with the whole budget, as the page
//! runs one worker a core; the best of their routes counts.

use crate::Failure;
use lifter::solver::Solver;
use lifter::{maps, Command, Lifter, Mine};
use serde_json::{json, Value};
use std::time::Instant;

/// Units of work per call, as the browser worker uses.
const SLICE: u64 = 20_000;

/// What one part of the search found on a map.
struct Part {
    route: String,
    score: i64,
    explored: u64,
    slices: u64,
    slowest_ms: f64,
}

/// Part `k` of `jobs` on `mine` for `ms` of wall time, or `work` units.
fn search(mine: &Mine, k: usize, jobs: usize, ms: u64, work: Option<u64>) -> Part {
    let start = Instant::now();
    let mut solver = Solver::part(mine, k, jobs);
    let (mut slices, mut slowest, mut done) = (0u64, 0f64, 0u64);
    while work.map_or(start.elapsed().as_millis() < u128::from(ms), |w| done < w) {
        let t = Instant::now();
        let units = work.map_or(SLICE, |w| SLICE.min(w - done));
        done += units;
        let over = solver.work(units);
        slowest = slowest.max(t.elapsed().as_secs_f64() * 1000.0);
        slices += 1;
        if over {
            break;
        }
    }
    Part {
        route: solver.best_route().to_string(),
        score: solver.best_score(),
        explored: solver.explored(),
        slices,
        slowest_ms: slowest,
    }
}

pub fn run(ms: u64, work: Option<u64>, jobs: usize, maps: &[String]) -> Result<(), Failure> {
    if jobs == 0 || jobs > 256 {
        return Err(Failure::usage("--jobs must be between 1 and 256"));
    }
    let mut names = maps.to_vec();
    if names.is_empty() {
        names = maps::BEST_KNOWN.iter().map(|(n, _)| n.to_string()).collect();
    }
    let mut rows = Vec::new();
    let (mut total, mut total_best, mut ratios) = (0i64, 0i64, Vec::new());
    for name in &names {
        let text = match maps::official(name) {
            Some(t) => t.to_string(),
            None => std::fs::read_to_string(name).map_err(|e| {
                Failure::input(format!(
                    "\"{name}\" is neither an official map nor a readable file: {e}"
                ))
            })?,
        };
        let mine = Mine::parse(&text).map_err(|e| Failure::in_file(name, e))?;
        let start = Instant::now();
        let parts: Vec<Part> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..jobs)
                .map(|k| {
                    let mine = &mine;
                    scope.spawn(move || search(mine, k, jobs, ms, work))
                })
                .collect();
            handles.into_iter().map(|h| h.join()).collect::<Result<_, _>>()
        })
        .map_err(|_| Failure::input(format!("{name}: a search thread panicked")))?;
        let took = start.elapsed().as_secs_f64() * 1000.0;
        // The best route; among equals, the lowest part's (the same for the same work).
        let (which, best_part) = parts.iter().enumerate().fold((0, &parts[0]), |b, (k, p)| {
            if p.score > b.1.score {
                (k, p)
            } else {
                b
            }
        });
        let replayed = replay(&mine, &best_part.route);
        if replayed != best_part.score {
            return Err(Failure::input(format!(
                "{name}: the best route replays to {replayed}, not the reported {}",
                best_part.score
            )));
        }
        let best = maps::best_known(name);
        total += best_part.score;
        if let Some(b) = best {
            total_best += b;
            ratios.push(ratio(best_part.score, b));
        }
        rows.push(json!({
            "name": name,
            "score": best_part.score,
            "best_known": best,
            "ratio": best.map(|b| ratio(best_part.score, b)),
            "ms": took.round(),
            "part": which,
            "scores": parts.iter().map(|p| p.score).collect::<Vec<_>>(),
            "explored": parts.iter().map(|p| p.explored).sum::<u64>(),
            "slices": parts.iter().map(|p| p.slices).sum::<u64>(),
            "slowest_slice_ms": (parts.iter().map(|p| p.slowest_ms).fold(0.0, f64::max) * 10.0).round() / 10.0,
            "route": best_part.route,
        }));
    }
    let mean = if ratios.is_empty() {
        0.0
    } else {
        (ratios.iter().sum::<f64>() / ratios.len() as f64 * 10_000.0).round() / 10_000.0
    };
    let out = json!({
        "ms_per_map": if work.is_some() { Value::Null } else { json!(ms) },
        "work_per_map": work,
        "jobs": jobs,
        "maps": Value::Array(rows),
        "totals": { "score": total, "best_known": total_best, "ratio": ratio(total, total_best), "mean_ratio": mean },
    });
    println!("{out:#}");
    Ok(())
}

fn ratio(score: i64, best: i64) -> f64 {
    if best == 0 {
        return 0.0;
    }
    (score as f64 / best as f64 * 10_000.0).round() / 10_000.0
}

fn replay(mine: &Mine, route: &str) -> i64 {
    Lifter::play_route(mine, &Command::parse_route(route)).score()
}
