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

    /// A number per content, 0–28 (trampolines 11–19, targets 20–28): for hashing and the
    /// undo log.
    pub fn code(self) -> u8 {
        match self {
            Cell::Empty => 0,
            Cell::Earth => 1,
            Cell::Wall => 2,
            Cell::Rock => 3,
            Cell::HoRock => 4,
            Cell::Lambda => 5,
            Cell::ClosedLift => 6,
            Cell::OpenLift => 7,
            Cell::Robot => 8,
            Cell::Beard => 9,
            Cell::Razor => 10,
            Cell::Trampoline(t) => 11 + t.min(8),
            Cell::Target(t) => 20 + t.min(8),
        }
    }

    /// The content of a `code` (None for a number that is none).
    pub fn from_code(v: u8) -> Option<Cell> {
        Some(match v {
            0 => Cell::Empty,
            1 => Cell::Earth,
            2 => Cell::Wall,
            3 => Cell::Rock,
            4 => Cell::HoRock,
            5 => Cell::Lambda,
            6 => Cell::ClosedLift,
            7 => Cell::OpenLift,
            8 => Cell::Robot,
            9 => Cell::Beard,
            10 => Cell::Razor,
            11..=19 => Cell::Trampoline(v - 11),
            20..=28 => Cell::Target(v - 20),
            _ => return None,
        })
    }

    /// Rocks of either kind fall, slide and can be pushed.
    pub fn is_rock(self) -> bool {
        matches!(self, Cell::Rock | Cell::HoRock)
    }
}

#[cfg(test)]
mod tests {
    use super::Cell;

    #[test]
    fn every_content_has_its_own_code() {
        for c in " .#*@\\LORW!ABCDEFGHI123456789".chars().filter_map(Cell::from_char) {
            assert_eq!(Cell::from_code(c.code()), Some(c));
        }
        assert_eq!(Cell::from_code(29), None);
    }
}
