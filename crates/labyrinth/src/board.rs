//! The maze: 49 tiles row by row (row 1 at the top, column 1 at the left), the extra tile, the
//! twelve insertion points, shifting, and reachability.

use super::tile::{Direction, Kind, Tile};

pub const SIZE: usize = 7;

/// A square, 1-based (row, column) from the top-left.
pub type Square = (u8, u8);

/// Insertion point `i` (0–11): 0–2 push down columns 2, 4, 6 from the top; 3–5 push left rows
/// 2, 4, 6 from the right; 6–8 push up columns 2, 4, 6 from the bottom; 9–11 push right rows
/// 2, 4, 6 from the left.
pub const INSERTIONS: usize = 12;

/// The side the tile enters from and the row or column (1-based) of insertion point `i`.
pub fn insertion(i: usize) -> (Direction, u8) {
    let line = [2, 4, 6][i % 3];
    let side = [Direction::North, Direction::East, Direction::South, Direction::West][i / 3 % 4];
    (side, line)
}

/// The insertion point on the other end of the same row or column.
pub fn opposite_insertion(i: usize) -> usize {
    (i + 6) % INSERTIONS
}

/// "the top of column 4", "the right of row 2"…
pub fn insertion_name(i: usize) -> String {
    let (side, line) = insertion(i);
    match side {
        Direction::North => format!("top of column {line}"),
        Direction::South => format!("bottom of column {line}"),
        Direction::East => format!("right of row {line}"),
        Direction::West => format!("left of row {line}"),
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub tiles: [Tile; SIZE * SIZE],
    pub extra: Tile,
}

pub fn index((r, c): Square) -> usize {
    (usize::from(r) - 1) * SIZE + usize::from(c) - 1
}

pub fn fixed(r: u8, c: u8) -> bool {
    r % 2 == 1 && c % 2 == 1
}

/// The squares of insertion point `i` in the order the tiles move (the first is where the
/// extra tile goes in, the last is pushed out).
pub fn line_squares(i: usize) -> [Square; SIZE] {
    let (side, line) = insertion(i);
    std::array::from_fn(|k| {
        let k = k as u8 + 1;
        match side {
            Direction::North => (k, line),
            Direction::South => (SIZE as u8 + 1 - k, line),
            Direction::West => (line, k),
            Direction::East => (line, SIZE as u8 + 1 - k),
        }
    })
}

impl Board {
    pub fn at(&self, s: Square) -> &Tile {
        &self.tiles[index(s)]
    }

    /// Pushes the extra tile (turned to `dir`) in at insertion point `i`; the tile pushed out
    /// becomes the extra tile.
    pub fn shift(&mut self, i: usize, dir: Direction) {
        let squares = line_squares(i);
        let out = self.tiles[index(squares[SIZE - 1])];
        for k in (1..SIZE).rev() {
            self.tiles[index(squares[k])] = self.tiles[index(squares[k - 1])];
        }
        self.tiles[index(squares[0])] = self.extra.turned(dir);
        self.extra = out;
    }

    /// The squares next to `s` joined to it: both tiles open on the side they share.
    fn open_neighbours(&self, (r, c): Square) -> impl Iterator<Item = Square> + '_ {
        let tile = *self.at((r, c));
        Direction::ALL.into_iter().filter_map(move |d| {
            let (dr, dc) = d.step();
            let (nr, nc) = (i32::from(r) + dr, i32::from(c) + dc);
            let inside = (1..=SIZE as i32).contains(&nr) && (1..=SIZE as i32).contains(&nc);
            let next = (nr as u8, nc as u8);
            (inside && tile.opens(d) && self.at(next).opens(d.opposite())).then_some(next)
        })
    }

    /// Every square reachable from `from` through open sides that face each other.
    pub fn reachable(&self, from: Square) -> Vec<bool> {
        let mut seen = vec![false; SIZE * SIZE];
        let mut stack = vec![from];
        seen[index(from)] = true;
        while let Some(square) = stack.pop() {
            for next in self.open_neighbours(square) {
                if !seen[index(next)] {
                    seen[index(next)] = true;
                    stack.push(next);
                }
            }
        }
        seen
    }

    /// A shortest way from `from` to `to` through open sides facing each other (both ends
    /// included), if there is one.
    pub fn path(&self, from: Square, to: Square) -> Option<Vec<Square>> {
        let mut back: Vec<Option<Square>> = vec![None; SIZE * SIZE];
        let mut seen = [false; SIZE * SIZE];
        let mut queue = std::collections::VecDeque::from([from]);
        seen[index(from)] = true;
        while let Some((r, c)) = queue.pop_front() {
            if (r, c) == to {
                let mut path = vec![to];
                let mut at = to;
                while let Some(prev) = back[index(at)] {
                    path.push(prev);
                    at = prev;
                }
                path.reverse();
                return Some(path);
            }
            for next in self.open_neighbours((r, c)) {
                if !seen[index(next)] {
                    seen[index(next)] = true;
                    back[index(next)] = Some((r, c));
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// Where the fixed tiles are and how they face (the standard board): the four corners open
    /// inwards, the T-shapes on the edges open inwards, the four inner T-shapes turn around the
    /// centre.
    pub fn fixed_tile(r: u8, c: u8) -> Option<Tile> {
        if !fixed(r, c) {
            return None;
        }
        use Direction::*;
        let (kind, dir) = match (r, c) {
            (1, 1) => (Kind::Corner, East),
            (1, 7) => (Kind::Corner, South),
            (7, 7) => (Kind::Corner, West),
            (7, 1) => (Kind::Corner, North),
            (1, _) => (Kind::TShape, South),
            (7, _) => (Kind::TShape, North),
            (_, 1) => (Kind::TShape, East),
            (_, 7) => (Kind::TShape, West),
            (3, 3) => (Kind::TShape, East),
            (3, 5) => (Kind::TShape, South),
            (5, 5) => (Kind::TShape, West),
            _ => (Kind::TShape, North),
        };
        Some(Tile { kind, dir, treasure: None })
    }
}
