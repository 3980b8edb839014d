//! Pig's share links: single games use the common game record; matches and arena runs are
//! `pig-match` links holding both strategies (names or source), game count, seed and target.

use super::arena::{Entrant, MatchSpec, StrategySource, MAX_GAMES};
use super::tournament::{TournamentSpec, MAX_ENTRANTS};
use super::{Pig, PigParams, MAX_TARGET};
use rails::link::{
    decode_record, open, seal, BitReader, BitWriter, Envelope, LinkError, LinkKind, LinkParams,
    Opened,
};
use serde_json::json;

pub const MATCH_KIND: &str = "pig-match";
pub const TOURNAMENT_KIND: &str = "pig-tournament";
/// An A/B test of two strategies (`rails::link::ab`).
pub const AB_KIND: &str = "pig-ab";
pub const TOURNAMENT_LINK_VERSION: u32 = 1;
pub const MATCH_LINK_VERSION: u32 = 1;
const MAX_SOURCE: usize = 200_000;
/// The longest label a link holds, in bytes.
const MAX_LABEL: usize = 64;

/// Pig's link kinds, for the registry.
pub const LINK_KINDS: &[LinkKind] = &[
    LinkKind { kind: "pig", game: "pig", version: 1, open: open_game },
    LinkKind { kind: MATCH_KIND, game: "pig", version: MATCH_LINK_VERSION, open: open_match },
    LinkKind {
        kind: TOURNAMENT_KIND,
        game: "pig",
        version: TOURNAMENT_LINK_VERSION,
        open: open_tournament,
    },
    LinkKind {
        kind: BOT_KIND,
        game: "pig",
        version: rails::link::BOT_LINK_VERSION,
        open: open_bot,
    },
    LinkKind {
        kind: AB_KIND,
        game: "pig",
        version: rails::link::ab::AB_VERSION,
        open: |env| rails::link::open_ab(env, "pig"),
    },
];

/// A user's bot (name, language, code) as a link: `rails::link::open_bot`.
pub const BOT_KIND: &str = "pig-bot";
/// The languages of Pig bots a link may carry (a program is shared as a file, never in a link).
pub const BOT_LANGUAGES: &[&str] = &["js", "scheme"];

fn open_bot(env: &Envelope) -> Result<Opened, LinkError> {
    rails::link::open_bot(env, "pig", BOT_LANGUAGES)
}

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

/// Strategies as the page reads them: `[{ label, kind, source }]`.
fn entrants_json(entrants: &[Entrant]) -> Vec<serde_json::Value> {
    entrants
        .iter()
        .map(|e| {
            let (kind, source) = e.source.parts();
            json!({ "label": e.label, "kind": kind, "source": source })
        })
        .collect()
}

fn open_match(env: &Envelope) -> Result<Opened, LinkError> {
    let s = decode_match_envelope(env)?;
    let entrants = entrants_json(&s.entrants);
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

fn write_entrant(w: &mut BitWriter, e: &Entrant) {
    w.string(&shortened(&e.label));
    let (tag, text) = match &e.source {
        StrategySource::Builtin(n) => (0, n),
        StrategySource::Scheme(s) => (1, s),
        StrategySource::JavaScript(s) => (2, s),
        StrategySource::Program(p) => (3, &p.name),
    };
    w.bits(tag, 2);
    w.string(text);
}

/// A label as a link holds it: at most [`MAX_LABEL`] bytes, a longer one (a program's path as
/// typed) cut to its end after "…", so the file's name stays.
fn shortened(label: &str) -> std::borrow::Cow<'_, str> {
    if label.len() <= MAX_LABEL {
        return label.into();
    }
    let mut start = label.len() - (MAX_LABEL - '…'.len_utf8());
    while !label.is_char_boundary(start) {
        start += 1;
    }
    format!("…{}", &label[start..]).into()
}

fn read_entrant(r: &mut BitReader) -> Result<Entrant, LinkError> {
    let label = r.string(MAX_LABEL)?;
    let tag = r.bits(2)?;
    let text = r.string(MAX_SOURCE)?;
    let source = match tag {
        0 => StrategySource::Builtin(text),
        1 => StrategySource::Scheme(text),
        2 => StrategySource::JavaScript(text),
        3 => StrategySource::Program(super::arena::HostProgram::named(&text)),
        _ => return Err(LinkError::Malformed("unknown strategy kind".into())),
    };
    Ok(Entrant { label, source })
}

