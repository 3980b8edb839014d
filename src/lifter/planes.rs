//! The mine as bit planes for the map update: one bit per cell for each kind the update reads
//! (empty, rock of either kind, higher-order rock, lambda, beard). Each row is padded to whole
//! 64-bit words, so a cell's left and right neighbours are one-bit shifts. Padding bits are 0
//! in every plane: outside the mine reads as wall, as the rules say.

use super::cell::Cell;

const EMPTY: u8 = 1;
const ROCK: u8 = 2;
const HOROCK: u8 = 4;
const LAMBDA: u8 = 8;
const BEARD: u8 = 16;

fn kinds(c: Cell) -> u8 {
    match c {
        Cell::Empty => EMPTY,
        Cell::Rock => ROCK,
        Cell::HoRock => ROCK | HOROCK,
        Cell::Lambda => LAMBDA,
        Cell::Beard => BEARD,
        _ => 0,
    }
}

#[derive(Clone, Debug)]
pub struct Planes {
    pub width: usize,
    pub height: usize,
    /// Words per row.
    pub wpr: usize,
    pub empty: Vec<u64>,
    /// Rocks of both kinds.
    pub rock: Vec<u64>,
    pub horock: Vec<u64>,
    pub lambda: Vec<u64>,
    pub beard: Vec<u64>,
}

impl Planes {
    /// Bytes held by the planes.
    pub fn bytes(&self) -> usize {
        8 * (self.empty.len() + self.rock.len() + self.horock.len() + self.lambda.len() + self.beard.len())
    }

    pub fn new(width: usize, height: usize, cells: &[Cell]) -> Planes {
        let wpr = width.div_ceil(64).max(1);
        let words = wpr * height;
        let mut p = Planes {
            width,
            height,
            wpr,
            empty: vec![0; words],
            rock: vec![0; words],
            horock: vec![0; words],
            lambda: vec![0; words],
            beard: vec![0; words],
        };
        for (i, &c) in cells.iter().enumerate() {
            p.change(i, Cell::Wall, c);
        }
        p
    }

    /// Keeps the planes true when cell `i` changes from `old` to `new`.
    #[inline]
    pub fn change(&mut self, i: usize, old: Cell, new: Cell) {
        let flip = kinds(old) ^ kinds(new);
        if flip == 0 {
            return;
        }
        let y = i / self.width;
        let x = i - y * self.width;
        let w = y * self.wpr + x / 64;
        let bit = 1u64 << (x % 64);
        for (kind, plane) in [
            (EMPTY, &mut self.empty),
            (ROCK, &mut self.rock),
            (HOROCK, &mut self.horock),
            (LAMBDA, &mut self.lambda),
            (BEARD, &mut self.beard),
        ] {
            if flip & kind != 0 {
                plane[w] ^= bit;
            }
        }
    }
}

/// Word `k` of row `row` (a word offset) shifted so that bit x holds cell x + 1.
#[inline(always)]
pub fn east(plane: &[u64], row: usize, k: usize, wpr: usize) -> u64 {
    let carry = if k + 1 < wpr { plane[row + k + 1] << 63 } else { 0 };
    (plane[row + k] >> 1) | carry
}

/// Word `k` of row `row` shifted so that bit x holds cell x − 1.
#[inline(always)]
pub fn west(plane: &[u64], row: usize, k: usize) -> u64 {
    let carry = if k > 0 { plane[row + k - 1] >> 63 } else { 0 };
    (plane[row + k] << 1) | carry
}

/// A set of row numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowSet {
    bits: Vec<u64>,
    rows: usize,
}

impl RowSet {
    pub fn new(rows: usize) -> RowSet {
        RowSet { bits: vec![0; rows.div_ceil(64)], rows }
    }

    pub fn all(rows: usize) -> RowSet {
        let mut s = RowSet::new(rows);
        s.fill();
        s
    }

    pub fn fill(&mut self) {
        self.bits.fill(!0);
        self.trim();
    }

    /// Clears the bits past the last row.
    fn trim(&mut self) {
        if !self.rows.is_multiple_of(64) {
            if let Some(last) = self.bits.last_mut() {
                *last &= (1u64 << (self.rows % 64)) - 1;
            }
        }
    }

    #[inline]
    pub fn insert(&mut self, y: usize) {
        self.bits[y / 64] |= 1 << (y % 64);
    }

    /// Inserts rows y − 1, y and y + 1 (those inside the mine).
    pub fn insert_around(&mut self, y: usize) {
        for r in y.saturating_sub(1)..=(y + 1).min(self.rows - 1) {
            self.insert(r);
        }
    }

    /// Keeps the rows for which `keep` says yes.
    pub fn retain(&mut self, mut keep: impl FnMut(usize) -> bool) {
        for (k, word) in self.bits.iter_mut().enumerate() {
            for b in Bits(*word) {
                if !keep(k * 64 + b) {
                    *word &= !(1 << b);
                }
            }
        }
    }

    pub fn clear(&mut self) {
        self.bits.fill(0);
    }

    /// Adds every row of `other`, and the rows next to them.
    pub fn add_around(&mut self, other: &RowSet) {
        let n = self.bits.len();
        for k in 0..n {
            let w = other.bits[k];
            let up = (w << 1) | if k > 0 { other.bits[k - 1] >> 63 } else { 0 };
            let down = (w >> 1) | if k + 1 < n { other.bits[k + 1] << 63 } else { 0 };
            self.bits[k] |= w | up | down;
        }
        self.trim();
    }

    /// The rows in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits.iter().enumerate().flat_map(|(k, &w)| Bits(w).map(move |b| k * 64 + b))
    }
}

/// The positions of the set bits of a word, lowest first.
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let b = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_sets_grow_by_one_row_each_side_within_the_mine() {
        let mut s = RowSet::new(130);
        s.insert(0);
        s.insert(63);
        s.insert(129);
        let mut t = RowSet::new(130);
        t.add_around(&s);
        assert_eq!(t.iter().collect::<Vec<_>>(), vec![0, 1, 62, 63, 64, 128, 129]);
        t.retain(|y| y != 63);
        assert_eq!(t.iter().filter(|&y| y == 63 || y == 64).collect::<Vec<_>>(), vec![64]);
        assert_eq!(RowSet::all(70).iter().count(), 70);
    }

    #[test]
    fn shifts_cross_word_boundaries_and_stop_at_the_edges() {
        // Two rows of 70 cells: 2 words per row.
        let mut p = vec![0u64; 4];
        p[2] = 1 << 63; // row 1, cell 63
        p[3] = 1; // row 1, cell 64
        assert_eq!(east(&p, 2, 0, 2), (1 << 62) | (1 << 63)); // cells 63, 64 seen from 62, 63
        assert_eq!(west(&p, 2, 1), 1 | 2); // cells 63, 64 seen from 64, 65
        assert_eq!(west(&p, 2, 0), 0); // nothing left of cell 0
    }
}
