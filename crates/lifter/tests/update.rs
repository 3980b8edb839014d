//! Generated mines crowded with rocks, higher-order rocks, lambdas and fast-growing beards,
//! with widths around the 64-cell words of the bit planes: the update on bit planes equals
//! the plain full scan at every step (cells, rock moves, outcome), and undo is exact.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use lifter::{Command, Lifter, Mine};
use rails::rng::{below, stream};

fn random_mine(seed: u64) -> String {
    let mut rng = stream(seed, 31);
    let widths = [3, 5, 17, 63, 64, 65, 70, 127, 128, 130];
    let width = widths[below(&mut rng, widths.len() as u64) as usize];
    let height = 3 + below(&mut rng, 30) as usize;
    // Weighted cells; the mix changes with the seed so some mines are mostly rock.
    let rockiness = 5 + below(&mut rng, 40);
    let mut rows: Vec<Vec<char>> = (0..height)
        .map(|_| {
            (0..width)
                .map(|_| {
                    let roll = below(&mut rng, 100);
                    if roll < rockiness {
                        if below(&mut rng, 3) == 0 {
                            '@'
                        } else {
                            '*'
                        }
                    } else {
                        match below(&mut rng, 20) {
                            0..=9 => ' ',
                            10..=11 => '\\',
                            12 => 'W',
                            13..=14 => '.',
                            15 => '#',
                            16 => '!',
                            _ => ' ',
                        }
                    }
                })
                .collect()
        })
        .collect();
    let rx = below(&mut rng, width as u64) as usize;
    let ry = below(&mut rng, height as u64) as usize;
    rows[ry][rx] = 'R';
    let lx = below(&mut rng, width as u64) as usize;
    if (lx, 0) != (rx, ry) {
        rows[0][lx] = 'L';
    }
    let mut text: String = rows.iter().map(|r| r.iter().collect::<String>() + "\n").collect();
    text += &format!("\nGrowth {}\nRazors 2\n", 1 + below(&mut rng, 3));
    text
}

fn random_route(seed: u64, len: usize) -> Vec<Command> {
    let mut rng = stream(seed, 32);
    (0..len)
        .map(|_| Command::MOVES[below(&mut rng, Command::MOVES.len() as u64) as usize])
        .collect()
}

fn sorted_falls(g: &Lifter) -> Vec<(u32, u32)> {
    let mut f = g.falls().to_vec();
    f.sort_unstable();
    f
}

#[test]
fn bit_planes_equal_the_full_scan_on_crowded_mines() {
    let mut moved = 0;
    for seed in 0..400u64 {
        let text = random_mine(seed);
        let mine = Mine::parse(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        let mut fast = Lifter::new(&mine);
        let mut slow = Lifter::new(&mine);
        slow.set_full_scan(true);
        for (i, &cmd) in random_route(seed, 60).iter().enumerate() {
            if fast.outcome().is_some() {
                break;
            }
            fast.step(cmd).unwrap();
            slow.step(cmd).unwrap();
            assert_eq!(fast.map_text(), slow.map_text(), "seed {seed} step {i}\n{text}");
            assert_eq!(
                sorted_falls(&fast),
                sorted_falls(&slow),
                "seed {seed} step {i}: rock moves"
            );
            assert_eq!(fast, slow, "seed {seed} step {i}: counters and outcome");
            moved += fast.falls().len();
        }
    }
    assert!(moved > 10_000, "the generated mines should keep rocks moving ({moved})");
}

#[test]
fn undo_then_replay_on_crowded_mines_is_exact() {
    for seed in 0..120u64 {
        let text = random_mine(1000 + seed);
        let mine = Mine::parse(&text).unwrap();
        let route = random_route(seed, 40);
        let mut game = Lifter::new(&mine);
        let mut snapshots = vec![game.clone()];
        for &cmd in &route {
            if game.step(cmd).is_err() {
                break;
            }
            snapshots.push(game.clone());
        }
        // Undo half of the steps, then play a different continuation on both a fresh replay
        // and the undone game: the undone game must keep following the rules.
        let keep = snapshots.len() / 2;
        while snapshots.len() > keep + 1 {
            snapshots.pop();
            assert!(game.undo());
            assert_eq!(&game, snapshots.last().unwrap(), "seed {seed}: undo");
        }
        let mut slow = snapshots[keep].clone();
        slow.set_full_scan(true);
        for (i, &cmd) in random_route(seed + 7, 30).iter().enumerate() {
            if game.outcome().is_some() {
                break;
            }
            game.step(cmd).unwrap();
            slow.step(cmd).unwrap();
            assert_eq!(game, slow, "seed {seed}: step {i} after undo");
        }
    }
}

/// A move the robot cannot make counts as a Wait, and the state says so until the next command.
#[test]
fn a_blocked_move_is_a_wait_and_says_so() {
    let mine = Mine::parse("#####\n#R*.#\n#\\#L#\n#####\n").unwrap();
    let mut g = Lifter::new(&mine);
    let at = g.robot();
    g.step(Command::Up).unwrap(); // into the wall
    assert!(g.blocked());
    assert_eq!((g.robot(), g.moves()), (at, 1), "it stayed, and the move counted");
    g.step(Command::Right).unwrap(); // the rock has earth behind it: it does not move
    assert!(g.blocked());
    g.step(Command::Down).unwrap(); // onto the lambda
    assert!(!g.blocked());
    assert_ne!(g.robot(), at);
    g.step(Command::Wait).unwrap(); // a Wait is no blocked move
    assert!(!g.blocked());
    g.step(Command::Left).unwrap(); // the wall again
    assert!(g.blocked());
    g.undo();
    assert!(!g.blocked(), "undo brings back the state before");
}
