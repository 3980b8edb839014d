//! `arcade bench rails`: share links and the replay tape on 10,000-move games (Pig and Lifter),
//! the figures of docs/PERFORMANCE.md measured natively. e2e/bench-rails.mjs measures the same
//! games in the browser.

use crate::bench::median_ms;
use crate::Failure;
use lambda_arcade::game::Game;
use lambda_arcade::lifter::{Command, Lifter, LifterParams};
use lambda_arcade::link::{encode_game, open_any, GameRecord, LinkParams};
use lambda_arcade::pig::{Pig, PigMove, PigParams};
use lambda_arcade::rng::{below, stream};
use lambda_arcade::tape::Tape;
use serde_json::{json, Value};
use std::time::Instant;

pub const MOVES: usize = 10_000;

/// A legal Pig game of `n` moves that never ends: every turn throws (a random 2–6), throws
/// again, then a 1.
pub fn long_pig_game(n: usize) -> Vec<PigMove> {
    let mut rng = stream(10_000, 0);
    (0..n)
        .map(|i| match i % 3 {
            0 => PigMove::Roll(2 + below(&mut rng, 5) as u8),
            1 => PigMove::ThrowAgain,
            _ => PigMove::Roll(1),
        })
        .collect()
}

/// A 100×100 mine of earth; the robot walks back and forth for `n` commands.
fn lifter_game(n: usize) -> (LifterParams, Vec<Command>) {
    let side = 100;
    let mut rows = vec!["#".repeat(side)];
    for y in 1..side - 1 {
        let mut row = String::from("#");
        for x in 1..side - 1 {
            row.push(if (x, y) == (50, 50) { 'R' } else if (x, y) == (1, 1) { '\\' } else { '.' });
        }
        row.push(if y == 1 { 'L' } else { '#' });
        rows.push(row);
    }
    rows.push("#".repeat(side));
    let params = LifterParams { name: "bench".into(), text: rows.join("\n") };
    // A random walk inside the walls (it never reaches the lambda or dies).
    let mut rng = stream(10_000, 1);
    let (mut x, mut y) = (50i32, 50i32);
    let mut route = Vec::with_capacity(n);
    while route.len() < n {
        let (c, dx, dy) = [(Command::Left, -1, 0), (Command::Right, 1, 0), (Command::Up, 0, 1), (Command::Down, 0, -1)]
            [below(&mut rng, 4) as usize];
        if (5..95).contains(&(x + dx)) && (5..95).contains(&(y + dy)) {
            x += dx;
            y += dy;
            route.push(c);
        }
    }
    (params, route)
}

fn measure<G: Game>(name: &str, params: G::Params, moves: Vec<G::Move>) -> Result<Value, Failure>
where
    G::Params: LinkParams,
{
    let record = GameRecord::<G> { params, seed: 1, players: vec!["a".into(), "b".into()], moves, view: 0 };
    let mut link = String::new();
    let encode_ms = median_ms(5, || link = encode_game(&record).unwrap_or_default());
    let decode_ms = median_ms(5, || {
        std::hint::black_box(open_any(&link).ok());
    });
    let opened = open_any(&link).map_err(|e| Failure::input(e.to_string()))?;
    let t = Instant::now();
    let mut tape = Tape::new(record).map_err(|e| Failure::input(e.to_string()))?;
    let build_ms = t.elapsed().as_secs_f64() * 1000.0;
    let mut rng = stream(3, 3);
    let mut seeks: Vec<f64> = (0..1000)
        .map(|_| {
            let to = below(&mut rng, MOVES as u64 + 1) as usize;
            let t = Instant::now();
            std::hint::black_box(tape.seek(to));
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    seeks.sort_by(f64::total_cmp);
    let step_back = median_ms(101, || {
        let (at, _) = tape.position();
        std::hint::black_box(tape.seek(at.saturating_sub(1).max(1)));
    });
    Ok(json!({
        "game": name, "moves": tape.len(), "link_chars": link.len(), "problem": opened.problem,
        "encode_ms": encode_ms, "decode_ms": decode_ms, "tape_build_ms": build_ms,
        "seek_ms": { "median": seeks[500], "p99": seeks[990], "max": seeks[999] },
        "step_back_ms": step_back,
    }))
}

pub fn run() -> Result<(), Failure> {
    let pig = measure::<Pig>("pig", PigParams::default(), long_pig_game(MOVES))?;
    let (params, route) = lifter_game(MOVES);
    let lifter = measure::<Lifter>("lifter 100×100", params, route)?;
    println!("{}", json!({ "rails": [pig, lifter] }));
    Ok(())
}
