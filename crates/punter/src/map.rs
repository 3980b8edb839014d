//! Punter maps in the official JSON: sites with integer ids (not always contiguous) and
//! coordinates, rivers between two sites (direction does not matter; a river listed twice is
//! one river), and mines. Sites are renumbered densely; distances from every mine are computed
//! once, by breadth-first search over the whole map.

use rustc_hash::FxHashMap as HashMap;
use serde_json::Value;

pub use super::map_counts::{MAX_RIVERS, MAX_SITES};
/// Most distances a map may need: sites × mines (each site's distance to every mine is kept;
/// the largest official map needs 235,424). Bounded before any is computed.
pub const MAX_DISTANCES: usize = 40_000_000;

#[derive(Debug, Clone, PartialEq)]
pub struct Site {
    pub id: u64,
    pub x: f64,
    pub y: f64,
}

/// A bad map, and where: "line 3, column 7" for JSON syntax, else a path such as
/// "rivers[12].target".
pub type MapError = super::PlacedError;

fn error(place: impl Into<String>, message: impl Into<String>) -> MapError {
    MapError { place: place.into(), message: message.into() }
}

#[derive(Debug, Clone, PartialEq)]
pub struct PunterMap {
    pub sites: Vec<Site>,
    /// Endpoints of each distinct river (dense site indices, smaller first), in map order.
    pub rivers: Vec<(u32, u32)>,
    /// Dense indices of the mines, distinct, in map order.
    pub mines: Vec<u32>,
    index: HashMap<u64, u32>,
    river_index: HashMap<(u32, u32), u32>,
    /// Per site: (neighbour, river).
    adjacent: Vec<Vec<(u32, u32)>>,
    /// `dist[s · mines + m]`: rivers between mine `m` (index into `mines`) and site `s`
    /// (site-major: a site's distances to every mine lie together); `u32::MAX` when
    /// unreachable.
    dist: Vec<u32>,
    /// Per site: its number among the mines, or `u16::MAX`.
    mine_of: Vec<u16>,
    /// Site id → dense index, when the ids are small enough for a table (`u32::MAX`: none).
    by_id: Vec<u32>,
}

fn within_limits(sites: usize, rivers: usize, mines: usize) -> Result<(), MapError> {
    if sites > MAX_SITES {
        return Err(error("sites", format!("{sites} sites is more than the limit of {MAX_SITES}")));
    }
    if rivers > MAX_RIVERS {
        return Err(error(
            "rivers",
            format!("{rivers} rivers is more than the limit of {MAX_RIVERS}"),
        ));
    }
    if sites.saturating_mul(mines) > MAX_DISTANCES {
        return Err(error("mines", format!("{mines} mines on {sites} sites need {} distances, more than the limit of {MAX_DISTANCES}", sites.saturating_mul(mines))));
    }
    Ok(())
}

fn number(v: &Value, place: &str) -> Result<u64, MapError> {
    v.as_u64().ok_or_else(|| {
        error(place, super::whole_number_problem(v, "a site id (a whole number ≥ 0)"))
    })
}

/// A map's lists, read but not yet checked against each other: sites (id, x, y), rivers (site
/// ids), mines (site ids).
struct Parts {
    sites: Vec<(u64, f64, f64)>,
    rivers: Vec<(u64, u64)>,
    mines: Vec<u64>,
}

/// The usual shape, read by typed deserialisation (no JSON tree); `None` sends the text to the
/// careful reader, which names the place of a problem.
mod typed {
    #[derive(serde::Deserialize)]
    struct Site {
        id: u64,
        x: Option<f64>,
        y: Option<f64>,
    }
    #[derive(serde::Deserialize)]
    struct River {
        source: u64,
        target: u64,
    }
    #[derive(serde::Deserialize)]
    struct Map {
        sites: Vec<Site>,
        rivers: Vec<River>,
        mines: Vec<u64>,
    }

    pub(super) fn parts(text: &str) -> Option<super::Parts> {
        let m: Map = serde_json::from_str(text).ok()?;
        Some(super::Parts {
            sites: m
                .sites
                .into_iter()
                .map(|s| (s.id, s.x.unwrap_or(0.0), s.y.unwrap_or(0.0)))
                .collect(),
            rivers: m.rivers.into_iter().map(|r| (r.source, r.target)).collect(),
            mines: m.mines,
        })
    }
}

