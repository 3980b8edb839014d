//! The mine as bit planes for the map update: one bit per cell for each kind the update reads
//! (empty, rock of either kind, higher-order rock, lambda, beard). Each row is padded to whole
//! 64-bit words, so a cell's left and right neighbours are one-bit shifts. Padding bits are 0
//! in every plane: outside the mine reads as wall, as the rules say. Sets of rows are in
//! `rows.rs`.

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
    /// The five planes one after another (empty, rock of either kind, higher-order rock,
    /// lambda, beard), `wpr × height` words each: one allocation per mine.
    words: Vec<u64>,
    /// ⌈2⁶⁴ / width⌉: a cell's row by a multiplication (exact for every 32-bit index).
    magic: u128,
}

/// The planes, borrowed: `empty[row * wpr + k]` is word k of a row.
pub struct View<'a> {
    pub height: usize,
    pub wpr: usize,
    pub empty: &'a [u64],
    /// Rocks of both kinds.
    pub rock: &'a [u64],
    pub horock: &'a [u64],
    pub lambda: &'a [u64],
    pub beard: &'a [u64],
}

/// The planes, borrowed to be changed.
pub struct ViewMut<'a> {
    pub empty: &'a mut [u64],
    pub rock: &'a mut [u64],
    pub horock: &'a mut [u64],
    pub lambda: &'a mut [u64],
    pub beard: &'a mut [u64],
}

impl Planes {
    /// Bytes held by the planes.
    pub fn bytes(&self) -> usize {
        8 * self.words.len()
    }

    pub fn new(width: usize, height: usize, cells: &[Cell]) -> Planes {
        let wpr = width.div_ceil(64).max(1);
        let mut p = Planes {
            width,
            height,
            wpr,
            words: vec![0; 5 * wpr * height],
            magic: (1u128 << 64).div_ceil(width.max(1) as u128),
        };
        for (y, row) in cells.chunks(width.max(1)).enumerate() {
            for (x, &c) in row.iter().enumerate() {
                p.flip(y, x, kinds(c));
            }
        }
        p
    }

    /// The row of cell `i`.
    #[inline]
    pub fn row_of(&self, i: usize) -> usize {
        ((i as u128 * self.magic) >> 64) as usize
    }

    #[inline]
    pub fn view(&self) -> View<'_> {
        let n = self.wpr * self.height;
        let (empty, rest) = self.words.split_at(n);
        let (rock, rest) = rest.split_at(n);
        let (horock, rest) = rest.split_at(n);
        let (lambda, beard) = rest.split_at(n);
        View { height: self.height, wpr: self.wpr, empty, rock, horock, lambda, beard }
    }

    #[inline]
    pub fn view_mut(&mut self) -> ViewMut<'_> {
        let n = self.wpr * self.height;
        let (empty, rest) = self.words.split_at_mut(n);
        let (rock, rest) = rest.split_at_mut(n);
        let (horock, rest) = rest.split_at_mut(n);
        let (lambda, beard) = rest.split_at_mut(n);
        ViewMut { empty, rock, horock, lambda, beard }
    }

    /// Keeps the planes true when cell `i` changes from `old` to `new`.
    #[inline]
    pub fn change(&mut self, i: usize, old: Cell, new: Cell) {
        let flip = kinds(old) ^ kinds(new);
        if flip == 0 {
            return;
        }
        let y = self.row_of(i);
        self.flip(y, i - y * self.width, flip);
    }

    /// Flips the bits of cell (x, y) in the planes of the kinds `flip`.
    #[inline]
    fn flip(&mut self, y: usize, x: usize, flip: u8) {
        let n = self.wpr * self.height;
        let w = y * self.wpr + x / 64;
        let bit = 1u64 << (x % 64);
        for (j, kind) in [EMPTY, ROCK, HOROCK, LAMBDA, BEARD].into_iter().enumerate() {
            if flip & kind != 0 {
                self.words[j * n + w] ^= bit;
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
