//! Lambda Punter (ICFP 2017) with Futures, Splurges and Options, as the official server
//! played it.

pub mod log;
pub mod map;
pub mod network;
pub mod state;

pub use log::{Entry, GameLog, LogError};
pub use map::{MapError, PunterMap};
pub use state::{Illegal, Move, Played, PunterGame, Settings};
