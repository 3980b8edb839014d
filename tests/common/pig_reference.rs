//! Shared by the native and the wasm determinism tests (included with #[path]).
#![allow(dead_code)]

use pig::{Pig, PigMove};
use rails::arena::GameLog;

pub const SEED: u64 = 20261121;
pub const SCHEME_COIN: &str = "
(define (player my other accum current state)
  (set-car! state (+ (car state) 1))
  (cond ((>= other 80) #t)
        ((< (+ accum current) 12) #t)
        (else (< (random 100) (- 60 (* 2 (+ accum current)))))))";

/// Results of the checker with SCHEME_COIN and SEED, computed natively (the strategy seeded by the
/// series: `Series::entrant_seed` of the match's first game).
pub const COIN_WINS: [u32; 2] = [39, 10];

/// FNV-1a over every move of every game: equal fingerprints mean identical matches.
pub fn fingerprint(logs: &[GameLog<Pig>]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for log in logs {
        for m in &log.moves {
            let b = match m {
                PigMove::Roll(d) => *d,
                PigMove::ThrowAgain => 7,
                PigMove::Hold => 8,
            };
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        h = (h ^ 0xff).wrapping_mul(0x0100_0000_01b3);
    }
    h
}
