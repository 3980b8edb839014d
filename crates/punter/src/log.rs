//! The official game logs (the JSON the contest's replay viewer, PuntTV, reads): settings, the
//! map's file name, the punters, their futures, every move, and the official scores. Replaying
//! a log with the engine must give the recorded scores.

use super::game::{Punter, PunterMove, PunterParams};
use super::map::PunterMap;
use super::state::{Illegal, Move, Played, PunterGame, Settings};
use serde_json::{json, Value};
use std::sync::Arc;

/// A bad log, and where: "3:7" (line and column) for JSON syntax, else "game[12]" (the entry at
/// fault).
pub type LogError = super::PlacedError;

/// One entry of the moves section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A protocol move; `punter` is what the client sent (it can be wrong: the mover is whoever's
    /// turn it is).
    Move {
        punter: u64,
        mv: Move,
    },
    Timeout {
        punter: u64,
    },
    Zombie {
        punter: u64,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct GameLog {
    pub map: String,
    pub settings: Settings,
    pub teams: Vec<String>,
    /// Per punter: (source, target) futures, by site ids.
    pub futures: Vec<Vec<(u64, u64)>>,
    pub entries: Vec<Entry>,
    /// The official final scores, by punter.
    pub recorded: Vec<i64>,
}

impl GameLog {
    /// A log with nothing in it yet.
    pub fn empty() -> GameLog {
        GameLog {
            map: String::new(),
            settings: Settings::default(),
            teams: Vec::new(),
            futures: Vec::new(),
            entries: Vec::new(),
            recorded: Vec::new(),
        }
    }

    /// The game as moves on the rails (one per turn; an illegal move as the pass it was; a
    /// splurge step by step). Timeouts and zombies are not moves: a zombie's turns are passes.
    pub fn game_moves(&self, map: Arc<PunterMap>) -> Vec<PunterMove> {
        let (_, played) = self.replay(Arc::clone(&map));
        let mut out = Vec::with_capacity(self.entries.len());
        let mut game =
            PunterGame::new(Arc::clone(&map), self.teams.len(), self.settings, &self.futures);
        for (entry, outcome) in self.entries.iter().zip(&played) {
            let mv = match (entry, outcome) {
                (Entry::Move { mv, .. }, Played::Done) => mv.clone(),
                (Entry::Move { .. }, Played::Passed(_)) => Move::Pass,
                (Entry::Zombie { punter }, _) if *punter as usize == game.mover() => Move::Pass,
                _ => continue,
            };
            match &mv {
                Move::Pass => out.push(PunterMove::Pass),
                Move::Claim { source, target } | Move::Option { source, target } => {
                    let Some(r) = map.river_by_ids(*source, *target) else { continue };
                    out.push(if matches!(mv, Move::Claim { .. }) {
                        PunterMove::Claim(r)
                    } else {
                        PunterMove::Option(r)
                    });
                }
                Move::Splurge { route } => {
                    out.extend(
                        route.iter().filter_map(|&s| map.site(s)).map(PunterMove::SplurgeTo),
                    );
                    out.push(PunterMove::SplurgeEnd);
                }
            }
            game.play(&mv);
        }
        out
    }

    /// Plays the log on `map`; returns the final game and, per move entry, what happened.
    pub fn replay(&self, map: Arc<PunterMap>) -> (PunterGame, Vec<Played>) {
        let mut game = PunterGame::new(map, self.teams.len(), self.settings, &self.futures);
        let mut played = Vec::with_capacity(self.entries.len());
        for entry in &self.entries {
            let outcome = match entry {
                Entry::Move { mv, .. } => game.play(mv),
                // The server noted the timeout and took the late reply, logged next, as the
                // punter's move: the marker itself is no turn.
                Entry::Timeout { punter } => {
                    game.note_timeout(*punter as usize);
                    Played::Done
                }
                Entry::Zombie { punter } => {
                    let p = *punter as usize;
                    game.make_zombie(p);
                    if p == game.mover() {
                        game.play(&Move::Pass)
                    } else {
                        // The punter became a zombie after its own move: no turn is taken.
                        Played::Done
                    }
                }
            };
            played.push(outcome);
        }
        (game, played)
    }
}

/// A game on the rails written as an official log (what the contest's viewer reads and
/// `arcade punter replay` checks): teams, futures, one entry per turn, the final scores.
pub fn export(
    params: &PunterParams,
    moves: &[PunterMove],
    teams: &[String],
) -> Result<String, Illegal> {
    let mut game: Punter = rails::game::Game::new(params)?;
    let map = Arc::clone(&params.map);
    let id = |s: u32| map.sites[s as usize].id;
    let s = params.settings;
    let mut items = vec![
        json!({"start": {}}),
        json!({"settings": {"futures": s.futures, "splurges": s.splurges, "options": s.options}}),
        json!({"map": params.map_name}),
    ];
    for p in 0..params.punters {
        items.push(json!({"punter": p, "team": teams.get(p).cloned().unwrap_or_else(|| format!("punter {p}"))}));
    }
    if s.futures {
        for p in 0..params.punters {
            let bids: Vec<Value> = params
                .futures
                .get(p)
                .map_or(&[][..], Vec::as_slice)
                .iter()
                .map(|&(a, b)| json!({"source": a, "target": b}))
                .collect();
            items.push(json!({"punter": p, "futures": bids}));
        }
    }
    items.push(json!({"gameplay": "start"}));
    let mut route: Vec<u64> = Vec::new();
    for mv in moves {
        let p = game.game().mover();
        match *mv {
            PunterMove::Pass => {
                // A pass abandons a splurge being made: its sites are not part of the next one.
                route.clear();
                items.push(json!({"pass": {"punter": p}}));
            }
            PunterMove::Claim(r) | PunterMove::Option(r) => {
                let (a, b) = map.rivers[r as usize];
                let kind = if matches!(mv, PunterMove::Claim(_)) { "claim" } else { "option" };
                items.push(json!({ kind: {"punter": p, "source": id(a), "target": id(b)} }));
            }
            PunterMove::SplurgeTo(site) => route.push(id(site)),
            PunterMove::SplurgeEnd => {
                items.push(json!({"splurge": {"punter": p, "route": std::mem::take(&mut route)}}))
            }
        }
        rails::game::Game::play(&mut game, mv)?;
    }
    items.push(json!({"gameplay": "stop"}));
    let scores: Vec<Value> = game
        .game()
        .scores()
        .iter()
        .enumerate()
        .map(|(p, &sc)| json!({"punter": p, "score": sc, "team": teams.get(p)}))
        .collect();
    items.push(json!({"scores": scores}));
    items.push(json!({"stop": {}}));
    Ok(json!({"game": items}).to_string())
}
