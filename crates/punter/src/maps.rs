//! The official maps by file name, so that links and logs can name a map instead of carrying
//! it. Every build knows each bundled map's content hash (`BUNDLED`): a link names a map when
//! its text is exactly the bundled one. A native build also has the texts compiled in; the page
//! does not (they are served with it and loaded when needed), so it hands a map's text in when
//! it opens a link that names it (`link::Envelope::with_assets`). Nothing here changes at run
//! time.

use rails::link::content_hash;

/// The bundled maps (served with the page from `maps/punter/`) and the CRC-32 of their text;
/// `tests/punter_replay.rs` checks the hashes against the files.
pub const BUNDLED: &[(&str, u32)] = &[
    ("lambda.json", 0xe987652f),
    ("circle.json", 0x8fe93b5f),
    ("triangle.json", 0x32a1c714),
    ("randomMedium.json", 0x1cdeadc1),
    ("randomSparse.json", 0xe5e1ad4c),
    ("tube.json", 0xf2252e8c),
    ("boston.json", 0x046387f2),
    ("junction.json", 0x12f9ec91),
    ("icfp-coauthors-pj.json", 0x180558f5),
    ("star.json", 0xbe348027),
    ("gothenburg.json", 0xc725a885),
    ("nara.json", 0x41dc4338),
    ("vancouver.json", 0x66d7da7e),
    ("oxford-10000.json", 0x227db6c8),
    ("edinburgh-10000.json", 0x086e7fde),
    ("sample.json", 0x888bd320),
    ("edinburgh-sparse.json", 0x6dca9e2d),
    ("oxford-sparse.json", 0x9883162f),
    ("oxford-center-sparse.json", 0xa39b3114),
    ("oxford2-sparse-2.json", 0xab551433),
    ("van-city-sparse.json", 0x997afa73),
    ("lambda-contest-time.json", 0x6fec3774),
];

/// File names of the bundled maps.
pub fn names() -> impl Iterator<Item = &'static str> {
    BUNDLED.iter().map(|&(n, _)| n)
}

/// Whether `text` is exactly the bundled map `name`.
pub fn is_bundled(name: &str, text: &str) -> bool {
    BUNDLED.iter().any(|&(n, h)| n == name && h == content_hash(text))
}

#[cfg(not(target_arch = "wasm32"))]
macro_rules! embedded {
    ($($name:literal),* $(,)?) => {
        const EMBEDDED: &[(&str, &str)] = &[$(($name, include_str!(concat!("../../../maps/punter/", $name)))),*];
    };
}

#[cfg(not(target_arch = "wasm32"))]
embedded!(
    "lambda.json",
    "circle.json",
    "triangle.json",
    "randomMedium.json",
    "randomSparse.json",
    "tube.json",
    "boston.json",
    "junction.json",
    "icfp-coauthors-pj.json",
    "star.json",
    "gothenburg.json",
    "nara.json",
    "vancouver.json",
    "oxford-10000.json",
    "edinburgh-10000.json",
    "sample.json",
    "edinburgh-sparse.json",
    "oxford-sparse.json",
    "oxford-center-sparse.json",
    "oxford2-sparse-2.json",
    "van-city-sparse.json",
    "lambda-contest-time.json",
);

/// The page's build carries only the small map its input checks referee protocol messages on.
#[cfg(target_arch = "wasm32")]
const EMBEDDED: &[(&str, &str)] =
    &[("sample.json", include_str!("../../../maps/punter/sample.json"))];

/// The text of the bundled map `name`, when this build has it compiled in.
pub fn bundled(name: &str) -> Option<&'static str> {
    EMBEDDED.iter().find(|&&(n, _)| n == name).map(|&(_, t)| t)
}
