//! Pig's share links: single games use the common game record; matches and arena runs are
//! `pig-match` links holding both strategies (names or source), game count, seed and target.

use super::arena::{Entrant, MatchSpec, StrategySource};
use super::PigParams;
use crate::link::{open, seal, BitReader, BitWriter, LinkError, LinkParams};

pub const MATCH_KIND: &str = "pig-match";
pub const MATCH_LINK_VERSION: u32 = 1;
const MAX_SOURCE: usize = 200_000;
pub const MAX_GAMES: u32 = 100_000;

impl LinkParams for PigParams {
    fn write_params(&self, w: &mut BitWriter) {
        w.varint(u64::from(self.target));
    }
    fn read_params(r: &mut BitReader) -> Result<Self, LinkError> {
        Ok(PigParams { target: r.bounded(1000, "target")? as u32 })
    }
}

pub fn encode_match(spec: &MatchSpec) -> String {
    let mut w = BitWriter::new();
    w.varint(u64::from(spec.games));
    w.varint(spec.seed);
    w.varint(u64::from(spec.target));
    for e in &spec.entrants {
        w.string(&e.label);
        let (tag, text) = match &e.source {
            StrategySource::Builtin(n) => (0, n),
            StrategySource::Scheme(s) => (1, s),
            StrategySource::JavaScript(s) => (2, s),
        };
        w.bits(tag, 2);
        w.string(text);
    }
    seal(MATCH_KIND, MATCH_LINK_VERSION, &w.into_bytes())
}

pub fn decode_match(link: &str) -> Result<MatchSpec, LinkError> {
    let env = open(link)?;
    if env.kind != MATCH_KIND {
        return Err(LinkError::UnknownKind(env.kind));
    }
    if env.version != MATCH_LINK_VERSION {
        return Err(LinkError::Version { kind: env.kind, version: env.version, supported: MATCH_LINK_VERSION });
    }
    if !env.intact {
        // Strategy source cannot be trusted half-way: refuse instead of running altered code.
        return Err(LinkError::Checksum);
    }
    let mut r = BitReader::new(&env.body);
    let games = r.bounded(u64::from(MAX_GAMES), "game count")? as u32;
    let seed = r.varint()?;
    let target = r.bounded(1000, "target")? as u32;
    let mut entrant = || -> Result<Entrant, LinkError> {
        let label = r.string(64)?;
        let tag = r.bits(2)?;
        let text = r.string(MAX_SOURCE)?;
        let source = match tag {
            0 => StrategySource::Builtin(text),
            1 => StrategySource::Scheme(text),
            2 => StrategySource::JavaScript(text),
            _ => return Err(LinkError::Malformed("unknown strategy kind".into())),
        };
        Ok(Entrant { label, source })
    };
    let a = entrant()?;
    let b = entrant()?;
    Ok(MatchSpec { entrants: [a, b], games, seed, target })
}
