//! `arcade bench arenas`: how much faster the arenas run on every core than on one. Runs the
//! real commands (this executable) with ARCADE_THREADS=1 and with every core, median of three
//! wall times each, and checks that both print the same results.

use crate::timing::median_ms;
use crate::Failure;
use serde_json::json;
use std::process::Command;

/// Stands for the Scheme strategy written to a temporary file (pig_bench.rs's `BENCH_STRATEGY`).
const SCHEME: &str = "SCHEME";

const RUNS: [(&str, &[&str]); 3] = [
    (
        "pig tournament, 3 built-ins and a Scheme strategy, 1,666 games a pair",
        &["pig", "tournament", "optimal", "pace", "hold20", SCHEME, "--games", "1666", "--json"],
    ),
    (
        "punter arena, strong vs greedy on boston, 16 games",
        &["punter", "arena", "strong", "greedy", "--map", "boston", "--games", "16", "--json"],
    ),
    (
        "labyrinth arena, strong vs greedy, 16 games",
        &["labyrinth", "arena", "strong", "greedy", "--games", "16", "--json"],
    ),
];

fn output(args: &[&str], threads: usize) -> Result<String, Failure> {
    let exe = std::env::current_exe().map_err(|e| Failure::input(e.to_string()))?;
    let out = Command::new(exe)
        .args(args)
        .env("ARCADE_THREADS", threads.to_string())
        .output()
        .map_err(|e| Failure::input(e.to_string()))?;
    if !out.status.success() {
        return Err(Failure::input(format!(
            "{}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

pub fn run() -> Result<(), Failure> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let scheme = std::env::temp_dir().join(format!("arcade-bench-{}.scm", std::process::id()));
    std::fs::write(&scheme, crate::pig_bench::BENCH_STRATEGY)
        .map_err(|e| Failure::input(e.to_string()))?;
    let scheme = scheme.to_string_lossy().into_owned();
    let mut rows = Vec::new();
    for (what, args) in RUNS {
        let args: Vec<&str> =
            args.iter().map(|&a| if a == SCHEME { scheme.as_str() } else { a }).collect();
        let args = args.as_slice();
        let same = output(args, 1)? == output(args, cores)?;
        let one = median_ms(3, || drop(output(args, 1)));
        let all = median_ms(3, || drop(output(args, cores)));
        rows.push(json!({ "arena": what, "cores": cores, "ms_one_core": one.round(), "ms_all_cores": all.round(), "speed_up": (one / all * 100.0).round() / 100.0, "same_results": same }));
    }
    std::fs::remove_file(&scheme).ok();
    println!("{}", json!({ "arenas": rows }));
    Ok(())
}
