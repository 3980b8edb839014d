//! Matches and the checker: seating, determinism, Scheme state, failures, outside answers.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use pig::arena::{challenge_score, match_series, play_match, wilson_interval, winner, CHECKER};
use pig::decider::decision;
use pig::{Entrant, MatchSpec, MatchSummary, Pig, PigMove, PigParams, StrategySource};
use rails::arena::{Answer, Series, Step};
use rails::game::{replay, Game};

fn scheme(label: &str, code: &str) -> Entrant {
    Entrant { label: label.into(), source: StrategySource::Scheme(code.into()) }
}

fn run(spec: MatchSpec) -> Series<Pig> {
    play_match(&spec).expect("runs")
}

#[test]
fn the_checker_is_codeabbeys_49_games_to_100_against_dummy_passed_with_25_wins() {
    assert_eq!(
        (CHECKER.games, CHECKER.target, CHECKER.opponent, CHECKER.wins_needed()),
        (49, 100, "dummy", 25)
    );
    let spec = MatchSpec::checker(scheme("mine", "(define (player a b c d s) (< c 20))"), 3);
    assert!(spec.is_checker());
    assert_eq!(
        (spec.games, spec.target, &spec.entrants[1]),
        (CHECKER.games, CHECKER.target, &Entrant::builtin(CHECKER.opponent))
    );
    assert!(!MatchSpec { games: CHECKER.games - 1, ..spec }.is_checker());
}

#[test]
fn checker_seats_the_player_second_in_game_one_and_alternates() {
    let spec = MatchSpec::checker(Entrant::builtin("hold20"), 7);
    let r = run(spec.clone());
    assert_eq!(r.logs().len(), 49);
    for (g, log) in r.logs().iter().enumerate() {
        assert_eq!(log.seating, if g % 2 == 0 { [1, 0] } else { [0, 1] }, "game {}", g + 1);
    }
    let first_count = r.logs().iter().filter(|l| l.seating[0] == 0).count();
    assert_eq!(first_count, 24);
    let [a, b] = MatchSummary::of(&spec, &r).wins;
    assert_eq!(a + b, 49);
}

#[test]
fn every_logged_game_replays_to_its_recorded_result() {
    let r = run(MatchSpec {
        entrants: [Entrant::builtin("optimal"), Entrant::builtin("pace")],
        games: 30,
        seed: 3,
        target: 100,
    });
    for log in r.logs() {
        let g: Pig = replay(&PigParams::default(), &log.moves).expect("legal");
        let seat = g.winner().expect("finished");
        assert_eq!(Some(log.seating[usize::from(seat)]), winner(log));
        assert_eq!(g.totals(), log.end.totals());
        assert!(g.totals()[usize::from(seat)] >= 100);
    }
}

#[test]
fn same_seed_same_match_other_seed_other_match() {
    let spec = |seed| {
        MatchSpec::checker(
            scheme("coin", "(define (player a b c d s) (and (< (+ c d) 30) (= (random 2) 0)))"),
            seed,
        )
    };
    let a = run(spec(11));
    let b = run(spec(11));
    let c = run(spec(12));
    assert_eq!(a.logs(), b.logs());
    assert_ne!(a.logs(), c.logs());
}

#[test]
fn a_scheme_entrant_keeps_one_session_seeded_as_the_series_seeds_its_entrant_in_the_first_game() {
    use pig::decider::SchemeDecider;
    use rails::arena::{Decider, MatchRules};
    // Draws and a memory: its answers follow only from the seed and every question, in order.
    let code = "(define n 0) (define (player a b c d s) (set! n (+ n 1)) (and (< (+ c d) 30) (or (= 0 (remainder n 7)) (= (random 3) 0))))";
    let r = run(MatchSpec {
        entrants: [Entrant::builtin("hold20"), scheme("coin", code)],
        games: 6,
        seed: 21,
        target: 100,
    });
    let mut alone = SchemeDecider::load(code, r.entrant_seed(1, 0)).expect("loads");
    let mut asked = 0;
    for log in r.logs() {
        let mut g = Pig::new(&PigParams::default()).unwrap();
        for mv in &log.moves {
            if g.awaits_decision() && log.seating[usize::from(g.player())] == 1 {
                assert_eq!(
                    alone.decide(&g.view(g.player())).as_ref(),
                    Ok(mv),
                    "game {}",
                    log.game + 1
                );
                asked += 1;
            } else if let Some((seat, view)) =
                g.courtesy(mv).filter(|(seat, _)| log.seating[usize::from(*seat)] == 1)
            {
                let _ = (seat, alone.decide(&view));
                asked += 1;
            }
            g.play(mv).unwrap();
        }
    }
    assert!(asked > 40, "{asked} questions");
}

