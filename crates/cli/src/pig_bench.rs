//! `arcade bench pig`: the speed figures of docs/PERFORMANCE.md, measured natively; and Pig's
//! game for `arcade bench rails`.

use crate::rails_bench::{self, MOVES};
use crate::timing::median_ms;
use crate::Failure;
use pig::arena::{play_match, MatchSpec};
use pig::decider::SchemeDecider;
use pig::optimal::OptimalPolicy;
use pig::{Entrant, MatchSummary, Pig, PigMove, PigParams, Situation, StrategySource};
use rails::arena::Decider;
use rails::rng::{below, stream};
use serde_json::{json, Value};
use std::time::Instant;

/// The strategy timed for "Scheme decisions per second" (also used by the browser bench).
pub const BENCH_STRATEGY: &str = "
(define (player my-total other-total accum current state)
  (set-car! state (+ (car state) 1))
  (let ((turn (+ accum current)))
    (cond ((>= other-total 85) #t)
          ((>= (+ my-total turn) 100) #f)
          (else (< turn (if (> other-total my-total) 22 18))))))";

pub fn run() -> Result<(), Failure> {
    let solve_ms = median_ms(7, || {
        std::hint::black_box(OptimalPolicy::solve(100));
    });

    let mut decider = SchemeDecider::load(BENCH_STRATEGY, 1).map_err(Failure::input)?;
    let decisions = 200_000u32;
    let t = Instant::now();
    for i in 0..decisions {
        let s = Situation {
            my_total: i % 97,
            other_total: (i / 7) % 99,
            accum: (i / 3) % 20,
            current: 2 + i % 5,
        };
        decider.decide(&s).map_err(Failure::input)?;
    }
    let per_second = f64::from(decisions) / t.elapsed().as_secs_f64();
    let steps = decider.last_steps();

    let scheme =
        Entrant { label: "bench".into(), source: StrategySource::Scheme(BENCH_STRATEGY.into()) };
    let mut seed = 0;
    let checker_ms = median_ms(21, || {
        seed += 1;
        let spec = MatchSpec::checker(scheme.clone(), seed);
        let r = play_match(&spec).ok();
        std::hint::black_box(r.map(|r| MatchSummary::of(&spec, &r).wins));
    });
    let policies_ms = median_ms(5, || {
        let spec = MatchSpec {
            entrants: [Entrant::builtin("optimal"), Entrant::builtin("hold20")],
            games: 10_000,
            seed: 7,
            target: 100,
        };
        let r = play_match(&spec).ok();
        std::hint::black_box(r.map(|r| MatchSummary::of(&spec, &r).wins));
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

/// A legal Pig game of `n` moves that never ends: every turn throws (a random 2–6), throws
/// again, then a 1.
pub fn long_pig_game(n: usize) -> Vec<PigMove> {
    let mut rng = stream(10_000, 0);
    (0..n)
        .map(|i| match i % 3 {
            0 => PigMove::Roll(2 + below(&mut rng, 5) as u8),
            1 => PigMove::ThrowAgain,
            _ => PigMove::Roll(1),
        })
        .collect()
}

/// The rails' figures on a 10,000-move Pig game.
pub fn rails_case() -> Result<Value, Failure> {
    rails_bench::measure::<Pig>("pig", PigParams::default(), long_pig_game(MOVES))
}
