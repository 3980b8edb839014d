//! Generated cases: random routes on every official map keep the invariants, the incremental
//! update equals a full scan at every step, undo restores the exact state, and links round-trip.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use lifter::{maps, Cell, Command, Lifter, LifterParams, Mine, Outcome};
use rails::rng::{below, stream};

fn count(g: &Lifter, pred: impl Fn(Cell) -> bool) -> u32 {
    g.cells().iter().filter(|&&c| pred(c)).count() as u32
}

/// Random walk biased to moving (W, S, A rarer).
fn random_route(seed: u64, len: usize) -> Vec<Command> {
    let mut rng = stream(seed, 77);
    (0..len)
        .map(|_| match below(&mut rng, 100) {
            0..=22 => Command::Left,
            23..=45 => Command::Right,
            46..=68 => Command::Up,
            69..=91 => Command::Down,
            92..=96 => Command::Wait,
            97..=98 => Command::Shave,
            _ => Command::Abort,
        })
        .collect()
}

#[test]
fn random_routes_keep_the_invariants() {
    for (m, (name, text)) in maps::OFFICIAL.iter().enumerate() {
        let mine = Mine::parse(text).unwrap();
        for k in 0..12u64 {
            let route = random_route(m as u64 * 100 + k, 150);
            let mut fast = Lifter::new(&mine);
            let mut slow = Lifter::new(&mine);
            slow.set_full_scan(true);
            let mut crashes = false;
            for (i, &cmd) in route.iter().enumerate() {
                if fast.outcome().is_some() {
                    break;
                }
                let rocks_before = count(&fast, Cell::is_rock);
                let horocks_before = count(&fast, |c| c == Cell::HoRock);
                fast.step(cmd).unwrap();
                slow.step(cmd).unwrap();
                assert_eq!(
                    fast.cells(),
                    slow.cells(),
                    "{name} route {k} step {i}: incremental vs full scan"
                );
                // Rocks never appear; they disappear only when two land on one cell or a
                // higher-order rock turns into a lambda.
                let mut targets: Vec<u32> = fast.falls().iter().map(|f| f.1).collect();
                targets.sort_unstable();
                let before = targets.len();
                targets.dedup();
                let crashed = before - targets.len();
                crashes |= crashed > 0;
                let landed = horocks_before.saturating_sub(count(&fast, |c| c == Cell::HoRock));
                let rocks_after = count(&fast, Cell::is_rock);
                assert!(rocks_after <= rocks_before, "{name}: a rock appeared");
                assert!(
                    rocks_before - rocks_after <= crashed as u32 + landed,
                    "{name}: a rock vanished"
                );
                // Lambdas are conserved (on the map, in higher-order rocks, collected).
                let held =
                    fast.collected() + count(&fast, |c| matches!(c, Cell::Lambda | Cell::HoRock));
                if crashes {
                    assert!(held <= fast.total_lambdas());
                } else {
                    assert_eq!(held, fast.total_lambdas(), "{name} route {k} step {i}: lambdas");
                }
                // Score arithmetic.
                let l = i64::from(fast.collected());
                let bonus = match fast.outcome() {
                    Some(Outcome::Win) => 50 * l,
                    Some(Outcome::Abort) => 25 * l,
                    _ => 0,
                };
                assert_eq!(fast.score(), 25 * l - i64::from(fast.moves()) + bonus);
                assert!(fast.moves() <= fast.commands());
            }
        }
    }
}

#[test]
fn undo_restores_every_step_exactly() {
    for (name, text) in maps::OFFICIAL.iter().step_by(3) {
        let mine = Mine::parse(text).unwrap();
        let mut game = Lifter::new(&mine);
        let mut snapshots = vec![game.clone()];
        for cmd in random_route(name.len() as u64, 120) {
            if game.step(cmd).is_err() {
                break;
            }
            snapshots.push(game.clone());
        }
        while snapshots.len() > 1 {
            snapshots.pop();
            assert!(game.undo());
            let want = snapshots.last().unwrap();
            assert_eq!(game.cells(), want.cells(), "{name}");
            assert_eq!(
                (game.score(), game.outcome(), game.robot(), game.razors(), game.underwater()),
                (want.score(), want.outcome(), want.robot(), want.razors(), want.underwater())
            );
        }
        assert!(!game.undo());
        // After undoing everything, replaying gives the same game as the first time.
        assert_eq!(game, snapshots[0]);
    }
}

#[test]
fn the_route_limit_is_width_times_height() {
    let mut g = Lifter::new(&Mine::parse("###\n#R#\n###").unwrap());
    for _ in 0..8 {
        g.step(Command::Wait).unwrap();
    }
    assert_eq!(g.outcome(), None);
    g.step(Command::Wait).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Unfinished));
    assert!(g.step(Command::Wait).is_err());
}

#[test]
fn generic_playouts_and_links() {
    let pool = Command::ALL;
    for name in ["contest1", "flood2", "trampoline1", "beard1", "horock1"] {
        testkit::random_playouts::<Lifter>(&LifterParams::official(name).unwrap(), &pool, 20, 400);
    }
    let custom =
        LifterParams { name: "mine".into(), text: "#####\n#R*\\L\n#.. #\n#####\n\nWater 1".into() };
    testkit::random_playouts::<Lifter>(&custom, &pool, 20, 100);
}

#[test]
fn lose_by_crushing_and_by_drowning() {
    // A rock two cells above the robot falls onto it when the robot steps under... here the
    // robot waits under a rock with empty space between.
    let mut g = Lifter::new(&Mine::parse("#####\n# * #\n#   #\n# R #\n#####").unwrap());
    g.step(Command::Wait).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Lose));
    let mut g =
        Lifter::new(&Mine::parse("#####\n#   #\n# R #\n#####\n\nWater 2\nWaterproof 2").unwrap());
    for _ in 0..2 {
        g.step(Command::Wait).unwrap();
        assert_eq!(g.outcome(), None);
    }
    g.step(Command::Wait).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Lose));
}

#[test]
fn undo_beyond_the_kept_history_stops_cleanly_and_play_continues_exactly() {
    for name in ["contest10", "beard2", "horock3"] {
        let mine = Mine::parse(maps::official(name).unwrap()).unwrap();
        let route = random_route(9, 200);
        let mut game = Lifter::new(&mine);
        game.set_history_limit(20);
        let mut played = 0;
        for &cmd in &route {
            if game.step(cmd).is_err() {
                break;
            }
            played += 1;
        }
        let mut undone = 0;
        while game.undo() {
            undone += 1;
        }
        assert!(
            undone > 0 && undone < played,
            "{name}: only recent steps can be undone ({undone} of {played})"
        );
        // The position after the undos equals a fresh replay of the shorter route, and playing
        // on from there gives exactly the same games.
        let mut fresh = Lifter::new(&mine);
        for &cmd in &route[..played - undone] {
            fresh.step(cmd).unwrap();
        }
        assert_eq!(game, fresh, "{name}");
        for &cmd in &route[played - undone..played] {
            game.step(cmd).unwrap();
            fresh.step(cmd).unwrap();
            assert_eq!(game, fresh, "{name}");
        }
    }
}
