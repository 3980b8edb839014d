//! `arcade bench punter-bots [MAP…]`: how long `strong` takes to move, on one core. A game of
//! two punters with every extension on is played by `greedy` for both seats (fast, and it
//! leaves realistic positions); at 20 turns spread over the game, and at the first two, the
//! punter to move asks `strong` as well, and that decision is timed (the median of 3 runs).
//! `strong`'s own futures bids are in place from setup.

use crate::timing::median_ms;
use crate::Failure;
use punter::bots::bot;
use punter::{strong, Punter};
use rails::arena::Decider;
use rails::game::{Actor, Game};
use serde_json::json;

const DEFAULT_MAPS: &[&str] =
    &["lambda", "tube", "boston", "edinburgh-sparse", "oxford-10000", "edinburgh-10000"];
const SAMPLES: usize = 20;

pub fn run(names: &[String]) -> Result<(), Failure> {
    for (name, mut params) in crate::punter_referee_bench::two_punter_games(names, DEFAULT_MAPS)? {
        params.futures = (0..2).map(|p| strong::bids(&params.map, p)).collect();
        let mut game = Punter::new(&params).map_err(|e| Failure::input(e.to_string()))?;
        let turns = params.map.rivers.len();
        let mut samples: Vec<usize> = (0..SAMPLES).map(|i| i * turns / SAMPLES).collect();
        samples.extend([1, 2]);
        samples.sort_unstable();
        samples.dedup();
        let mut greedy = bot("greedy", 0).map_err(|e| Failure::input(e.to_string()))?;
        let mut times = Vec::new();
        let mut deepest = 0;
        let mut work = 0;
        while let Actor::Player(seat) = game.to_move() {
            let view = game.view(seat);
            if samples.binary_search(&view.turn).is_ok() {
                let mut s = strong::StrongBot::default();
                times.push(median_ms(3, || drop(s.decide(&view))));
                deepest = deepest.max(strong::depth(&view));
                work = work.max(s.work());
            }
            let mv = greedy.decide(&view).map_err(Failure::input)?;
            game.play(&mv).map_err(|e| Failure::input(e.to_string()))?;
        }
        let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
        let mut sorted = times.clone();
        sorted.sort_by(f64::total_cmp);
        println!(
            "{}",
            json!({
                "map": name, "rivers": turns, "sites": params.map.sites.len(), "mines": params.map.mines.len(),
                "decisions": times.len(), "mean_ms": mean, "median_ms": sorted.get(sorted.len() / 2),
                "max_ms": sorted.last(), "deepest_look_ahead": deepest, "max_work": work,
            })
        );
    }
    Ok(())
}
