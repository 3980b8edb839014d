//! Native side of the native-vs-wasm determinism checks: the fingerprints computed here are
//! written for the wasm test (common/native_values.rs), which must find the same in Chromium.

#[path = "common/pig_reference.rs"]
mod pig_reference;

use pig::arena::play_match;
use pig::{Entrant, MatchSpec, MatchSummary, StrategySource};
use pig_reference as reference;

#[test]
fn native_reference_values() {
    let code = reference::SCHEME_COIN.to_string();
    let spec = MatchSpec::checker(
        Entrant { label: "coin".into(), source: StrategySource::Scheme(code) },
        reference::SEED,
    );
    let r = play_match(&spec).expect("runs");
    assert!(r.failures().is_empty());
    assert_eq!(MatchSummary::of(&spec, &r).wins, reference::COIN_WINS);
    // The same match again gives the same games.
    let again = play_match(&MatchSpec::checker(
        Entrant {
            label: "coin".into(),
            source: StrategySource::Scheme(reference::SCHEME_COIN.into()),
        },
        reference::SEED,
    ))
    .expect("runs");
    assert_eq!(reference::fingerprint(r.logs()), reference::fingerprint(again.logs()));
}

#[path = "common/lifter_reference.rs"]
mod lifter_reference;

#[path = "common/random_games.rs"]
mod random_games;

#[allow(dead_code)]
use testkit::nim;
#[path = "common/native_values.rs"]
mod native_values;
#[path = "common/rails_reference.rs"]
mod rails_reference;

/// 1,000 random games per engine, the Pig checker, the Lifter routes and a 20,000-move link:
/// fingerprints written for tests/wasm.rs, which must find the same values in Chromium.
#[test]
fn native_fingerprints_for_the_wasm_test() {
    let code = reference::SCHEME_COIN.to_string();
    let coin = play_match(&MatchSpec::checker(
        Entrant { label: "coin".into(), source: StrategySource::Scheme(code) },
        reference::SEED,
    ))
    .expect("runs");
    let values = [
        ("pig-checker", reference::fingerprint(coin.logs())),
        ("lifter-routes", lifter_reference::fingerprint()),
        ("nim-link", rails_reference::check()),
        ("pig", random_games::pig()),
        ("lifter", random_games::lifter()),
        ("punter", random_games::punter()),
        ("labyrinth", random_games::labyrinth()),
    ];
    // Distinct games give distinct fingerprints (a fingerprint of nothing would repeat).
    let mut distinct: Vec<u64> = values.iter().map(|v| v.1).collect();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), values.len(), "{values:#x?}");
    let text = native_values::format(&values);
    assert_eq!(native_values::get(&text, "labyrinth"), Some(values[6].1));
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(native_values::FILE);
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}
