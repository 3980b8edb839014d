//! Every reference route reproduces its score, outcome, moves and lambdas, with the
//! incremental update and with a full scan of the grid.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use lifter::{maps, Command, Lifter, Mine, Outcome};

fn run(map: &str, route: &str, full_scan: bool) -> Lifter {
    let mine = Mine::parse(map).expect("official map parses");
    let mut game = Lifter::new(&mine);
    game.set_full_scan(full_scan);
    for cmd in Command::parse_route(route) {
        if game.outcome().is_some() {
            break;
        }
        game.step(cmd).expect("playable");
    }
    game
}

#[test]
fn reference_routes_reproduce() {
    let table = include_str!("../../../tests/fixtures/lifter-routes.tsv");
    let mut checked = 0;
    for (n, line) in table.lines().enumerate().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let [name, route, score, outcome, moves, lambdas] = f.as_slice() else {
            panic!("row {n}: {line}")
        };
        let map = maps::official(name).unwrap_or_else(|| panic!("no map {name}"));
        let game = run(map, route, false);
        let want = match *outcome {
            "WIN" => Some(Outcome::Win),
            "RUNNING" => None,
            other => panic!("outcome {other}"),
        };
        assert_eq!(game.outcome(), want, "{name}: outcome");
        assert_eq!(game.score(), score.parse::<i64>().unwrap(), "{name}: score");
        assert_eq!(game.moves(), moves.parse::<u32>().unwrap(), "{name}: moves");
        assert_eq!(game.collected(), lambdas.parse::<u32>().unwrap(), "{name}: lambdas");
        let naive = run(map, route, true);
        assert_eq!(naive.cells(), game.cells(), "{name}: full scan gives the same mine");
        checked += 1;
    }
    assert_eq!(checked, 26);
}
