//! The Lifter formats read from strangers, as the product reads them (the game registry lists
//! them for `arcade check`, the fuzz targets and the bad-input catalogue).

use super::{Command, Lifter, Mine};
use rails::inputs::{InputError, InputFormat, Limit};

pub const FORMATS: &[InputFormat] = &[
    InputFormat { name: "lifter-map", about: "a Lifter map (the contest's text format with its metadata)", check: map },
    InputFormat { name: "lifter-route", about: "a Lifter map, a line \"@route\", then a route played on it", check: route },
    InputFormat { name: "lifter-marks", about: "what a Lifter decision printed, read for its debug marks (@draw lines; no mine at hand)", check: marks },
];

fn marks(text: &str) -> Result<String, InputError> {
    Ok(rails::marks::check(text, super::marks::KINDS, &rails::marks::anywhere)?)
}

pub const LIMITS: &[Limit] = &[
    Limit { input: "Lifter map", limit: "4000 × 4000 cells (the page opens up to 1,000,000 cells, e.g. 1000 × 1000, and names the CLI for larger ones); numbers up to 4294967295", past_it: "refused: \"the map is larger than 4000 × 4000\", \"Flooding 99999999999 is too large (at most 4294967295)\"" },
    Limit { input: "Lifter route", limit: "width × height commands are played; the rest is ignored (the contest's rule)", past_it: "the game ends \"unfinished\"" },
    Limit { input: "Lifter solver in JavaScript (page)", limit: "answers of 256 characters (next), a route of 16,000,002 (solve)", past_it: "the run stops, with the reason" },
];

fn map(text: &str) -> Result<String, InputError> {
    Ok(Mine::parse(text).map(|m| format!("a {}×{} map", m.width, m.height))?)
}

fn route(text: &str) -> Result<String, InputError> {
    let (map, route) = text
        .split_once("\n@route\n")
        .ok_or_else(|| InputError::new("expected a map, a line \"@route\", then the route"))?;
    let mine = Mine::parse(map)?;
    let game = Lifter::play_route(&mine, &Command::parse_route(route));
    Ok(format!(
        "{} after {} moves, score {}",
        game.outcome().map_or("unfinished", |o| o.name()),
        game.moves(),
        game.score()
    ))
}
