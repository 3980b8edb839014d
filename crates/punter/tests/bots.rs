//! The built-in Punter bots on the shared runner: they play only legal moves from their own
//! views, and the stronger ones beat the weaker ones.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use punter::bots::bot;
use punter::{Punter, PunterParams, Settings};
use rails::arena::{Deciders, MatchSeeds, Series, SeriesSpec, Standings, Step};

fn arena(a: &str, b: &str, map: &str, games: u32, settings: Settings) -> Standings {
    let params = PunterParams::bundled(map, 2, settings).unwrap();
    let deciders: Deciders<Punter> =
        [a, b].iter().enumerate().map(|(i, n)| bot(n, MatchSeeds(9).entrant(i)).ok()).collect();
    let mut r = Series::new(SeriesSpec::new(params, games, 9), deciders).unwrap();
    assert_eq!(r.advance(u32::MAX), Step::Finished);
    assert!(r.failures().is_empty(), "bots play legal moves: {:?}", r.failures().first());
    Standings::of_logs(2, r.logs())
}

#[test]
fn greedy_beats_random_and_strong_beats_greedy() {
    let plain = Settings::default();
    let s = arena("greedy", "random", "circle.json", 6, plain);
    assert!(s.tallies[0].wins >= 5, "{:?}", s.tallies);
    let mut wins = 0;
    for map in ["lambda.json", "circle.json", "triangle.json", "randomMedium.json"] {
        wins += arena("strong", "greedy", map, 2, plain).tallies[0].wins;
    }
    assert!(wins >= 6, "strong won {wins} of 8 against greedy");
}

// On junction, greedy's frontier is narrow: a bot that only blocks it ends with nothing (an
// earlier strong did, in the second seat: 0 against 256). The first 120 turns show it: by then
// strong leads from either seat (and it goes on to win by far). One test a seat, so the two
// (the slowest of the debug tests) run at once.
#[test]
fn strong_builds_a_network_of_its_own_in_the_first_seat() {
    strong_builds_a_network_of_its_own_in_seat(0);
}

#[test]
fn strong_builds_a_network_of_its_own_in_the_second_seat() {
    strong_builds_a_network_of_its_own_in_seat(1);
}

fn strong_builds_a_network_of_its_own_in_seat(seat: usize) {
    let names = if seat == 0 { ["strong", "greedy"] } else { ["greedy", "strong"] };
    let params = PunterParams::bundled("junction.json", 2, Settings::default()).unwrap();
    let deciders: Deciders<Punter> =
        names.iter().enumerate().map(|(i, n)| bot(n, MatchSeeds(9).entrant(i)).ok()).collect();
    let mut r = Series::new(SeriesSpec::new(params, 1, 9), deciders).unwrap();
    assert_eq!(r.advance(120), Step::Running);
    let game = r.current().game();
    assert!(game.turn() >= 120, "{}", game.turn());
    let (strong, greedy) = (game.score(seat), game.score(1 - seat));
    assert!(strong > greedy, "strong in seat {} has {strong}, greedy {greedy}", seat + 1);
}

#[test]
fn bots_play_legal_moves_with_every_extension() {
    let all = Settings { futures: true, splurges: true, options: true };
    for (a, b) in [("greedy", "random"), ("strong", "greedy")] {
        let params = PunterParams::bundled("lambda.json", 2, all).unwrap();
        let deciders: Deciders<Punter> =
            [a, b].iter().enumerate().map(|(i, n)| bot(n, MatchSeeds(5).entrant(i)).ok()).collect();
        let r = Series::new(SeriesSpec::new(params, 2, 5), deciders).unwrap().run().unwrap();
        assert!(
            r.failures().is_empty(),
            "{a} vs {b}: every move legal: {:?}",
            r.failures().first()
        );
        for log in r.logs() {
            let end = log.end.game();
            assert!(end.is_over(), "{a} vs {b}: game {} played to its end", log.game + 1);
            assert_eq!(end.turn(), end.turns(), "one turn per river");
            // The strong bot bids futures for the seat it takes, whichever it is.
            if a == "strong" {
                let seat = log.seating.iter().position(|&e| e == 0).unwrap();
                assert!(!log.params.futures[seat].is_empty(), "strong's bids in seat {seat}");
                assert!(log.params.futures[1 - seat].is_empty(), "greedy does not bid");
            }
        }
    }
}

#[test]
fn strong_bids_futures_and_buys_options_when_it_may() {
    let all = Settings { futures: true, splurges: true, options: true };
    // Its bids come from `Decider::prepare`, as the series sets the game up.
    let params = PunterParams::bundled("randomMedium.json", 2, all).unwrap();
    let deciders: Deciders<Punter> = ["strong", "greedy"]
        .iter()
        .enumerate()
        .map(|(i, n)| bot(n, MatchSeeds(3).entrant(i)).ok())
        .collect();
    let mut r = Series::new(SeriesSpec::new(params, 1, 3), deciders).unwrap();
    assert_eq!(r.advance(u32::MAX), Step::Finished);
    assert!(r.failures().is_empty());
    let log = &r.logs()[0];
    assert!(
        !log.params.futures[0].is_empty() && log.params.futures[1].is_empty(),
        "strong bids, greedy does not"
    );
    let end = log.end.game();
    assert!(!end.futures(0).is_empty(), "its bids are valid futures");
    let options =
        (0..end.map().rivers.len() as u32).filter(|&r| end.option_holder(r) == Some(0)).count();
    assert!(options > 0, "strong bought options");
    assert!(end.score(0) > end.score(1));
}

