//! `arcade bench …`: the speed figures of docs/PERFORMANCE.md, measured natively. One dispatch
//! line per bench (a game's benches live in its own `<game>_bench.rs`).

use crate::Failure;
use serde_json::json;

pub fn main(argv: &[String]) -> Result<(), Failure> {
    match argv.first().map(String::as_str) {
        Some("pig") => crate::pig_bench::run(),
        Some("lifter") => crate::lifter_bench::run(&argv[1..]),
        Some("lifter-solver") => crate::lifter_solve_bench::run(&argv[1..]),
        Some("rails") => {
            println!("{}", json!({ "rails": [crate::pig_bench::rails_case()?, crate::lifter_bench::rails_case()?] }));
            Ok(())
        }
        Some("arenas") => crate::arena_bench::run(),
        _ => Err(Failure::usage("bench takes: pig, lifter, lifter-solver, rails, arenas")),
    }
}
