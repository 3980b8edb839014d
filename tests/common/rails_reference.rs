//! A long hidden-hand Nim game played from a seed, shared by the native and the wasm tests:
//! both must produce the same link (by its hash) and seek to the same positions.

use super::nim::{Nim, NimMove, NimParams};
use rails::game::Game;
use rails::link::{decode_game, encode_game, GameRecord};
use rails::rng::{below, draw, stream};
use rails::tape::Tape;

pub fn nim_record() -> GameRecord<Nim> {
    let params = NimParams { seats: 17, pile: 18_000, hand: 3 };
    let mut rng = stream(2017, 17);
    let mut game = Nim::new(&params).unwrap();
    let mut moves = Vec::new();
    while game.outcome().is_none() {
        let chance = game.chance_outcomes();
        let mv: NimMove = if chance.is_empty() {
            let n = game.move_count() as u64;
            game.move_at(below(&mut rng, n) as usize).unwrap()
        } else {
            draw(&mut rng, &chance).unwrap()
        };
        game.play(&mv).unwrap();
        moves.push(mv);
    }
    GameRecord { params, seed: 2017, players: vec![], moves, view: 0 }
}

pub fn fnv(text: &str) -> u64 {
    text.bytes()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Checks the round trip and a few seeks; returns the link's hash.
pub fn check() -> u64 {
    let record = nim_record();
    assert!(record.moves.len() >= 20_000);
    let link = encode_game(&record).unwrap();
    let back = decode_game::<Nim>(&link).unwrap();
    assert_eq!(back.record, record);
    let mut tape = Tape::new(record.clone()).unwrap();
    for t in [0, 1, 999, 12_345, record.moves.len() - 1, 64 * 100] {
        let mut fresh = Nim::new(&record.params).unwrap();
        for mv in &record.moves[..t] {
            fresh.play(mv).unwrap();
        }
        assert_eq!(tape.seek(t), &fresh);
    }
    fnv(&link)
}
