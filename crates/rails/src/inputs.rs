//! The one door for every format read from strangers: an [`InputFormat`] reads a text the way
//! the product does (parse, then play or run what it describes, under the product's limits) and
//! answers a one-line summary or the message the user sees. Each game declares its formats and
//! limits; the game registry (the `games` crate) lists them for `arcade check`, the fuzz targets
//! (`fuzz/`), the bad-input catalogue (`tests/bad-inputs/`, run natively and in wasm) and
//! docs/RELIABILITY.md. This rail knows no game.

/// One format read from strangers.
pub struct InputFormat {
    /// Its name for `arcade check` and the fuzz targets ("lifter-map").
    pub name: &'static str,
    pub about: &'static str,
    /// `Ok(summary)` or what is wrong, with its place.
    pub check: fn(&str) -> Result<String, InputError>,
}

/// A place in a text: its line and column, from 1 (a column counts characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub line: usize,
    pub column: usize,
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// What is wrong with an input, and where when it has a place: shown as `LINE:COL: message`
/// (or the message alone), and about a file as `FILE:LINE:COL: message` ([`InputError::in_file`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub place: Option<Place>,
    pub message: String,
}

impl InputError {
    /// A problem with the input as a whole.
    pub fn new(message: impl Into<String>) -> InputError {
        InputError { place: None, message: message.into() }
    }

    /// A problem at `place`.
    pub fn at(place: Place, message: impl Into<String>) -> InputError {
        InputError { place: Some(place), message: message.into() }
    }

    /// A reader's message as the readers write it, `LINE:COL: message` when it has a place.
    pub fn from_message(text: impl Into<String>) -> InputError {
        let text = text.into();
        match leading_place(&text) {
            Some((place, rest)) => InputError::at(place, rest),
            None => InputError::new(text),
        }
    }

    /// The message about file `file`: `FILE:LINE:COL: …`, or `FILE: …` without a place.
    pub fn in_file(&self, file: &str) -> String {
        match self.place {
            Some(p) => format!("{file}:{p}: {}", self.message),
            None => format!("{file}: {}", self.message),
        }
    }
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.place {
            Some(p) => write!(f, "{p}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for InputError {}

impl From<String> for InputError {
    fn from(text: String) -> InputError {
        InputError::from_message(text)
    }
}

impl From<&str> for InputError {
    fn from(text: &str) -> InputError {
        InputError::from_message(text)
    }
}

impl From<InputError> for String {
    fn from(e: InputError) -> String {
        e.to_string()
    }
}

/// The place a message starts with (`LINE:COL: `, two numbers) and the rest of it.
fn leading_place(message: &str) -> Option<(Place, &str)> {
    let (place, rest) = message.split_once(": ")?;
    let (line, column) = place.split_once(':')?;
    let number = |n: &str| {
        (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then(|| n.parse().ok()).flatten()
    };
    Some((Place { line: number(line)?, column: number(column)? }, rest))
}

/// One bound on an input: what is bounded, the limit, and what happens past it.
pub struct Limit {
    pub input: &'static str,
    pub limit: &'static str,
    pub past_it: &'static str,
}

/// A row of the limits table (`arcade limits`, docs/RELIABILITY.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitRow {
    pub input: String,
    pub limit: String,
    pub past_it: String,
}

impl Limit {
    pub fn row(&self) -> LimitRow {
        LimitRow {
            input: self.input.into(),
            limit: self.limit.into(),
            past_it: self.past_it.into(),
        }
    }
}

/// How long a strategy from outside the engine (JavaScript, in the page or the CLI) has for one
/// decision of a game. A game's descriptor holds it; the CLI and the page time their strategies
/// by it and show it, and the limits table lists it as the game's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecisionLimits {
    /// What one decision is called ("decision", "turn").
    pub decision: &'static str,
    /// The time for one decision, in milliseconds.
    pub decision_ms: u32,
    /// How long an answer may be.
    pub answers: &'static str,
    /// What becomes of a decision that fails or is late.
    pub past_it: &'static str,
}

impl DecisionLimits {
    /// The row of game `title` in the limits table.
    pub fn row(&self, title: &str) -> LimitRow {
        LimitRow {
            input: format!("{title} strategy in JavaScript"),
            limit: format!("{} ms a {}; {}", self.decision_ms, self.decision, self.answers),
            past_it: self.past_it.into(),
        }
    }
}

/// The bounds of the shared rails (links, matches, user code); each game adds its own.
pub const RAIL_LIMITS: &[Limit] = &[
    Limit { input: "Bot link (`<game>-bot`: name, language, code; a program bot is shared as a file, never in a link)", limit: "name 64 bytes, language 16, code 200,000", past_it: "refused, naming the limit; an altered bot link is refused whole" },
    Limit { input: "A/B run link (`<game>-ab`: seed, pairs, bounds, maps, settings, both bots' code; a run with a program side has no link)", limit: "10,000 pairs, 64 maps of 128 bytes, settings 1,024 bytes, labels 64, code 200,000 a bot", past_it: "refused, naming the limit; an altered link is refused whole" },
    Limit { input: "Share link", limit: "32 MiB of text, 24 MiB unpacked, 10,000,000 moves; links longer than 8,000 characters are offered as files", past_it: "refused, naming the limit" },
    Limit { input: "Games per match or tournament link", limit: "10,000", past_it: "refused, naming the limit" },
    Limit { input: "JavaScript strategy (page)", limit: "each game's time a decision and answer length (its strategy's row above), measured before any JSON work; no network, no storage, no DOM (a Worker keeping an allow-list of globals); memory up to the browser's heap limit, in a process apart from the page's (a sandboxed frame)", past_it: "the decision falls back as the game's row says, with the reason (quoting at most 200 characters); a worker silent past its backstop is terminated; out of memory: that process ends, its seats fail, the page lives" },
    Limit { input: "Merged run (arcade merge)", limit: "100,000,000 games; any shard count, answered from the files given", past_it: "refused, naming the file and the limit" },
    Limit { input: "A message quoting an input", limit: "200 characters of the input, 400 of the whole message", past_it: "cut, with how many more characters there were" },
    Limit { input: "Debug marks (@draw lines a decision printed)", limit: "200 marks a decision, labels of 40 characters, paths of 500 points; at most 20 problems listed", past_it: "the rest dropped (a label cut), said once; a line that does not read is dropped with its LINE:COL" },
    Limit { input: "JavaScript strategy (CLI)", limit: "each game's time a decision (its strategy's row above); answers of 64 KiB", past_it: "the decision falls back as the game's row says, with the reason" },
];

/// The bytes of a file as text; a file that is not UTF-8 is refused with the line and column
/// of its first bad byte, as every other reader names its place.
pub fn text_of(bytes: &[u8]) -> Result<&str, InputError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        // The prefix is valid UTF-8, so counting its characters gives the column.
        let column = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
        let byte = bytes.get(e.valid_up_to()).copied().unwrap_or_default();
        InputError::at(
            Place { line, column },
            format!("this is not UTF-8 text (byte 0x{byte:02X})"),
        )
    })
}