#[test]
fn dummy_throws_while_its_turn_sum_is_below_ten() {
    let r = run(MatchSpec {
        entrants: [Entrant::builtin("dummy"), Entrant::builtin("coward")],
        games: 4,
        seed: 5,
        target: 100,
    });
    for log in r.logs() {
        let mut g = Pig::new(&PigParams::default()).unwrap();
        for mv in &log.moves {
            if g.awaits_decision() {
                let seat = g.player();
                let entrant = log.seating[usize::from(seat)];
                let want = if entrant == 0 { g.turn_sum() < 10 } else { false };
                assert_eq!(*mv == PigMove::ThrowAgain, want);
            }
            g.play(mv).unwrap();
        }
    }
}

#[test]
fn state_persists_across_all_games_of_a_match_and_display_is_captured() {
    // Counts its own calls in state and prints the count at each call.
    let code = "(define (player my other accum current state)
                  (set-car! state (+ (car state) 1))
                  (display (car state)) (newline)
                  (< (+ accum current) 15))";
    let r = run(MatchSpec::checker(scheme("counter", code), 2));
    let printed: Vec<u64> =
        r.logs().iter().flat_map(|l| l.output.lines().map(|x| x.parse::<u64>().unwrap())).collect();
    assert!(printed.len() > 49 * 5);
    assert!(printed.windows(2).all(|w| w[1] == w[0] + 1), "one counter across the whole match");
    assert_eq!(printed[0], 1);
}

#[test]
fn failing_decisions_count_as_stop_and_are_reported_with_their_place() {
    let code = "(define (player my other accum current state)\n  (if (> accum 0) (car accum) #t))";
    let r = run(MatchSpec::checker(scheme("bad", code), 4));
    let failures = r.failures();
    let f = failures.first().expect("a failure");
    assert_eq!(f.entrant, 0);
    assert!(f.message.starts_with("2:19: car: expected a pair"), "{}", f.message);
    // The failed decision is a hold at that move.
    let log = &r.logs()[f.game as usize];
    assert_eq!(log.moves[f.move_index], PigMove::Hold);
}

#[test]
fn a_looping_strategy_exhausts_its_budget_deterministically() {
    let code = "(define (player a b c d s) (let loop () (loop)))";
    let r = run(MatchSpec {
        entrants: [scheme("loop", code), Entrant::builtin("hold20")],
        games: 2,
        seed: 1,
        target: 100,
    });
    assert!(!r.failures().is_empty());
    assert!(r.failures().iter().all(|f| f.message.contains("step budget")));
    let again = run(MatchSpec {
        entrants: [scheme("loop", code), Entrant::builtin("hold20")],
        games: 2,
        seed: 1,
        target: 100,
    });
    assert_eq!(r.failures(), again.failures());
}

#[test]
fn a_strategy_that_does_not_load_is_a_setup_error() {
    let e = match_series(&MatchSpec::checker(scheme("broken", "(define (player a b c d s)"), 1))
        .err()
        .expect("error");
    assert_eq!(e.entrant, Some(0));
    assert!(e.message.starts_with("1:1:"), "{}", e.message);
    let e = match_series(&MatchSpec::checker(Entrant::builtin("nobody"), 1)).err().expect("error");
    assert!(e.message.contains("unknown built-in"));
}