/// Games, seed and target: the head of match and tournament links.
fn read_head(r: &mut BitReader) -> Result<(u32, u64, u32), LinkError> {
    let games = r.bounded(u64::from(MAX_GAMES), "game count")? as u32;
    let seed = r.varint()?;
    let target = r.bounded(u64::from(MAX_TARGET), "target")? as u32;
    Ok((games, seed, target))
}

/// Strategy source cannot be trusted half-way: an altered link is refused instead of running
/// altered code.
fn body(env: &Envelope, supported: u32) -> Result<BitReader<'_>, LinkError> {
    if env.version != supported {
        return Err(LinkError::Version { kind: env.kind.clone(), version: env.version, supported });
    }
    if !env.intact {
        return Err(LinkError::Checksum);
    }
    Ok(BitReader::new(&env.body))
}

pub fn encode_match(spec: &MatchSpec) -> String {
    let mut w = BitWriter::new();
    w.varint(u64::from(spec.games));
    w.varint(spec.seed);
    w.varint(u64::from(spec.target));
    for e in &spec.entrants {
        write_entrant(&mut w, e);
    }
    seal(MATCH_KIND, MATCH_LINK_VERSION, &w.into_bytes())
}

pub fn decode_match(link: &str) -> Result<MatchSpec, LinkError> {
    let env = open(link)?;
    if env.kind != MATCH_KIND {
        return Err(LinkError::UnknownKind { kind: env.kind, known: Vec::new() });
    }
    decode_match_envelope(&env)
}

fn decode_match_envelope(env: &Envelope) -> Result<MatchSpec, LinkError> {
    let mut r = body(env, MATCH_LINK_VERSION)?;
    let (games, seed, target) = read_head(&mut r)?;
    let a = read_entrant(&mut r)?;
    let b = read_entrant(&mut r)?;
    Ok(MatchSpec { entrants: [a, b], games, seed, target })
}

pub fn encode_tournament(spec: &TournamentSpec) -> String {
    let mut w = BitWriter::new();
    w.varint(u64::from(spec.games));
    w.varint(spec.seed);
    w.varint(u64::from(spec.target));
    w.varint(spec.entrants.len() as u64);
    for e in &spec.entrants {
        write_entrant(&mut w, e);
    }
    seal(TOURNAMENT_KIND, TOURNAMENT_LINK_VERSION, &w.into_bytes())
}

pub fn decode_tournament(env: &Envelope) -> Result<TournamentSpec, LinkError> {
    let mut r = body(env, TOURNAMENT_LINK_VERSION)?;
    let (games, seed, target) = read_head(&mut r)?;
    let n = r.bounded(MAX_ENTRANTS as u64, "strategy count")? as usize;
    let entrants = (0..n).map(|_| read_entrant(&mut r)).collect::<Result<Vec<_>, _>>()?;
    let pairs = (n * n.saturating_sub(1) / 2) as u64;
    if u64::from(games) * pairs > u64::from(MAX_GAMES) {
        let what = format!("games in all ({games} for each of {pairs} pairs)");
        return Err(LinkError::TooLarge {
            what,
            value: u64::from(games) * pairs,
            max: u64::from(MAX_GAMES),
        });
    }
    Ok(TournamentSpec { entrants, games, seed, target })
}

fn open_tournament(env: &Envelope) -> Result<Opened, LinkError> {
    let s = decode_tournament(env)?;
    let entrants = entrants_json(&s.entrants);
    let labels: Vec<&str> = s.entrants.iter().map(|e| e.label.as_str()).collect();
    Ok(Opened {
        kind: env.kind.clone(),
        version: env.version,
        game: "pig",
        problem: None,
        data: json!({ "entrants": entrants, "games": s.games, "seed": s.seed as f64, "target": s.target }),
        summary: json!({ "kind": TOURNAMENT_KIND, "entrants": labels, "games": s.games, "seed": s.seed, "target": s.target }),
    })
}
