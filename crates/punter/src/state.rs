//! A game of Lambda Punter as the official server played it: turns in punter order for exactly
//! as many turns as there are rivers, claims, passes, splurges and options, credit, futures,
//! timeouts and zombies. An illegal move becomes a pass, with its reason.

use super::map::PunterMap;
use super::network::Network;
use std::fmt;
use std::sync::Arc;

/// Most punters in one game (the official finals had 17).
pub const MAX_PUNTERS: usize = 64;
/// Timeouts in total after which a punter is a zombie.
pub const ZOMBIE_AFTER: u32 = 10;
const NOBODY: u8 = u8::MAX;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Settings {
    pub futures: bool,
    pub splurges: bool,
    pub options: bool,
}

/// A move as the protocol states it, by site ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Move {
    Claim { source: u64, target: u64 },
    Pass,
    Splurge { route: Vec<u64> },
    Option { source: u64, target: u64 },
}

/// Why a move was turned into a pass.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Illegal {
    NoSuchRiver { source: u64, target: u64 },
    Claimed { source: u64, target: u64 },
    SplurgesOff,
    OptionsOff,
    RouteTooShort,
    RiverTwiceInRoute { source: u64, target: u64 },
    NotEnoughCredit { needed: u32, credit: u32 },
    NotClaimed { source: u64, target: u64 },
    OwnRiver { source: u64, target: u64 },
    OptionTaken { source: u64, target: u64 },
    NoOptionsLeft { needed: u32, left: u32 },
    Zombie,
    GameOver,
}

impl std::error::Error for Illegal {}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NoSuchRiver { source, target } => {
                write!(f, "there is no river {source}–{target}")
            }
            Illegal::Claimed { source, target } => {
                write!(f, "river {source}–{target} is already claimed")
            }
            Illegal::SplurgesOff => f.write_str("splurges are not enabled in this game"),
            Illegal::OptionsOff => f.write_str("options are not enabled in this game"),
            Illegal::RouteTooShort => f.write_str("a splurge route needs at least two sites"),
            Illegal::RiverTwiceInRoute { source, target } => {
                write!(f, "the route uses river {source}–{target} twice")
            }
            Illegal::NotEnoughCredit { needed, credit } => {
                write!(f, "the splurge needs {needed} credit, the punter has {credit}")
            }
            Illegal::NotClaimed { source, target } => {
                write!(f, "river {source}–{target} is not claimed, so it has no option to buy")
            }
            Illegal::OwnRiver { source, target } => {
                write!(f, "river {source}–{target} is the punter's own")
            }
            Illegal::OptionTaken { source, target } => {
                write!(f, "the option on river {source}–{target} is already taken")
            }
            Illegal::NoOptionsLeft { needed, left } => {
                write!(f, "needs {needed} option(s), the punter has {left} left")
            }
            Illegal::Zombie => f.write_str("the punter is a zombie and passes"),
            Illegal::GameOver => f.write_str("the game is over"),
        }
    }
}

/// What a turn did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Played {
    /// The move as given.
    Done,
    /// A pass in its place, and why.
    Passed(Illegal),
}

/// The rivers a move takes: (river, as an option?).
type Take = Vec<(u32, bool)>;

#[derive(Debug, Clone, PartialEq)]
pub struct PunterGame {
    map: Arc<PunterMap>,
    settings: Settings,
    punters: usize,
    /// Per river: the punter who claimed it, or `NOBODY`.
    owner: Vec<u8>,
    /// Per river: the punter with the option on it, or `NOBODY`.
    option: Vec<u8>,
    credit: Vec<u32>,
    options_left: Vec<u32>,
    timeouts: Vec<u32>,
    zombie: Vec<bool>,
    /// Per punter: (mine number, target site) bets that count.
    futures: Vec<Vec<(usize, u32)>>,
    networks: Vec<Network>,
    turn: usize,
}

/// The bids after bidding `target` on `mine`: one future per mine, a later bid replacing the
/// earlier one on the same mine (as the official server applied them); the new bid goes last.
pub fn add_bid<M: PartialEq + Copy, T: Copy>(bids: &[(M, T)], mine: M, target: T) -> Vec<(M, T)> {
    bids.iter()
        .copied()
        .filter(|&(m, _)| m != mine)
        .chain(std::iter::once((mine, target)))
        .collect()
}