/// A message about file `file`: `FILE:LINE:COL: …` when the message starts with its place
/// (`LINE:COL: `, as every reader names it), else `FILE: …`; the one format of every error that
/// has a place, in the CLI and the page.
pub fn in_file(file: &str, message: &str) -> String {
    InputError::from_message(message).in_file(file)
}

/// Reads `bytes` with `format`: the summary or the user's message (also for bytes that are not
/// text).
pub fn check_bytes(format: &InputFormat, bytes: &[u8]) -> Result<String, InputError> {
    (format.check)(text_of(bytes)?)
}

/// The most characters of a stranger's text that any message quotes.
pub const QUOTE_CHARS: usize = 200;

/// `text` as a message quotes it: whole when short, else its first [`QUOTE_CHARS`] characters
/// and how many more there were, so no message grows with its input (a 15 MiB name, a 20 MB
/// identifier).
pub fn excerpt(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => std::borrow::Cow::Borrowed(text),
        Some((cut, _)) => {
            let more = text[cut..].chars().count();
            std::borrow::Cow::Owned(format!("{}… ({more} more characters)", &text[..cut]))
        }
    }
}

/// The most characters of any message about an input.
pub const MESSAGE_CHARS: usize = 2 * QUOTE_CHARS;

/// A message cut to [`MESSAGE_CHARS`] (with how many more there were): every reader's error
/// type passes its message through this, so a message that quotes its input stays short
/// whatever the input.
pub fn bounded(message: impl Into<String>) -> String {
    let message = message.into();
    match message.char_indices().nth(MESSAGE_CHARS) {
        None => message,
        Some((cut, _)) => {
            format!("{}… ({} more characters)", &message[..cut], message[cut..].chars().count())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_excerpt_is_bounded_whatever_the_input() {
        assert_eq!(excerpt("short"), "short");
        let long = "é".repeat(20_000_000);
        let quoted = excerpt(&long);
        assert!(quoted.chars().count() < QUOTE_CHARS + 40, "{}", quoted.len());
        assert!(quoted.ends_with("… (19999800 more characters)"), "{quoted}");
        assert_eq!(excerpt(&"x".repeat(QUOTE_CHARS)), "x".repeat(QUOTE_CHARS));
        assert_eq!(bounded("short"), "short");
        assert!(bounded(format!("unbound variable: {}", "x".repeat(20_000_000)))
            .ends_with("… (19999618 more characters)"));
    }
}