impl PunterMap {
    pub fn parse(text: &str) -> Result<PunterMap, MapError> {
        super::map_counts::over_limit(text).map_err(|(list, message)| error(list, message))?;
        if let Some(parts) = typed::parts(text) {
            return PunterMap::build(parts);
        }
        PunterMap::parse_by_tree(text)
    }

    /// Reads a map by walking its JSON tree only (what `parse` falls back to; the tests hold
    /// the two readers to the same result).
    pub fn parse_by_tree(text: &str) -> Result<PunterMap, MapError> {
        super::map_counts::over_limit(text).map_err(|(list, message)| error(list, message))?;
        let json: Value = serde_json::from_str(text)
            .map_err(|e| error(format!("{}:{}", e.line(), e.column()), super::json_message(&e)))?;
        PunterMap::from_json(&json)
    }

    pub fn from_json(json: &Value) -> Result<PunterMap, MapError> {
        let list = |key: &str| -> Result<&Vec<Value>, MapError> {
            json.get(key)
                .ok_or_else(|| error(key, "missing"))?
                .as_array()
                .ok_or_else(|| error(key, "expected a list"))
        };
        let (site_list, river_list, mine_list) = (list("sites")?, list("rivers")?, list("mines")?);
        within_limits(site_list.len(), river_list.len(), mine_list.len())?;
        let mut sites = Vec::with_capacity(site_list.len());
        for (i, s) in site_list.iter().enumerate() {
            let place = format!("sites[{i}]");
            let id = number(
                s.get("id").ok_or_else(|| error(&place, "a site needs an \"id\""))?,
                &format!("{place}.id"),
            )?;
            let coord = |k: &str| s.get(k).and_then(Value::as_f64).unwrap_or(0.0);
            sites.push((id, coord("x"), coord("y")));
        }
        let end = |r: &Value, key: &str, i: usize| -> Result<u64, MapError> {
            let place = format!("rivers[{i}].{key}");
            number(r.get(key).ok_or_else(|| error(&place, "missing"))?, &place)
        };
        let rivers = river_list
            .iter()
            .enumerate()
            .map(|(i, r)| Ok((end(r, "source", i)?, end(r, "target", i)?)))
            .collect::<Result<_, MapError>>()?;
        let mines = mine_list
            .iter()
            .enumerate()
            .map(|(i, m)| number(m, &format!("mines[{i}]")))
            .collect::<Result<_, _>>()?;
        PunterMap::build(Parts { sites, rivers, mines })
    }

