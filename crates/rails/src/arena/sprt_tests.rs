//! The SPRT against values computed apart (fishtest's formulas evaluated in Python, by hand) and
//! against its promise: over many simulated runs with known odds, its error rates.

use super::*;
use crate::rng;

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * (1.0 + b.abs())
}

/// Counts and bounds with their LLR and Elo (estimate, 95% low, high) as computed independently
/// with fishtest's `regularize`, `results_to_pdf`, `LLR_alt2` and the normal interval.
/// Pair counts, (elo0, elo1), the LLR, and B's Elo (estimate, 95% low, high).
type Known = ([u64; 5], (f64, f64), f64, [f64; 3]);
const KNOWN: [Known; 4] = [
    (
        [10, 20, 40, 25, 5],
        (0.0, 20.0),
        -1.1802264602807713,
        [-8.687699877294557, -43.76320234521571, 26.211045464344075],
    ),
    (
        [0, 3, 10, 30, 7],
        (0.0, 5.0),
        2.1163519629236216,
        [151.33506332703746, 110.37119419635286, 196.70787212837465],
    ),
    ([100, 0, 50, 0, 100], (-10.0, 10.0), 0.0, [0.0, -38.67973767845652, 38.67973767845653]),
    (
        [1, 12, 35, 30, 22],
        (0.0, 50.0),
        13.332210671665553,
        [107.53812491703188, 71.51811459381015, 145.9571097533668],
    ),
];

#[test]
fn llr_and_elo_match_values_computed_apart() {
    for (counts, (elo0, elo1), want_llr, [e, lo, hi]) in KNOWN {
        let bounds = SprtBounds::new(elo0, elo1, 0.05, 0.05).expect("good bounds");
        let s = sprt(&bounds, &Pentanomial(counts));
        assert!((s.llr - want_llr).abs() < 1e-9, "{counts:?}: llr {} vs {want_llr}", s.llr);
        assert!(
            close(s.elo, e, 1e-9) && close(s.elo_low, lo, 1e-9) && close(s.elo_high, hi, 1e-9),
            "{counts:?}: {s:?}"
        );
    }
}

#[test]
fn bounds_are_walds_and_bad_bounds_are_refused() {
    let b = SprtBounds::default();
    assert!(
        (b.upper() - 2.9444389791664403).abs() < 1e-12
            && (b.lower() + 2.9444389791664403).abs() < 1e-12
    );
    assert_eq!(
        SprtBounds::new(5.0, 5.0, 0.05, 0.05),
        Err(SprtError::Order { elo0: 5.0, elo1: 5.0 })
    );
    assert!(matches!(
        SprtBounds::new(0.0, 20.0, 0.0, 0.05),
        Err(SprtError::Rate { which: "alpha", .. })
    ));
    assert!(matches!(
        SprtBounds::new(0.0, 20.0, 0.05, 0.5),
        Err(SprtError::Rate { which: "beta", .. })
    ));
    assert!(matches!(
        SprtBounds::new(f64::NAN, 20.0, 0.05, 0.05),
        Err(SprtError::Elo { which: "elo0", .. })
    ));
    assert!(matches!(
        SprtBounds::new(0.0, 2000.0, 0.05, 0.05),
        Err(SprtError::Elo { which: "elo1", .. })
    ));
    let none = sprt(&b, &Pentanomial::default());
    assert_eq!((none.pairs, none.llr, none.verdict), (0, 0.0, Verdict::Undecided));
}

#[test]
fn a_pair_counts_by_its_score_and_the_verdict_follows_the_bounds() {
    let mut p = Pentanomial::default();
    p.add(1.0, 1.0);
    p.add(0.5, 0.0);
    p.add(1.0, 0.0);
    p.add(0.5, 0.5);
    assert_eq!(p, Pentanomial([0, 1, 2, 0, 1]));
    let b = SprtBounds::new(0.0, 100.0, 0.05, 0.05).expect("good bounds");
    assert_eq!(sprt(&b, &Pentanomial([0, 0, 1, 3, 12])).verdict, Verdict::H1);
    assert_eq!(
        sprt(&b, &Pentanomial([0, 0, 0, 0, MIN_PAIRS - 1])).verdict,
        Verdict::Undecided,
        "too few pairs to decide"
    );
    assert_eq!(sprt(&b, &Pentanomial([12, 3, 1, 0, 0])).verdict, Verdict::H0);
    assert_eq!(sprt(&b, &Pentanomial([1, 1, 1, 1, 1])).verdict, Verdict::Undecided);
    let all_won = sprt(&b, &Pentanomial([0, 0, 0, 0, 50]));
    assert!(
        all_won.elo.is_finite() && all_won.elo_high <= MAX_ELO && all_won.elo > 500.0,
        "{all_won:?}"
    );
}

