//! A/B test links, the same record for every game (each game registers its own kind, `<game>-ab`,
//! whose decoder is [`open_ab`]): the run's seed, its most pairs, the test's bounds, the maps it
//! cycles through, the game's settings (a short JSON text the game's page reads), and both bots
//! — label, language and code. Code from a stranger cannot be trusted half-way: a link whose
//! checksum fails is refused, never opened as far as it goes.

use super::{seal, BitReader, BitWriter, Envelope, LinkError, Opened};
use crate::arena::SprtBounds;
use serde_json::json;

/// The version every `<game>-ab` kind writes.
pub const AB_VERSION: u32 = 1;
/// Most pairs a run may play.
pub const MAX_AB_PAIRS: u32 = 10_000;
/// Most maps a run cycles through, and the longest name of one.
pub const MAX_AB_MAPS: usize = 64;
const MAX_MAP_NAME: usize = 128;
/// The longest settings text, label, language name and code a link holds, in bytes.
const MAX_SETTINGS: usize = 1024;
const MAX_LABEL: usize = 64;
const MAX_LANGUAGE: usize = 16;
pub const MAX_AB_CODE: usize = 200_000;

/// One side of the test: B is tested against A.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AbBot {
    pub label: String,
    /// What the page runs the code as: "js", "scheme", "builtin" (a built-in's name as code).
    pub language: String,
    pub code: String,
}

/// Everything needed to play the same run again.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AbRun {
    pub seed: u64,
    pub max_pairs: u32,
    pub bounds: SprtBounds,
    /// The maps pair k cycles through (pair k plays maps[k % len]); empty for games without maps.
    pub maps: Vec<String>,
    /// The game's own settings (a target, a budget) as a short JSON text.
    pub settings: String,
    /// A, then B.
    pub bots: [AbBot; 2],
}

/// The place where a run's text is too long, as a link error naming it.
fn check_len(what: &str, text: &str, max: usize) -> Result<(), LinkError> {
    if text.len() > max {
        return Err(LinkError::TooLarge {
            what: what.to_string(),
            value: text.len() as u64,
            max: max as u64,
        });
    }
    Ok(())
}

impl AbRun {
    /// Refuses a run no link may hold (too many pairs or maps, a text over its limit, bad bounds).
    pub fn check(&self) -> Result<(), LinkError> {
        if self.max_pairs == 0 || self.max_pairs > MAX_AB_PAIRS {
            return Err(LinkError::TooLarge {
                what: "pairs".into(),
                value: u64::from(self.max_pairs),
                max: u64::from(MAX_AB_PAIRS),
            });
        }
        if self.maps.len() > MAX_AB_MAPS {
            return Err(LinkError::TooLarge {
                what: "maps".into(),
                value: self.maps.len() as u64,
                max: MAX_AB_MAPS as u64,
            });
        }
        self.maps.iter().try_for_each(|m| check_len("map name length", m, MAX_MAP_NAME))?;
        check_len("settings length", &self.settings, MAX_SETTINGS)?;
        for b in &self.bots {
            check_len("bot label length", &b.label, MAX_LABEL)?;
            check_len("language name length", &b.language, MAX_LANGUAGE)?;
            check_len("bot code length", &b.code, MAX_AB_CODE)?;
        }
        let b = &self.bounds;
        SprtBounds::new(b.elo0, b.elo1, b.alpha, b.beta)
            .map_err(|e| LinkError::Malformed(e.to_string()))?;
        Ok(())
    }
}

/// The link of `run` under `kind` (`<game>-ab/1/…`).
pub fn encode_ab(kind: &str, run: &AbRun) -> Result<String, LinkError> {
    run.check()?;
    let mut w = BitWriter::new();
    w.varint(run.seed);
    w.varint(u64::from(run.max_pairs));
    for x in [run.bounds.elo0, run.bounds.elo1, run.bounds.alpha, run.bounds.beta] {
        w.bits(x.to_bits(), 64);
    }
    w.varint(run.maps.len() as u64);
    run.maps.iter().for_each(|m| w.string(m));
    w.string(&run.settings);
    for b in &run.bots {
        w.string(&b.label);
        w.string(&b.language);
        w.string(&b.code);
    }
    Ok(seal(kind, AB_VERSION, &w.into_bytes()))
}

