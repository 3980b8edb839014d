//! What the page shows about results and rules comes from the engines: ranks and winners (ties
//! included) from `Game::ranks`, the endings in words, whose futures a viewer may see, the one
//! future per mine, and the extra tile's openings as it is turned.

use labyrinth::{Direction, Kind, Tile};
use pig::{Pig, PigMove, PigParams};
use punter::game::display_names;
use punter::state::add_bid;
use punter::{Punter, PunterMove, PunterParams, Settings};
use rails::game::{Actor, Game};

/// A game on sample.json where seat `p` plays `pick(legal moves)` until the end.
fn punter(
    punters: usize,
    settings: Settings,
    futures: Vec<Vec<(u64, u64)>>,
    pick: impl Fn(usize, &[PunterMove]) -> PunterMove,
) -> Punter {
    let text = punter::maps::bundled("sample.json").unwrap();
    let params = PunterParams::new("sample.json", text, punters, settings, futures).unwrap();
    let mut g = Punter::new(&params).unwrap();
    while let Actor::Player(p) = g.to_move() {
        let mv = pick(usize::from(p), &g.legal_moves());
        g.play(&mv).unwrap();
    }
    g
}

fn names(n: &[&str]) -> Vec<String> {
    n.iter().map(|s| s.to_string()).collect()
}

#[test]
fn ranks_share_a_place_on_equal_returns_and_are_empty_before_the_end() {
    let text = punter::maps::bundled("sample.json").unwrap();
    let fresh = Punter::new(
        &PunterParams::new("sample.json", text, 3, Settings::default(), Vec::new()).unwrap(),
    )
    .unwrap();
    assert!(
        fresh.ranks().is_empty() && fresh.winners().is_empty() && fresh.ending(&[], None).is_none()
    );

    // Everyone passes: 0 each, a three-way tie.
    let tie = punter(3, Settings::default(), Vec::new(), |_, _| PunterMove::Pass);
    assert_eq!(tie.ranks(), vec![1, 1, 1]);
    assert_eq!(tie.winners(), vec![0, 1, 2]);
    let n = names(&["greedy", "You", "strong"]);
    assert_eq!(
        tie.ending(&n, Some(1)).unwrap(),
        "Game over after 12 turns. A tie: greedy, You, strong with 0."
    );

    // Seat 1 claims what it can, the others pass: seat 1 first, the other two share second place.
    let one = punter(3, Settings::default(), Vec::new(), |p, legal| {
        if p == 1 {
            legal
                .iter()
                .find(|m| matches!(m, PunterMove::Claim(_)))
                .cloned()
                .unwrap_or(PunterMove::Pass)
        } else {
            PunterMove::Pass
        }
    });
    assert_eq!(one.ranks(), vec![2, 1, 2]);
    assert_eq!(one.winners(), vec![1]);
    let best = one.game().scores()[1];
    assert!(best > 0);
    assert_eq!(
        one.ending(&n, Some(1)).unwrap(),
        format!("Game over after 12 turns. You win with {best}.")
    );
    assert_eq!(
        one.ending(&n, None).unwrap(),
        format!("Game over after 12 turns. You wins with {best}.")
    );
    assert_eq!(
        one.ending(&names(&["a", "b", "c"]), Some(0)).unwrap(),
        format!("Game over after 12 turns. b wins with {best}.")
    );
}

#[test]
fn pig_ranks_its_winner_and_says_so() {
    let mut g = Pig::new(&PigParams { target: 10 }).unwrap();
    assert!(g.ranks().is_empty() && g.ending(&[], None).is_none());
    while g.outcome().is_none() {
        let mv = if g.to_move() == Actor::Chance { PigMove::Roll(6) } else { PigMove::ThrowAgain };
        g.play(&mv).unwrap();
    }
    assert_eq!(g.ranks(), vec![1, 2]);
    assert_eq!(g.winners(), vec![0]);
    let n = names(&["You", "hold20"]);
    assert_eq!(g.ending(&n, Some(0)).unwrap(), "You win 12 to 0!");
    assert_eq!(g.ending(&names(&["hold20", "You"]), Some(1)).unwrap(), "hold20 wins 12 to 0.");
}

#[test]
fn display_names_tell_equal_names_apart() {
    assert_eq!(
        display_names(&names(&["greedy", "You", "greedy", ""])),
        names(&["greedy 1", "You", "greedy 3", "P3"])
    );
}

#[test]
fn a_viewer_sees_its_own_futures_and_the_others_only_after_the_end() {
    let text = punter::maps::bundled("sample.json").unwrap();
    let futures = Settings { futures: true, ..Settings::default() };
    let g = Punter::new(&PunterParams::new("sample.json", text, 2, futures, Vec::new()).unwrap())
        .unwrap();
    assert!(
        g.futures_shown(Some(0), 0) && !g.futures_shown(Some(0), 1) && !g.futures_shown(Some(1), 0)
    );
    assert!(
        g.futures_shown(None, 0) && g.futures_shown(None, 1),
        "a spectator of the bots sees them all"
    );
    let over = punter(2, futures, Vec::new(), |_, _| PunterMove::Pass);
    assert!(over.futures_shown(Some(0), 1) && over.futures_shown(Some(1), 0));
}

#[test]
fn a_later_bid_on_a_mine_replaces_the_earlier_one() {
    let bids = add_bid(&[], 1u64, 5u64);
    let bids = add_bid(&bids, 3, 4);
    assert_eq!(bids, vec![(1, 5), (3, 4)]);
    assert_eq!(add_bid(&bids, 1, 7), vec![(3, 4), (1, 7)]);
    // The game counts the same bids.
    let text = punter::maps::bundled("sample.json").unwrap();
    let settings = Settings { futures: true, ..Settings::default() };
    let mines = punter::PunterMap::parse(text).unwrap();
    let mine = mines.sites[mines.mines[0] as usize].id;
    let targets: Vec<u64> = mines
        .sites
        .iter()
        .map(|s| s.id)
        .filter(|&id| !mines.mines.iter().any(|&m| mines.sites[m as usize].id == id))
        .take(2)
        .collect();
    let bids = add_bid(&add_bid(&[], mine, targets[0]), mine, targets[1]);
    let g = Punter::new(
        &PunterParams::new(
            "sample.json",
            text,
            2,
            settings,
            vec![vec![(mine, targets[0]), (mine, targets[1])], Vec::new()],
        )
        .unwrap(),
    )
    .unwrap();
    let kept: Vec<u64> =
        g.game().futures(0).iter().map(|&(_, t)| mines.sites[t as usize].id).collect();
    assert_eq!(kept, bids.iter().map(|&(_, t)| t).collect::<Vec<_>>());
}

#[test]
fn the_extra_tile_opens_by_how_it_is_turned() {
    let t = |kind| Tile { kind, dir: Direction::South, treasure: None };
    // north 1, east 2, south 4, west 8; turned north, east, south, west.
    assert_eq!(t(Kind::Line).openings_turned(), [5, 10, 5, 10]);
    assert_eq!(t(Kind::Corner).openings_turned(), [3, 6, 12, 9]);
    assert_eq!(t(Kind::TShape).openings_turned(), [11, 7, 14, 13]);
    for kind in [Kind::Line, Kind::Corner, Kind::TShape] {
        for (i, d) in Direction::ALL.into_iter().enumerate() {
            assert_eq!(t(kind).openings_turned()[i], t(kind).turned(d).openings());
        }
    }
}
