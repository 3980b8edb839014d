//! What a link kind is, and how a link is opened among a list of kinds. The link layer knows no
//! game: the game registry (the `games` crate) hands in every game's kinds and is the one way the
//! page (through wasm) and the CLI open a link.

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

/// Opens `link` (a full URL, a `#fragment` or a bare fragment, raw or %-escaped)
/// with the kinds given, and `assets` (name, text) at hand for the bundled assets it names.
pub fn open_among<'a>(
    kinds: impl Iterator<Item = &'a LinkKind> + Clone,
    link: &str,
    assets: Vec<(String, String)>,
) -> Result<Opened, LinkError> {
    let fragment = fragment(link)?;
    let (kind, version, data) = split(&fragment)?;
    let entry = kinds.clone().find(|k| k.kind == kind).ok_or_else(|| LinkError::UnknownKind {
        kind: kind.to_string(),
        known: kinds.map(|k| k.kind).collect(),
    })?;
    if version == 0 || version > entry.version {
        return Err(LinkError::Version {
            kind: kind.to_string(),
            version,
            supported: entry.version,
        });
    }
    let env = unpack(kind, version, data)?.with_assets(assets);
    (entry.open)(&env)
}
