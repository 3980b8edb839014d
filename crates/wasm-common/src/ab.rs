//! A/B tests for JavaScript, in every engine module: the sequential test over the pairs played so
//! far (`arena::sprt`) and the run's share link (`link::ab`). The page plays the pairs; the
//! engine says what they mean.

use crate::{js_error, to_js};
use rails::arena::sprt::{sprt as sprt_of, Pentanomial, SprtBounds};
use rails::link::{encode_ab, AbRun};
use wasm_bindgen::prelude::*;

/// `{ elo0, elo1, alpha, beta }`, checked (throws the reason for bounds that make no test).
fn bounds_of(v: JsValue) -> Result<SprtBounds, JsValue> {
    let b: SprtBounds = serde_wasm_bindgen::from_value(v).map_err(js_error)?;
    SprtBounds::new(b.elo0, b.elo1, b.alpha, b.beta).map_err(js_error)
}

/// The test after the pairs counted: `pairs` = [n0, n1, n2, n3, n4], how many pairs scored B 0,
/// ½, 1, 1½ and 2 points; `bounds` = { elo0, elo1, alpha, beta }. → { pairs, llr, lower, upper,
/// elo, elo_low, elo_high, verdict: 'h1' | 'h0' | 'undecided' }.
pub fn sprt_js(pairs: Vec<f64>, bounds: JsValue) -> Result<JsValue, JsValue> {
    let counts: [f64; 5] = pairs
        .try_into()
        .map_err(|p: Vec<f64>| js_error(format!("expected 5 pair counts, got {}", p.len())))?;
    if counts.iter().any(|c| !(c.is_finite() && *c >= 0.0 && c.fract() == 0.0)) {
        return Err(js_error("pair counts must be whole numbers ≥ 0"));
    }
    to_js(&sprt_of(&bounds_of(bounds)?, &Pentanomial(counts.map(|c| c as u64))))
}

/// The default bounds: { elo0, elo1, alpha, beta }, and the fewest pairs that can decide.
pub fn sprt_defaults() -> Result<JsValue, JsValue> {
    #[derive(serde::Serialize)]
    struct Defaults {
        #[serde(flatten)]
        bounds: SprtBounds,
        min_pairs: u64,
        max_pairs: u32,
    }
    to_js(&Defaults {
        bounds: SprtBounds::default(),
        min_pairs: rails::arena::sprt::MIN_PAIRS,
        max_pairs: rails::link::ab::MAX_AB_PAIRS,
    })
}

/// The share link of an A/B run under `kind` ("<game>-ab"): `run` = { seed, max_pairs, bounds,
/// maps, settings, bots: [{ label, language, code }, …] }; throws the limit a run goes over.
pub fn ab_link(kind: &str, run: JsValue) -> Result<String, JsValue> {
    let run: AbRun = serde_wasm_bindgen::from_value(run).map_err(js_error)?;
    encode_ab(kind, &run).map_err(js_error)
}

/// The seed of pair `k` of the run seeded `seed`: both games of the pair are played on it (seats
/// swapped), so a pair's games share their chance and deal; every pair's seed is its own.
pub fn ab_pair_seed(seed: f64, k: u32) -> f64 {
    use rand_core::RngCore;
    crate::js_seed(rails::rng::stream(seed as u64, u64::from(k)).next_u64())
}
