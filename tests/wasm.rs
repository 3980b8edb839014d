//! Engine tests run inside headless Chromium (`cargo test --target wasm32-unknown-unknown`):
//! the same seeds must give the same games as natively (the constants below are also checked
//! by the native test `native_reference_values` in tests/determinism.rs).
#![cfg(target_arch = "wasm32")]

use pig::arena::play_match;
use pig::optimal::OptimalPolicy;
use pig::{Entrant, MatchSpec, MatchSummary, Pig, PigParams, StrategySource};
use rails::link::{decode_game, encode_game, GameRecord};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "common/pig_reference.rs"]
mod reference;

#[wasm_bindgen_test]
fn optimal_solution_matches_the_reference() {
    let p = OptimalPolicy::solve(100);
    assert!((p.win_probability(0, 0) - 0.530593).abs() < 1e-6);
    assert!(p.throws(0, 0, 20) && !p.throws(0, 0, 21));
}

#[wasm_bindgen_test]
fn checker_with_scheme_is_identical_to_native() {
    let code = reference::SCHEME_COIN.to_string();
    let spec = MatchSpec::checker(
        Entrant { label: "coin".into(), source: StrategySource::Scheme(code) },
        reference::SEED,
    );
    let r = play_match(&spec).expect("runs");
    assert_eq!(MatchSummary::of(&spec, &r).wins, reference::COIN_WINS);
    assert_eq!(reference::fingerprint(r.logs()), native("pig-checker"));
}

#[wasm_bindgen_test]
fn links_round_trip_in_wasm() {
    let spec = MatchSpec {
        entrants: [Entrant::builtin("optimal"), Entrant::builtin("hold20")],
        games: 1,
        seed: 3,
        target: 100,
    };
    let r = play_match(&spec).unwrap();
    let moves = r.logs()[0].moves.clone();
    let rec = GameRecord::<Pig> {
        params: PigParams::default(),
        seed: 3,
        players: vec![],
        moves,
        view: 4,
    };
    let link = encode_game(&rec).unwrap();
    assert_eq!(decode_game::<Pig>(&link).unwrap().record, rec);
}

#[path = "common/lifter_reference.rs"]
mod lifter_reference;

#[wasm_bindgen_test]
fn lifter_games_are_identical_to_native() {
    assert_eq!(lifter_reference::fingerprint(), native("lifter-routes"));
}

#[allow(dead_code)]
use testkit::nim;
#[path = "common/rails_reference.rs"]
mod rails_reference;

#[wasm_bindgen_test]
fn a_20000_move_game_gives_the_native_link_and_seeks_alike() {
    assert_eq!(rails_reference::check(), native("nim-link"));
}

#[wasm_bindgen_test]
fn every_link_kind_opens_through_the_registry() {
    use games::open_link;
    assert_eq!(open_link("#unknown/1/AAAA").unwrap_err().code(), "unknown-kind");
    assert_eq!(open_link("#pig/1/%E0%A4%A").unwrap_err().code(), "escape");
    let rec = GameRecord::<Pig> {
        params: PigParams::default(),
        seed: 3,
        players: vec!["a".into()],
        moves: vec![],
        view: 0,
    };
    assert_eq!(open_link(&encode_game(&rec).unwrap()).unwrap().game, "pig");
}

#[allow(dead_code)]
#[path = "common/bad_inputs.rs"]
mod bad_inputs;

#[wasm_bindgen_test]
fn every_bad_input_gives_the_native_message() {
    // The catalogue's Punter cases use `sample`, which the page's build carries.
    let wrong = bad_inputs::mismatches();
    assert!(wrong.is_empty(), "{} cases differ:\n{}", wrong.len(), wrong.join("\n"));
}

#[path = "common/random_games.rs"]
mod random_games;

#[wasm_bindgen_test]
fn random_pig_and_lifter_games_have_the_native_fingerprints() {
    assert_eq!(random_games::pig(), native("pig"));
    assert_eq!(random_games::lifter(), native("lifter"));
}

#[wasm_bindgen_test]
fn random_punter_games_have_the_native_fingerprint() {
    assert_eq!(random_games::punter(), native("punter"));
}

#[wasm_bindgen_test]
fn random_labyrinth_games_have_the_native_fingerprint() {
    assert_eq!(random_games::labyrinth(), native("labyrinth"));
}

#[path = "common/native_values.rs"]
mod native_values;

/// The value the native run found (./test passes target/tmp/native-fingerprints.txt, written
/// by tests/determinism.rs, as NATIVE_FINGERPRINTS when it builds this test).
fn native(name: &str) -> u64 {
    let text = option_env!("NATIVE_FINGERPRINTS").expect("NATIVE_FINGERPRINTS is not set: run ./test, which runs the native tests first and passes their fingerprints");
    native_values::get(text, name)
        .unwrap_or_else(|| panic!("the native run wrote no fingerprint \"{name}\""))
}