impl PunterGame {
    /// A new game; `futures[p]` are punter p's bids as (source, target) site ids, applied as the
    /// server did (only mines as sources, no mine as target, reachable; the last bid per mine).
    pub fn new(
        map: Arc<PunterMap>,
        punters: usize,
        settings: Settings,
        futures: &[Vec<(u64, u64)>],
    ) -> PunterGame {
        let punters = punters.clamp(1, MAX_PUNTERS);
        let (r, s) = (map.rivers.len(), map.sites.len());
        let mut game = PunterGame {
            settings,
            punters,
            owner: vec![NOBODY; r],
            option: vec![NOBODY; r],
            credit: vec![0; punters],
            options_left: vec![if settings.options { map.mines.len() as u32 } else { 0 }; punters],
            timeouts: vec![0; punters],
            zombie: vec![false; punters],
            futures: vec![Vec::new(); punters],
            networks: (0..punters).map(|_| Network::new(s)).collect(),
            turn: 0,
            map,
        };
        if settings.futures {
            for (p, bids) in futures.iter().enumerate().take(punters) {
                game.futures[p] = game.valid_futures(bids);
            }
        }
        game
    }

    fn valid_futures(&self, bids: &[(u64, u64)]) -> Vec<(usize, u32)> {
        let mut kept: Vec<(usize, u32)> = Vec::new();
        for &(source, target) in bids {
            let (Some(s), Some(t)) = (self.map.site(source), self.map.site(target)) else {
                continue;
            };
            let Some(m) = self.map.mine_number(s) else { continue };
            if self.map.mine_number(t).is_some() || self.map.dist(m, t) == u32::MAX {
                continue;
            }
            kept = add_bid(&kept, m, t);
        }
        kept
    }

    pub fn map(&self) -> &Arc<PunterMap> {
        &self.map
    }
    pub fn settings(&self) -> Settings {
        self.settings
    }
    pub fn punters(&self) -> usize {
        self.punters
    }
    /// Turns played.
    pub fn turn(&self) -> usize {
        self.turn
    }
    /// Turns in all: one per river.
    pub fn turns(&self) -> usize {
        self.map.rivers.len()
    }
    pub fn is_over(&self) -> bool {
        self.turn >= self.turns()
    }
    /// The punter whose turn it is.
    pub fn mover(&self) -> usize {
        self.turn % self.punters
    }
    pub fn owner(&self, river: u32) -> Option<usize> {
        self.owner.get(river as usize).filter(|&&o| o != NOBODY).map(|&o| usize::from(o))
    }
    pub fn option_holder(&self, river: u32) -> Option<usize> {
        self.option.get(river as usize).filter(|&&o| o != NOBODY).map(|&o| usize::from(o))
    }
    pub fn credit(&self, p: usize) -> u32 {
        self.credit[p]
    }
    pub fn options_left(&self, p: usize) -> u32 {
        self.options_left[p]
    }
    pub fn timeouts(&self, p: usize) -> u32 {
        self.timeouts[p]
    }
    pub fn is_zombie(&self, p: usize) -> bool {
        self.zombie[p]
    }
    pub fn futures(&self, p: usize) -> &[(usize, u32)] {
        &self.futures[p]
    }
    pub fn network(&self, p: usize) -> &Network {
        &self.networks[p]
    }

    /// Score of punter `p` now: the rivers' score, plus or minus d³ for each future.
    pub fn score(&self, p: usize) -> i64 {
        let base = self.networks[p].score() as i64;
        let futures: i64 = self.futures[p]
            .iter()
            .map(|&(m, t)| {
                let d = i64::from(self.map.dist(m, t));
                let d3 = d * d * d;
                if self.networks[p].connected(self.map.mines[m], t) {
                    d3
                } else {
                    -d3
                }
            })
            .sum();
        base + futures
    }

    pub fn scores(&self) -> Vec<i64> {
        (0..self.punters).map(|p| self.score(p)).collect()
    }

    /// Makes `p` a zombie (a crash or garbage reply).
    pub fn make_zombie(&mut self, p: usize) {
        if let Some(z) = self.zombie.get_mut(p) {
            *z = true;
        }
    }

    fn river(&self, source: u64, target: u64) -> Result<u32, Illegal> {
        self.map.river_by_ids(source, target).ok_or(Illegal::NoSuchRiver { source, target })
    }

