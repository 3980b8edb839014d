//! Options several commands share (clap's derive API; each command's own options live with
//! the command).

use crate::shard::Shard;

/// `--base URL`: where printed links start.
#[derive(clap::Args, Debug, Clone)]
pub struct Base {
    /// Where printed links start [default: $ARCADE_URL, or http://127.0.0.1:8000/]
    #[arg(long = "base", value_name = "URL")]
    base: Option<String>,
}

impl Base {
    /// The base URL for printed links: `--base`, or `$ARCADE_URL`, or the default; without a
    /// fragment.
    pub fn url(&self) -> String {
        let base = self
            .base
            .clone()
            .or_else(|| std::env::var("ARCADE_URL").ok())
            .unwrap_or_else(|| rails::link::DEFAULT_BASE_URL.to_string());
        base.split('#').next().unwrap_or_default().to_string()
    }
}

/// The two sides of a match or an arena, A and B (what they may be: the command's help).
#[derive(clap::Args, Debug, Clone)]
pub struct Sides {
    /// Entrant A
    #[arg(value_name = "A")]
    pub a: String,
    /// Entrant B
    #[arg(value_name = "B")]
    pub b: String,
}

/// `--seed S`: every random draw of a run (deals, dice, the bots' own) comes from it.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Seed {
    /// The seed: the same seed gives the same games
    #[arg(id = "seed", long = "seed", value_name = "S", default_value_t = 1)]
    pub value: u64,
}

/// What an arena prints and which part of it it plays.
#[derive(clap::Args, Debug, Clone)]
pub struct Output {
    /// Print one JSON object (what `arcade merge` takes)
    #[arg(long)]
    pub json: bool,
    /// Play only shard K of N (1 ≤ K ≤ N) of the run; `arcade merge` puts the shards' --json
    /// outputs together into the whole run's (docs/SCALE.md)
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    #[command(flatten)]
    pub base: Base,
}

impl Output {
    /// The shard to play: the whole run without `--shard`.
    pub fn part(&self) -> Shard {
        self.shard.unwrap_or(Shard::WHOLE)
    }
}

/// `--decisions`: each game's decisions in the `--json` output.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Decisions {
    /// With --json: each game's decisions under "decisions", a list a game (move, seat,
    /// entrant, answer, printed, ms, refused, timeout, counts). Off by default: they outweigh
    /// the rest of the output many times over, and a run without them keeps none in memory
    #[arg(long = "decisions", requires = "json")]
    pub keep: bool,
}

/// `--maps DIR`: where the maps that logs name are looked for first.
#[derive(clap::Args, Debug)]
pub struct MapsDir {
    /// A folder with the maps the logs name (the bundled maps are the fallback)
    #[arg(long = "maps", value_name = "DIR")]
    pub dir: Option<String>,
}