#[test]
fn strong_buys_options_among_four_punters() {
    // With more than two punters strong plays its policy without play-outs; in its last turns it
    // buys an option when that adds more than the policy's claim (before, it bought none there).
    let all = Settings { futures: true, splurges: true, options: true };
    let params = PunterParams::bundled("randomMedium.json", 4, all).unwrap();
    let names = ["strong", "greedy", "greedy", "greedy"];
    let deciders: Deciders<Punter> =
        names.iter().enumerate().map(|(i, n)| bot(n, MatchSeeds(3).entrant(i)).ok()).collect();
    let mut r = Series::new(SeriesSpec::new(params, 1, 3), deciders).unwrap();
    assert_eq!(r.advance(u32::MAX), Step::Finished);
    assert!(r.failures().is_empty(), "{:?}", r.failures().first());
    let log = &r.logs()[0];
    let seat = log.seating.iter().position(|&e| e == 0).unwrap();
    let end = log.end.game();
    let options =
        (0..end.map().rivers.len() as u32).filter(|&r| end.option_holder(r) == Some(seat)).count();
    assert!(options > 0, "strong bought options");
    let best_other = (0..4).filter(|&q| q != seat).map(|q| end.score(q)).max().unwrap();
    assert!(end.score(seat) > best_other, "strong {} against {best_other}", end.score(seat));
}

#[test]
fn strong_stays_within_its_work_budget_on_maps_of_every_size() {
    // Its moves' time comes from a fixed amount of work (no clock); `arcade bench punter-bots`
    // turns that into milliseconds (docs/performance/punter.md). Here: the first move and one
    // after 60 greedy turns, with every extension, 2 and 4 punters (and 16 on the largest maps).
    use punter::strong::{StrongBot, BUDGET};
    use rails::arena::Decider;
    use rails::game::{Actor, Game};
    let all = Settings { futures: true, splurges: true, options: true };
    for map in [
        "lambda.json",
        "tube.json",
        "boston.json",
        "edinburgh-sparse.json",
        "oxford-10000.json",
        "edinburgh-10000.json",
    ] {
        // Sixteen punters on the 10,000-river maps: the final's size (the weighed claims of
        // `weighed_claim` shrink to fit the budget there).
        let sizes: &[usize] = if map.ends_with("10000.json") { &[2, 4, 16] } else { &[2, 4] };
        for &punters in sizes {
            let params = PunterParams::bundled(map, punters, all).unwrap();
            let mut game = Punter::new(&params).unwrap();
            let mut greedy = bot("greedy", 1).unwrap();
            for turn in 0..=60 {
                let Actor::Player(seat) = game.to_move() else {
                    panic!("{map}: over at turn {turn}")
                };
                let view = game.view(seat);
                if turn == 0 || turn == 60 {
                    let mut strong = StrongBot::default();
                    let mv = strong.decide(&view).unwrap();
                    assert!(game.clone().play(&mv).is_ok(), "{map}: strong's {mv:?} is legal");
                    assert!(
                        strong.work() <= BUDGET * 3 / 2,
                        "{map}, {punters} punters, turn {turn}: {} units",
                        strong.work()
                    );
                }
                game.play(&greedy.decide(&view).unwrap()).unwrap();
            }
        }
    }
}

#[test]
fn a_game_started_again_from_its_own_moves_goes_on_as_if_never_stopped() {
    let settings = Settings { futures: true, splurges: true, options: true };
    let params = PunterParams::bundled("circle.json", 3, settings).unwrap();
    let names: Vec<String> = ["random", "strong", "greedy"].iter().map(|s| s.to_string()).collect();
    let spec = SeriesSpec::new(params, 1, 77);
    testkit::resumes_as_if_never_stopped(
        spec,
        &|| punter::bots::entrants(&names, 77, 0).unwrap(),
        &[0, 1, 7, 40, 1000],
    );
}

#[test]
fn an_unknown_bot_is_one_typed_error_wherever_a_bot_is_named() {
    use punter::bots::{entrants, UnknownBot};
    let e = bot("nobody", 1).err().unwrap();
    assert_eq!(e, UnknownBot("nobody".into()));
    assert_eq!(e.to_string(), "unknown bot \"nobody\" (built-in: random, greedy, strong)");
    let names = ["js".to_string(), "nobody".to_string()];
    assert_eq!(entrants(&names, 1, 0).err().unwrap(), e.to_string());
    let seated = entrants(&["js".to_string(), "greedy".to_string()], 1, 0).unwrap();
    assert!(seated[0].is_none() && seated[1].is_some());
    // A person in the Play tab is an outside seat too (answered with a move).
    let play = entrants(&["greedy".to_string(), "human".to_string()], 1, 0).unwrap();
    assert!(play[0].is_some() && play[1].is_none());
}