/// The run an intact `<game>-ab` link holds.
pub fn decode_ab(env: &Envelope) -> Result<AbRun, LinkError> {
    if env.version != AB_VERSION {
        return Err(LinkError::Version {
            kind: env.kind.clone(),
            version: env.version,
            supported: AB_VERSION,
        });
    }
    if !env.intact {
        return Err(LinkError::Checksum);
    }
    let mut r = BitReader::new(&env.body);
    let seed = r.varint()?;
    let max_pairs = r.bounded(u64::from(MAX_AB_PAIRS), "pairs")? as u32;
    let mut x = [0.0; 4];
    for v in &mut x {
        *v = f64::from_bits(r.bits(64)?);
    }
    let bounds =
        SprtBounds::new(x[0], x[1], x[2], x[3]).map_err(|e| LinkError::Malformed(e.to_string()))?;
    let count = r.bounded(MAX_AB_MAPS as u64, "maps")? as usize;
    let maps = (0..count).map(|_| r.string(MAX_MAP_NAME)).collect::<Result<Vec<_>, _>>()?;
    let settings = r.string(MAX_SETTINGS)?;
    let mut bot = || -> Result<AbBot, LinkError> {
        Ok(AbBot {
            label: r.string(MAX_LABEL)?,
            language: r.string(MAX_LANGUAGE)?,
            code: r.string(MAX_AB_CODE)?,
        })
    };
    let bots = [bot()?, bot()?];
    let run = AbRun { seed, max_pairs, bounds, maps, settings, bots };
    run.check()?;
    Ok(run)
}

/// The decoder every `<game>-ab` kind registers: the run as data (the seed as a number the
/// page reads exactly up to 2^53), and a summary without the code.
pub fn open_ab(env: &Envelope, game: &'static str) -> Result<Opened, LinkError> {
    let run = decode_ab(env)?;
    let b = &run.bounds;
    Ok(Opened {
        kind: env.kind.clone(),
        version: env.version,
        game,
        problem: None,
        summary: json!({
            "kind": env.kind, "a": run.bots[0].label, "b": run.bots[1].label, "seed": run.seed,
            "max_pairs": run.max_pairs, "elo0": b.elo0, "elo1": b.elo1, "alpha": b.alpha, "beta": b.beta, "maps": run.maps,
        }),
        data: json!({
            "seed": run.seed as f64, "maxPairs": run.max_pairs, "bounds": b, "maps": run.maps, "settings": run.settings, "bots": run.bots,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::open;

    fn run() -> AbRun {
        let bot = |label: &str, code: &str| AbBot {
            label: label.into(),
            language: "js".into(),
            code: code.into(),
        };
        AbRun {
            seed: 123_456_789,
            max_pairs: 500,
            bounds: SprtBounds::new(0.0, 20.0, 0.05, 0.1).expect("good bounds"),
            maps: vec!["sample".into(), "circle".into()],
            settings: "{\"target\":100}".into(),
            bots: [bot("mine v1", "function f() {}"), bot("mine v2", "function f() { return 1; }")],
        }
    }

    #[test]
    fn a_run_round_trips_and_an_altered_one_is_refused() {
        let link = encode_ab("x-ab", &run()).expect("encodes");
        let env = open(&link).expect("opens");
        assert_eq!(decode_ab(&env), Ok(run()));
        let opened = open_ab(&env, "x").expect("opens");
        assert_eq!(opened.data["bots"][1]["label"], "mine v2");
        let mut cut = env.clone();
        cut.intact = false;
        assert_eq!(decode_ab(&cut), Err(LinkError::Checksum));
        let mut later = env;
        later.version = 2;
        assert!(matches!(decode_ab(&later), Err(LinkError::Version { .. })));
    }

    #[test]
    fn runs_over_the_limits_are_typed_errors() {
        let mut r = run();
        r.max_pairs = MAX_AB_PAIRS + 1;
        assert!(matches!(encode_ab("x-ab", &r), Err(LinkError::TooLarge { .. })));
        let mut r = run();
        r.bots[0].code = "x".repeat(MAX_AB_CODE + 1);
        assert_eq!(encode_ab("x-ab", &r).map_err(|e| e.code()), Err("too-large"));
        let mut r = run();
        r.bounds.alpha = 0.7;
        assert_eq!(encode_ab("x-ab", &r).map_err(|e| e.code()), Err("malformed"));
    }
}
