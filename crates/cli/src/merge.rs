//! `arcade merge FILE…`: the `--json` outputs of a run's shards (`--shard K/N`, shard.rs) put
//! together into exactly the JSON the whole run prints.
//!
//! Two kinds of output merge:
//! - a run's one JSON object ([`Kind`]: `"command"` names it). Its fields are the run's own
//!   (the same in every shard: entrants, seed, settings …), lists in game order (`"results"`,
//!   one [`GameResult`] a game, and e.g. `"links"`), and a summary computed from `"results"`
//!   (standings, wins, Elo …). The command builds its output with [`finish`], and merge
//!   concatenates the lists in shard order and calls the same [`finish`]: one computation.
//! - one JSON line per item ([`Lines`]: a judge's line per map), put in the run's order.
//!
//! Merge refuses (exit 1, naming the file) outputs of different commands or runs, shards
//! counted differently, a missing or repeated shard, a shard whose games are not its own, and a
//! game whose seating the run could not have made. Files are strangers: every count one claims
//! (shards, games, seats, entrants) is bounded before anything is allocated for it, and nothing
//! is compared pairwise.

use crate::shard::Shard;
use crate::Failure;
use rails::arena::Standings;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::HashMap;

/// The most games a merged run may claim (arenas play at most 1,000,000; a tournament's pairs ×
/// games per pair stay below it).
pub const MAX_RUN_GAMES: u128 = 100_000_000;
/// The most seats a game of a merged run may claim.
pub const MAX_SEATS: usize = 64;

pub type Fields = Map<String, Value>;

/// One game in a run's `"results"`: its number in the whole run (from 1), the entrant in each
/// seat, each seat's return (whole numbers in every game so far, so they survive the trip
/// through JSON exactly).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    pub game: u32,
    pub seating: Vec<usize>,
    pub returns: Vec<f64>,
    /// The turns it took, for a summary that needs them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<u32>,
}

/// A command whose `--json` output is one object that merges.
pub struct Kind {
    /// Its `"command"` field, e.g. "labyrinth arena".
    pub command: &'static str,
    /// Fields that list the games in order (one entry a game or an event of a game),
    /// concatenated in shard order; `"results"` is one.
    pub listed: &'static [&'static str],
    /// Listed fields a run prints only when asked (`--decisions`): merged when the first shard
    /// has them, and then every shard must.
    pub optional: &'static [&'static str],
    /// Fields computed by `summary`.
    pub derived: &'static [&'static str],
    /// The whole run's units (what a shard divides) and the games in each, from its fields.
    pub units: fn(&Fields) -> Result<(usize, u32), String>,
    /// Adds the `derived` fields, from the run's own fields and the listed ones.
    pub summary: fn(&mut Fields) -> Result<(), String>,
    /// The entrant in each seat of game `game` (from 1), as the run seats it: every merged
    /// game's seating must be this one.
    pub seating: fn(&Fields, u32) -> Result<Vec<usize>, String>,
}

/// A command whose `--json` output is one JSON line per item.
pub struct Lines {
    pub command: &'static str,
    /// The fields of every line; the first names the item.
    pub fields: &'static [&'static str],
    /// An item's place in the run's order; `None`: after those, by name.
    pub order: fn(&str) -> Option<usize>,
}

/// The output of a run of `kind` (or of its shard): its fields and lists, `"command"`, the
/// summary and `"shard"` when it is one.
pub fn finish(kind: &Kind, mut fields: Fields, shard: Option<Shard>) -> Result<Fields, Failure> {
    fields.insert("command".into(), kind.command.into());
    (kind.summary)(&mut fields).map_err(Failure::input)?;
    if let Some(s) = shard {
        fields.insert("shard".into(), s.to_string().into());
    }
    Ok(fields)
}

/// Field `key` read as a `T`.
pub fn field<T: DeserializeOwned>(fields: &Fields, key: &str) -> Result<T, String> {
    let value = fields.get(key).ok_or_else(|| format!("no \"{key}\" field"))?;
    T::deserialize(value).map_err(|e| format!("\"{key}\": {e}"))
}

/// The tallies and pairwise results of `results` for `entrants` entrants, in game order.
pub fn standings(entrants: usize, results: &[GameResult]) -> Standings {
    let mut s = Standings::new(entrants);
    for r in results {
        s.add(&r.seating, &r.returns);
    }
    s
}

