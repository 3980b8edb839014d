//! Shared by the native and the wasm determinism tests (included with #[path]).
#![allow(dead_code)]

use lifter::{maps, Command, Lifter, Mine};
use rails::rng::{below, stream};

/// Plays a seeded random route of 400 commands (no Abort) on each of a few maps and hashes
/// every resulting mine and score: equal values mean identical games.
pub fn fingerprint() -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (k, name) in ["beard2", "horock3", "flood4", "trampoline3", "contest10"].iter().enumerate()
    {
        let Some(text) = maps::official(name) else { return 0 };
        let Ok(mine) = Mine::parse(text) else { return 0 };
        let mut g = Lifter::new(&mine);
        let mut rng = stream(4242, k as u64);
        for _ in 0..400 {
            let cmd = Command::ALL[below(&mut rng, 6) as usize];
            if g.step(cmd).is_err() {
                break;
            }
        }
        for b in g.map_text().bytes().chain(g.score().to_le_bytes()) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}
