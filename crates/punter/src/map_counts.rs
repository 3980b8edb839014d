//! The size check of a map text that runs before it is parsed: the top-level "sites" and
//! "rivers" lists are counted without building anything, and the count stops at the limit, so
//! a map far over the limits is refused in a fraction of a parse instead of after it.

use serde::de::{self, Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;

/// Largest map the engine reads (the official maps have at most 10,000 rivers).
pub const MAX_SITES: usize = 200_000;
pub const MAX_RIVERS: usize = 400_000;

/// A list counted up to `MAX` elements; one more is an error naming the limit.
struct Counted<const MAX: usize>;

struct CountVisitor<const MAX: usize>;

impl<'de, const MAX: usize> Visitor<'de> for CountVisitor<MAX> {
    type Value = Counted<MAX>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Counted<MAX>, A::Error> {
        let mut n = 0usize;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            n += 1;
            if n > MAX {
                return Err(de::Error::custom(format!("more than the limit of {MAX}")));
            }
        }
        Ok(Counted)
    }
}

impl<'de, const MAX: usize> Deserialize<'de> for Counted<MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(CountVisitor::<MAX>)
    }
}

#[derive(Deserialize)]
struct Lists {
    #[serde(default, rename = "sites")]
    _sites: Option<Counted<{ MAX_SITES }>>,
    #[serde(default, rename = "rivers")]
    _rivers: Option<Counted<{ MAX_RIVERS }>>,
}

/// `Err((list, message))` when the text's "sites" or "rivers" list is longer than its limit;
/// `Ok` otherwise, also for a text that is not a map at all (the parse then says what is wrong).
pub fn over_limit(text: &str) -> Result<(), (&'static str, String)> {
    match serde_json::from_str::<Lists>(text) {
        Err(e) if e.to_string().contains("more than the limit of") => {
            // Which list: the limit's number says it.
            let list =
                if e.to_string().contains(&MAX_SITES.to_string()) { "sites" } else { "rivers" };
            let limit = if list == "sites" { MAX_SITES } else { MAX_RIVERS };
            Err((list, format!("more {list} than the limit of {limit}")))
        }
        _ => Ok(()),
    }
}
