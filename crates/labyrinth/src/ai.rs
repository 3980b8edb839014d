//! Labyrinth AIs, by level:
//! * `simple`: like greedy, but it never turns the extra tile (12 shifts instead of 48); it
//!   steps to the reachable square nearest (rows + columns) to a treasure it seeks, or home.
//! * `greedy`: every shift (12 insertion points × 4 turns) judged with the step that follows:
//!   most cards, then the smallest distance left to a sought treasure.
//! * `strong`: greedy, less what the shift and step give the next player (the cards that player
//!   could collect with its own best shift).
//!
//! Ties are broken by a hash of the turn and the move, so an AI does not circle between equal
//! choices, and a game still replays exactly.

use super::board::{index, Square, INSERTIONS, SIZE};
use super::state::{Labyrinth, LabyrinthMove, Phase, Rules};
use super::tile::Direction;

/// Squares of the treasures `cards` (a treasure on the extra tile has none).
fn targets(g: &Labyrinth, cards: &[u8]) -> Vec<Square> {
    let mut out = Vec::new();
    for r in 1..=SIZE as u8 {
        for c in 1..=SIZE as u8 {
            if g.board.at((r, c)).treasure.is_some_and(|t| cards.contains(&t)) {
                out.push((r, c));
            }
        }
    }
    out
}

/// A deterministic hash, to break ties differently from turn to turn.
fn mix(turn: u64, choice: u64) -> u64 {
    let mut x =
        turn.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ choice.wrapping_mul(0xD1B5_4A32_D192_ED03);
    x ^= x >> 31;
    x.wrapping_mul(0xBF58_476D_1CE4_E5B9) >> 7
}

fn distance(a: Square, b: Square) -> u32 {
    u32::from(a.0.abs_diff(b.0)) + u32::from(a.1.abs_diff(b.1))
}

/// The best square to go to after the shift, and how far it is from the nearest goal.
fn best_square(g: &Labyrinth) -> (Square, u32) {
    let p = g.mover();
    let goals = match g.rules {
        _ if p.cards.is_empty() => vec![p.color.start()],
        Rules::Ravensburger => targets(g, &p.cards[..1]),
        Rules::Assignment => targets(g, &p.cards),
    };
    let reach = g.board.reachable(p.pos);
    let mut best = (p.pos, u32::MAX);
    for r in 1..=SIZE as u8 {
        for c in 1..=SIZE as u8 {
            if !reach[index((r, c))] {
                continue;
            }
            let d = goals.iter().map(|&t| distance((r, c), t)).min().unwrap_or(0);
            let tie = mix(u64::from(g.turns), u64::from(r) * 8 + u64::from(c));
            if d < best.1
                || (d == best.1
                    && tie
                        < mix(u64::from(g.turns), u64::from(best.0 .0) * 8 + u64::from(best.0 .1)))
            {
                best = ((r, c), d);
            }
        }
    }
    best
}

/// AI levels by name.
pub const LEVELS: &[&str] = &["simple", "greedy", "strong"];

/// The move of the AI `level` in `g`.
pub fn decide(level: &str, g: &Labyrinth) -> Option<LabyrinthMove> {
    match level {
        "simple" => simple(g),
        "strong" => strong(g),
        _ => greedy(g),
    }
}

/// The simple AI: greedy, but it never turns the extra tile (12 shifts to try, not 48).
pub fn simple(g: &Labyrinth) -> Option<LabyrinthMove> {
    choose(g, &[g.board.extra.dir], |trial, _| (trial.mover().cards.len(), best_square(trial).1))
}

/// The strong AI: greedy, less the cards the next player could collect after it.
pub fn strong(g: &Labyrinth) -> Option<LabyrinthMove> {
    strong_estimated(g, 1, 1)
}

/// The strong AI when the next player's hand is only estimated: `g` gives that player every
/// card it might hold (the `candidates` treasures), of which it holds `held`; a treasure it
/// could collect counts `held / candidates` (its chance of being in the hand).
pub fn strong_estimated(g: &Labyrinth, held: usize, candidates: usize) -> Option<LabyrinthMove> {
    let candidates = candidates.max(1);
    choose(g, &Direction::ALL, |trial, step| {
        let mut after = trial.clone();
        let penalty = if after.go(step).is_ok() && after.winner.is_none() && after.players.len() > 1
        {
            best_collect(&after)
        } else {
            0
        };
        (trial.mover().cards.len() * 2 * candidates + penalty * held, best_square(trial).1)
    })
}

/// The most cards the player to move could collect with one shift.
fn best_collect(g: &Labyrinth) -> usize {
    let before = g.mover().cards.len();
    let mut best = 0;
    for at in 0..INSERTIONS as u8 {
        for dir in Direction::ALL {
            let mut t = g.clone();
            if t.shift(at, dir).is_ok() {
                best = best.max(before - t.mover().cards.len());
            }
        }
    }
    best
}

/// The greedy AI's move in `g` (a shift or a step, by the phase).
pub fn greedy(g: &Labyrinth) -> Option<LabyrinthMove> {
    choose(g, &Direction::ALL, |trial, _| (trial.mover().cards.len(), best_square(trial).1))
}

/// The shift with the smallest `judge(position after it, the step it would take)`, or the step.
fn choose(
    g: &Labyrinth,
    dirs: &[Direction],
    judge: impl Fn(&Labyrinth, (u8, u8)) -> (usize, u32),
) -> Option<LabyrinthMove> {
    if g.winner.is_some() {
        return None;
    }
    if g.phase == Phase::Move {
        return Some(LabyrinthMove::Go { to: best_square(g).0 });
    }
    let mut best: Option<((usize, u32, u64), LabyrinthMove)> = None;
    for at in 0..INSERTIONS as u8 {
        for &dir in dirs {
            let mut trial = g.clone();
            if trial.shift(at, dir).is_err() {
                continue;
            }
            let (left, d) = judge(&trial, best_square(&trial).0);
            // Fewer cards left first, then the smallest distance to go, then the hash.
            let key = (left, d, mix(u64::from(g.turns), u64::from(at) * 4 + dir.index() as u64));
            if best.as_ref().is_none_or(|(k, _)| key < *k) {
                best = Some((key, LabyrinthMove::Shift { at, dir }));
            }
        }
    }
    best.map(|(_, m)| m)
}
