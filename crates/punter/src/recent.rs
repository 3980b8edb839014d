//! Each punter's latest turn, as the rivers it took: what the page highlights so a player sees
//! what the others just did. A turn is one claim, option or pass, or a splurge's steps up to its
//! end; a splurge still being made is no turn yet.

use super::game::PunterMove;
use super::map::PunterMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnKind {
    Pass,
    Claim,
    Option,
    Splurge,
}

impl TurnKind {
    pub fn name(self) -> &'static str {
        match self {
            TurnKind::Pass => "pass",
            TurnKind::Claim => "claim",
            TurnKind::Option => "option",
            TurnKind::Splurge => "splurge",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecentTurn {
    pub kind: TurnKind,
    /// The rivers taken (dense indices), in the order taken.
    pub rivers: Vec<u32>,
    /// The index of the turn's last move.
    pub at: usize,
}

/// The latest turn of each of `punters` among `moves` (`seat(i)`: the seat that made move `i`):
/// `None` for a punter that has not moved. Only the last `punters` turns are looked at, so the
/// cost does not grow with the game.
pub fn latest_turns(
    map: &PunterMap,
    punters: usize,
    moves: &[PunterMove],
    seat: impl Fn(usize) -> Option<u8>,
) -> Vec<Option<RecentTurn>> {
    let mut out: Vec<Option<RecentTurn>> = vec![None; punters];
    let mut seen = 0;
    let mut i = moves.len();
    while i > 0 && seen < punters {
        i -= 1;
        let by = seat(i);
        let (kind, rivers) = match &moves[i] {
            PunterMove::Pass => (TurnKind::Pass, Vec::new()),
            PunterMove::Claim(r) => (TurnKind::Claim, vec![*r]),
            PunterMove::Option(r) => (TurnKind::Option, vec![*r]),
            PunterMove::SplurgeEnd => {
                let start = (0..i)
                    .rev()
                    .find(|&k| seat(k) != by || !matches!(moves[k], PunterMove::SplurgeTo(_)))
                    .map_or(0, |k| k + 1);
                let sites: Vec<u32> = moves[start..i]
                    .iter()
                    .filter_map(|m| if let PunterMove::SplurgeTo(s) = m { Some(*s) } else { None })
                    .collect();
                (
                    TurnKind::Splurge,
                    sites.windows(2).filter_map(|w| map.river(w[0], w[1])).collect(),
                )
            }
            // A step of a splurge: counted with its end (or not at all while it is being made).
            PunterMove::SplurgeTo(_) => continue,
        };
        seen += 1;
        if let Some(slot) = by.and_then(|p| out.get_mut(usize::from(p))) {
            if slot.is_none() {
                *slot = Some(RecentTurn { kind, rivers, at: i });
            }
        }
    }
    out
}
