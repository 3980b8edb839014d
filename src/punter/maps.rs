//! The official maps by file name: the bundled ones (natively compiled in; in the page, handed
//! over by the page once it has loaded them), so that links and logs can name a map instead of
//! carrying it.

use std::sync::{Mutex, OnceLock};

/// File names of the bundled maps (served with the page from `maps/punter/`).
pub const NAMES: &[&str] = &[
    "lambda.json", "circle.json", "triangle.json", "randomMedium.json", "randomSparse.json", "tube.json",
    "boston.json", "junction.json", "icfp-coauthors-pj.json", "star.json", "gothenburg.json", "nara.json",
    "vancouver.json", "oxford-10000.json", "edinburgh-10000.json", "sample.json", "edinburgh-sparse.json",
    "oxford-sparse.json", "oxford-center-sparse.json", "oxford2-sparse-2.json", "van-city-sparse.json",
    "lambda-contest-time.json",
];

#[cfg(not(target_arch = "wasm32"))]
macro_rules! embedded {
    ($($name:literal),* $(,)?) => {
        fn embedded() -> Vec<(String, &'static str)> {
            vec![$(($name.to_string(), include_str!(concat!("../../maps/punter/", $name)))),*]
        }
    };
}

#[cfg(not(target_arch = "wasm32"))]
embedded!(
    "lambda.json", "circle.json", "triangle.json", "randomMedium.json", "randomSparse.json", "tube.json",
    "boston.json", "junction.json", "icfp-coauthors-pj.json", "star.json", "gothenburg.json", "nara.json",
    "vancouver.json", "oxford-10000.json", "edinburgh-10000.json", "sample.json", "edinburgh-sparse.json",
    "oxford-sparse.json", "oxford-center-sparse.json", "oxford2-sparse-2.json", "van-city-sparse.json",
    "lambda-contest-time.json",
);

#[cfg(target_arch = "wasm32")]
fn embedded() -> Vec<(String, &'static str)> {
    Vec::new()
}

fn registry() -> &'static Mutex<Vec<(String, &'static str)>> {
    static MAPS: OnceLock<Mutex<Vec<(String, &'static str)>>> = OnceLock::new();
    MAPS.get_or_init(|| Mutex::new(embedded()))
}

/// The bundled map of this file name, if this build has it.
pub fn bundled(name: &str) -> Option<&'static str> {
    let maps = registry().lock().ok()?;
    maps.iter().find(|(n, _)| n == name).map(|&(_, t)| t)
}

/// Makes a bundled map known (the page does this for the maps it has loaded). Only names in
/// [`NAMES`] are taken, each once.
pub fn register(name: &str, text: &str) -> bool {
    if !NAMES.contains(&name) {
        return false;
    }
    let Ok(mut maps) = registry().lock() else { return false };
    if maps.iter().any(|(n, _)| n == name) {
        return true;
    }
    maps.push((name.to_string(), Box::leak(text.to_string().into_boxed_str())));
    true
}
