//! The board as the view describes it (docs/JAVASCRIPT-API.md, "Labyrinth"): 49 tiles row by
//! row from the top-left, each "kind[ treasure] direction"; the twelve insertion points; a push
//! and where the pawns ride to; which squares a pawn can walk to.

pub const SIZE: usize = 7;
pub const DIRECTIONS: [&str; 4] = ["north", "east", "south", "west"];

/// A square, 0-based (row, column) from the top-left (the view counts from 1).
pub type Square = (usize, usize);

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    Corner,
    TShape,
    Line,
}

#[derive(Clone, Copy, Debug)]
pub struct Tile {
    pub kind: Kind,
    /// 0 north, 1 east, 2 south, 3 west.
    pub dir: usize,
    pub treasure: Option<u32>,
}

impl Tile {
    /// "corner 7 east", "line north"; the extra tile's direction may be left out (it is
    /// chosen when it is pushed in).
    pub fn parse(text: &str, needs_direction: bool) -> Result<Tile, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let kind = match words.first() {
            Some(&"corner") => Kind::Corner,
            Some(&"tshape") => Kind::TShape,
            Some(&"line") => Kind::Line,
            _ => return Err(format!("{text:?} is not a tile (corner, tshape or line)")),
        };
        let mut rest = &words[1..];
        let mut dir = 0;
        match rest.split_last().and_then(|(last, before)| Some((DIRECTIONS.iter().position(|d| d == last)?, before))) {
            Some((d, before)) => {
                dir = d;
                rest = before;
            }
            None if needs_direction => return Err(format!("the tile {text:?} has no direction")),
            None => {}
        }
        let treasure = match rest {
            [] => None,
            [t] => Some(t.parse().map_err(|_| format!("{t:?} is not a treasure number"))?),
            _ => return Err(format!("{text:?} is not a tile")),
        };
        Ok(Tile { kind, dir, treasure })
    }

    /// Whether the tile opens to side `side` (0 north … 3 west). The save format's conventions:
    /// a line `d` runs from `d` to the opposite side; a corner `d` opens to `d` and the next side
    /// clockwise; a T-shape `d` opens to `d` and both sides next to it.
    pub fn opens(&self, side: usize) -> bool {
        let turn = (side + 4 - self.dir) % 4; // the side as seen from the tile's direction
        match self.kind {
            Kind::Line => turn % 2 == 0,
            Kind::Corner => turn == 0 || turn == 1,
            Kind::TShape => turn != 2,
        }
    }
}

/// The squares of insertion point `i` in the order the tiles move: the first is where the new
/// tile goes in, the last is pushed out. 0–2 the top of columns 2, 4, 6; 3–5 the right of rows
/// 2, 4, 6; 6–8 the bottom of columns 2, 4, 6; 9–11 the left of rows 2, 4, 6.
pub fn line_squares(i: usize) -> [Square; SIZE] {
    let line = [1, 3, 5][i % 3];
    std::array::from_fn(|k| match i / 3 {
        0 => (k, line),
        1 => (line, SIZE - 1 - k),
        2 => (SIZE - 1 - k, line),
        _ => (line, k),
    })
}

#[derive(Clone)]
pub struct Board {
    pub tiles: Vec<Tile>,
    pub extra: Tile,
}

impl Board {
    pub fn at(&self, (r, c): Square) -> &Tile {
        &self.tiles[r * SIZE + c]
    }

    /// Pushes the extra tile, turned to `dir`, in at insertion point `i`; the pawns on the line
    /// ride along (one pushed off comes back on the new tile, as the Ravensburger rules say).
    pub fn push(&mut self, i: usize, dir: usize, pawns: &mut [Square]) {
        let squares = line_squares(i);
        let index = |(r, c): Square| r * SIZE + c;
        let out = self.tiles[index(squares[SIZE - 1])];
        for k in (1..SIZE).rev() {
            self.tiles[index(squares[k])] = self.tiles[index(squares[k - 1])];
        }
        self.tiles[index(squares[0])] = Tile { dir, ..self.extra };
        self.extra = out;
        for pawn in pawns.iter_mut() {
            if let Some(k) = squares.iter().position(|s| s == pawn) {
                *pawn = squares[(k + 1) % SIZE];
            }
        }
    }

    /// Every square reachable from `from` through open sides that face each other.
    pub fn reachable(&self, from: Square) -> Vec<Square> {
        let mut seen = [false; SIZE * SIZE];
        let mut found = vec![from];
        seen[from.0 * SIZE + from.1] = true;
        let mut next = 0;
        while next < found.len() {
            let (r, c) = found[next];
            next += 1;
            for (side, (dr, dc)) in [(-1i32, 0i32), (0, 1), (1, 0), (0, -1)].into_iter().enumerate() {
                let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                if nr < 0 || nc < 0 || nr >= SIZE as i32 || nc >= SIZE as i32 {
                    continue;
                }
                let to = (nr as usize, nc as usize);
                if !seen[to.0 * SIZE + to.1] && self.at((r, c)).opens(side) && self.at(to).opens((side + 2) % 4) {
                    seen[to.0 * SIZE + to.1] = true;
                    found.push(to);
                }
            }
        }
        found
    }

    /// Where treasure `t` lies on the board, if it is not on the extra tile.
    pub fn find(&self, t: u32) -> Option<Square> {
        self.tiles.iter().position(|tile| tile.treasure == Some(t)).map(|i| (i / SIZE, i % SIZE))
    }
}