#[test]
fn javascript_entrants_are_asked_from_outside() {
    let js = Entrant { label: "js".into(), source: StrategySource::JavaScript(String::new()) };
    let spec =
        MatchSpec { entrants: [js, Entrant::builtin("hold20")], games: 3, seed: 9, target: 100 };
    let mut m = match_series(&spec).unwrap();
    let mut asked = 0;
    loop {
        match m.advance(1000) {
            Step::Finished => break,
            Step::Running => {}
            Step::Ask(q) => {
                assert_eq!(q.entrant, 0);
                asked += 1;
                // Hold at 20, but throw an error every 50th decision.
                let answer = if asked % 50 == 0 {
                    Answer::Failed("threw TypeError".to_string())
                } else {
                    Answer::Move(decision(q.view.turn_sum() < 20))
                };
                m.answer(answer, "");
            }
        }
    }
    assert_eq!(m.logs().len(), 3);
    assert!(asked > 20);
    assert_eq!(m.failures().len(), asked / 50);
    // A runner with an outside strategy cannot be run natively to the end.
    let js = Entrant { label: "js".into(), source: StrategySource::JavaScript(String::new()) };
    assert_eq!(
        play_match(&MatchSpec::checker(js, 1)).err().unwrap(),
        "js: JavaScript strategies run only in the page"
    );
}

#[test]
fn scores_and_intervals() {
    assert!((challenge_score(25, 49) - 0.04).abs() < 1e-12);
    assert!((challenge_score(49, 49) - 1.0).abs() < 1e-12);
    assert!((challenge_score(24, 49) - 0.0).abs() < 1e-12);
    let (lo, hi) = wilson_interval(27, 49);
    assert!(lo < 27.0 / 49.0 && hi > 27.0 / 49.0);
    assert!((lo - 0.4139).abs() < 1e-3 && (hi - 0.6815).abs() < 1e-3, "{lo} {hi}");
    assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
}

#[test]
fn slow_javascript_decisions_count_as_timeouts_of_their_entrant_and_as_hold() {
    let js = Entrant { label: "js".into(), source: StrategySource::JavaScript(String::new()) };
    let spec = MatchSpec::checker(js, 4);
    let mut m = match_series(&spec).unwrap();
    let mut slow = 0;
    while let Step::Ask(q) = m.advance(1000) {
        if !q.counts || slow == 5 {
            m.answer(Answer::Move(decision(false)), "");
        } else {
            slow += 1;
            m.answer(Answer::TimedOut("took 80 ms, the limit is 50 ms per call".into()), "");
        }
    }
    assert_eq!(MatchSummary::of(&spec, &m).timeouts, [5, 0]);
    assert_eq!(m.failures().len(), 5);
    for f in m.failures() {
        assert_eq!(m.logs()[f.game as usize].moves[f.move_index], PigMove::Hold, "a timeout holds");
    }
}

#[test]
fn the_match_summary_holds_codeabbeys_pass_rule_for_the_page_and_the_cli() {
    let spec = MatchSpec::checker(Entrant::builtin("optimal"), 3);
    let r = run(spec.clone());
    let s = MatchSummary::of(&spec, &r);
    let wins = r.logs().iter().filter(|l| winner(l) == Some(0)).count() as u32;
    assert_eq!(s.wins, [wins, 49 - wins]);
    assert_eq!((s.games, s.games_done), (49, 49));
    assert_eq!(s.score, challenge_score(wins, 49));
    assert_eq!(s.win_rate, f64::from(wins) / 49.0);
    assert_eq!(s.ci95, wilson_interval(wins, 49));
    assert_eq!(s.passed, wins >= 25);
    // Pass means more than half of the match's games, not of the games done so far.
    let mut partial = match_series(&spec).unwrap();
    assert!(matches!(partial.advance(300), Step::Running));
    let so_far = MatchSummary::of(&spec, &partial);
    assert!(so_far.games_done < 49 && so_far.wins[0] <= 24 && !so_far.passed, "{so_far:?}");
    let none = MatchSummary::of(&spec, &match_series(&spec).unwrap());
    assert_eq!(
        (none.games_done, none.win_rate, none.ci95, none.passed),
        (0, 0.0, (0.0, 1.0), false)
    );
}
