//! `arcade bench lifter`: engine speed on the official maps and the 1000×1000 maps.

use crate::rails_bench::{self, MOVES};
use crate::Failure;
use lifter::{maps, Command, Lifter, LifterParams, Mine};
use rails::rng::{below, stream};
use serde_json::{json, Value};
use std::time::Instant;

const CONTEST10_ROUTE: &str = "UUUUULLLDLULLDRDDRRRLLLUULLLLLLLDLLDDDLLLLUUULLLLURRRRUULLLLLLLLUURRRRULLLUUULUUURRRUULUUURDRDURRRRRUURRRRRRRRRRRRRRRRRLLLLDDRRLLLLULLLDDDRRUDLLLDDDDDLLDDLDDRRULURRUURRDDRRRRRUURRDRLULLDDDDRRRDDDDDDDDD";

pub fn run(extra_dir: Option<&str>) -> Result<(), Failure> {
    let extra_dir = extra_dir.unwrap_or("maps/lifter/extra");
    let mut out = serde_json::Map::new();

    // contest10: replay the reference route (201 steps, a win) many times.
    let text = maps::official("contest10").ok_or_else(|| Failure::input("contest10 missing"))?;
    let mine = Mine::parse(text).map_err(|e| Failure::input(e.to_string()))?;
    let route = Command::parse_route(CONTEST10_ROUTE);
    let rounds = 10_000;
    let t = Instant::now();
    let mut steps = 0u64;
    for _ in 0..rounds {
        let mut g = Lifter::new(&mine);
        for &c in &route {
            if g.step(c).is_err() {
                break;
            }
            steps += 1;
        }
        std::hint::black_box(g.score());
    }
    let secs = t.elapsed().as_secs_f64();
    out.insert("contest10_steps_per_second".into(), json!(steps as f64 / secs));

    // The 1000×1000 maps: parse, first step (every rock is examined once), then a walk.
    for name in ["large1", "lambdaful1", "lambdaful2"] {
        let path = format!("{extra_dir}/{name}.map");
        let Ok(text) = std::fs::read_to_string(&path) else {
            return Err(Failure::input(format!("{path}: not found (pass the extra maps folder)")));
        };
        let t = Instant::now();
        let mine = Mine::parse(&text).map_err(|e| Failure::in_file(&path, e))?;
        let parse_ms = t.elapsed().as_secs_f64() * 1000.0;
        // The same 1000 steps replayed three times; each step's time is its median over the
        // three runs (this virtual machine has noisy neighbours).
        let mut runs = Vec::new();
        for _ in 0..3 {
            runs.push(walk_times(&mine));
        }
        let times: Vec<f64> = (0..runs[0].len())
            .map(|i| {
                let mut t = [runs[0][i], runs[1][i], runs[2][i]];
                t.sort_by(f64::total_cmp);
                t[1]
            })
            .collect();
        let first_ms = times.first().copied().unwrap_or(0.0);
        let n = times.len().max(1) as f64;
        let mean_ms = times.iter().sum::<f64>() / n;
        let over_1ms = times.iter().filter(|&&t| t > 1.0).count();
        let mut times = times;
        times.sort_by(f64::total_cmp);
        let at =
            |q: f64| times.get(((times.len() as f64 - 1.0) * q) as usize).copied().unwrap_or(0.0);
        out.insert(name.into(), json!({
            "parse_ms": parse_ms, "first_step_ms": first_ms, "steps": times.len(),
            "mean_step_ms": mean_ms, "median_step_ms": at(0.5), "p90_step_ms": at(0.9), "p99_step_ms": at(0.99),
            "worst_step_ms": at(1.0), "steps_over_1ms": over_1ms,
        }));
    }
    println!("{:#}", serde_json::Value::Object(out));
    Ok(())
}

/// Times of a 1000-step walk from the start, in ms; the first step is a Wait (it examines
/// every rock), then mostly upwards, so the robot on large1 escapes the water and survives
/// the rock fall above it for the whole walk.
fn walk_times(mine: &Mine) -> Vec<f64> {
    let mut g = Lifter::new(mine);
    let walk = Command::parse_route("UUWULRUWWU");
    let mut times = Vec::new();
    for i in 0..1000 {
        if g.outcome().is_some() {
            break;
        }
        let cmd = if i == 0 { Command::Wait } else { walk[(i - 1) % walk.len()] };
        let s = Instant::now();
        let _ = g.step(cmd);
        times.push(s.elapsed().as_secs_f64() * 1000.0);
    }
    times
}

/// A 100×100 mine of earth; the robot walks back and forth for `n` commands.
fn lifter_game(n: usize) -> (LifterParams, Vec<Command>) {
    let side = 100;
    let mut rows = vec!["#".repeat(side)];
    for y in 1..side - 1 {
        let mut row = String::from("#");
        for x in 1..side - 1 {
            row.push(if (x, y) == (50, 50) {
                'R'
            } else if (x, y) == (1, 1) {
                '\\'
            } else {
                '.'
            });
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
        let (c, dx, dy) = [
            (Command::Left, -1, 0),
            (Command::Right, 1, 0),
            (Command::Up, 0, 1),
            (Command::Down, 0, -1),
        ][below(&mut rng, 4) as usize];
        if (5..95).contains(&(x + dx)) && (5..95).contains(&(y + dy)) {
            x += dx;
            y += dy;
            route.push(c);
        }
    }
    (params, route)
}

/// The rails' figures on a 10,000-command walk in a 100×100 mine.
pub fn rails_case() -> Result<Value, Failure> {
    let (params, route) = lifter_game(MOVES);
    rails_bench::measure::<Lifter>("lifter 100×100", params, route)
}
