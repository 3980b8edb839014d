//! `arcade`: the native command line for batch play, checks and share links.
//! Exit codes: 0 success, 1 a strategy or input failed, 2 the command line is wrong.

mod args;
mod arena_bench;
mod bench;
mod frames;
mod js_strategy;
mod labyrinth;
mod lifter;
mod lifter_bench;
mod lifter_judge;
mod lifter_solve_bench;
mod parallel;
mod pig;
mod pig_bench;
mod pig_tournament;
mod process;
mod punter;
mod punter_bot;
mod punter_offline;
mod punter_play;
mod punter_seats;
mod punter_serve;
mod rails_bench;
mod timing;

use std::process::ExitCode;

/// The help text, with the format names from the game registry.
fn usage() -> String {
    USAGE.replace("{formats}", &lambda_arcade::games::format_names().join(", "))
}

const USAGE: &str = "\
usage:
  arcade pig solve
  arcade pig match A B [--games N] [--seed S] [--json] [--base URL]
  arcade pig check A [--seed S] [--json] [--base URL]      (the 49-game checker against dummy)
  arcade pig link A B [--game G] [--games N] [--seed S] [--base URL]
  arcade pig tournament A B C… [--games N] [--seed S] [--json] [--base URL]
                                                           (every pair plays N games; Elo table)
  arcade lifter run MAP ROUTE [--end-abort]                 (ROUTE: text, - for stdin, @file)
  arcade lifter solve MAP [--ms N]
  arcade lifter link MAP ROUTE [--view T] [--base URL]
  arcade punter replay LOG… [--maps DIR]                   (official logs: one JSON line each)
  arcade punter play MAP [--bots greedy,random,…] [--futures] [--splurges] [--options]
                         [--seed S] [--log FILE] [--json] [--base URL]
  arcade punter arena A B [--map MAP] [--games N] [--seed S] [--futures] [--splurges] [--options] [--json]
  arcade punter link LOG [--maps DIR] [--base URL]
  arcade labyrinth new --players yellow:ai,red:human [--seed S] [--ravensburger]   (a save file)
  arcade labyrinth check FILE                              (canonical form, or FILE:LINE:COL: message)
  arcade labyrinth play (FILE | --seed S --players …) [--ai simple|greedy|strong] [--max-turns N] [--json]
  arcade labyrinth arena A B [--games N] [--seed S] [--seats 2|4] [--json]
                                                           (AI levels or .js files, seats alternating)
  arcade labyrinth link FILE                               (a link that resumes the saved game)
  arcade open LINK                                          (describe any share link as JSON)
  arcade check FORMAT FILE                                  (read FILE, - for stdin, as the product does:
        FORMAT: {formats})
  arcade limits                                             (every input's bound, as a Markdown table)
  arcade bench pig | lifter [EXTRA_MAPS_DIR] | rails | arenas   (speed figures, as JSON)
  arcade bench lifter-solver [--ms N] [MAP...]              (solver vs best known scores)

A and B are built-in strategies (optimal, pace, hold20, hold25, holdN, dummy, coward) or paths
to Scheme files defining (player my-total other-total accum current state).
MAP is an official map name (contest1 … horock3) or a path to a .map file.
Links start with --base, or $ARCADE_URL, or http://127.0.0.1:8000/.";

/// A failure to report: the message and the exit code.
pub struct Failure {
    pub message: String,
    pub code: u8,
}

impl Failure {
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure { message: format!("{}\n\n{}", message.into(), usage()), code: 2 }
    }
    pub fn input(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), code: 1 }
    }
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let result = match argv.first().map(String::as_str) {
        Some("pig") => pig::main(&argv[1..]),
        Some("lifter") => lifter::main(&argv[1..]),
        Some("punter") => punter::main(&argv[1..]),
        Some("labyrinth") => labyrinth::main(&argv[1..]),
        Some("open") => pig::open(&argv[1..]),
        Some("check") => check(&argv[1..]),
        Some("limits") => {
            limits();
            Ok(())
        }
        Some("bench") => bench::main(&argv[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{}", usage());
            Ok(())
        }
        Some(other) => Err(Failure::usage(format!("unknown command \"{other}\""))),
        None => Err(Failure::usage("no command given")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("error: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

/// `arcade check FORMAT FILE`: what the product makes of an input (the game registry's formats).
fn check(argv: &[String]) -> Result<(), Failure> {
    use lambda_arcade::{games, inputs};
    let [name, file] = argv else { return Err(Failure::usage("check takes a format and a file")) };
    let format = games::format(name)
        .ok_or_else(|| Failure::usage(format!("unknown format \"{name}\" (known: {})", games::format_names().join(", "))))?;
    let bytes = read_input(file)?;
    let summary = inputs::check_bytes(format, &bytes).map_err(|e| Failure::input(format!("{file}: {e}")))?;
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
    .map_err(|e| Failure::input(format!("{file}: {e}")))
}

/// The text of FILE (`-`: standard input); a file that is not UTF-8 is refused with the place
/// of its first bad byte.
pub fn read_text(file: &str) -> Result<String, Failure> {
    let bytes = read_input(file)?;
    lambda_arcade::inputs::text_of(&bytes).map(str::to_string).map_err(|e| Failure::input(format!("{file}: {e}")))
}

/// `arcade limits`: the table of input bounds (docs/RELIABILITY.md shows it).
fn limits() {
    println!("| Input | Limit | Past it |\n| --- | --- | --- |");
    for l in lambda_arcade::games::limits() {
        println!("| {} | {} | {} |", l.input, l.limit, l.past_it);
    }
}
