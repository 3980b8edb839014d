//! The map text format: the mine (top row first), then after a blank line metadata lines in any
//! order (`Water`, `Flooding`, `Waterproof`, `Trampoline X targets N`, `Growth`, `Razors`).
//! Tolerates CRLF and trailing spaces; every error names its line and column.

use super::cell::Cell;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mine {
    pub width: usize,
    pub height: usize,
    /// Row-major from the bottom row: index = (y − 1) · width + (x − 1) for (x, y) 1-based.
    pub cells: Vec<Cell>,
    pub meta: Metadata,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Metadata {
    pub water: u32,
    pub flooding: u32,
    pub waterproof: u32,
    pub growth: u32,
    pub razors: u32,
    /// `trampoline_targets[t]` = target index of trampoline t (A = 0), if the map uses it.
    pub trampoline_targets: [Option<u8>; 9],
}

impl Default for Metadata {
    fn default() -> Self {
        Metadata {
            water: 0,
            flooding: 0,
            waterproof: 10,
            growth: 25,
            razors: 0,
            trampoline_targets: [None; 9],
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapErrorKind {
    Empty,
    UnknownCell(char),
    NoRobot,
    SecondRobot,
    TrampolineWithoutTarget(char),
    TargetMissing { trampoline: char, target: char },
    UnknownMetadata(String),
    BadMetadata(String),
    DuplicateMetadata(String),
    TooLarge,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    /// 1-based line and column in the map text.
    pub line: usize,
    pub col: usize,
    pub kind: MapErrorKind,
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.kind)
    }
}

impl From<MapError> for rails::inputs::InputError {
    fn from(e: MapError) -> Self {
        let place = rails::inputs::Place { line: e.line, column: e.col };
        rails::inputs::InputError::at(place, e.kind.to_string())
    }
}

impl fmt::Display for MapErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MapErrorKind::Empty => f.write_str("the map is empty"),
            MapErrorKind::UnknownCell(c) => write!(f, "unknown cell {c:?}"),
            MapErrorKind::NoRobot => f.write_str("the map has no robot (R)"),
            MapErrorKind::SecondRobot => f.write_str("a second robot (R); a map has exactly one"),
            MapErrorKind::TrampolineWithoutTarget(t) => {
                write!(f, "trampoline {t} has no target (add a line \"Trampoline {t} targets N\")")
            }
            MapErrorKind::TargetMissing { trampoline, target } => {
                write!(f, "trampoline {trampoline} targets {target}, but there is no target {target} on the map")
            }
            MapErrorKind::UnknownMetadata(k) => write!(
                f,
                "unknown metadata \"{}\" (expected Water, Flooding, Waterproof, Trampoline, Growth or Razors)",
                rails::inputs::excerpt(k)
            ),
            MapErrorKind::BadMetadata(m) => f.write_str(&rails::inputs::bounded(m.as_str())),
            MapErrorKind::DuplicateMetadata(k) => write!(f, "{} is given twice", rails::inputs::excerpt(k)),
            MapErrorKind::TooLarge => f.write_str("the map is larger than 4000 × 4000"),
        }
    }
}

impl std::error::Error for MapError {}

const MAX_SIDE: usize = 4000;

fn err(line: usize, col: usize, kind: MapErrorKind) -> MapError {
    MapError { line, col, kind }
}

impl Mine {
    pub fn parse(text: &str) -> Result<Mine, MapError> {
        let lines: Vec<&str> =
            text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
        let first = lines.iter().position(|l| !l.trim().is_empty()).ok_or(err(
            1,
            1,
            MapErrorKind::Empty,
        ))?;
        let end = (first..lines.len()).find(|&i| ends_map(&lines[i..])).unwrap_or(lines.len());
        let rows = &lines[first..end];
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        let height = rows.len();
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(err(first + 1, 1, MapErrorKind::TooLarge));
        }
        let mut cells = vec![Cell::Empty; width * height];
        let mut robot: Option<(usize, usize)> = None;
        let mut trampolines: Vec<(u8, usize, usize)> = Vec::new();
        let mut targets = [false; 9];
        for (r, row) in rows.iter().enumerate() {
            let line = first + r + 1;
            let y = height - 1 - r;
            for (x, c) in row.chars().enumerate() {
                let cell =
                    Cell::from_char(c).ok_or(err(line, x + 1, MapErrorKind::UnknownCell(c)))?;
                match cell {
                    Cell::Robot if robot.is_some() => {
                        return Err(err(line, x + 1, MapErrorKind::SecondRobot))
                    }
                    Cell::Robot => robot = Some((line, x + 1)),
                    Cell::Trampoline(t) => trampolines.push((t, line, x + 1)),
                    Cell::Target(t) => targets[usize::from(t)] = true,
                    _ => {}
                }
                cells[y * width + x] = cell;
            }
        }
        if robot.is_none() {
            return Err(err(first + 1, 1, MapErrorKind::NoRobot));
        }
        let meta = parse_metadata(&lines, end, &targets)?;
        for (t, line, col) in trampolines {
            if meta.trampoline_targets[usize::from(t)].is_none() {
                return Err(err(
                    line,
                    col,
                    MapErrorKind::TrampolineWithoutTarget((b'A' + t) as char),
                ));
            }
        }
        Ok(Mine { width, height, cells, meta })
    }

    /// The map as a map file: its rows, then (after an empty line) every metadata value that is
    /// not the default. [`Mine::parse`] reads it back to the same mine.
    pub fn text(&self) -> String {
        let mut out = Mine::grid_text(self.width, self.height, &self.cells);
        out.push('\n');
        let d = Metadata::default();
        let m = &self.meta;
        let mut meta = Vec::new();
        for (key, value, default) in [
            ("Water", m.water, d.water),
            ("Flooding", m.flooding, d.flooding),
            ("Waterproof", m.waterproof, d.waterproof),
            ("Growth", m.growth, d.growth),
            ("Razors", m.razors, d.razors),
        ] {
            if value != default {
                meta.push(format!("{key} {value}"));
            }
        }
        for (t, target) in m.trampoline_targets.iter().enumerate() {
            if let Some(target) = target {
                meta.push(format!(
                    "Trampoline {} targets {}",
                    (b'A' + t as u8) as char,
                    target + 1
                ));
            }
        }
        if !meta.is_empty() {
            out.push('\n');
            out.push_str(&meta.join("\n"));
            out.push('\n');
        }
        out
    }

    /// Rows top to bottom, `\n`-separated, every row the full width (no metadata).
    pub fn grid_text(width: usize, height: usize, cells: &[Cell]) -> String {
        let mut out = String::with_capacity((width + 1) * height);
        for y in (0..height).rev() {
            out.extend(cells[y * width..(y + 1) * width].iter().map(|c| c.to_char()));
            if y > 0 {
                out.push('\n');
            }
        }
        out
    }
}

