//! `arcade bench …`: the speed figures of docs/PERFORMANCE.md, measured natively. One dispatch
//! line per bench (a game's benches live in its own `<game>_bench.rs`).

use crate::Failure;
use serde_json::json;

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Pig: the optimal solve, Scheme decisions, the checker, a 10,000-game match
    Pig,
    /// Lifter engine steps on the official maps and the 1000×1000 maps
    Lifter {
        /// Where the large maps are [default: maps/lifter/extra]
        #[arg(value_name = "EXTRA_MAPS_DIR")]
        extra: Option<String>,
    },
    /// Lifter engine against a peer: each official map's reference route replayed (median of runs)
    LifterReplay(crate::lifter_replay_bench::Options),
    /// The route search against the best known scores
    LifterSolver {
        /// Time for each map, in milliseconds
        #[arg(long, value_name = "N", default_value_t = 5000)]
        ms: u64,
        /// Units of work for each map instead of a time (the same route on every machine)
        #[arg(long, value_name = "UNITS")]
        work: Option<u64>,
        /// Parts of the search on as many threads, each with the whole budget (as the page's workers)
        #[arg(long, value_name = "N", default_value_t = 1)]
        jobs: usize,
        /// Official map names or .map files [default: the 26 official maps]
        #[arg(value_name = "MAP")]
        maps: Vec<String>,
    },
    /// Links and the replay tape on 10,000-move games
    Rails,
    /// The arenas on one core and on every core (same results)
    Arenas,
    /// Official Punter logs re-scored: read, parse, maps, replay (one core)
    PunterLogs {
        /// Log files, or folders of them
        #[arg(value_name = "FILE|DIR", required = true)]
        paths: Vec<String>,
    },
    /// The Punter referee's own cost per protocol message (writing requests, reading answers)
    PunterReferee {
        /// Bundled map names [default: lambda, boston, edinburgh-sparse]
        #[arg(value_name = "MAP")]
        maps: Vec<String>,
    },
    /// How long the `strong` Punter bot takes to move, at turns spread over a game (one core)
    PunterBots {
        /// Bundled map names [default: lambda, tube, boston, edinburgh-sparse, oxford-10000, edinburgh-10000]
        #[arg(value_name = "MAP")]
        maps: Vec<String>,
    },
}

pub fn main(command: &Command) -> Result<(), Failure> {
    match command {
        Command::Pig => crate::pig_bench::run(),
        Command::Lifter { extra } => crate::lifter_bench::run(extra.as_deref()),
        Command::LifterReplay(options) => crate::lifter_replay_bench::run(options),
        Command::LifterSolver { ms, work, jobs, maps } => {
            crate::lifter_solve_bench::run(*ms, *work, *jobs, maps)
        }
        Command::Rails => {
            println!(
                "{}",
                json!({ "rails": [crate::pig_bench::rails_case()?, crate::lifter_bench::rails_case()?] })
            );
            Ok(())
        }
        Command::Arenas => crate::arena_bench::run(),
        Command::PunterLogs { paths } => crate::punter_bench::run(paths),
        Command::PunterReferee { maps } => crate::punter_referee_bench::run(maps),
        Command::PunterBots { maps } => crate::punter_bots_bench::run(maps),
    }
}
