//! `--shard K/N`: one of N parts of a run, to be played apart (on other cores, machines or
//! days) and put together by `arcade merge`. A run is a list of independent units in a fixed
//! order (an arena's games, a tournament's pairs, a judge's maps); shard K of N plays the K-th
//! of N contiguous, near-equal slices of that list: units ⌊total·(K−1)/N⌋ to ⌊total·K/N⌋ − 1
//! (0-based). The N shards cover every unit exactly once, and since a unit's games are numbered
//! and seeded in the whole run, a unit played in a shard is the same as in the whole run.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// K, from 1.
    pub index: u32,
    /// N, at least 1.
    pub count: u32,
}

impl Shard {
    /// The whole run: shard 1 of 1.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// The 0-based units of a run of `total` that this shard plays.
    pub fn range(self, total: usize) -> Range<usize> {
        let at = |k: u32| (total as u128 * u128::from(k) / u128::from(self.count.max(1))) as usize;
        at(self.index.saturating_sub(1))..at(self.index)
    }

    /// Does unit `i` (0-based) of a run of `total` belong to this shard?
    pub fn contains(self, i: usize, total: usize) -> bool {
        self.range(total).contains(&i)
    }

    /// "shard K/N: UNITs a–b of T" (1-based, for the text outputs).
    pub fn describe(self, total: usize, unit: &str) -> String {
        let r = self.range(total);
        match r.len() {
            0 => format!("shard {self}: no {unit}s (the run has {total})"),
            _ => format!("shard {self}: {unit}s {}–{} of {total}", r.start + 1, r.end),
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A `--shard` value that is not `K/N` with 1 ≤ K ≤ N: the text given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotAShard(pub String);

impl fmt::Display for NotAShard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" is not K/N with 1 ≤ K ≤ N (e.g. 2/8: the second of 8 shards)", self.0)
    }
}

impl std::error::Error for NotAShard {}

impl FromStr for Shard {
    type Err = NotAShard;

    /// `K/N` with 1 ≤ K ≤ N.
    fn from_str(s: &str) -> Result<Shard, NotAShard> {
        let bad = || NotAShard(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            k.trim().parse::<u32>().map_err(|_| bad())?,
            n.trim().parse::<u32>().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn shards_cover_every_unit_once_in_order() {
        for total in [0usize, 1, 2, 7, 10, 100] {
            for count in 1..=12u32 {
                let mut next = 0;
                for index in 1..=count {
                    let r = Shard { index, count }.range(total);
                    assert_eq!(r.start, next, "{index}/{count} of {total}");
                    assert!(r.len() <= total / count as usize + 1);
                    next = r.end;
                }
                assert_eq!(next, total);
            }
        }
    }

    #[test]
    fn parsing() {
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
        assert_eq!("3/3".parse::<Shard>().map(|s| s.to_string()), Ok("3/3".to_string()));
        for bad in ["0/3", "4/3", "1/0", "1", "a/b", "-1/3", "1/3/4"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
