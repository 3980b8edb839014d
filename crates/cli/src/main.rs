//! `arcade`: the native command line for batch play, checks and share links.
//! Exit codes: 0 success, 1 a strategy or input failed, 2 the command line is wrong.

mod arena_bench;
mod args;
mod bench;
mod decisions;
mod js_strategy;
mod json_program;
mod keeper;
mod labyrinth;
mod labyrinth_arena;
mod labyrinth_program;
mod labyrinth_rules;
mod lifter;
mod lifter_bench;
mod lifter_judge;
mod lifter_replay_bench;
mod lifter_solve_bench;
mod merge;
mod parallel;
mod pig;
mod pig_bench;
mod pig_entrant;
mod pig_program;
mod pig_tournament;
mod process;
mod program_seat;
mod punter;
mod punter_bench;
mod punter_bot;
mod punter_bots_bench;
mod punter_frames;
mod punter_lobby;
mod punter_offline;
mod punter_play;
mod punter_referee_bench;
mod punter_seats;
mod punter_serve;
mod rails_bench;
mod shard;
mod shell_line;
mod timing;
#[cfg(not(target_arch = "wasm32"))]
mod wasi_calls;
mod wasi_host;
mod wasi_module;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;

/// Lambda Arcade's command line: batch play, checks, share links and speed figures.
#[derive(Parser, Debug)]
#[command(name = "arcade", after_help = AFTER_HELP, subcommand_required = true, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const AFTER_HELP: &str = "\
`arcade <command> --help` tells more. Exit codes: 0 success, 1 a strategy or input failed,
2 the command line is wrong. Links start with --base, or $ARCADE_URL, or http://127.0.0.1:8000/.";

#[derive(Subcommand, Debug)]
enum Command {
    /// Pig: the optimal policy, matches, CodeAbbey's checker, links, tournaments
    #[command(subcommand)]
    Pig(pig::Command),
    /// Lambda Lifter: play a route, search one, links, judge a contest program
    #[command(subcommand)]
    Lifter(lifter::Command),
    /// Lambda Punter: replay official logs, games and arenas between bots and contest programs, a game server, our bots as programs, links
    #[command(subcommand)]
    Punter(punter::Command),
    /// Labyrinth: new games as save files, checks, AI play, arenas, links
    #[command(subcommand)]
    Labyrinth(labyrinth::Command),
    /// Describe any share link as JSON
    Open {
        /// A share link (an address with a fragment, or the fragment alone)
        #[arg(value_name = "LINK")]
        link: String,
    },
    /// Read FILE as the product does: what it holds, or the place of its first problem
    Check {
        /// The input format (the list is below)
        #[arg(value_name = "FORMAT")]
        format: String,
        /// The file (- for standard input)
        #[arg(value_name = "FILE")]
        file: String,
    },
    /// Every input's bound, as a Markdown table
    Limits,
    /// Speed figures, as JSON
    #[command(subcommand)]
    Bench(bench::Command),
    /// Put the --json outputs of a run's shards (--shard K/N) together: the whole run's JSON
    #[command(
        after_help = "Takes the outputs of `pig tournament`, `punter arena`, `labyrinth arena` (one JSON object\neach) and `lifter judge` (a JSON line per map). Refuses shards of different runs, a missing\nor repeated shard (exit 1). docs/SCALE.md: running shards on Slurm, Kubernetes, GNU parallel."
    )]
    Merge {
        /// The shards' outputs, in any order
        #[arg(value_name = "FILE", required = true)]
        files: Vec<String>,
    },
    /// A WebAssembly program for WASI on this process's stdin, stdout and stderr (what a
    /// wasm: seat runs; docs/PROGRAMS.md)
    #[command(name = "__wasi", hide = true)]
    Wasi(wasi_host::WasiArgs),
}

/// A failure to report: the message and the exit code.
pub struct Failure {
    pub message: String,
    pub code: u8,
}

impl Failure {
    /// The command line is wrong (exit 2).
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            message: format!("{}\n\nFor more information, try '--help'.", message.into()),
            code: 2,
        }
    }
    /// A strategy or input failed (exit 1).
    pub fn input(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), code: 1 }
    }
    /// A problem with FILE (exit 1): `FILE:LINE:COL: …` when the problem has a place.
    pub fn in_file(file: &str, problem: impl std::fmt::Display) -> Failure {
        Failure::input(rails::inputs::in_file(file, &problem.to_string()))
    }
}

/// The command line, read by clap (help: exit 0; a wrong command line: exit 2), with the
/// format names of `arcade check` from the game registry.
fn command_line() -> Cli {
    let formats = games::format_names().join(", ");
    let help = format!("FORMAT: {formats}");
    let cli = Cli::command().mut_subcommand("check", |c| c.after_help(help));
    Cli::from_arg_matches(&cli.get_matches()).unwrap_or_else(|e| e.exit())
}

fn main() -> ExitCode {
    keeper::keep_if_asked();
    let result = match command_line().command {
        Command::Pig(c) => pig::main(&c),
        Command::Lifter(c) => lifter::main(&c),
        Command::Punter(c) => punter::main(&c),
        Command::Labyrinth(c) => labyrinth::main(&c),
        Command::Open { link } => open(&link),
        Command::Check { format, file } => check(&format, &file),
        Command::Limits => {
            limits();
            Ok(())
        }
        Command::Bench(c) => bench::main(&c),
        Command::Wasi(args) => wasi_host::main(&args),
        Command::Merge { files } => merge::run(
            &files,
            &[pig_tournament::MERGE, punter_play::MERGE, labyrinth_arena::MERGE],
            &[lifter::JUDGE_LINES],
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("error: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

/// `arcade open LINK`: what a link holds, as JSON (any kind, through the link registry).
fn open(link: &str) -> Result<(), Failure> {
    let out = games::open_link(link).map_err(|e| Failure::input(e.to_string()))?.summary;
    println!("{out}");
    Ok(())
}

/// `arcade check FORMAT FILE`: what the product makes of an input (the game registry's formats).
fn check(name: &str, file: &str) -> Result<(), Failure> {
    use rails::inputs;
    let format = games::format(name).ok_or_else(|| {
        Failure::usage(format!(
            "unknown format \"{name}\" (known: {})",
            games::format_names().join(", ")
        ))
    })?;
    let bytes = read_input(file)?;
    let summary = inputs::check_bytes(format, &bytes).map_err(|e| Failure::in_file(file, e))?;
    println!("{summary}");
    Ok(())
}

/// The bytes of FILE, or of standard input for `-`.
pub fn read_input(file: &str) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    if file == "-" {
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes).map(|_| bytes)
    } else {
        std::fs::read(file)
    }
    .map_err(|e| Failure::in_file(file, e))
}

/// The text of FILE (`-`: standard input); a file that is not UTF-8 is refused with the place
/// of its first bad byte.
pub fn read_text(file: &str) -> Result<String, Failure> {
    let bytes = read_input(file)?;
    rails::inputs::text_of(&bytes).map(str::to_string).map_err(|e| Failure::in_file(file, e))
}

/// `arcade limits`: the table of input bounds (docs/RELIABILITY.md shows it).
fn limits() {
    println!("| Input | Limit | Past it |\n| --- | --- | --- |");
    for l in games::limits() {
        println!("| {} | {} | {} |", l.input, l.limit, l.past_it);
    }
}
