//! Lambda Punter on the shared rails ([`Game`]): the protocol moves as game moves, with a
//! splurge made step by step (its start site, each next site, then its end) so that every
//! position has a finite list of legal moves and every move a code: pass 0, claim river r
//! 1 + r, option on river r 1 + R + r, splurge to site s 1 + 2R + s, end of splurge 1 + 2R + S.

use super::map::{MapError, PunterMap};
use super::network::Network;
use super::state::{Illegal, Move, Played, PunterGame, Settings};
use rails::game::{Actor, Game};
use serde::Serialize;
use std::sync::Arc;

#[derive(Debug, Clone, PartialEq)]
pub struct PunterParams {
    /// File name of the map ("lambda.json").
    pub map_name: String,
    pub map_text: Arc<str>,
    pub map: Arc<PunterMap>,
    pub punters: usize,
    pub settings: Settings,
    /// Per punter: futures bids as (source, target) site ids.
    pub futures: Vec<Vec<(u64, u64)>>,
}

impl PunterParams {
    /// Reads the map; fails with the map's error and its place.
    pub fn new(
        map_name: &str,
        map_text: &str,
        punters: usize,
        settings: Settings,
        futures: Vec<Vec<(u64, u64)>>,
    ) -> Result<PunterParams, MapError> {
        let map = Arc::new(PunterMap::parse(map_text)?);
        Ok(PunterParams {
            map_name: map_name.to_string(),
            map_text: Arc::from(map_text),
            map,
            punters,
            settings,
            futures,
        })
    }

    /// A bundled map by file name.
    pub fn bundled(map_name: &str, punters: usize, settings: Settings) -> Option<PunterParams> {
        let text = super::maps::bundled(map_name)?;
        PunterParams::new(map_name, text, punters, settings, Vec::new()).ok()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PunterMove {
    Pass,
    Claim(u32),
    Option(u32),
    /// The next site of the splurge being made (the first one is where it starts).
    SplurgeTo(u32),
    /// The splurge being made is complete.
    SplurgeEnd,
}

/// What one punter knows: everything public, and only its own futures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PunterView {
    pub punter: usize,
    pub punters: usize,
    pub turn: usize,
    pub turns: usize,
    /// Per river: its owner, or -1.
    pub owners: Vec<i16>,
    /// Per river: who holds an option on it, or -1.
    pub options: Vec<i16>,
    pub credit: u32,
    pub options_left: u32,
    /// Whether splurges are on in this game.
    pub splurges: bool,
    /// This punter's futures: (mine site id, target site id).
    pub futures: Vec<(u64, u64)>,
    /// The splurge being made, as site ids.
    pub route: Vec<u64>,
    #[serde(skip)]
    pub map: Arc<PunterMap>,
}

impl PunterView {
    /// The punter's network rebuilt from its view: its claims and its options.
    pub fn own_network(&self) -> Network {
        let mut net = Network::new(self.map.sites.len());
        for (r, &(a, b)) in self.map.rivers.iter().enumerate() {
            if self.owners[r] == self.punter as i16 || self.options[r] == self.punter as i16 {
                net.add(&self.map, a, b);
            }
        }
        net
    }

