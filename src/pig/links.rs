//! Pig's share links: single games use the common game record; matches and arena runs are
//! `pig-match` links holding both strategies (names or source), game count, seed and target.

use super::arena::{Entrant, MatchSpec, StrategySource};
use super::{Pig, PigParams, MAX_TARGET};
use crate::link::{decode_record, open, seal, BitReader, BitWriter, Envelope, LinkError, LinkKind, LinkParams, Opened};
use serde_json::json;

pub const MATCH_KIND: &str = "pig-match";
pub const MATCH_LINK_VERSION: u32 = 1;
const MAX_SOURCE: usize = 200_000;
/// Most games a match may have (the arena's limit).
pub const MAX_GAMES: u32 = 10_000;

/// Pig's link kinds, for the registry.
pub const LINK_KINDS: &[LinkKind] = &[
    LinkKind { kind: "pig", game: "pig", version: 1, open: open_game },
    LinkKind { kind: MATCH_KIND, game: "pig", version: MATCH_LINK_VERSION, open: open_match },
];

impl LinkParams for PigParams {
    const VERSION: u32 = 1;
    fn write_params(&self, w: &mut BitWriter) {
        w.varint(u64::from(self.target));
    }
    fn read_params(r: &mut BitReader, _version: u32) -> Result<Self, LinkError> {
        Ok(PigParams { target: r.bounded(u64::from(MAX_TARGET), "target")? as u32 })
    }
}

fn open_game(env: &Envelope) -> Result<Opened, LinkError> {
    let d = decode_record::<Pig>(env)?;
    let r = &d.record;
    let codes: Vec<u8> = r.moves.iter().map(|m| m.code()).collect();
    Ok(Opened {
        kind: env.kind.clone(),
        version: env.version,
        game: "pig",
        problem: d.problem.clone(),
        data: json!({
            "target": r.params.target, "seed": r.seed as f64, "players": r.players, "moves": codes, "view": r.view,
        }),
        summary: json!({
            "kind": env.kind, "players": r.players, "seed": r.seed, "target": r.params.target,
            "moves": r.moves.len(), "view": r.view, "totals": d.game.totals(), "winner": d.game.winner(),
            "problem": d.problem,
        }),
    })
}

fn open_match(env: &Envelope) -> Result<Opened, LinkError> {
    let s = decode_match_envelope(env)?;
    let entrants: Vec<_> = s
        .entrants
        .iter()
        .map(|e| {
            let (kind, source) = e.source.parts();
            json!({ "label": e.label, "kind": kind, "source": source })
        })
        .collect();
    Ok(Opened {
        kind: env.kind.clone(),
        version: env.version,
        game: "pig",
        problem: None,
        data: json!({
            "entrants": entrants, "games": s.games, "seed": s.seed as f64, "target": s.target,
            "checker": s.is_checker(),
        }),
        summary: json!({
            "kind": MATCH_KIND, "a": s.entrants[0].label, "b": s.entrants[1].label,
            "games": s.games, "seed": s.seed, "target": s.target, "checker": s.is_checker(),
        }),
    })
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
    decode_match_envelope(&env)
}

fn decode_match_envelope(env: &Envelope) -> Result<MatchSpec, LinkError> {
    if env.version != MATCH_LINK_VERSION {
        return Err(LinkError::Version { kind: env.kind.clone(), version: env.version, supported: MATCH_LINK_VERSION });
    }
    if !env.intact {
        // Strategy source cannot be trusted half-way: refuse instead of running altered code.
        return Err(LinkError::Checksum);
    }
    let mut r = BitReader::new(&env.body);
    let games = r.bounded(u64::from(MAX_GAMES), "game count")? as u32;
    let seed = r.varint()?;
    let target = r.bounded(u64::from(MAX_TARGET), "target")? as u32;
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