    /// The rivers `mv` takes for the mover, or why it is illegal (nothing changes).
    fn check(&self, p: usize, mv: &Move, credit: u32) -> Result<Take, Illegal> {
        let p = p as u8;
        match *mv {
            Move::Pass => Ok(Vec::new()),
            Move::Claim { source, target } => {
                let r = self.river(source, target)?;
                if self.owner[r as usize] != NOBODY {
                    return Err(Illegal::Claimed { source, target });
                }
                Ok(vec![(r, false)])
            }
            Move::Option { source, target } => {
                if !self.settings.options {
                    return Err(Illegal::OptionsOff);
                }
                let r = self.river(source, target)?;
                self.optionable(r, p, source, target)?;
                if self.options_left[usize::from(p)] == 0 {
                    return Err(Illegal::NoOptionsLeft { needed: 1, left: 0 });
                }
                Ok(vec![(r, true)])
            }
            Move::Splurge { ref route } => {
                if !self.settings.splurges {
                    return Err(Illegal::SplurgesOff);
                }
                if route.len() < 2 {
                    return Err(Illegal::RouteTooShort);
                }
                let mut take: Take = Vec::with_capacity(route.len() - 1);
                for pair in route.windows(2) {
                    let (source, target) = (pair[0], pair[1]);
                    let r = self.river(source, target)?;
                    if take.iter().any(|&(t, _)| t == r) {
                        return Err(Illegal::RiverTwiceInRoute { source, target });
                    }
                    if self.owner[r as usize] == NOBODY {
                        take.push((r, false));
                    } else if self.settings.options {
                        self.optionable(r, p, source, target)?;
                        take.push((r, true));
                    } else {
                        return Err(Illegal::Claimed { source, target });
                    }
                }
                let needed = take.len() as u32;
                if needed > credit {
                    return Err(Illegal::NotEnoughCredit { needed, credit });
                }
                let options = take.iter().filter(|&&(_, o)| o).count() as u32;
                let left = self.options_left[usize::from(p)];
                if options > left {
                    return Err(Illegal::NoOptionsLeft { needed: options, left });
                }
                Ok(take)
            }
        }
    }

    fn optionable(&self, r: u32, p: u8, source: u64, target: u64) -> Result<(), Illegal> {
        match self.owner[r as usize] {
            NOBODY => Err(Illegal::NotClaimed { source, target }),
            o if o == p => Err(Illegal::OwnRiver { source, target }),
            _ if self.option[r as usize] != NOBODY => Err(Illegal::OptionTaken { source, target }),
            _ => Ok(()),
        }
    }

    /// Whether the mover may play `mv` now (with this turn's credit), and why not.
    pub fn check_move(&self, mv: &Move) -> Result<(), Illegal> {
        if self.is_over() {
            return Err(Illegal::GameOver);
        }
        let p = self.mover();
        if self.zombie[p] {
            return if *mv == Move::Pass { Ok(()) } else { Err(Illegal::Zombie) };
        }
        let credit = if self.settings.splurges { self.credit[p] + 1 } else { 1 };
        self.check(p, mv, credit).map(|_| ())
    }

    /// Plays the mover's turn with `mv`; an illegal move is played as a pass (see the result).
    pub fn play(&mut self, mv: &Move) -> Played {
        if self.is_over() {
            return Played::Passed(Illegal::GameOver);
        }
        let p = self.mover();
        self.turn += 1;
        if self.zombie[p] {
            return if *mv == Move::Pass { Played::Done } else { Played::Passed(Illegal::Zombie) };
        }
        if self.settings.splurges {
            self.credit[p] += 1;
        }
        let credit = if self.settings.splurges { self.credit[p] } else { 1 };
        match self.check(p, mv, credit) {
            Err(why) => Played::Passed(why),
            Ok(take) => {
                for &(r, as_option) in &take {
                    let (a, b) = self.map.rivers[r as usize];
                    if as_option {
                        self.option[r as usize] = p as u8;
                        self.options_left[p] -= 1;
                    } else {
                        self.owner[r as usize] = p as u8;
                    }
                    let map = Arc::clone(&self.map);
                    self.networks[p].add(&map, a, b);
                }
                if self.settings.splurges {
                    self.credit[p] -= take.len() as u32;
                }
                Played::Done
            }
        }
    }

    /// Counts a timeout of punter `p` (the tenth makes it a zombie).
    pub fn note_timeout(&mut self, p: usize) {
        if let Some(t) = self.timeouts.get_mut(p) {
            *t += 1;
            if *t >= ZOMBIE_AFTER {
                self.zombie[p] = true;
            }
        }
    }

    /// The mover's turn ran out of time and no late move will come: a pass, counted towards
    /// becoming a zombie.
    pub fn time_out(&mut self) {
        let p = self.mover();
        self.play(&Move::Pass);
        self.note_timeout(p);
    }
}
