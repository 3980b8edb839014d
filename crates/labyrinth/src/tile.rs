//! Labyrinth tiles: three kinds (corner, T-shape, line), a direction, and perhaps a treasure.
//! Directions follow the save format's conventions: a line `north` runs north–south (`east`:
//! east–west); a corner `d` opens to `d` and the next side clockwise (north → north + east); a
//! T-shape `d` opens to `d` and both sides next to it (north → west, north, east).

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Corner,
    TShape,
    Line,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    North,
    East,
    South,
    West,
}

/// Openings as bits: north 1, east 2, south 4, west 8.
pub const N: u8 = 1;
pub const E: u8 = 2;
pub const S: u8 = 4;
pub const W: u8 = 8;

impl Direction {
    pub const ALL: [Direction; 4] =
        [Direction::North, Direction::East, Direction::South, Direction::West];

    pub fn bit(self) -> u8 {
        match self {
            Direction::North => N,
            Direction::East => E,
            Direction::South => S,
            Direction::West => W,
        }
    }

    /// The next side clockwise.
    pub fn clockwise(self) -> Direction {
        Direction::ALL[(self.index() + 1) % 4]
    }

    pub fn opposite(self) -> Direction {
        Direction::ALL[(self.index() + 2) % 4]
    }

    pub fn index(self) -> usize {
        match self {
            Direction::North => 0,
            Direction::East => 1,
            Direction::South => 2,
            Direction::West => 3,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Direction::North => "north",
            Direction::East => "east",
            Direction::South => "south",
            Direction::West => "west",
        }
    }

    pub fn from_name(s: &str) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.name() == s)
    }

    /// The extra tile's rotation a strategy answered, or why it is not one.
    pub fn rotation(s: &str) -> Result<Direction, String> {
        Direction::from_name(s)
            .ok_or_else(|| format!("\"{s}\" is not a rotation (north, east, south, west)"))
    }

    /// (row, column) step.
    pub fn step(self) -> (i32, i32) {
        match self {
            Direction::North => (-1, 0),
            Direction::East => (0, 1),
            Direction::South => (1, 0),
            Direction::West => (0, -1),
        }
    }
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Corner => "corner",
            Kind::TShape => "tshape",
            Kind::Line => "line",
        }
    }

    pub fn from_name(s: &str) -> Option<Kind> {
        [Kind::Corner, Kind::TShape, Kind::Line].into_iter().find(|k| k.name() == s)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tile {
    pub kind: Kind,
    pub dir: Direction,
    /// Treasure 1–24, if any.
    pub treasure: Option<u8>,
}

impl Tile {
    /// The sides this tile opens to.
    pub fn openings(&self) -> u8 {
        let d = self.dir;
        match self.kind {
            Kind::Line => d.bit() | d.opposite().bit(),
            Kind::Corner => d.bit() | d.clockwise().bit(),
            Kind::TShape => d.bit() | d.clockwise().bit() | d.opposite().clockwise().bit(),
        }
    }

    /// The sides this tile opens to when turned to each direction, in [`Direction::ALL`]'s order
    /// (north, east, south, west): how the extra tile looks as it is turned before a push.
    pub fn openings_turned(&self) -> [u8; 4] {
        Direction::ALL.map(|d| self.turned(d).openings())
    }

    pub fn opens(&self, d: Direction) -> bool {
        self.openings() & d.bit() != 0
    }

    pub fn turned(self, dir: Direction) -> Tile {
        Tile { dir, ..self }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind.name())?;
        if let Some(t) = self.treasure {
            write!(f, " {t}")?;
        }
        write!(f, " {}", self.dir.name())
    }
}
