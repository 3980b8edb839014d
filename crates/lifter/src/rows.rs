//! Sets of row numbers: the rows the map update looks at (`dirty`, `beard_rows`), one bit a
//! row, inline for mines up to 128 rows.

use super::planes::Bits;

/// Row sets of mines up to this many words of rows (64 rows each) need no allocation.
const INLINE: usize = 2;

/// A set of row numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowSet {
    inline: [u64; INLINE],
    /// The words when there are more than `INLINE`.
    heap: Vec<u64>,
    rows: usize,
}

impl RowSet {
    pub fn new(rows: usize) -> RowSet {
        let words = rows.div_ceil(64);
        RowSet {
            inline: [0; INLINE],
            heap: if words > INLINE { vec![0; words] } else { Vec::new() },
            rows,
        }
    }

    pub fn all(rows: usize) -> RowSet {
        let mut s = RowSet::new(rows);
        s.fill();
        s
    }

    #[inline]
    fn bits(&self) -> &[u64] {
        let words = self.rows.div_ceil(64);
        if words > INLINE {
            &self.heap
        } else {
            &self.inline[..words]
        }
    }

    #[inline]
    fn bits_mut(&mut self) -> &mut [u64] {
        let words = self.rows.div_ceil(64);
        if words > INLINE {
            &mut self.heap
        } else {
            &mut self.inline[..words]
        }
    }

    pub fn fill(&mut self) {
        self.bits_mut().fill(!0);
        self.trim();
    }

    /// Clears the bits past the last row.
    #[inline]
    fn trim(&mut self) {
        let rows = self.rows;
        if !rows.is_multiple_of(64) {
            if let Some(last) = self.bits_mut().last_mut() {
                *last &= (1u64 << (rows % 64)) - 1;
            }
        }
    }

    #[inline]
    pub fn insert(&mut self, y: usize) {
        self.bits_mut()[y / 64] |= 1 << (y % 64);
    }

    /// Inserts rows y − 1, y and y + 1 (those inside the mine).
    pub fn insert_around(&mut self, y: usize) {
        for r in y.saturating_sub(1)..=(y + 1).min(self.rows - 1) {
            self.insert(r);
        }
    }

    /// Keeps the rows for which `keep` says yes.
    pub fn retain(&mut self, mut keep: impl FnMut(usize) -> bool) {
        for (k, word) in self.bits_mut().iter_mut().enumerate() {
            for b in Bits(*word) {
                if !keep(k * 64 + b) {
                    *word &= !(1 << b);
                }
            }
        }
    }

    #[inline]
    pub fn clear(&mut self) {
        if self.heap.is_empty() {
            self.inline = [0; INLINE];
        } else {
            self.heap.fill(0);
        }
    }

    /// Words of the set (64 rows each).
    #[inline]
    pub fn words(&self) -> usize {
        self.rows.div_ceil(64)
    }

    /// Word `k` (rows 64k to 64k + 63) of the rows of `self` and of `more` and the rows next
    /// to them (those inside the mine).
    #[inline]
    pub fn around(&self, more: Option<&RowSet>, k: usize) -> u64 {
        let (ours, theirs) = (self.bits(), more.map(RowSet::bits));
        let n = ours.len();
        let word = |k: usize| ours[k] | theirs.map_or(0, |t| t[k]);
        let w = word(k);
        let up = (w << 1) | if k > 0 { word(k - 1) >> 63 } else { 0 };
        let down = (w >> 1) | if k + 1 < n { word(k + 1) << 63 } else { 0 };
        let all = w | up | down;
        if k + 1 == n && !self.rows.is_multiple_of(64) {
            all & ((1u64 << (self.rows % 64)) - 1)
        } else {
            all
        }
    }

    /// The rows in increasing order.
    #[cfg(test)]
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits().iter().enumerate().flat_map(|(k, &w)| Bits(w).map(move |b| k * 64 + b))
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
        let around = |t: &RowSet, more: Option<&RowSet>| {
            (0..t.words())
                .flat_map(|k| Bits(t.around(more, k)).map(move |b| 64 * k + b))
                .collect::<Vec<_>>()
        };
        assert_eq!(around(&RowSet::new(130), Some(&s)), vec![0, 1, 62, 63, 64, 128, 129]);
        assert_eq!(around(&s, None), vec![0, 1, 62, 63, 64, 128, 129]);
        let mut t = s.clone();
        t.retain(|y| y != 63);
        assert_eq!(t.iter().collect::<Vec<_>>(), vec![0, 129]);
        assert_eq!(RowSet::all(70).iter().count(), 70);
    }
}
