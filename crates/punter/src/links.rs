//! Punter games as share links: the map by name and content hash when it is bundled (else the
//! map itself), the punters, the settings, the futures bids, then the moves by their codes.

use super::game::{Punter, PunterParams};
use super::maps;
use super::state::{Settings, MAX_PUNTERS};
use rails::link::{
    decode_record, read_asset, write_asset, BitReader, BitWriter, Envelope, LinkError, LinkKind,
    LinkParams, Opened,
};
use serde_json::json;

const MAX_MAP_TEXT: usize = 8 << 20;
const MAX_BIDS: u64 = 64;

/// Punter's link kinds, for the registry.
pub const LINK_KINDS: &[LinkKind] = &[
    LinkKind { kind: "punter", game: "punter", version: 1, open: open_link },
    LinkKind {
        kind: "punter-bot",
        game: "punter",
        version: rails::link::BOT_LINK_VERSION,
        open: open_bot,
    },
    LinkKind {
        kind: "punter-ab",
        game: "punter",
        version: rails::link::ab::AB_VERSION,
        open: |env| rails::link::open_ab(env, "punter"),
    },
];

/// A user's bot as a link (`rails::link::open_bot`): JavaScript only (a program is shared as a file).
fn open_bot(env: &Envelope) -> Result<Opened, LinkError> {
    rails::link::open_bot(env, "punter", &["js"])
}

impl LinkParams for PunterParams {
    const VERSION: u32 = 1;

    fn write_params(&self, w: &mut BitWriter) {
        write_asset(w, &self.map_name, &self.map_text, maps::is_bundled);
        w.varint(self.punters as u64);
        let s = self.settings;
        w.bits(u64::from(s.futures) << 2 | u64::from(s.splurges) << 1 | u64::from(s.options), 3);
        for p in 0..self.punters {
            let bids = self.futures.get(p).map_or(&[][..], Vec::as_slice);
            w.varint(bids.len() as u64);
            for &(a, b) in bids {
                w.varint(a);
                w.varint(b);
            }
        }
    }

    fn read_params(r: &mut BitReader, _version: u32) -> Result<Self, LinkError> {
        let asset = read_asset(r, 128, MAX_MAP_TEXT, maps::bundled, maps::is_bundled)?;
        let punters = r.bounded(MAX_PUNTERS as u64, "punter count")? as usize;
        let flags = r.bits(3)?;
        let settings =
            Settings { futures: flags & 4 != 0, splurges: flags & 2 != 0, options: flags & 1 != 0 };
        let mut futures = Vec::with_capacity(punters);
        for _ in 0..punters {
            let n = r.bounded(MAX_BIDS, "futures per punter")?;
            futures.push(
                (0..n)
                    .map(|_| Ok((r.varint()?, r.varint()?)))
                    .collect::<Result<Vec<_>, LinkError>>()?,
            );
        }
        PunterParams::new(&asset.name, &asset.text, punters.max(1), settings, futures)
            .map_err(|e| LinkError::Malformed(format!("map {}: {e}", asset.name)))
    }
}

/// The map a punter link names (by name or with its text), read without needing the map.
pub fn link_map(link: &str) -> Result<String, LinkError> {
    let env = rails::link::open(link)?;
    if env.kind != "punter" {
        return Err(LinkError::UnknownKind { kind: env.kind, known: Vec::new() });
    }
    rails::link::peek_asset_name(&mut BitReader::new(&env.body))
}

fn open_link(env: &Envelope) -> Result<Opened, LinkError> {
    let d = decode_record::<Punter>(env)?;
    let p = &d.record.params;
    let codes: Vec<usize> = {
        let mut game = rails::game::replay::<Punter>(p, &[])
            .map_err(|e| LinkError::Malformed(e.to_string()))?;
        let mut codes = Vec::with_capacity(d.record.moves.len());
        for mv in &d.record.moves {
            codes.push(rails::game::Game::move_index(&game, mv).unwrap_or(0));
            let _ = rails::game::Game::play(&mut game, mv);
        }
        codes
    };
    let s = p.settings;
    let settings = json!({ "futures": s.futures, "splurges": s.splurges, "options": s.options });
    Ok(Opened {
        kind: env.kind.clone(),
        version: env.version,
        game: "punter",
        problem: d.problem.clone(),
        data: json!({
            "map": p.map_name, "bundled": maps::is_bundled(&p.map_name, &p.map_text),
            "punters": p.punters, "settings": settings, "futures": p.futures, "players": d.record.players,
            "codes": codes, "view": d.record.view,
        }),
        summary: json!({
            "kind": env.kind, "map": p.map_name, "punters": p.punters, "settings": settings,
            "moves": d.record.moves.len(), "view": d.record.view, "scores": d.game.game().scores(),
            "over": d.game.game().is_over(), "problem": d.problem,
        }),
    })
}
