//! Lambda Punter (ICFP 2017) with Futures, Splurges and Options, as the official server
//! played it.

pub mod bots;
pub mod game;
pub mod inputs;
pub mod links;
pub mod log;
mod log_tree;
mod log_typed;
pub mod map;
mod map_counts;
pub mod maps;
pub mod marks;
pub mod network;
mod potential;
pub mod protocol;
pub mod recent;
pub mod score;
pub mod state;
pub mod strong;

pub use game::{Punter, PunterMove, PunterParams, PunterView};
pub use links::LINK_KINDS;
pub use log::{Entry, GameLog, LogError};
pub use map::{MapError, PunterMap};
pub use state::{Illegal, Move, Played, PunterGame, Settings};

/// An error in a map or a log, with its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedError {
    /// "line 3, column 7", or a path into the JSON ("rivers[12].target", "game[40]").
    pub place: String,
    pub message: String,
}

impl std::fmt::Display for PlacedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {}",
            rails::inputs::excerpt(&self.place),
            rails::inputs::bounded(self.message.as_str())
        )
    }
}

impl std::error::Error for PlacedError {}

/// serde_json's message without its " at line L column C" tail (the place is given apart).
pub(crate) fn json_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let tail = format!(" at line {} column {}", e.line(), e.column());
    text.strip_suffix(&tail).map_or(text.clone(), str::to_string)
}

/// Why `v` is not a whole number ≥ 0 (`expected` names what was wanted): a whole number too
/// large for 64 bits is called too large, not the wrong kind of value.
pub(crate) fn whole_number_problem(v: &serde_json::Value, expected: &str) -> String {
    match v.as_f64() {
        Some(f) if f >= 18_446_744_073_709_551_616.0 && f.fract() == 0.0 => {
            format!("{v} is too large (at most {})", u64::MAX)
        }
        _ => format!("expected {expected}, got {v}"),
    }
}
