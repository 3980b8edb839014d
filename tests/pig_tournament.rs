//! Tournaments of more than two Pig strategies on the shared runner: every pair plays, the
//! standings and the Elo table come from the rails, links carry every strategy.

use games::open_link;
use pig::decider::decision;
use pig::links::{decode_tournament, encode_tournament};
use pig::tournament::{TournamentRunner, TournamentSpec};
use pig::{Entrant, Pig, PigParams, StrategySource};
use rails::arena::{Answer, SeatFailure, Step};
use rails::game::replay;
use rails::link::LinkError;

fn spec(names: &[&str], games: u32, seed: u64) -> TournamentSpec {
    TournamentSpec {
        entrants: names.iter().map(|n| Entrant::builtin(n)).collect(),
        games,
        seed,
        target: 100,
    }
}

#[test]
fn every_pair_plays_and_the_elo_table_ranks_the_strategies() {
    let s = spec(&["dummy", "hold20", "optimal", "coward"], 60, 4);
    let r = TournamentRunner::new(s.clone()).unwrap().run().unwrap();
    assert_eq!(r.games().len(), 6 * 60);
    for pair in 0..6 {
        assert_eq!(r.games().iter().filter(|g| g.pair == pair).count(), 60);
    }
    for g in r.games() {
        let end: Pig = replay(&PigParams { target: 100 }, &g.log.moves).unwrap();
        assert_eq!(end.totals(), g.log.end.totals());
        assert!(g.winner == g.first || g.winner == g.second);
    }
    let standings = r.standings();
    assert_eq!(standings.tallies.iter().map(|t| t.wins).sum::<u32>(), 360);
    assert!(standings.tallies.iter().all(|t| t.games == 180));
    let elo = standings.elo();
    assert!(elo[2] > elo[1] && elo[1] > elo[0], "optimal > hold20 > dummy: {elo:?}");
    // Same seed, same tournament.
    let again = TournamentRunner::new(s).unwrap().run().unwrap();
    assert_eq!(again.games(), r.games());
}

#[test]
fn javascript_entrants_are_asked_by_their_tournament_index() {
    let mut s = spec(&["hold20", "pace", "dummy"], 2, 1);
    s.entrants[2] = Entrant {
        label: "mine.js".into(),
        source: StrategySource::JavaScript("function player(){return false}".into()),
    };
    let mut r = TournamentRunner::new(s).unwrap();
    let mut asked = 0;
    loop {
        match r.advance(1000) {
            Step::Finished => break,
            Step::Running => {}
            Step::Ask(q) => {
                assert_eq!(q.entrant, 2);
                asked += 1;
                r.answer(Answer::Move(decision(false)), "");
            }
        }
    }
    assert!(asked > 0);
    assert_eq!(r.games().len(), 6);
}

#[test]
fn a_broken_strategy_is_named_before_anything_is_played() {
    let mut s = spec(&["hold20", "pace", "dummy"], 2, 1);
    s.entrants[1] = Entrant {
        label: "bad.scm".into(),
        source: StrategySource::Scheme("(define (player a b c d s)".into()),
    };
    let e = TournamentRunner::new(s).err().expect("an error");
    assert_eq!(e.entrant, Some(1));
    assert!(
        TournamentRunner::new(spec(&["hold20", "pace"], 2, 1)).is_err(),
        "two strategies are a match"
    );
}

#[test]
fn tournament_links_carry_every_strategy_and_refuse_too_many_games() {
    let mut s = spec(&["hold20", "pace", "dummy", "optimal"], 100, 77);
    s.entrants[0] = Entrant {
        label: "mine.scm".into(),
        source: StrategySource::Scheme("(define (player a b c d e) #f)".into()),
    };
    let link = encode_tournament(&s);
    assert!(link.starts_with("pig-tournament/1/"));
    let opened = open_link(&link).unwrap();
    assert_eq!(opened.data["entrants"].as_array().unwrap().len(), 4);
    assert_eq!(opened.data["entrants"][0]["source"], "(define (player a b c d e) #f)");
    let env = rails::link::open(&link).unwrap();
    assert_eq!(decode_tournament(&env).unwrap(), s);
    // 6 pairs × 2,000 games is more than the arena plays.
    s.games = 2000;
    let e = open_link(&encode_tournament(&s)).unwrap_err();
    assert!(matches!(e, LinkError::TooLarge { .. }), "{e}");
    assert!(e.to_string().contains("12000 is larger than the limit of 10000"), "{e}");
}

#[test]
fn pairs_played_apart_make_the_same_tournament() {
    use pig::tournament::{TournamentRunner, TournamentSpec};
    let entrants = ["optimal", "hold20", "pace", "coward"].map(pig::Entrant::builtin).to_vec();
    let spec = TournamentSpec { entrants, games: 25, seed: 99, target: 100 };
    let whole = TournamentRunner::new(spec.clone()).unwrap().run().unwrap();
    // Played in reverse order, as another core might finish them.
    let mut results: Vec<_> = (0..spec.pairs().len())
        .rev()
        .map(|k| Some(TournamentRunner::play_pair(&spec, k).unwrap()))
        .collect();
    results.reverse();
    let apart = TournamentRunner::with_pairs(spec.clone(), results).unwrap();
    assert_eq!(apart.games(), whole.games());
    assert_eq!(apart.standings().elo(), whole.standings().elo());
    assert!(TournamentRunner::with_pairs(apart.spec().clone(), Vec::new()).is_err());

    // Some pairs still playing: the standings of the pairs done so far.
    let mut partial = results_of(&spec);
    partial[1] = None;
    partial[4] = None;
    let so_far = TournamentRunner::with_pairs(spec.clone(), partial).unwrap();
    assert_eq!(so_far.games().len(), 4 * 25);
    assert!(so_far.games().iter().all(|g| g.pair != 1 && g.pair != 4));
    assert_eq!(so_far.games_total(), 6 * 25);

    // Results from elsewhere are checked, not trusted: an entrant a pair does not have, or a
    // pair short of games, is a message naming the pair.
    let mut bad = results_of(&spec);
    if let Some(r) = bad[2].as_mut() {
        r.logs[3].seating[0] = 2;
    }
    assert_eq!(
        TournamentRunner::with_pairs(spec.clone(), bad).err().unwrap(),
        "pair 3: entrant 2 (a pair has entrants 0 and 1)"
    );
    let mut bad = results_of(&spec);
    if let Some(r) = bad[0].as_mut() {
        r.failures.push(SeatFailure {
            game: 0,
            move_index: 0,
            entrant: 7,
            seat: 0,
            message: String::new(),
            timeout: false,
        });
    }
    assert_eq!(
        TournamentRunner::with_pairs(spec.clone(), bad).err().unwrap(),
        "pair 1: entrant 7 (a pair has entrants 0 and 1)"
    );
    let mut bad = results_of(&spec);
    if let Some(r) = bad[5].as_mut() {
        r.logs.pop();
    }
    assert_eq!(
        TournamentRunner::with_pairs(spec, bad).err().unwrap(),
        "pair 6: 24 games (each pair plays 25)"
    );
}

fn results_of(spec: &pig::tournament::TournamentSpec) -> Vec<Option<pig::tournament::PairResult>> {
    (0..spec.pairs().len())
        .map(|k| pig::tournament::TournamentRunner::play_pair(spec, k).ok())
        .collect()
}
