//! The one list of link kinds. Each game registers its kinds (`LINK_KINDS` in its module);
//! [`open_any`] is the only way the page (through wasm) and the CLI open a link.

use super::{fragment, split, unpack, Envelope, LinkError};
use serde::Serialize;
use serde_json::Value;

/// One kind of link: its name in the fragment, the game it belongs to, the newest version it
/// writes (every older version still opens), and its decoder.
pub struct LinkKind {
    pub kind: &'static str,
    pub game: &'static str,
    pub version: u32,
    pub open: fn(&Envelope) -> Result<Opened, LinkError>,
}

/// What a link held: `data` for the page, `summary` for people (the CLI prints it), and what
/// was wrong with a partly valid link.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Opened {
    pub kind: String,
    pub version: u32,
    pub game: &'static str,
    pub problem: Option<String>,
    pub data: Value,
    pub summary: Value,
}

/// Every game's link kinds. Adding a game adds its list here.
const GAMES: &[&[LinkKind]] = &[crate::pig::links::LINK_KINDS, crate::lifter::LINK_KINDS, crate::punter::LINK_KINDS, crate::labyrinth::game::LINK_KINDS];

pub fn kinds() -> impl Iterator<Item = &'static LinkKind> {
    GAMES.iter().flat_map(|g| g.iter())
}

pub fn kind_names() -> Vec<&'static str> {
    kinds().map(|k| k.kind).collect()
}

pub fn find(kind: &str) -> Option<&'static LinkKind> {
    kinds().find(|k| k.kind == kind)
}

/// Opens any link: a full URL, a `#fragment` or a bare fragment, raw or %-escaped.
pub fn open_any(link: &str) -> Result<Opened, LinkError> {
    let fragment = fragment(link)?;
    let (kind, version, data) = split(&fragment)?;
    let entry = find(kind).ok_or_else(|| LinkError::UnknownKind(kind.to_string()))?;
    if version == 0 || version > entry.version {
        return Err(LinkError::Version { kind: kind.to_string(), version, supported: entry.version });
    }
    let env = unpack(kind, version, data)?;
    (entry.open)(&env)
}
