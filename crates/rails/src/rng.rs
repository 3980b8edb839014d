//! Seeded, portable randomness: the same seed gives the same numbers natively and in wasm.

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64;

pub type Rng = Pcg64;

/// An independent generator for `stream` (game number, player seat, …) of a match `seed`.
pub fn stream(seed: u64, stream: u64) -> Rng {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8..16].copy_from_slice(&stream.to_le_bytes());
    bytes[16..24].copy_from_slice(&0x9E37_79B9_7F4A_7C15u64.to_le_bytes());
    bytes[24..].copy_from_slice(&(stream ^ 0xD1B5_4A32_D192_ED03).to_le_bytes());
    Pcg64::from_seed(bytes)
}

/// Uniform integer in `0..n` (n > 0) without modulo bias.
pub fn below(rng: &mut dyn RngCore, n: u64) -> u64 {
    if n <= 1 {
        return 0;
    }
    let zone = u64::MAX - (u64::MAX % n) - 1;
    loop {
        let x = rng.next_u64();
        if x <= zone {
            return x % n;
        }
    }
}

/// One of `outcomes` drawn by weight. Equal weights draw with [`below`] (one number per draw),
/// so a uniform chance move uses the generator exactly like `below(n)`.
pub fn draw<M: Clone>(rng: &mut dyn RngCore, outcomes: &[(M, f64)]) -> Option<M> {
    let first = outcomes.first()?;
    if outcomes.iter().all(|(_, w)| *w == first.1) {
        return outcomes.get(below(rng, outcomes.len() as u64) as usize).map(|(m, _)| m.clone());
    }
    let total: f64 = outcomes.iter().map(|(_, w)| w.max(0.0)).sum();
    let x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
    let mut acc = 0.0;
    for (m, w) in outcomes {
        acc += w.max(0.0);
        if x < acc {
            return Some(m.clone());
        }
    }
    outcomes.iter().rev().find(|(_, w)| *w > 0.0).map(|(m, _)| m.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_reproducible_and_distinct() {
        let a: Vec<u64> =
            (0..4).map(|_| 0).scan(stream(7, 1), |r, _: u64| Some(r.next_u64())).collect();
        let b: Vec<u64> =
            (0..4).map(|_| 0).scan(stream(7, 1), |r, _: u64| Some(r.next_u64())).collect();
        let c: Vec<u64> =
            (0..4).map(|_| 0).scan(stream(7, 2), |r, _: u64| Some(r.next_u64())).collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = stream(1, 0);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[below(&mut rng, 6) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
    }
}