    /// The map from its lists: ids made dense, rivers deduplicated, distances computed.
    fn build(parts: Parts) -> Result<PunterMap, MapError> {
        within_limits(parts.sites.len(), parts.rivers.len(), parts.mines.len())?;
        let mut sites = Vec::with_capacity(parts.sites.len());
        let mut index = HashMap::with_capacity_and_hasher(parts.sites.len(), Default::default());
        for (i, &(id, x, y)) in parts.sites.iter().enumerate() {
            if index.insert(id, sites.len() as u32).is_some() {
                return Err(error(format!("sites[{i}].id"), format!("site {id} is listed twice")));
            }
            sites.push(Site { id, x, y });
        }
        let site = |id: u64, place: String| -> Result<u32, MapError> {
            index
                .get(&id)
                .copied()
                .ok_or_else(|| error(&place, format!("site {id} is not among the sites")))
        };
        let mut rivers = Vec::with_capacity(parts.rivers.len());
        let mut river_index =
            HashMap::with_capacity_and_hasher(parts.rivers.len(), Default::default());
        for (i, &(source, target)) in parts.rivers.iter().enumerate() {
            let a = site(source, format!("rivers[{i}].source"))?;
            let b = site(target, format!("rivers[{i}].target"))?;
            if a == b {
                return Err(error(
                    format!("rivers[{i}]"),
                    format!("a river from site {} to itself", sites[a as usize].id),
                ));
            }
            let key = (a.min(b), a.max(b));
            if let std::collections::hash_map::Entry::Vacant(e) = river_index.entry(key) {
                e.insert(rivers.len() as u32);
                rivers.push(key);
            }
        }
        let mut mines = Vec::with_capacity(parts.mines.len());
        for (i, &m) in parts.mines.iter().enumerate() {
            let m = site(m, format!("mines[{i}]"))?;
            if !mines.contains(&m) {
                mines.push(m);
            }
        }
        let mut adjacent = vec![Vec::new(); sites.len()];
        for (r, &(a, b)) in rivers.iter().enumerate() {
            adjacent[a as usize].push((b, r as u32));
            adjacent[b as usize].push((a, r as u32));
        }
        let mut mine_of = vec![u16::MAX; sites.len()];
        for (n, &m) in mines.iter().enumerate() {
            mine_of[m as usize] = u16::try_from(n).unwrap_or(u16::MAX);
        }
        let top = sites.iter().map(|s| s.id).max().unwrap_or(0);
        let mut by_id = Vec::new();
        if top < 4 * sites.len() as u64 + 1024 {
            by_id = vec![u32::MAX; top as usize + 1];
            for (i, s) in sites.iter().enumerate() {
                by_id[s.id as usize] = i as u32;
            }
        }
        let mut map = PunterMap {
            sites,
            rivers,
            mines,
            index,
            river_index,
            adjacent,
            dist: Vec::new(),
            mine_of,
            by_id,
        };
        let (n, per_mine): (usize, Vec<Vec<u32>>) =
            (map.mines.len(), map.mines.iter().map(|&m| map.bfs(m)).collect());
        map.dist = vec![u32::MAX; n * map.sites.len()];
        for (m, from_m) in per_mine.iter().enumerate() {
            for (s, &d) in from_m.iter().enumerate() {
                map.dist[s * n + m] = d;
            }
        }
        Ok(map)
    }

    fn bfs(&self, from: u32) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.sites.len()];
        let mut queue = std::collections::VecDeque::from([from]);
        dist[from as usize] = 0;
        while let Some(s) = queue.pop_front() {
            let d = dist[s as usize] + 1;
            for &(t, _) in &self.adjacent[s as usize] {
                if dist[t as usize] == u32::MAX {
                    dist[t as usize] = d;
                    queue.push_back(t);
                }
            }
        }
        dist
    }

    /// Dense index of the site with this id.
    pub fn site(&self, id: u64) -> Option<u32> {
        if self.by_id.is_empty() {
            return self.index.get(&id).copied();
        }
        usize::try_from(id).ok().and_then(|i| self.by_id.get(i)).copied().filter(|&s| s != u32::MAX)
    }

    /// The river between two sites (by dense index), either direction.
    pub fn river(&self, a: u32, b: u32) -> Option<u32> {
        self.river_index.get(&(a.min(b), a.max(b))).copied()
    }

    /// The river between two site ids.
    pub fn river_by_ids(&self, a: u64, b: u64) -> Option<u32> {
        self.river(self.site(a)?, self.site(b)?)
    }

    pub fn adjacent(&self, s: u32) -> &[(u32, u32)] {
        &self.adjacent[s as usize]
    }

    /// Distance from mine number `m` (index into `mines`) to site `s`.
    pub fn dist(&self, m: usize, s: u32) -> u32 {
        self.dist[s as usize * self.mines.len() + m]
    }

    /// Site `s`'s distances to every mine, in mine order.
    pub fn dists(&self, s: u32) -> &[u32] {
        let n = self.mines.len();
        &self.dist[s as usize * n..(s as usize + 1) * n]
    }

    /// Index into `mines` of this site, if it is a mine.
    pub fn mine_number(&self, s: u32) -> Option<usize> {
        match self.mine_of.get(s as usize) {
            Some(&n) if n != u16::MAX => Some(usize::from(n)),
            // More than 65,535 mines: look it up.
            Some(_) if self.mines.len() > usize::from(u16::MAX) => {
                self.mines.iter().position(|&m| m == s)
            }
            _ => None,
        }
    }
}
