//! Lifter on the one game loop: a game is a one-seat `arena::Series`; a failed answer plays the
//! fallback (wait) and is kept in the game's decisions; a game cut anywhere and started again
//! from its moves goes on the same.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use lifter::view::LifterView;
use lifter::{Command, Lifter, LifterParams};
use rails::arena::{
    Answer, DecideError, Decider, Deciders, MatchRules, MoveLabels, Series, SeriesSpec, Start, Step,
};
use rails::game::Game;

/// Drives contest1 by the winning route, reading the step from the view (so it is the same
/// decider whenever it starts); fails at its third command, and aborts past the route's end.
struct ByRoute;

const ROUTE: &str = "DLRDDUULLLDDL";

impl Decider<Lifter> for ByRoute {
    fn decide(&mut self, view: &LifterView) -> Result<Command, DecideError> {
        let step = view.counters.moves as usize;
        if step == 2 {
            return Err("planted failure".into());
        }
        Ok(ROUTE.chars().nth(step).and_then(Command::from_char).unwrap_or(Command::Abort))
    }
}

fn contest1() -> LifterParams {
    LifterParams::official("contest1").unwrap()
}

fn deciders() -> Deciders<Lifter> {
    vec![Some(Box::new(ByRoute))]
}

#[test]
fn a_lifter_series_cut_anywhere_goes_on_the_same() {
    testkit::resumes_as_if_never_stopped(
        SeriesSpec::new(contest1(), 1, 0),
        &deciders,
        &[0, 1, 2, 3, 7, 12, 10_000],
    );
}

#[test]
fn a_failed_decision_plays_wait_and_is_kept() {
    let whole = Series::new(SeriesSpec::new(contest1(), 1, 0), deciders()).unwrap().run().unwrap();
    let log = &whole.logs()[0];
    assert_eq!(log.moves[2], Command::Wait, "the fallback for the failed third command");
    assert_eq!(
        log.moves[3],
        Command::Down,
        "the next command is asked again (every command is a turn)"
    );
    assert_eq!(log.decisions.len(), log.moves.len(), "one decision a command");
    let third = &log.decisions[2];
    assert_eq!((third.move_index, third.refused(), third.made), (2, Some("planted failure"), 0));
    let labels = MoveLabels::<Lifter>::of(&log.params, &log.moves).unwrap();
    assert_eq!(labels.answer(&log.decisions[0]), "D", "answers in the engine's words");
    assert_eq!(labels.answer(third), "", "a refused answer made no move");
    assert_eq!(whole.failures().len(), 1);
    assert_eq!(Lifter::FALLBACK, "wait");
    assert!(log.end.outcome().is_some(), "the game is over: {:?}", log.end.outcome());
    assert_eq!(log.returns, vec![log.end.score() as f64]);
}

#[test]
fn an_outside_seat_answers_commands_and_a_refused_one_is_a_wait() {
    let spec = SeriesSpec::new(contest1(), 1, 0);
    let mut series: Series<Lifter> = Series::from_position(
        spec,
        vec![None],
        Start { params: contest1(), moves: vec![Command::Down] },
    )
    .unwrap();
    let Step::Ask(q) = series.advance(1) else { panic!("the outside seat is asked") };
    assert_eq!(
        (q.seat, q.view.counters.moves),
        (0, 1),
        "asked at the position after the recorded move"
    );
    let answer = Command::from_answer(" l\n").unwrap();
    series.answer_timed(Answer::Move(answer), "went left\n", 3.5);
    let refused = Command::from_answer("jump").unwrap_err();
    assert!(refused.contains("\"jump\" is not a command"), "{refused}");
    assert!(matches!(series.advance(1), Step::Ask(_)));
    series.answer_timed(Answer::Failed(refused.clone()), "", 1.0);
    assert_eq!(series.current_moves(), &[Command::Down, Command::Left, Command::Wait]);
    let d = series.current_decisions();
    let labels = MoveLabels::<Lifter>::of(series.current_params(), series.current_moves()).unwrap();
    assert_eq!(
        (d[0].move_index, labels.answer(&d[0]).as_str(), d[0].printed(), d[0].ms),
        (1, "L", "went left\n", 3.5)
    );
    assert_eq!((d[1].move_index, d[1].refused()), (2, Some(refused.as_str())));
}

#[test]
fn every_game_ends_by_the_rules_without_a_cap() {
    // A driver that only waits: the game ends by the route limit (width × height commands).
    struct Waits;
    impl Decider<Lifter> for Waits {
        fn decide(&mut self, _: &LifterView) -> Result<Command, DecideError> {
            Ok(Command::Wait)
        }
    }
    let whole = Series::new(SeriesSpec::new(contest1(), 1, 0), vec![Some(Box::new(Waits))])
        .unwrap()
        .run()
        .unwrap();
    let log = &whole.logs()[0];
    let start = <Lifter as Game>::new(&contest1()).unwrap();
    assert!(!log.capped && !start.capped());
    assert_eq!(log.moves.len(), start.width() * start.height());
    assert_eq!(log.end.outcome().map(|o| o.name()), Some("unfinished"));
}
