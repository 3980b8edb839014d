//! Native side of the native-vs-wasm determinism checks (tests/wasm.rs asserts the same values).

#[path = "common/pig_reference.rs"]
mod pig_reference;

use lambda_arcade::pig::{Entrant, MatchRunner, MatchSpec, StrategySource};
use pig_reference as reference;

#[test]
fn native_reference_values() {
    let code = reference::SCHEME_COIN.to_string();
    let spec = MatchSpec::checker(Entrant { label: "coin".into(), source: StrategySource::Scheme(code) }, reference::SEED);
    let r = MatchRunner::new(spec).expect("loads").run().expect("runs");
    assert!(r.failures().is_empty());
    println!("wins {:?} fingerprint {:#x}", r.wins(), reference::fingerprint(&r.logs()));
    assert_eq!(r.wins(), reference::COIN_WINS);
    assert_eq!(reference::fingerprint(&r.logs()), reference::COIN_FINGERPRINT);
}

#[path = "common/lifter_reference.rs"]
mod lifter_reference;

#[test]
fn native_lifter_reference_value() {
    println!("lifter fingerprint {:#x}", lifter_reference::fingerprint());
    assert_eq!(lifter_reference::fingerprint(), lifter_reference::FINGERPRINT);
}

#[path = "common/random_games.rs"]
mod random_games;

/// 1,000 random games per engine: the fingerprints tests/wasm.rs must find in Chromium too.
#[test]
fn random_games_have_the_reference_fingerprints() {
    let got = [("pig", random_games::pig()), ("lifter", random_games::lifter()), ("punter", random_games::punter()), ("labyrinth", random_games::labyrinth())];
    println!("{got:#x?}");
    let want = [("pig", random_games::PIG), ("lifter", random_games::LIFTER), ("punter", random_games::PUNTER), ("labyrinth", random_games::LABYRINTH)];
    assert_eq!(got, want);
}