/// `arcade merge FILE…`: prints the merged JSON. A file holds one output (a run's object, or
/// a judge's lines) or several runs' objects, one a line (shards gathered with `cat`).
pub fn run(files: &[String], kinds: &[Kind], lines: &[Lines]) -> Result<(), Failure> {
    let (mut runs, mut items) = (Vec::new(), Vec::new());
    for file in files {
        let text = crate::read_text(file)?;
        if let Ok(Value::Object(fields)) = serde_json::from_str::<Value>(&text) {
            if fields.contains_key("command") {
                runs.push((file.clone(), fields));
                continue;
            }
        }
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let at = format!("{file}:{}", n + 1);
            match serde_json::from_str::<Value>(line) {
                Ok(Value::Object(fields)) if fields.contains_key("command") => {
                    runs.push((at, fields))
                }
                Ok(Value::Object(fields)) => items.push((at, fields, line.trim_end().to_string())),
                _ => {
                    return Err(Failure::input(format!(
                        "{at}: not a JSON object (merge takes the --json outputs of shards)"
                    )))
                }
            }
        }
    }
    match (runs.is_empty(), items.first()) {
        (false, Some((at, _, _))) => Err(Failure::input(format!(
            "{at}: a line of another kind than the runs' outputs in {}",
            runs[0].0
        ))),
        (false, None) => {
            // As the whole run prints it: its decisions (`--decisions`) last.
            crate::decisions::print_last(merge_runs(&runs, kinds)?)
        }
        (true, _) => {
            for line in merge_lines(items, lines)? {
                println!("{line}");
            }
            Ok(())
        }
    }
}

/// The run's own fields: what every shard of one run shares.
fn own(kind: &Kind, fields: &Fields) -> Fields {
    let mut own = fields.clone();
    own.retain(|k, _| {
        k != "shard" && !kind.listed.contains(&k.as_str()) && !kind.derived.contains(&k.as_str())
    });
    own
}

fn merge_runs(runs: &[(String, Fields)], kinds: &[Kind]) -> Result<Fields, Failure> {
    let Some((first_file, first)) = runs.first() else {
        return Err(Failure::usage("merge takes the files of a run's shards"));
    };
    let command =
        |f: &Fields| f.get("command").and_then(Value::as_str).unwrap_or_default().to_string();
    let kind = kinds.iter().find(|k| k.command == command(first)).ok_or_else(|| {
        Failure::input(format!(
            "{first_file}: \"{}\" outputs do not merge (merge knows: {})",
            command(first),
            kinds.iter().map(|k| k.command).collect::<Vec<_>>().join(", ")
        ))
    })?;
    let first_own = own(kind, first);
    let mut shards = Vec::new();
    for (file, fields) in runs {
        if command(fields) != kind.command {
            return Err(Failure::input(format!(
                "{file}: an output of \"{}\", not of \"{}\" as {first_file}",
                command(fields),
                kind.command
            )));
        }
        if let Some(key) = first_own
            .keys()
            .chain(own(kind, fields).keys())
            .find(|k| first_own.get(*k) != fields.get(*k))
        {
            return Err(Failure::input(format!(
                "{file}: a shard of another run than {first_file} (\"{key}\" differs)"
            )));
        }
        let shard = match fields.get("shard") {
            None => Shard::WHOLE,
            Some(v) => v
                .as_str()
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| Failure::input(format!("{file}: \"shard\" is not K/N")))?,
        };
        shards.push((shard, file, fields));
    }
    let count = shards[0].0.count;
    if let Some((s, file, _)) = shards.iter().find(|(s, _, _)| s.count != count) {
        return Err(Failure::input(format!(
            "{file}: shard {s}, but {first_file} is a shard of {count}"
        )));
    }

    shards.sort_by_key(|(s, _, _)| s.index);
    if let Some(w) = shards.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(Failure::input(format!("{} and {} are both shard {}", w[0].1, w[1].1, w[0].0)));
    }
    // A file may claim any shard count (up to 2³²): the missing shards are counted from the
    // ones given and only the first few named.
    let missing = count as usize - shards.len();
    if missing > 0 {
        let given: std::collections::HashSet<u32> =
            shards.iter().map(|(s, _, _)| s.index).collect();
        let named: Vec<String> = (1..=count)
            .filter(|k| !given.contains(k))
            .take(5)
            .map(|k| format!("{k}/{count}"))
            .collect();
        let more = if missing > named.len() {
            format!(" and {} more", missing - named.len())
        } else {
            String::new()
        };
        return Err(Failure::input(format!(
            "{first_file}: shard{} {}{more} of this run {} missing",
            if missing == 1 { "" } else { "s" },
            named.join(", "),
            if missing == 1 { "is" } else { "are" }
        )));
    }
    let (units, per_unit) =
        (kind.units)(first).map_err(|e| Failure::input(format!("{first_file}: {e}")))?;
    let games = units as u128 * u128::from(per_unit);
    if games > MAX_RUN_GAMES {
        return Err(Failure::input(format!(
            "{first_file}: the run claims {games} games; a run merges at most {MAX_RUN_GAMES}"
        )));
    }
    let mut merged = first_own;
    let listed: Vec<&str> = kind
        .listed
        .iter()
        .copied()
        .filter(|k| !kind.optional.contains(k) || first.contains_key(*k))
        .collect();
    for key in &listed {
        merged.insert(key.to_string(), Value::Array(Vec::new()));
    }
    for (shard, file, fields) in &shards {
        let results: Vec<GameResult> =
            field(fields, "results").map_err(|e| Failure::input(format!("{file}: {e}")))?;
        // Game numbers fit in u32: the run has at most MAX_RUN_GAMES.
        let mine = shard.range(units);
        let want = (mine.start as u32 * per_unit + 1)..(mine.end as u32 * per_unit + 1);
        if results.iter().map(|r| r.game).ne(want.clone()) {
            let span = if want.is_empty() {
                "no games".to_string()
            } else {
                format!("games {}–{}", want.start, want.end - 1)
            };
            return Err(Failure::input(format!(
                "{file}: shard {shard} of this run plays {span}, this file holds others"
            )));
        }
        for r in &results {
            check_seating(kind, first, r)
                .map_err(|e| Failure::input(format!("{file}: game {}: {e}", r.game)))?;
        }
        if let Some(key) =
            kind.optional.iter().find(|k| fields.contains_key(**k) && !listed.contains(k))
        {
            return Err(Failure::input(format!(
                "{file}: a shard of another run than {first_file} (\"{key}\" differs)"
            )));
        }
        for key in &listed {
            let Some(Value::Array(list)) = fields.get(*key) else {
                return Err(Failure::input(format!("{file}: no \"{key}\" list")));
            };
            if let Some(Value::Array(all)) = merged.get_mut(*key) {
                all.extend(list.iter().cloned());
            }
        }
    }
    check_link_bases(&merged)?;
    finish(kind, merged, None)
}

