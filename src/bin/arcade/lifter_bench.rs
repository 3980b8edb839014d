//! `arcade bench lifter`: engine speed on the official maps and the 1000×1000 maps.

use crate::Failure;
use lambda_arcade::lifter::{maps, Command, Lifter, Mine};
use serde_json::json;
use std::time::Instant;

const CONTEST10_ROUTE: &str = "UUUUULLLDLULLDRDDRRRLLLUULLLLLLLDLLDDDLLLLUUULLLLURRRRUULLLLLLLLUURRRRULLLUUULUUURRRUULUUURDRDURRRRRUURRRRRRRRRRRRRRRRRLLLLDDRRLLLLULLLDDDRRUDLLLDDDDDLLDDLDDRRULURRUURRDDRRRRRUURRDRLULLDDDDRRRDDDDDDDDD";

pub fn run(argv: &[String]) -> Result<(), Failure> {
    let extra_dir = argv.first().map_or("maps/lifter/extra", String::as_str);
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
        let mine = Mine::parse(&text).map_err(|e| Failure::input(format!("{path}: {e}")))?;
        let parse_ms = t.elapsed().as_secs_f64() * 1000.0;
        let mut g = Lifter::new(&mine);
        let t = Instant::now();
        let _ = g.step(Command::Wait);
        let first_ms = t.elapsed().as_secs_f64() * 1000.0;
        let walk = [Command::Left, Command::Down, Command::Right, Command::Up, Command::Wait, Command::Left, Command::Left, Command::Down];
        let mut worst = 0.0f64;
        let t = Instant::now();
        let mut n = 0;
        for i in 0..2000 {
            if g.outcome().is_some() {
                break;
            }
            let s = Instant::now();
            let _ = g.step(walk[i % walk.len()]);
            worst = worst.max(s.elapsed().as_secs_f64() * 1000.0);
            n += 1;
        }
        let mean_ms = t.elapsed().as_secs_f64() * 1000.0 / f64::from(n.max(1));
        out.insert(name.into(), json!({
            "parse_ms": parse_ms, "first_step_ms": first_ms, "steps": n,
            "mean_step_ms": mean_ms, "worst_step_ms": worst,
        }));
    }
    println!("{:#}", serde_json::Value::Object(out));
    Ok(())
}
