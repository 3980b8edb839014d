//! Lambda Lifter (ICFP 2012) with Flooding, Trampolines, Beards & Razors and Higher-order
//! rocks, following the rule decisions of the project's notes.

mod cell;
mod command;
pub mod inputs;
mod map;
pub mod maps;
pub mod marks;
mod planes;
mod rows;
pub mod solver;
mod state;
pub mod view;

pub use cell::Cell;
pub use command::{Command, Death, LifterError, Outcome};
pub use map::{MapError, MapErrorKind, Metadata, Mine};
pub use state::Lifter;

use rails::game::{Actor, Game};
use rails::link::{
    decode_record, read_asset, write_asset, BitReader, BitWriter, Envelope, LinkError, LinkKind,
    LinkParams, Opened,
};
use serde_json::json;

/// A map by name and text; official maps travel in links by name only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LifterParams {
    pub name: String,
    pub text: String,
}

impl LifterParams {
    pub fn official(name: &str) -> Option<LifterParams> {
        maps::official(name)
            .map(|text| LifterParams { name: name.to_string(), text: text.to_string() })
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
    type View = view::LifterView;

    const ID: &'static str = "lifter";

    fn seats(&self) -> usize {
        1
    }

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

    fn move_count(&self) -> usize {
        if self.outcome().is_some() {
            0
        } else {
            Command::ALL.len()
        }
    }

    fn move_index(&self, mv: &Command) -> Option<usize> {
        if self.outcome().is_some() {
            return None;
        }
        Command::ALL.iter().position(|c| c == mv)
    }

    fn move_at(&self, index: usize) -> Option<Command> {
        if self.outcome().is_some() {
            return None;
        }
        Command::ALL.get(index).copied()
    }

    fn play(&mut self, mv: &Command) -> Result<(), LifterGameError> {
        self.step(*mv).map_err(LifterGameError::Play)
    }

    fn outcome(&self) -> Option<Outcome> {
        Lifter::outcome(self)
    }

    fn returns(&self) -> Vec<f64> {
        if self.outcome().is_some() {
            vec![self.score() as f64]
        } else {
            Vec::new()
        }
    }

    fn view(&self, _seat: u8) -> view::LifterView {
        view::LifterView::of(self)
    }

    fn move_label(&self, mv: &Command) -> String {
        mv.to_char().to_string()
    }

    fn undo(&mut self) -> bool {
        Lifter::undo(self)
    }

    fn footprint(&self) -> usize {
        Lifter::footprint(self)
    }
}

/// A Lifter game on the series (one seat: the robot's driver, a person or a strategy): a failed
/// or refused command is a Wait (it costs a move, as an unknown route letter would not). No cap
/// of its own: the rules end every game after width × height commands (`Outcome::Unfinished`).
impl rails::arena::MatchRules for Lifter {
    fn fallback(&self) -> Option<Command> {
        Some(Command::Wait)
    }

    const FALLBACK: &'static str = "wait";

    /// Every command is a decision and a turn of its own: after a failed one the next is asked.
    fn new_turn(&self) -> bool {
        true
    }
}

const MAX_MAP_TEXT: usize = 20_000_000;
const MAX_MAP_NAME: usize = 64;

/// Lifter's link kinds, for the registry.
pub const LINK_KINDS: &[LinkKind] = &[
    LinkKind { kind: "lifter", game: "lifter", version: 2, open: open_link },
    LinkKind {
        kind: "lifter-bot",
        game: "lifter",
        version: rails::link::BOT_LINK_VERSION,
        open: open_bot,
    },
    LinkKind {
        kind: "lifter-ab",
        game: "lifter",
        version: rails::link::ab::AB_VERSION,
        open: |env| rails::link::open_ab(env, "lifter"),
    },
];

/// A user's bot as a link (`rails::link::open_bot`): JavaScript only (a program is shared as a file).
fn open_bot(env: &Envelope) -> Result<Opened, LinkError> {
    rails::link::open_bot(env, "lifter", &["js"])
}

fn open_link(env: &Envelope) -> Result<Opened, LinkError> {
    let d = decode_record::<Lifter>(env)?;
    let LifterParams { name, text } = &d.record.params;
    let route: String = d.record.moves.iter().map(|c| c.to_char()).collect();
    let official = maps::official(name) == Some(text.as_str());
    Ok(Opened {
        kind: env.kind.clone(),
        version: env.version,
        game: "lifter",
        problem: d.problem.clone(),
        data: json!({ "name": name, "text": text, "official": official, "route": route, "view": d.record.view }),
        summary: json!({
            "kind": env.kind, "map": name, "route": route, "view": d.record.view,
            "score": d.game.score(), "outcome": d.game.outcome().map(|o| o.name()), "problem": d.problem,
        }),
    })
}

impl LinkParams for LifterParams {
    /// 1: an official map by name alone; 2: by name and content hash (see `link::asset`).
    const VERSION: u32 = 2;

    fn write_params(&self, w: &mut BitWriter) {
        write_asset(w, &self.name, &self.text, |n, t| maps::official(n) == Some(t));
    }

    fn read_params(r: &mut BitReader, version: u32) -> Result<Self, LinkError> {
        if version >= 2 {
            let a = read_asset(r, MAX_MAP_NAME, MAX_MAP_TEXT, maps::official, |n, t| {
                maps::official(n) == Some(t)
            })?;
            return Ok(LifterParams { name: a.name, text: a.text });
        }
        match r.bits(8)? {
            0 => {
                let name = r.string(MAX_MAP_NAME)?;
                LifterParams::official(&name)
                    .ok_or_else(|| LinkError::Malformed(format!("no official map \"{name}\"")))
            }
            1 => Ok(LifterParams { name: r.string(MAX_MAP_NAME)?, text: r.string(MAX_MAP_TEXT)? }),
            t => Err(LinkError::Malformed(format!("unknown map kind {t}"))),
        }
    }
}
