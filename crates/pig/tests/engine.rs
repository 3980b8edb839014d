//! Pig rules: the generic playout check plus hand-made games with known outcomes.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use pig::{Pig, PigError, PigMove, PigParams, Situation};
use rails::game::{replay, Actor, Game};
use PigMove::{Hold as H, Roll as R, ThrowAgain as T};

fn pool() -> Vec<PigMove> {
    let mut p: Vec<PigMove> = (0..=7).map(R).collect();
    p.extend([T, H]);
    p
}

#[test]
fn random_playouts_keep_every_invariant() {
    testkit::random_playouts::<Pig>(&PigParams::default(), &pool(), 300, 10_000);
    testkit::random_playouts::<Pig>(&PigParams { target: 20 }, &pool(), 300, 10_000);
}

#[test]
fn first_throw_is_automatic_and_a_one_loses_the_turn() {
    let mut g = Pig::new(&PigParams::default()).unwrap();
    assert_eq!(g.to_move(), Actor::Chance);
    assert_eq!(g.play(&H), Err(PigError::DieMustBeThrown));
    g.play(&R(4)).unwrap();
    assert_eq!(g.to_move(), Actor::Player(0));
    assert_eq!(
        g.situation(),
        Some(Situation { my_total: 0, other_total: 0, accum: 0, current: 4 })
    );
    g.play(&T).unwrap();
    g.play(&R(5)).unwrap();
    assert_eq!(
        g.situation(),
        Some(Situation { my_total: 0, other_total: 0, accum: 4, current: 5 })
    );
    g.play(&H).unwrap();
    assert_eq!(g.totals(), [9, 0]);
    assert_eq!(g.to_move(), Actor::Chance);
    assert_eq!(g.player(), 1);
    g.play(&R(6)).unwrap();
    g.play(&T).unwrap();
    g.play(&R(1)).unwrap();
    assert_eq!(g.totals(), [9, 0], "the turn sum is lost");
    assert_eq!(g.player(), 0);
    assert_eq!(g.play(&R(7)), Err(PigError::BadFace(7)));
}

#[test]
fn the_example_game_of_the_task() {
    // Anna: 6 3 5 stop (14); Bob: 2 4 4 3 2 stop (15); Anna: 4 1; Bob: 2 6 stop (23);
    // Anna: 6 6 5 stop (31); Bob: 1.
    let moves = [
        R(6),
        T,
        R(3),
        T,
        R(5),
        H,
        R(2),
        T,
        R(4),
        T,
        R(4),
        T,
        R(3),
        T,
        R(2),
        H,
        R(4),
        T,
        R(1),
        R(2),
        T,
        R(6),
        H,
        R(6),
        T,
        R(6),
        T,
        R(5),
        H,
        R(1),
    ];
    let g: Pig = replay(&PigParams::default(), &moves).unwrap();
    assert_eq!(g.totals(), [31, 23]);
    assert_eq!(g.player(), 0);
}

#[test]
fn win_happens_on_the_throw_that_reaches_the_target() {
    let mut moves = Vec::new();
    for _ in 0..8 {
        moves.extend([R(6), T, R(6), H, R(1)]); // player 0 reaches 96
    }
    moves.extend([R(2), T, R(2)]); // 96 + 4 = 100
    let g: Pig = replay(&PigParams::default(), &moves).unwrap();
    assert_eq!(g.winner(), Some(0));
    assert_eq!(g.totals(), [100, 0]);
    assert!(g.legal_moves().is_empty());
    let mut over = g.clone();
    assert_eq!(over.play(&R(3)), Err(PigError::GameOver));
    assert_eq!(over, g);
}

#[test]
fn bad_target_is_an_error() {
    assert_eq!(Pig::new(&PigParams { target: 1 }), Err(PigError::BadTarget(1)));
    assert_eq!(Pig::new(&PigParams { target: 5000 }), Err(PigError::BadTarget(5000)));
}

#[test]
#[cfg(feature = "scheme")]
fn a_game_started_again_from_its_own_moves_goes_on_as_if_never_stopped() {
    use pig::decider::{PolicyDecider, SchemeDecider};
    use pig::Policy;
    use rails::arena::{Deciders, SeriesSpec};
    // A strategy with a memory (a global counter) and draws of its own: it is asked its
    // earlier questions again, so it remembers them.
    let code = "(define n 0) (define (player my-total other-total accum current state) (set! n (+ n 1)) (display n) (and (< accum (+ 8 (random 10))) (odd? (quotient n 3))))";
    let deciders = || -> Deciders<Pig> {
        vec![
            Some(Box::new(SchemeDecider::load(code, 4).unwrap())),
            Some(Box::new(PolicyDecider {
                policy: Policy::named("hold20", 100).unwrap(),
                target: 100,
            })),
        ]
    };
    testkit::resumes_as_if_never_stopped(
        SeriesSpec::new(PigParams::default(), 1, 11),
        &deciders,
        &[0, 1, 2, 5, 17, 60, 10_000],
    );
}
