//! A Pig entrant named on the command line (`pig match`, `pig check`, `pig tournament`).

use crate::Failure;
use pig::{Entrant, Policy, StrategySource};

/// A built-in name, a path to a Scheme file, or a program (`exe:`, `wasm:`).
pub fn entrant(word: &str) -> Result<Entrant, Failure> {
    if crate::program_seat::is_program(word) {
        crate::program_seat::check(word).map_err(|e| Failure::usage(e.to_string()))?;
        return Ok(Entrant {
            label: word.to_string(),
            source: StrategySource::Program(crate::pig_program::source(word)),
        });
    }
    let path = std::path::Path::new(word);
    if path.exists() || word.ends_with(".scm") {
        let code = crate::read_text(word)?;
        return Ok(Entrant { label: word.to_string(), source: StrategySource::Scheme(code) });
    }
    if Policy::named(word, 100).is_some() {
        return Ok(Entrant::builtin(word));
    }
    Err(Failure::usage(format!(
        "\"{word}\" is neither a built-in strategy (optimal, pace, holdN, dummy, coward), a file, nor a program (exe:COMMAND, wasm:FILE)"
    )))
}