fn parse_metadata(lines: &[&str], from: usize, targets: &[bool; 9]) -> Result<Metadata, MapError> {
    let mut meta = Metadata::default();
    let mut seen: Vec<String> = Vec::new();
    for (i, raw) in lines.iter().enumerate().skip(from) {
        let line = i + 1;
        let words: Vec<&str> = raw.split_whitespace().collect();
        let Some(&key) = words.first() else { continue };
        let col = raw.find(key).map_or(1, |c| c + 1);
        let number = |n: usize| -> Result<u32, MapError> {
            let word = words.get(n).copied().unwrap_or("");
            let at = raw.find(word).filter(|_| !word.is_empty()).map_or(raw.len() + 1, |c| c + 1);
            let digits = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
            word.parse::<u32>().map_err(|_| {
                let what = if digits {
                    format!("{key} {word} is too large (at most {})", u32::MAX)
                } else {
                    format!("{key} needs a whole number ≥ 0, got \"{word}\"")
                };
                err(line, at, MapErrorKind::BadMetadata(what))
            })
        };
        let name = if key == "Trampoline" {
            format!("Trampoline {}", words.get(1).unwrap_or(&""))
        } else {
            key.to_string()
        };
        if seen.contains(&name) {
            return Err(err(line, col, MapErrorKind::DuplicateMetadata(name)));
        }
        seen.push(name);
        let expect_words = |n: usize| -> Result<(), MapError> {
            if words.len() == n {
                Ok(())
            } else {
                Err(err(
                    line,
                    col,
                    MapErrorKind::BadMetadata(format!("\"{}\" should have {n} words", raw.trim())),
                ))
            }
        };
        match key {
            "Water" | "Flooding" | "Waterproof" | "Growth" | "Razors" => {
                expect_words(2)?;
                let v = number(1)?;
                match key {
                    "Water" => meta.water = v,
                    "Flooding" => meta.flooding = v,
                    "Waterproof" => meta.waterproof = v,
                    "Growth" if v == 0 => {
                        return Err(err(
                            line,
                            col,
                            MapErrorKind::BadMetadata("Growth must be at least 1".into()),
                        ))
                    }
                    "Growth" => meta.growth = v,
                    _ => meta.razors = v,
                }
            }
            "Trampoline" => {
                expect_words(4)?;
                let bad = |m: String| err(line, col, MapErrorKind::BadMetadata(m));
                let t = single(words[1]).filter(|c| ('A'..='I').contains(c));
                let target = single(words[3]).filter(|c| ('1'..='9').contains(c));
                let (Some(t), true, Some(target)) = (t, words[2] == "targets", target) else {
                    return Err(bad(format!(
                        "expected \"Trampoline A targets 1\" (A–I, 1–9), got \"{}\"",
                        raw.trim()
                    )));
                };
                let ti = target as u8 - b'1';
                if !targets[usize::from(ti)] {
                    return Err(err(
                        line,
                        col,
                        MapErrorKind::TargetMissing { trampoline: t, target },
                    ));
                }
                meta.trampoline_targets[usize::from(t as u8 - b'A')] = Some(ti);
            }
            other => return Err(err(line, col, MapErrorKind::UnknownMetadata(other.to_string()))),
        }
    }
    Ok(meta)
}

const KEYS: [&str; 6] = ["Water", "Flooding", "Waterproof", "Trampoline", "Growth", "Razors"];

/// Does the map end at the first of `rest`? An empty line does; a line of spaces only when
/// nothing but metadata follows (a row of empty cells is a legal map row).
fn ends_map(rest: &[&str]) -> bool {
    let Some(line) = rest.first() else { return true };
    if line.is_empty() {
        return true;
    }
    if !line.trim().is_empty() {
        return false;
    }
    match rest[1..].iter().find(|l| !l.trim().is_empty()) {
        None => true,
        Some(next) => next.split_whitespace().next().is_some_and(|w| KEYS.contains(&w)),
    }
}

fn single(word: &str) -> Option<char> {
    let mut chars = word.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}
