//! The contents of one mine cell and its map character.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    Earth,
    Wall,
    Rock,
    /// Higher-order rock: a rock that becomes a lambda where it lands.
    HoRock,
    Lambda,
    ClosedLift,
    OpenLift,
    Robot,
    /// Wadler's beard: a wall that grows into empty neighbours.
    Beard,
    /// Hutton's razor lying on the map.
    Razor,
    /// Trampoline A–I (0–8).
    Trampoline(u8),
    /// Target 1–9 (0–8).
    Target(u8),
}

impl Cell {
    pub fn from_char(c: char) -> Option<Cell> {
        Some(match c {
            ' ' => Cell::Empty,
            '.' => Cell::Earth,
            '#' => Cell::Wall,
            '*' => Cell::Rock,
            '@' => Cell::HoRock,
            '\\' => Cell::Lambda,
            'L' => Cell::ClosedLift,
            'O' => Cell::OpenLift,
            'R' => Cell::Robot,
            'W' => Cell::Beard,
            '!' => Cell::Razor,
            'A'..='I' => Cell::Trampoline(c as u8 - b'A'),
            '1'..='9' => Cell::Target(c as u8 - b'1'),
            _ => return None,
        })
    }

    pub fn to_char(self) -> char {
        match self {
            Cell::Empty => ' ',
            Cell::Earth => '.',
            Cell::Wall => '#',
            Cell::Rock => '*',
            Cell::HoRock => '@',
            Cell::Lambda => '\\',
            Cell::ClosedLift => 'L',
            Cell::OpenLift => 'O',
            Cell::Robot => 'R',
            Cell::Beard => 'W',
            Cell::Razor => '!',
            Cell::Trampoline(i) => (b'A' + i) as char,
            Cell::Target(i) => (b'1' + i) as char,
        }
    }

    /// Rocks of either kind fall, slide and can be pushed.
    pub fn is_rock(self) -> bool {
        matches!(self, Cell::Rock | Cell::HoRock)
    }
}
