//! Built-in punters, as deciders of the shared match runner: each sees only its own view.
//! `random` claims any free river; `greedy` claims (or, with options, buys) the river that
//! raises its score most, and otherwise grows towards the nearest mine it is not joined to.

use super::game::{Punter, PunterMove, PunterView};
use super::map::PunterMap;
use super::network::Network;
use rails::arena::{DecideError, Decider, MatchRules};
use rails::rng::{self, Rng};

/// Built-in bot names with one-line descriptions.
pub const BOT_NAMES: &[(&str, &str)] = &[
    ("random", "claims a free river at random"),
    ("greedy", "claims the river that adds most to its score, else heads for the nearest mine"),
    ("strong", "claims where its own and the others' chances run most; with two punters it plays its best few rivers out and keeps the best; bids futures, buys options"),
];

impl MatchRules for Punter {
    const FALLBACK: &'static str = "pass";

    fn fallback(&self) -> Option<PunterMove> {
        (!self.game().is_over()).then_some(PunterMove::Pass)
    }
}

/// A name that is no built-in bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownBot(pub String);

impl std::fmt::Display for UnknownBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let known: Vec<&str> = BOT_NAMES.iter().map(|(n, _)| *n).collect();
        write!(f, "unknown bot \"{}\" (built-in: {})", self.0, known.join(", "))
    }
}

impl std::error::Error for UnknownBot {}

/// A built-in bot by name; `seed` drives its randomness.
pub fn bot(name: &str, seed: u64) -> Result<Box<dyn Decider<Punter>>, UnknownBot> {
    match name {
        "random" => Ok(Box::new(RandomBot { rng: rng::stream(seed, 0x9000) })),
        "greedy" => Ok(Box::new(GreedyBot)),
        "strong" => Ok(Box::new(super::strong::StrongBot::default())),
        _ => Err(UnknownBot(name.to_string())),
    }
}

/// A seat of the page's Play tab played by a person, who answers with a move.
pub const HUMAN: &str = "human";

/// The entrants of game `game` of the series of `seed`: per name a built-in bot, fresh and
/// seeded for that game, or `None` for a punter outside the engine ([`is_outside`]) or a person
/// ([`HUMAN`]). The CLI and the page (its arenas and its Play tab) seat the same bots this way,
/// so the same series gives the same games.
pub fn entrants(
    names: &[String],
    seed: u64,
    game: u32,
) -> Result<rails::arena::Deciders<Punter>, String> {
    names
        .iter()
        .enumerate()
        .map(|(e, name)| match name.as_str() {
            outside if is_outside(outside) || outside == HUMAN => Ok(None),
            other => bot(other, rails::arena::entrant_seed(seed, e, game))
                .map(Some)
                .map_err(|e| e.to_string()),
        })
        .collect()
}

/// Whether an entrant is a punter outside the engine that speaks the official protocol: "js"
/// (a JavaScript bot in the page), "exe:COMMAND" or "wasm:FILE ARGS…" (a program run by the
/// CLI, offline mode) or "online" (a punter connected to `arcade punter serve`).
pub fn is_outside(name: &str) -> bool {
    name == "js" || name == "online" || name.starts_with("exe:") || name.starts_with("wasm:")
}

struct RandomBot {
    rng: Rng,
}

impl Decider<Punter> for RandomBot {
    fn decide(&mut self, v: &PunterView) -> Result<PunterMove, DecideError> {
        let free: Vec<u32> =
            (0..v.owners.len() as u32).filter(|&r| v.owners[r as usize] < 0).collect();
        if free.is_empty() {
            return Ok(PunterMove::Pass);
        }
        Ok(PunterMove::Claim(free[rng::below(&mut self.rng, free.len() as u64) as usize]))
    }
    /// Its draws go on from where they would be had it made its earlier moves itself.
    fn witness(&mut self, v: &PunterView, _played: &PunterMove) {
        let _ = self.decide(v);
    }
}

struct GreedyBot;

/// Breadth-first distances (in rivers anyone may still take) from the punter's network or,
/// where it has none yet, from the mines; the first river of a shortest way out of the network
/// towards a mine it is not joined to.
fn towards_mine(v: &PunterView, net: &Network, free: &dyn Fn(usize) -> bool) -> Option<u32> {
    let map: &PunterMap = &v.map;
    let joined: Vec<bool> = map.mines.iter().map(|&m| net.find(m).is_some()).collect();
    let mut first: Vec<Option<u32>> = vec![None; map.sites.len()];
    let mut seen = vec![false; map.sites.len()];
    let mut queue = std::collections::VecDeque::new();
    for s in 0..map.sites.len() as u32 {
        if net.find(s).is_some() {
            seen[s as usize] = true;
            queue.push_back(s);
        }
    }
    if queue.is_empty() {
        // No network yet: start at a mine.
        for &m in &map.mines {
            if let Some(&(_, r)) = map.adjacent(m).iter().find(|&&(_, r)| free(r as usize)) {
                return Some(r);
            }
        }
        return None;
    }
    while let Some(s) = queue.pop_front() {
        for &(t, r) in map.adjacent(s) {
            if seen[t as usize] || !free(r as usize) {
                continue;
            }
            seen[t as usize] = true;
            first[t as usize] = first[s as usize].or(Some(r));
            if let Some(m) = map.mine_number(t) {
                if !joined[m] {
                    return first[t as usize];
                }
            }
            queue.push_back(t);
        }
    }
    None
}

impl Decider<Punter> for GreedyBot {
    fn decide(&mut self, v: &PunterView) -> Result<PunterMove, DecideError> {
        let net = v.own_network();
        let map = &v.map;
        let free = |r: usize| v.owners[r] < 0;
        let mut best: Option<(u64, PunterMove)> = None;
        for (r, &(a, b)) in map.rivers.iter().enumerate() {
            let mv = if free(r) {
                PunterMove::Claim(r as u32)
            } else if v.buyable(r) {
                PunterMove::Option(r as u32)
            } else {
                continue;
            };
            let gain = net.gain(map, a, b);
            // An option uses up a limited resource: it must beat any claim clearly.
            let gain = if matches!(mv, PunterMove::Option(_)) { gain / 2 } else { gain };
            if gain > 0 && best.as_ref().is_none_or(|(g, _)| gain > *g) {
                best = Some((gain, mv));
            }
        }
        if let Some((_, mv)) = best {
            return Ok(mv);
        }
        if let Some(r) = towards_mine(v, &net, &free) {
            return Ok(PunterMove::Claim(r));
        }
        Ok((0..map.rivers.len())
            .find(|&r| free(r))
            .map_or(PunterMove::Pass, |r| PunterMove::Claim(r as u32)))
    }
}