/// The odds of a pair's five scores when B scores `elo` per game (independent games, a fifth
/// of them drawn).
fn pair_odds(elo: f64) -> [f64; 5] {
    let (d, s) = (0.2, score_of_elo(elo));
    let (w, l) = (s - d / 2.0, 1.0 - s - d / 2.0);
    let game = [l, d, w];
    let mut pair = [0.0; 5];
    for (i, a) in game.iter().enumerate() {
        for (j, b) in game.iter().enumerate() {
            pair[i + j] += a * b;
        }
    }
    pair
}

/// Verdicts of `runs` tests with B truly `elo` better, each stopped at its verdict or at
/// `max_pairs` pairs: (H1 accepted, H0 accepted).
fn simulate(bounds: &SprtBounds, elo: f64, runs: u64, max_pairs: u64, seed: u64) -> (u64, u64) {
    let odds: Vec<(usize, f64)> = pair_odds(elo).into_iter().enumerate().collect();
    let (mut h1, mut h0) = (0, 0);
    for run in 0..runs {
        let mut r = rng::stream(seed, run);
        let mut counts = Pentanomial::default();
        for _ in 0..max_pairs {
            let k = rng::draw(&mut r, &odds).unwrap_or(2);
            counts.0[k] += 1;
            match verdict(bounds, counts.pairs(), llr(bounds, &counts)) {
                Verdict::H1 => h1 += 1,
                Verdict::H0 => h0 += 1,
                Verdict::Undecided => continue,
            }
            break;
        }
    }
    (h1, h0)
}

#[test]
fn over_many_runs_the_test_keeps_the_error_rates_it_promises() {
    // Wide bounds keep runs short (about 150 pairs), so a thousand runs take a moment in debug.
    let bounds = SprtBounds::new(0.0, 40.0, 0.05, 0.05).expect("good bounds");
    let runs = 1000;
    let slack = 0.025; // three standard errors of a 5% rate over 1000 runs, and a little more
    let (false_h1, h0_at_elo0) = simulate(&bounds, bounds.elo0, runs, 5000, 11);
    assert!(
        (false_h1 as f64) / (runs as f64) <= bounds.alpha + slack,
        "H1 accepted at elo0 in {false_h1} of {runs}"
    );
    assert!(
        h0_at_elo0 + false_h1 >= runs * 99 / 100,
        "undecided runs: {}",
        runs - h0_at_elo0 - false_h1
    );
    let (h1_at_elo1, false_h0) = simulate(&bounds, bounds.elo1, runs, 5000, 12);
    assert!(
        (false_h0 as f64) / (runs as f64) <= bounds.beta + slack,
        "H0 accepted at elo1 in {false_h0} of {runs}"
    );
    assert!(h1_at_elo1 > runs * 9 / 10);
    // A clearly better B is found quickly and almost always.
    let (h1_strong, h0_strong) = simulate(&bounds, 200.0, 200, 5000, 13);
    assert!(h1_strong >= 198 && h0_strong == 0, "{h1_strong} / {h0_strong}");
}

#[test]
fn default_bounds_keep_their_error_rates_too() {
    let bounds = SprtBounds::default();
    let runs = 300;
    let (false_h1, _) = simulate(&bounds, bounds.elo0, runs, 20_000, 21);
    let (_, false_h0) = simulate(&bounds, bounds.elo1, runs, 20_000, 22);
    let limit = (runs as f64) * (0.05 + 0.04);
    assert!(
        (false_h1 as f64) <= limit && (false_h0 as f64) <= limit,
        "{false_h1} / {false_h0} of {runs}"
    );
}