/// A game's seating and returns are the ones its run could give: one return a seat, finite,
/// and the run's entrant in each seat.
fn check_seating(kind: &Kind, fields: &Fields, r: &GameResult) -> Result<(), String> {
    let want = (kind.seating)(fields, r.game)?;
    if want.len() > MAX_SEATS {
        return Err(format!(
            "the run claims {} seats a game; a game has at most {MAX_SEATS}",
            want.len()
        ));
    }
    if r.seating != want {
        return Err(format!(
            "seating {} is impossible in this run (its game {} seats {want:?})",
            brief(&r.seating),
            r.game
        ));
    }
    if r.returns.len() != want.len() || r.returns.iter().any(|x| !x.is_finite()) {
        return Err(format!(
            "{} returns for {} seats, or a return that is not a number",
            r.returns.len(),
            want.len()
        ));
    }
    Ok(())
}

/// A list as a message quotes it: at most its first eight entries.
fn brief(list: &[usize]) -> String {
    let shown: Vec<String> = list.iter().take(8).map(usize::to_string).collect();
    let more =
        if list.len() > 8 { format!(", … ({} more)", list.len() - 8) } else { String::new() };
    format!("[{}{more}]", shown.join(", "))
}

/// Every link of the merged lists starts with the same base (shards run with another --base or
/// $ARCADE_URL would give a mixture no whole run prints).
fn check_link_bases(merged: &Fields) -> Result<(), Failure> {
    let Some(Value::Array(links)) = merged.get("links") else { return Ok(()) };
    let base = |v: &Value| v.as_str().and_then(|l| l.split_once('#')).map(|(b, _)| b.to_string());
    match links.iter().map(base).find(|b| *b != links.first().and_then(base)) {
        Some(other) => Err(Failure::input(format!(
            "the shards' links start differently ({} and {}): run every shard with the same --base",
            links.first().and_then(base).unwrap_or_default(),
            other.unwrap_or_default()
        ))),
        None => Ok(()),
    }
}

/// The lines of every file, each item once, in the run's order.
fn merge_lines(
    lines: Vec<(String, Fields, String)>,
    kinds: &[Lines],
) -> Result<Vec<String>, Failure> {
    let Some((first_at, first, _)) = lines.first() else {
        return Err(Failure::input("the files hold no output"));
    };
    let fits = |k: &Lines, fields: &Fields| k.fields.iter().all(|f| fields.contains_key(*f));
    let kind = kinds
        .iter()
        .find(|k| fits(k, first))
        .ok_or_else(|| Failure::input(format!("{first_at}: not an output merge knows")))?;
    let first_at = first_at.clone();
    let mut items: Vec<(Option<usize>, String, String)> = Vec::new();
    // Where each item was first seen: one look-up a line, however many lines.
    let mut seen: HashMap<String, String> = HashMap::new();
    for (at, fields, line) in lines {
        if !fits(kind, &fields) {
            return Err(Failure::input(format!(
                "{at}: not a line of \"{} --json\" like {first_at}",
                kind.command
            )));
        }
        let name = fields
            .get(kind.fields[0])
            .map_or_else(String::new, |v| v.as_str().map_or_else(|| v.to_string(), str::to_string));
        if let Some(other) = seen.get(&name) {
            let quoted = rails::inputs::excerpt(&name);
            return Err(Failure::input(format!(
                "{at}: {} \"{quoted}\" is also in {other}: the shards of a run hold each once",
                kind.fields[0]
            )));
        }
        seen.insert(name.clone(), at);
        items.push(((kind.order)(&name), name, line));
    }
    items.sort_by(|a, b| (a.0.is_none(), a.0, &a.1).cmp(&(b.0.is_none(), b.0, &b.1)));
    Ok(items.into_iter().map(|i| i.2).collect())
}
