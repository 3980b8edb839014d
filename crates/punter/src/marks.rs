//! What a Punter decision may draw (rails::marks): sites, rivers and paths through sites, by the
//! site ids of the map the bot was sent.

use super::PunterMap;
use rails::marks::{MarkKind, Points};

pub const KINDS: &[MarkKind] = &[
    MarkKind { name: "site", dims: 1, points: Points::Exactly(1), real: false, form: "SITE" },
    MarkKind { name: "river", dims: 1, points: Points::Exactly(2), real: false, form: "SITE SITE" },
    MarkKind { name: "path", dims: 1, points: Points::Path, real: false, form: "SITE SITE …" },
];

/// Whether `point` (a site id) is a site of `map`.
pub fn place(map: &PunterMap, point: &[f64]) -> Result<(), String> {
    let id = point[0];
    if id >= 0.0 && id <= u64::MAX as f64 && map.site(id as u64).is_some() {
        Ok(())
    } else {
        Err(format!("the map has no site {id}"))
    }
}
