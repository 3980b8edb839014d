//! What the page and a user's `next(state)` function see of a mine in play: the counters, and
//! the whole mine (a Lifter game has one seat and nothing hidden).

use super::command::Death;
use super::{Lifter, Outcome};
use serde::Serialize;
use std::collections::BTreeMap;

/// The counters of a game, in the shape both the page and user strategies read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counters {
    pub score: i64,
    pub moves: u32,
    pub lambdas: u32,
    pub total_lambdas: u32,
    pub lift_open: bool,
    pub razors: u32,
    /// Water level during the next step (rows 1..=water are underwater; 0: none).
    pub water: u32,
    pub flooding: u32,
    pub waterproof: u32,
    pub underwater: u32,
    pub growth: u32,
    pub growth_in: u32,
}

impl Counters {
    pub fn of(g: &Lifter) -> Counters {
        let m = g.meta();
        Counters {
            score: g.score(),
            moves: g.moves(),
            lambdas: g.collected(),
            total_lambdas: g.total_lambdas(),
            lift_open: g.lift_open(),
            razors: g.razors(),
            water: g.water_level(),
            flooding: m.flooding,
            waterproof: m.waterproof,
            underwater: g.underwater(),
            growth: m.growth,
            growth_in: g.growth_in(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Robot {
    pub x: usize,
    pub y: usize,
}

/// A user strategy's view: `next(state)` receives this.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LifterView {
    /// The mine now: rows top to bottom, `\n`-separated, every row the full width.
    pub map: String,
    pub width: usize,
    pub height: usize,
    pub robot: Robot,
    #[serde(flatten)]
    pub counters: Counters,
    /// Trampoline letter → target digit.
    pub trampolines: BTreeMap<String, String>,
    pub commands_left: u32,
}

impl LifterView {
    pub fn of(g: &Lifter) -> LifterView {
        let (x, y) = g.robot();
        let trampolines = g
            .meta()
            .trampoline_targets
            .iter()
            .enumerate()
            .filter_map(|(t, target)| {
                target.map(|n| {
                    (((b'A' + t as u8) as char).to_string(), ((b'1' + n) as char).to_string())
                })
            })
            .collect();
        LifterView {
            map: g.map_text(),
            width: g.width(),
            height: g.height(),
            robot: Robot { x, y },
            counters: Counters::of(g),
            trampolines,
            commands_left: g.command_limit().saturating_sub(g.commands()),
        }
    }
}

/// How a game ended, in words the page shows: "win", "abort", "crushed", "drowned",
/// "unfinished", or `None` while playing.
pub fn ending(g: &Lifter) -> Option<&'static str> {
    Some(match (g.outcome()?, g.death()) {
        (Outcome::Lose, Some(Death::Drowned)) => "drowned",
        (Outcome::Lose, _) => "crushed",
        (o, _) => o.name(),
    })
}
