//! `arcade bench pig`: the speed figures of docs/PERFORMANCE.md, measured natively.

use crate::Failure;
use lambda_arcade::pig::arena::MatchSpec;
use lambda_arcade::arena::Decider;
use lambda_arcade::pig::decider::SchemeDecider;
use lambda_arcade::pig::optimal::OptimalPolicy;
use lambda_arcade::pig::{Entrant, MatchRunner, Situation, StrategySource};
use serde_json::json;
use std::time::Instant;

/// The strategy timed for "Scheme decisions per second" (also used by the browser bench).
pub const BENCH_STRATEGY: &str = "
(define (player my-total other-total accum current state)
  (set-car! state (+ (car state) 1))
  (let ((turn (+ accum current)))
    (cond ((>= other-total 85) #t)
          ((>= (+ my-total turn) 100) #f)
          (else (< turn (if (> other-total my-total) 22 18))))))";

/// Median wall time in milliseconds of `runs` calls of `f`.
pub fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

pub fn main(argv: &[String]) -> Result<(), Failure> {
    match argv.first().map(String::as_str) {
        Some("pig") => pig(),
        Some("lifter") => crate::lifter_bench::run(&argv[1..]),
        Some("lifter-solver") => crate::lifter_solve_bench::run(&argv[1..]),
        Some("rails") => crate::rails_bench::run(),
        Some("arenas") => crate::arena_bench::run(),
        _ => Err(Failure::usage("bench takes: pig, lifter, lifter-solver, rails, arenas")),
    }
}

fn pig() -> Result<(), Failure> {
    let solve_ms = median_ms(7, || {
        std::hint::black_box(OptimalPolicy::solve(100));
    });

    let mut decider = SchemeDecider::load(BENCH_STRATEGY, 1).map_err(Failure::input)?;
    let decisions = 200_000u32;
    let t = Instant::now();
    for i in 0..decisions {
        let s = Situation { my_total: i % 97, other_total: (i / 7) % 99, accum: (i / 3) % 20, current: 2 + i % 5 };
        decider.decide(&s).map_err(Failure::input)?;
    }
    let per_second = f64::from(decisions) / t.elapsed().as_secs_f64();
    let steps = decider.last_steps();

    let scheme = Entrant { label: "bench".into(), source: StrategySource::Scheme(BENCH_STRATEGY.into()) };
    let mut seed = 0;
    let checker_ms = median_ms(21, || {
        seed += 1;
        let spec = MatchSpec::checker(scheme.clone(), seed);
        let r = MatchRunner::new(spec).ok().and_then(|m| m.run().ok());
        std::hint::black_box(r.map(|r| r.wins()));
    });
    let policies_ms = median_ms(5, || {
        let spec = MatchSpec { entrants: [Entrant::builtin("optimal"), Entrant::builtin("hold20")], games: 10_000, seed: 7, target: 100 };
        let r = MatchRunner::new(spec).ok().and_then(|m| m.run().ok());
        std::hint::black_box(r.map(|r| r.wins()));
    });
    let out = json!({
        "optimal_solve_ms": solve_ms,
        "scheme_decisions_per_second": per_second,
        "scheme_steps_per_decision": steps,
        "checker_49_games_scheme_ms": checker_ms,
        "match_10000_games_optimal_vs_hold20_ms": policies_ms,
    });
    println!("{out:#}");
    Ok(())
}
