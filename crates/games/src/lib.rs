//! The registry of games, at the top of the crate: the one place that names every game. The
//! rails below it (links, inputs, arena, tape) know no game; each game exports its link kinds,
//! input formats, limits and marks, and is registered here by one [`GameDescriptor`].

use rails::inputs::{self, DecisionLimits, InputError, InputFormat, Limit, LimitRow};
use rails::link::{open_among, LinkError, LinkKind, Opened};
use rails::marks::MarkKind;

/// What a game registers: its id, its share-link kinds, the formats it reads from strangers
/// with their limits, and the time outside strategies have.
pub struct GameDescriptor {
    /// The stable id ("pig"), as in links and the page's registry.
    pub id: &'static str,
    pub title: &'static str,
    pub links: &'static [LinkKind],
    pub formats: &'static [InputFormat],
    pub limits: &'static [Limit],
    /// The time a strategy from outside the engine has for one decision, if the game takes such
    /// strategies with a time of its own.
    pub decisions: Option<DecisionLimits>,
    /// The marks a decision may draw on its board (`rails::marks`; none: no debug drawing).
    pub marks: &'static [MarkKind],
}

#[cfg(feature = "pig")]
pub const PIG: GameDescriptor = {
    use pig::{inputs, links, marks};
    GameDescriptor {
        id: "pig",
        title: "Pig",
        links: links::LINK_KINDS,
        formats: inputs::FORMATS,
        limits: inputs::LIMITS,
        decisions: Some(inputs::DECISIONS),
        marks: marks::KINDS,
    }
};

#[cfg(feature = "lifter")]
pub const LIFTER: GameDescriptor = {
    use lifter::{inputs, marks, LINK_KINDS};
    GameDescriptor {
        id: "lifter",
        title: "Lambda Lifter",
        links: LINK_KINDS,
        formats: inputs::FORMATS,
        limits: inputs::LIMITS,
        decisions: None,
        marks: marks::KINDS,
    }
};

#[cfg(feature = "punter")]
pub const PUNTER: GameDescriptor = {
    use punter::{inputs, marks, LINK_KINDS};
    GameDescriptor {
        id: "punter",
        title: "Lambda Punter",
        links: LINK_KINDS,
        formats: inputs::FORMATS,
        limits: inputs::LIMITS,
        decisions: None,
        marks: marks::KINDS,
    }
};

#[cfg(feature = "labyrinth")]
pub const LABYRINTH: GameDescriptor = {
    use labyrinth::{game::LINK_KINDS, inputs, marks};
    GameDescriptor {
        id: "labyrinth",
        title: "Labyrinth",
        links: LINK_KINDS,
        formats: inputs::FORMATS,
        limits: inputs::LIMITS,
        decisions: Some(inputs::DECISIONS),
        marks: marks::KINDS,
    }
};

/// Every game, in the order the page and the CLI list them.
pub const GAMES: &[GameDescriptor] = &[
    #[cfg(feature = "pig")]
    PIG,
    #[cfg(feature = "lifter")]
    LIFTER,
    #[cfg(feature = "punter")]
    PUNTER,
    #[cfg(feature = "labyrinth")]
    LABYRINTH,
];

/// The one format that is no game's own: a share link of any kind.
const LINK_FORMAT: InputFormat = InputFormat {
    name: "link",
    about: "a share link of any kind (URL, #fragment or bare fragment)",
    check: check_link,
};

pub fn find(id: &str) -> Option<&'static GameDescriptor> {
    GAMES.iter().find(|g| g.id == id)
}

/// Every link kind of every game.
pub fn link_kinds() -> impl Iterator<Item = &'static LinkKind> + Clone {
    GAMES.iter().flat_map(|g| g.links.iter())
}

pub fn link_kind(kind: &str) -> Option<&'static LinkKind> {
    link_kinds().find(|k| k.kind == kind)
}

/// Opens any link: a full URL, a `#fragment` or a bare fragment, raw or %-escaped. The only
/// way the page (through wasm) and the CLI open a link.
pub fn open_link(link: &str) -> Result<Opened, LinkError> {
    open_link_with(link, Vec::new())
}

/// Every game's link kinds, also in a build with fewer games (the page's one-game engine
/// modules), so a kind no game has is refused with the same list everywhere. `tests/rails.rs`
/// holds it equal to the kinds of the full registry.
pub const EVERY_LINK_KIND: &[&str] = &[
    "pig",
    "pig-match",
    "pig-tournament",
    "pig-bot",
    "pig-ab",
    "lifter",
    "lifter-bot",
    "lifter-ab",
    "punter",
    "punter-bot",
    "punter-ab",
    "labyrinth",
    "labyrinth-bot",
    "labyrinth-ab",
];

/// Opens any link with `assets` (name, text) at hand: what a link names but this build does
/// not carry (the page hands in the maps it has loaded).
pub fn open_link_with(link: &str, assets: Vec<(String, String)>) -> Result<Opened, LinkError> {
    open_among(link_kinds(), link, assets).map_err(|e| match e {
        LinkError::UnknownKind { kind, known }
            if !known.is_empty() && !EVERY_LINK_KIND.contains(&kind.as_str()) =>
        {
            LinkError::UnknownKind { kind, known: EVERY_LINK_KIND.to_vec() }
        }
        e => e,
    })
}

/// Every format read from strangers: each game's, then links.
pub fn formats() -> impl Iterator<Item = &'static InputFormat> {
    GAMES.iter().flat_map(|g| g.formats.iter()).chain(std::iter::once(&LINK_FORMAT))
}

pub fn format(name: &str) -> Option<&'static InputFormat> {
    formats().find(|f| f.name == name)
}

pub fn format_names() -> Vec<&'static str> {
    formats().map(|f| f.name).collect()
}

/// Every input bound, as the limits table lists them: each game's (its time for an outside
/// strategy's decision last), then the shared rails'.
pub fn limits() -> Vec<LimitRow> {
    let games = GAMES
        .iter()
        .flat_map(|g| g.limits.iter().map(Limit::row).chain(g.decisions.map(|d| d.row(g.title))));
    games.chain(inputs::RAIL_LIMITS.iter().map(Limit::row)).collect()
}

/// Reads `text` as the format `name` is read by the product: `Ok(summary)` or the user's
/// message; an unknown format name is an error naming the known ones.
pub fn check(name: &str, text: &str) -> Result<String, InputError> {
    let format = format(name).ok_or_else(|| {
        InputError::new(format!("unknown format \"{name}\" (known: {})", format_names().join(", ")))
    })?;
    (format.check)(text)
}

/// A fuzz target's body: any bytes, read as format `name` (bytes that are not UTF-8 are
/// refused with their place). Crashes, hangs and running out of memory are the findings.
pub fn fuzz(name: &str, data: &[u8]) {
    if let Some(format) = format(name) {
        let _ = inputs::check_bytes(format, data);
    }
}

fn check_link(text: &str) -> Result<String, InputError> {
    open_link(text)
        .map(|o| match o.problem {
            Some(problem) => format!("a {} link, opened as far as it goes: {problem}", o.kind),
            None => format!("a {} link", o.kind),
        })
        .map_err(|e| InputError::from_message(e.to_string()))
}
