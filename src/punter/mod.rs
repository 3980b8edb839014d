//! Lambda Punter (ICFP 2017) with Futures, Splurges and Options, as the official server
//! played it.

pub mod bots;
pub mod game;
pub mod links;
pub mod log;
pub mod map;
pub mod maps;
pub mod network;
pub mod protocol;
pub mod state;
pub mod strong;

pub use game::{Punter, PunterMove, PunterParams, PunterView};
pub use links::LINK_KINDS;
pub use log::{Entry, GameLog, LogError};
pub use map::{MapError, PunterMap};
pub use state::{Illegal, Move, Played, PunterGame, Settings};
