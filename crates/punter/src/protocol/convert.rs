//! Protocol moves (by site ids) to and from the rails' moves (by dense index).

use super::*;

// ---------------------------------------------------------------------------------------------
// Conversions between protocol moves and the rails

/// The rails moves of one protocol move: `[Pass]`, `[Claim(r)]`, `[Option(r)]` or
/// `[SplurgeTo(s0), …, SplurgeTo(sk), SplurgeEnd]`. Fails when a river is not on the map (or a
/// route has fewer than two sites); whether the move is legal now is the game's business.
pub fn to_punter_moves(map: &PunterMap, mv: &Move) -> Result<Vec<PunterMove>, Illegal> {
    let river = |source: u64, target: u64| {
        map.river_by_ids(source, target).ok_or(Illegal::NoSuchRiver { source, target })
    };
    Ok(match mv {
        Move::Pass => vec![PunterMove::Pass],
        Move::Claim { source, target } => vec![PunterMove::Claim(river(*source, *target)?)],
        Move::Option { source, target } => vec![PunterMove::Option(river(*source, *target)?)],
        Move::Splurge { route } => {
            if route.len() < 2 {
                return Err(Illegal::RouteTooShort);
            }
            for pair in route.windows(2) {
                river(pair[0], pair[1])?;
            }
            let mut steps = Vec::with_capacity(route.len() + 1);
            for &s in route {
                // Every site is an end of a river checked above.
                let site = map.site(s).ok_or(Illegal::NoSuchRiver { source: s, target: s })?;
                steps.push(PunterMove::SplurgeTo(site));
            }
            steps.push(PunterMove::SplurgeEnd);
            steps
        }
    })
}

fn river_ids(map: &PunterMap, r: u32) -> Option<(u64, u64)> {
    let &(a, b) = map.rivers.get(r as usize)?;
    Some((map.sites.get(a as usize)?.id, map.sites.get(b as usize)?.id))
}

fn site_id(map: &PunterMap, s: u32) -> Option<u64> {
    map.sites.get(s as usize).map(|x| x.id)
}

/// The protocol move of one turn's rails moves (the inverse of [`to_punter_moves`]); `None`
/// when `steps` is not exactly one turn or names a river or site the map does not have.
pub fn from_punter_moves(map: &PunterMap, steps: &[PunterMove]) -> Option<Move> {
    match steps {
        [PunterMove::Pass] => Some(Move::Pass),
        [PunterMove::Claim(r)] => {
            river_ids(map, *r).map(|(source, target)| Move::Claim { source, target })
        }
        [PunterMove::Option(r)] => {
            river_ids(map, *r).map(|(source, target)| Move::Option { source, target })
        }
        [sites @ .., PunterMove::SplurgeEnd] if sites.len() >= 2 => {
            let route = sites
                .iter()
                .map(|m| match m {
                    PunterMove::SplurgeTo(s) => site_id(map, *s),
                    _ => None,
                })
                .collect::<Option<Vec<u64>>>()?;
            Some(Move::Splurge { route })
        }
        _ => None,
    }
}

/// A game's rails moves as one protocol move per turn. A pass during a splurge abandons it (as
/// on the rails); a splurge still being made at the end is left out. `None` if a move names a
/// river or site the map does not have, or a claim or option comes in the middle of a splurge.
pub fn group_turns(map: &PunterMap, moves: &[PunterMove]) -> Option<Vec<Move>> {
    let mut out = Vec::new();
    let mut route: Vec<u64> = Vec::new();
    for mv in moves {
        match mv {
            PunterMove::SplurgeTo(s) => route.push(site_id(map, *s)?),
            PunterMove::SplurgeEnd => {
                if route.len() < 2 {
                    return None;
                }
                out.push(Move::Splurge { route: std::mem::take(&mut route) });
            }
            PunterMove::Pass => {
                route.clear();
                out.push(Move::Pass);
            }
            other if route.is_empty() => {
                out.push(from_punter_moves(map, std::slice::from_ref(other))?)
            }
            _ => return None,
        }
    }
    Some(out)
}

/// The map in the official JSON shape: sites with `id`, `x`, `y`; distinct rivers with `source`
/// and `target` ids; mines as ids. [`PunterMap::from_json`] reads it back to the same map.
pub fn map_json(map: &PunterMap) -> Value {
    shaped(map, |s| json!({ "id": s.id, "x": s.x, "y": s.y }))
}

/// The map as the official server sent it to punters at setup: sites with their `id` only (it
/// sent coordinates only when told to, after entries failed on that "redundant meta data").
pub fn setup_map_json(map: &PunterMap) -> Value {
    shaped(map, |s| json!({ "id": s.id }))
}

fn shaped(map: &PunterMap, site: impl Fn(&super::super::map::Site) -> Value) -> Value {
    let id = |s: u32| map.sites.get(s as usize).map_or(0, |x| x.id);
    let sites: Vec<Value> = map.sites.iter().map(site).collect();
    let rivers: Vec<Value> =
        map.rivers.iter().map(|&(a, b)| json!({ "source": id(a), "target": id(b) })).collect();
    let mines: Vec<u64> = map.mines.iter().map(|&m| id(m)).collect();
    json!({ "sites": sites, "rivers": rivers, "mines": mines })
}
