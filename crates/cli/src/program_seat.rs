//! Seats played by programs from outside the arcade (docs/PROGRAMS.md): `exe:COMMAND`, a shell
//! command, and `wasm:FILE ARGS…`, a WebAssembly program the arcade runs itself
//! (`arcade __wasi`, [`crate::wasi_host`]). Both run as a command under a keeper
//! ([`crate::process::Program`]), so the time limit, the output bound and the cleanup are the
//! same; this is the one place that turns a seat's name into that command.

/// What a program is told of the request it answers (`ARCADE_GAME`, `ARCADE_SEED`,
/// `ARCADE_TIME_LIMIT_MS`); an `exe:` command is told nothing.
#[derive(Debug, Clone, Copy)]
pub struct Run {
    pub game: &'static str,
    pub seed: u64,
    pub limit_ms: u64,
}

/// Whether `name` is a program's seat: `exe:…` or `wasm:…`.
pub fn is_program(name: &str) -> bool {
    name.starts_with("exe:") || name.starts_with("wasm:")
}

/// Whether `name` is a WebAssembly program's seat (stopped at its limit, never interrupted).
pub fn is_wasm(name: &str) -> bool {
    name.starts_with("wasm:")
}

/// Why a program's seat on the command line cannot be run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatError {
    /// `exe:` with no command.
    NoCommand,
    /// `wasm:` with no file.
    NoFile,
    /// The seat's WebAssembly file cannot be read: the seat, the file, the system's reason.
    Unreadable { seat: String, file: String, reason: String },
}

impl std::fmt::Display for SeatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatError::NoCommand => f.write_str(
                "an exe: seat needs a command, e.g. exe:./my-bot or \"exe:python3 bot.py\"",
            ),
            SeatError::NoFile => f.write_str(
                "a wasm: seat needs a file, e.g. wasm:bot.wasm or \"wasm:bot.wasm --fast\"",
            ),
            SeatError::Unreadable { seat, file, reason } => write!(f, "{seat}: {file}: {reason}"),
        }
    }
}

impl std::error::Error for SeatError {}

/// Refuses a program's seat that names nothing to run, or a WebAssembly file that is not there.
pub fn check(name: &str) -> Result<(), SeatError> {
    if let Some(command) = name.strip_prefix("exe:") {
        if command.trim().is_empty() {
            return Err(SeatError::NoCommand);
        }
    }
    if let Some(rest) = name.strip_prefix("wasm:") {
        let file = rest.split_whitespace().next().ok_or(SeatError::NoFile)?;
        std::fs::metadata(file).map_err(|e| SeatError::Unreadable {
            seat: name.to_string(),
            file: file.to_string(),
            reason: e.to_string(),
        })?;
    }
    Ok(())
}

/// The shell command that runs seat `name` for `run`, or `None` when it is not a program's
/// seat. `wasm:FILE ARGS…` is the arcade itself, `__wasi` (FILE and each argument a word of
/// their own: split at white space, quoted for the shell, as the page splits them).
pub fn command(name: &str, run: &Run) -> Option<Result<String, String>> {
    if let Some(command) = name.strip_prefix("exe:") {
        return Some(Ok(command.to_string()));
    }
    let rest = name.strip_prefix("wasm:")?;
    let arcade = match std::env::current_exe() {
        Ok(path) => path.to_string_lossy().into_owned(),
        Err(e) => {
            return Some(Err(format!("cannot find the arcade's own binary to run {name}: {e}")))
        }
    };
    let words: Vec<String> = rest.split_whitespace().map(quote).collect();
    let Run { game, seed, limit_ms } = *run;
    // The seed as the page hands it to its seats: a JavaScript number, its low 53 bits.
    let seed = seed & ((1 << 53) - 1);
    Some(Ok(format!(
        "exec {} {} --game {game} --seed {seed} --limit-ms {limit_ms} -- {}",
        quote(&arcade),
        crate::wasi_host::WASI,
        words.join(" ")
    )))
}

/// `word` in single quotes for `sh`.
fn quote(word: &str) -> String {
    format!("'{}'", word.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wasm_seat_is_the_arcade_running_its_file_with_quoted_words() {
        let run = Run { game: "g", seed: 7, limit_ms: 1000 };
        let c =
            command("wasm:my bot's.wasm  --fast", &run).and_then(Result::ok).unwrap_or_default();
        assert!(c.starts_with("exec '"), "{c}");
        assert!(
            c.ends_with(
                " __wasi --game g --seed 7 --limit-ms 1000 -- 'my' 'bot'\\''s.wasm' '--fast'"
            ),
            "{c}"
        );
        assert_eq!(
            command("exe:./bot --x", &run).and_then(Result::ok).as_deref(),
            Some("./bot --x")
        );
        assert!(command("greedy", &run).is_none());
        assert!(
            check("wasm:") == Err(SeatError::NoFile)
                && check("exe: ") == Err(SeatError::NoCommand)
                && check("wasm:/no/such.wasm").is_err()
        );
    }
}
