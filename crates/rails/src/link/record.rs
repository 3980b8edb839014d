//! A single game as a link: parameters, seed, player labels, moves (each stored as its index in
//! the legal-move list, in just enough bits) and the turn being viewed.

use super::{open, seal, width, BitReader, BitWriter, Envelope, LinkError};
use crate::arena::GameLog;
use crate::game::{Game, MAX_SEATS};

const MAX_LABEL: usize = 64;
/// Most moves a single-game link may hold.
pub const MAX_MOVES: u64 = 10_000_000;

/// How a game's parameters are written into a link. Every game shares the record layout;
/// `VERSION` changes when a game's parameters are written differently, and `read_params`
/// still reads every older version.
pub trait LinkParams: Sized {
    const VERSION: u32;
    fn write_params(&self, w: &mut BitWriter);
    fn read_params(r: &mut BitReader, version: u32) -> Result<Self, LinkError>;
}

#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord<G: Game> {
    pub params: G::Params,
    pub seed: u64,
    /// Display names of the seats (may be empty).
    pub players: Vec<String>,
    pub moves: Vec<G::Move>,
    /// Number of moves applied in the position being viewed.
    pub view: usize,
}

/// What a link decoded to: everything that was valid, and what was wrong with the rest.
#[derive(Debug, Clone)]
pub struct Decoded<G: Game> {
    pub record: GameRecord<G>,
    /// The position after all of `record.moves`.
    pub game: G,
    /// `Some("link valid up to move 37 of 80: …")` when part of the link could not be used.
    pub problem: Option<String>,
}

/// Encodes a record; fails with the index of the first move that is not legal.
pub fn encode_game<G: Game>(record: &GameRecord<G>) -> Result<String, (usize, G::Error)>
where
    G::Params: LinkParams,
{
    let mut w = BitWriter::new();
    record.params.write_params(&mut w);
    w.varint(record.seed);
    w.varint(record.players.len() as u64);
    for p in &record.players {
        let mut label = p.as_str();
        while label.len() > MAX_LABEL {
            let mut cut = MAX_LABEL;
            while !label.is_char_boundary(cut) {
                cut -= 1;
            }
            label = &label[..cut];
        }
        w.string(label);
    }
    w.varint(record.moves.len() as u64);
    w.varint(record.view.min(record.moves.len()) as u64);
    let mut game = G::new(&record.params).map_err(|e| (0, e))?;
    for (i, mv) in record.moves.iter().enumerate() {
        let count = game.move_count();
        let index = game.move_index(mv);
        game.play(mv).map_err(|e| (i, e))?;
        // play() accepted it, so it has an index.
        w.bits(index.unwrap_or(0) as u64, width(count));
    }
    Ok(seal(G::ID, G::Params::VERSION, &w.into_bytes()))
}

/// Decodes a link (full URL, `#fragment` or bare fragment) for game `G`.
pub fn decode_game<G: Game>(link: &str) -> Result<Decoded<G>, LinkError>
where
    G::Params: LinkParams,
{
    decode_game_with(link, Vec::new())
}

/// Decodes a link for game `G` with `assets` (name, text) at hand, for a link that names a
/// bundled asset this build does not carry (the page hands in the maps it has loaded).
pub fn decode_game_with<G: Game>(
    link: &str,
    assets: Vec<(String, String)>,
) -> Result<Decoded<G>, LinkError>
where
    G::Params: LinkParams,
{
    let env = open(link)?.with_assets(assets);
    if env.kind != G::ID {
        return Err(LinkError::UnknownKind { kind: env.kind, known: Vec::new() });
    }
    decode_record(&env)
}

/// Decodes an unpacked single-game link of game `G` (any version up to the current one).
pub fn decode_record<G: Game>(env: &Envelope) -> Result<Decoded<G>, LinkError>
where
    G::Params: LinkParams,
{
    if env.version == 0 || env.version > G::Params::VERSION {
        return Err(LinkError::Version {
            kind: env.kind.clone(),
            version: env.version,
            supported: G::Params::VERSION,
        });
    }
    let header = |r: &mut BitReader| -> Result<_, LinkError> {
        let params = G::Params::read_params(r, env.version)?;
        let seed = r.varint()?;
        let n = r.bounded(MAX_SEATS as u64, "player count")?;
        let players = (0..n).map(|_| r.string(MAX_LABEL)).collect::<Result<Vec<_>, _>>()?;
        let count = r.bounded(MAX_MOVES, "move count")? as usize;
        let view = r.varint()? as usize;
        Ok((params, seed, players, count, view))
    };
    let mut r = BitReader::with_assets(&env.body, &env.assets);
    let (params, seed, players, count, view) = header(&mut r).map_err(|e| {
        if env.intact || matches!(e, LinkError::TooLarge { .. }) {
            e
        } else {
            LinkError::Checksum
        }
    })?;
    let mut game = G::new(&params).map_err(|e| {
        if env.intact {
            LinkError::Malformed(e.to_string())
        } else {
            LinkError::Checksum
        }
    })?;
    let mut moves = Vec::with_capacity(count.min(1 << 16));
    let mut problem = None;
    for i in 0..count {
        let n = game.move_count();
        let reason = match r.bits(width(n)) {
            _ if n == 0 => Some("the game is already over".to_string()),
            Err(e) => Some(e.to_string()),
            Ok(index) => match game.move_at(index as usize) {
                None => Some(format!("move {} is not a legal move", i + 1)),
                Some(mv) => match game.play(&mv) {
                    Ok(()) => {
                        moves.push(mv);
                        None
                    }
                    Err(e) => Some(e.to_string()),
                },
            },
        };
        if let Some(reason) = reason {
            let tail = if env.intact {
                String::new()
            } else {
                " (checksum mismatch: the link was altered)".into()
            };
            problem = Some(format!("link valid up to move {i} of {count}: {reason}{tail}"));
            break;
        }
    }
    if problem.is_none() && !env.intact {
        problem = Some(format!(
            "the link was altered or cut (checksum mismatch); its {count} moves are legal but may not be the original game"
        ));
    }
    let view = view.min(moves.len());
    Ok(Decoded { record: GameRecord { params, seed, players, moves, view }, game, problem })
}

impl<G: Game> GameLog<G> {
    /// The game as a share link's record, viewed at its end; `names` label the entrants.
    pub fn record(&self, seed: u64, names: &[String]) -> GameRecord<G> {
        let players = self
            .seating
            .iter()
            .map(|&e| names.get(e).cloned().unwrap_or_else(|| format!("entrant {}", e + 1)))
            .collect();
        GameRecord {
            params: self.params.clone(),
            seed,
            players,
            moves: self.moves.clone(),
            view: self.moves.len(),
        }
    }
}
