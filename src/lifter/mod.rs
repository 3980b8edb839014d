//! Lambda Lifter (ICFP 2012) with Flooding, Trampolines, Beards & Razors and Higher-order
//! rocks, following the rule decisions of the project's notes.

mod cell;
mod command;
mod map;
pub mod maps;
mod planes;
pub mod solver;
mod state;

pub use cell::Cell;
pub use map::{MapError, MapErrorKind, Metadata, Mine};
pub use command::{Command, Death, LifterError, Outcome};
pub use state::Lifter;

use crate::game::{Actor, Game};
use crate::link::{BitReader, BitWriter, LinkError, LinkParams};

/// A map by name and text; official maps travel in links by name only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LifterParams {
    pub name: String,
    pub text: String,
}

impl LifterParams {
    pub fn official(name: &str) -> Option<LifterParams> {
        maps::official(name).map(|text| LifterParams { name: name.to_string(), text: text.to_string() })
    }
}

/// Errors of a lifter game: a bad map, or a command after the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LifterGameError {
    Map(MapError),
    Play(LifterError),
}

impl std::fmt::Display for LifterGameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LifterGameError::Map(e) => e.fmt(f),
            LifterGameError::Play(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LifterGameError {}

impl Game for Lifter {
    type Params = LifterParams;
    type Move = Command;
    type Error = LifterGameError;
    type Outcome = Outcome;

    const ID: &'static str = "lifter";

    fn new(params: &LifterParams) -> Result<Self, LifterGameError> {
        Mine::parse(&params.text).map(|m| Lifter::new(&m)).map_err(LifterGameError::Map)
    }

    fn to_move(&self) -> Actor {
        if self.outcome().is_some() {
            Actor::Nobody
        } else {
            Actor::Player(0)
        }
    }

    fn legal_moves(&self) -> Vec<Command> {
        if self.outcome().is_some() {
            Vec::new()
        } else {
            Command::ALL.to_vec()
        }
    }

    fn play(&mut self, mv: &Command) -> Result<(), LifterGameError> {
        self.step(*mv).map_err(LifterGameError::Play)
    }

    fn outcome(&self) -> Option<Outcome> {
        Lifter::outcome(self)
    }
}

const MAX_MAP_TEXT: usize = 20_000_000;

impl LinkParams for LifterParams {
    fn write_params(&self, w: &mut BitWriter) {
        if maps::official(&self.name) == Some(self.text.as_str()) {
            w.bits(0, 8);
            w.string(&self.name);
        } else {
            w.bits(1, 8);
            w.string(&self.name);
            w.string(&self.text);
        }
    }

    fn read_params(r: &mut BitReader) -> Result<Self, LinkError> {
        match r.bits(8)? {
            0 => {
                let name = r.string(64)?;
                LifterParams::official(&name).ok_or_else(|| LinkError::Malformed(format!("no official map \"{name}\"")))
            }
            1 => Ok(LifterParams { name: r.string(64)?, text: r.string(MAX_MAP_TEXT)? }),
            t => Err(LinkError::Malformed(format!("unknown map kind {t}"))),
        }
    }
}