    /// Whether the punter may buy an option on river `r` now: it has options left and the
    /// river is another punter's, with no option on it yet.
    pub fn buyable(&self, r: usize) -> bool {
        self.options_left > 0
            && self.owners[r] >= 0
            && self.owners[r] != self.punter as i16
            && self.options[r] < 0
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Punter {
    game: PunterGame,
    /// The splurge being made (dense sites).
    route: Vec<u32>,
}

/// 12345 → "12,345" (as the page shows numbers).
fn group(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// The punters' names as shown: a name used by two seats (two greedy bots) gets its seat number
/// ("greedy 1", "greedy 3"); an empty name is "P<seat>".
pub fn display_names(players: &[String]) -> Vec<String> {
    let names: Vec<String> = players
        .iter()
        .enumerate()
        .map(|(p, n)| if n.is_empty() { format!("P{p}") } else { n.clone() })
        .collect();
    names
        .iter()
        .enumerate()
        .map(|(p, n)| {
            if names.iter().filter(|m| *m == n).count() > 1 {
                format!("{n} {}", p + 1)
            } else {
                n.clone()
            }
        })
        .collect()
}

impl Punter {
    pub fn game(&self) -> &PunterGame {
        &self.game
    }

    /// How the game ended, with `names` per seat (`you`: the seat addressed as "You"), e.g.
    /// "Game over after 12 turns. A tie: greedy 1, strong with 40." or "… You win with 40.";
    /// `None` while it goes on.
    pub fn ending(&self, names: &[String], you: Option<usize>) -> Option<String> {
        let ranks = self.ranks();
        if ranks.is_empty() {
            return None;
        }
        let scores = self.game.scores();
        let winners = self.winners();
        let name = |p: usize| names.get(p).cloned().unwrap_or_else(|| format!("P{p}"));
        let best = winners.first().map_or(0, |&w| scores[usize::from(w)]);
        let turns = self.game.turns();
        let who = match winners.as_slice() {
            [w] if Some(usize::from(*w)) == you => "You win".to_string(),
            [w] => format!("{} wins", name(usize::from(*w))),
            many => format!(
                "A tie: {}",
                many.iter().map(|&w| name(usize::from(w))).collect::<Vec<_>>().join(", ")
            ),
        };
        Some(format!(
            "Game over after {} turn{}. {who} with {}.",
            group(turns as i64),
            if turns == 1 { "" } else { "s" },
            group(best)
        ))
    }

    /// Whether someone viewing as `viewer` (a seat, or `None`: a spectator of a game with no
    /// seat of theirs, a replay) may see the futures of punter `of`: one's own always, the
    /// others' only once the game is over; a spectator sees them all.
    pub fn futures_shown(&self, viewer: Option<usize>, of: usize) -> bool {
        viewer.is_none_or(|v| v == of) || self.game.is_over()
    }
    pub fn route(&self) -> &[u32] {
        &self.route
    }

    fn id(&self, s: u32) -> u64 {
        self.game.map().sites[s as usize].id
    }

    fn protocol(&self, mv: &PunterMove) -> Option<Move> {
        let map = self.game.map();
        let river = |r: u32| map.rivers.get(r as usize).map(|&(a, b)| (self.id(a), self.id(b)));
        Some(match *mv {
            PunterMove::Pass => Move::Pass,
            PunterMove::Claim(r) => {
                river(r).map(|(source, target)| Move::Claim { source, target })?
            }
            PunterMove::Option(r) => {
                river(r).map(|(source, target)| Move::Option { source, target })?
            }
            PunterMove::SplurgeTo(_) | PunterMove::SplurgeEnd => {
                Move::Splurge { route: self.route.iter().map(|&s| self.id(s)).collect() }
            }
        })
    }

    /// Can the splurge being made go on to `s`?
    fn can_extend(&self, s: u32) -> Result<(), Illegal> {
        let map = self.game.map();
        if s as usize >= map.sites.len() {
            return Err(Illegal::NoSuchRiver { source: 0, target: u64::from(s) });
        }
        if self.route.is_empty() {
            // A start is legal when some river from it can be taken.
            let can = map.adjacent(s).iter().any(|&(t, _)| {
                let route = Move::Splurge { route: vec![self.id(s), self.id(t)] };
                self.game.check_move(&route).is_ok()
            });
            return if can { Ok(()) } else { Err(Illegal::RouteTooShort) };
        }
        let mut route: Vec<u64> = self.route.iter().map(|&x| self.id(x)).collect();
        route.push(self.id(s));
        self.game.check_move(&Move::Splurge { route })
    }

    fn check(&self, mv: &PunterMove) -> Result<(), Illegal> {
        match mv {
            PunterMove::SplurgeTo(s) => self.can_extend(*s),
            PunterMove::SplurgeEnd if self.route.len() >= 2 => Ok(()),
            PunterMove::SplurgeEnd => Err(Illegal::RouteTooShort),
            // A pass abandons a splurge being made.
            PunterMove::Pass => self.game.check_move(&Move::Pass),
            _ if !self.route.is_empty() => Err(Illegal::RouteTooShort),
            other => self.game.check_move(&self.protocol(other).ok_or(Illegal::GameOver)?),
        }
    }

    fn code_parts(&self) -> (usize, usize) {
        (self.game.map().rivers.len(), self.game.map().sites.len())
    }
}

impl Game for Punter {
    type Params = PunterParams;
    type Move = PunterMove;
    type Error = Illegal;
    /// Final scores by punter.
    type Outcome = Vec<i64>;
    type View = PunterView;

    const ID: &'static str = "punter";

    fn new(p: &PunterParams) -> Result<Punter, Illegal> {
        Ok(Punter {
            game: PunterGame::new(Arc::clone(&p.map), p.punters, p.settings, &p.futures),
            route: Vec::new(),
        })
    }

    fn seats(&self) -> usize {
        self.game.punters()
    }

    fn to_move(&self) -> Actor {
        if self.game.is_over() {
            Actor::Nobody
        } else {
            Actor::Player(self.game.mover() as u8)
        }
    }

    fn legal_moves(&self) -> Vec<PunterMove> {
        (0..self.move_count()).filter_map(|c| self.move_at(c)).collect()
    }

    fn move_count(&self) -> usize {
        if self.game.is_over() {
            return 0;
        }
        let (r, s) = self.code_parts();
        2 + 2 * r + s
    }

    fn move_index(&self, mv: &PunterMove) -> Option<usize> {
        self.check(mv).ok()?;
        let (r, s) = self.code_parts();
        Some(match *mv {
            PunterMove::Pass => 0,
            PunterMove::Claim(x) => 1 + x as usize,
            PunterMove::Option(x) => 1 + r + x as usize,
            PunterMove::SplurgeTo(x) => 1 + 2 * r + x as usize,
            PunterMove::SplurgeEnd => 1 + 2 * r + s,
        })
    }

    fn move_at(&self, code: usize) -> Option<PunterMove> {
        let (r, s) = self.code_parts();
        let mv = match code {
            0 => PunterMove::Pass,
            c if c <= r => PunterMove::Claim((c - 1) as u32),
            c if c <= 2 * r => PunterMove::Option((c - 1 - r) as u32),
            c if c <= 2 * r + s => PunterMove::SplurgeTo((c - 1 - 2 * r) as u32),
            c if c == 1 + 2 * r + s => PunterMove::SplurgeEnd,
            _ => return None,
        };
        self.check(&mv).ok().map(|()| mv)
    }

    fn play(&mut self, mv: &PunterMove) -> Result<(), Illegal> {
        self.check(mv)?;
        match mv {
            PunterMove::SplurgeTo(s) => self.route.push(*s),
            _ => {
                let protocol = self.protocol(mv).ok_or(Illegal::GameOver)?;
                if let Played::Passed(why) = self.game.play(&protocol) {
                    // Checked above, so this cannot happen; report it rather than hide it.
                    return Err(why);
                }
                self.route.clear();
            }
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Vec<i64>> {
        self.game.is_over().then(|| self.game.scores())
    }

    fn returns(&self) -> Vec<f64> {
        self.outcome().map_or_else(Vec::new, |s| s.into_iter().map(|x| x as f64).collect())
    }

    fn view(&self, seat: u8) -> PunterView {
        let p = usize::from(seat).min(self.game.punters() - 1);
        let map = self.game.map();
        let rivers = map.rivers.len() as u32;
        let who = |o: Option<usize>| o.map_or(-1, |x| x as i16);
        PunterView {
            punter: p,
            punters: self.game.punters(),
            turn: self.game.turn(),
            turns: self.game.turns(),
            owners: (0..rivers).map(|r| who(self.game.owner(r))).collect(),
            options: (0..rivers).map(|r| who(self.game.option_holder(r))).collect(),
            credit: self.game.credit(p),
            splurges: self.game.settings().splurges,
            options_left: self.game.options_left(p),
            futures: self
                .game
                .futures(p)
                .iter()
                .map(|&(m, t)| (self.id(map.mines[m]), self.id(t)))
                .collect(),
            route: self.route.iter().map(|&s| self.id(s)).collect(),
            map: Arc::clone(map),
        }
    }

    fn move_label(&self, mv: &PunterMove) -> String {
        let river = |r: u32| {
            let (a, b) = self.game.map().rivers[r as usize];
            format!("{}–{}", self.id(a), self.id(b))
        };
        match *mv {
            PunterMove::Pass => "pass".into(),
            PunterMove::Claim(r) => format!("claim {}", river(r)),
            PunterMove::Option(r) => format!("option {}", river(r)),
            PunterMove::SplurgeTo(s) if self.route.is_empty() => {
                format!("splurge from {}", self.id(s))
            }
            PunterMove::SplurgeTo(s) => format!("→ {}", self.id(s)),
            PunterMove::SplurgeEnd => "splurge ends".into(),
        }
    }

    fn footprint(&self) -> usize {
        let (r, s) = self.code_parts();
        2 * r + self.game.punters() * (4 * s + 64)
    }
}
