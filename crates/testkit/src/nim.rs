//! Hidden-hand Nim, a test game for the rails: up to 64 seats, each holding a hand of cards
//! (values 1–3) the others must not see; on its turn a seat plays a card to take that many
//! stones from the pile, or, when no card fits, passes and discards its highest card. Each
//! played or discarded card is replaced by a chance draw (1: ½, 2: ⅓, 3: ⅙). Whoever takes
//! the last stone wins.

use rails::arena::MatchRules;
use rails::game::{Actor, Game};
use rails::link::{BitReader, BitWriter, LinkError, LinkParams};
use serde::Serialize;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimParams {
    pub seats: u8,
    pub pile: u32,
    pub hand: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NimMove {
    Draw(u8),
    Take(u8),
    Pass,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NimError {
    Params,
    Illegal(NimMove),
}

impl fmt::Display for NimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NimError::Params => f.write_str("bad parameters"),
            NimError::Illegal(m) => write!(f, "{m:?} is not legal now"),
        }
    }
}
impl std::error::Error for NimError {}

/// What a seat sees: the pile, its own hand, and only the size of the others' hands.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NimView {
    pub seat: u8,
    pub pile: u32,
    /// Cards of value 1, 2, 3 in this seat's hand.
    pub hand: [u8; 3],
    pub hand_sizes: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    pile: u32,
    hand_size: u8,
    hands: Vec<[u8; 3]>,
    /// Seat to act, or to receive the next drawn card.
    seat: u8,
    /// Cards still to deal before play starts (then 1 after each play).
    to_deal: u32,
    winner: Option<u8>,
}

impl Nim {
    fn takes(&self) -> Vec<u8> {
        let h = self.hands[usize::from(self.seat)];
        (1..=3u8).filter(|&v| h[usize::from(v - 1)] > 0 && u32::from(v) <= self.pile).collect()
    }
    fn size(h: &[u8; 3]) -> u8 {
        h.iter().sum()
    }
}

impl Game for Nim {
    type Params = NimParams;
    type Move = NimMove;
    type Error = NimError;
    type Outcome = u8;
    type View = NimView;
    const ID: &'static str = "nim";

    fn new(p: &NimParams) -> Result<Nim, NimError> {
        if p.seats == 0 || p.seats > 64 || p.hand == 0 || p.pile == 0 {
            return Err(NimError::Params);
        }
        Ok(Nim {
            pile: p.pile,
            hand_size: p.hand,
            hands: vec![[0; 3]; usize::from(p.seats)],
            seat: 0,
            to_deal: u32::from(p.seats) * u32::from(p.hand),
            winner: None,
        })
    }
    fn seats(&self) -> usize {
        self.hands.len()
    }
    fn to_move(&self) -> Actor {
        match (self.winner, self.to_deal) {
            (Some(_), _) => Actor::Nobody,
            (None, 0) => Actor::Player(self.seat),
            _ => Actor::Chance,
        }
    }
    fn legal_moves(&self) -> Vec<NimMove> {
        match self.to_move() {
            Actor::Nobody => vec![],
            Actor::Chance => (1..=3).map(NimMove::Draw).collect(),
            Actor::Player(_) => {
                let t = self.takes();
                if t.is_empty() {
                    vec![NimMove::Pass]
                } else {
                    t.into_iter().map(NimMove::Take).collect()
                }
            }
        }
    }
    fn chance_outcomes(&self) -> Vec<(NimMove, f64)> {
        if self.to_move() == Actor::Chance {
            vec![(NimMove::Draw(1), 3.0), (NimMove::Draw(2), 2.0), (NimMove::Draw(3), 1.0)]
        } else {
            vec![]
        }
    }
    fn play(&mut self, mv: &NimMove) -> Result<(), NimError> {
        if !self.legal_moves().contains(mv) {
            return Err(NimError::Illegal(*mv));
        }
        let n = self.hands.len() as u8;
        match *mv {
            NimMove::Draw(v) => {
                self.hands[usize::from(self.seat)][usize::from(v - 1)] += 1;
                self.to_deal -= 1;
                // Cards go round the table while dealing; after a play or pass the replacement
                // goes to the seat that acted. Either way the next seat acts next.
                self.seat = (self.seat + 1) % n;
            }
            NimMove::Take(v) => {
                self.hands[usize::from(self.seat)][usize::from(v - 1)] -= 1;
                self.pile -= u32::from(v);
                if self.pile == 0 {
                    self.winner = Some(self.seat);
                } else {
                    self.to_deal = 1;
                }
            }
            NimMove::Pass => {
                let h = &mut self.hands[usize::from(self.seat)];
                if let Some(i) = (0..3).rev().find(|&i| h[i] > 0) {
                    h[i] -= 1;
                }
                self.to_deal = 1;
            }
        }
        Ok(())
    }
    fn outcome(&self) -> Option<u8> {
        self.winner
    }
    fn returns(&self) -> Vec<f64> {
        self.winner.map_or(vec![], |w| {
            (0..self.hands.len()).map(|s| if s == usize::from(w) { 1.0 } else { 0.0 }).collect()
        })
    }
    fn view(&self, seat: u8) -> NimView {
        NimView {
            seat,
            pile: self.pile,
            hand: self.hands.get(usize::from(seat)).copied().unwrap_or([0; 3]),
            hand_sizes: self.hands.iter().map(Nim::size).collect(),
        }
    }
    fn move_label(&self, mv: &NimMove) -> String {
        match mv {
            NimMove::Draw(v) => format!("draw {v}"),
            NimMove::Take(v) => format!("take {v}"),
            NimMove::Pass => "pass".into(),
        }
    }
}

impl MatchRules for Nim {
    const FALLBACK: &'static str = "the first legal move";

    fn fallback(&self) -> Option<NimMove> {
        self.legal_moves().into_iter().next()
    }
}

impl LinkParams for NimParams {
    const VERSION: u32 = 1;
    fn write_params(&self, w: &mut BitWriter) {
        w.varint(u64::from(self.seats));
        w.varint(u64::from(self.pile));
        w.varint(u64::from(self.hand));
    }
    fn read_params(r: &mut BitReader, _version: u32) -> Result<Self, LinkError> {
        Ok(NimParams {
            seats: r.bounded(64, "seats")? as u8,
            pile: r.bounded(1 << 24, "pile")? as u32,
            hand: r.bounded(16, "hand")? as u8,
        })
    }
}
