//! Bot links: one user's bot — its name, its language and its code — in a link, so a bot can be
//! shared as a match link shares its strategies. The codec names no game: each game registers a
//! kind of its own (`<game>-bot`) whose decoder calls [`open_bot`] with the languages its bots
//! are written in. Code from a link is a stranger's: an altered link is refused (never opened
//! half-way), and the page shows the code before anything runs it.
//!
//! Body (version 1): name (string ≤ [`MAX_BOT_NAME`] bytes), language (string ≤
//! [`MAX_BOT_LANGUAGE`]), code (string ≤ [`MAX_BOT_CODE`]), nothing after it.

use super::{seal, BitReader, BitWriter, Envelope, LinkError, Opened};
use serde_json::json;

/// The bot link format's version.
pub const BOT_LINK_VERSION: u32 = 1;
/// The longest bot name a link holds, in bytes.
pub const MAX_BOT_NAME: usize = 64;
/// The longest language name, in bytes.
pub const MAX_BOT_LANGUAGE: usize = 16;
/// The longest code a link holds, in bytes (as a match link's strategy source).
pub const MAX_BOT_CODE: usize = 200_000;

/// A bot as a link carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotLink {
    pub name: String,
    pub language: String,
    pub code: String,
}

fn too_large(what: &str, value: usize, max: usize) -> LinkError {
    LinkError::TooLarge { what: what.into(), value: value as u64, max: max as u64 }
}

/// Checks a bot against the bounds and `languages` (the game's): the same rules both ways.
fn check(bot: &BotLink, languages: &[&str]) -> Result<(), LinkError> {
    if bot.name.len() > MAX_BOT_NAME {
        return Err(too_large("bot name length", bot.name.len(), MAX_BOT_NAME));
    }
    if bot.name.trim().is_empty() {
        return Err(LinkError::Malformed("the bot has no name".into()));
    }
    if bot.code.len() > MAX_BOT_CODE {
        return Err(too_large("bot code length", bot.code.len(), MAX_BOT_CODE));
    }
    if !languages.contains(&bot.language.as_str()) {
        let lang = crate::inputs::excerpt(&bot.language);
        return Err(LinkError::Malformed(format!(
            "unknown bot language \"{lang}\" (this game's bots are in: {})",
            languages.join(", ")
        )));
    }
    Ok(())
}

/// The link fragment (`kind/1/…`) of `bot`, checked against the bounds and `languages` first.
pub fn encode_bot(kind: &str, bot: &BotLink, languages: &[&str]) -> Result<String, LinkError> {
    check(bot, languages)?;
    let mut w = BitWriter::new();
    w.string(&bot.name);
    w.string(&bot.language);
    w.string(&bot.code);
    Ok(seal(kind, BOT_LINK_VERSION, &w.into_bytes()))
}

/// The bot in a bot link's envelope; `languages` are the game's.
pub fn decode_bot(env: &Envelope, languages: &[&str]) -> Result<BotLink, LinkError> {
    if env.version != BOT_LINK_VERSION {
        return Err(LinkError::Version {
            kind: env.kind.clone(),
            version: env.version,
            supported: BOT_LINK_VERSION,
        });
    }
    if !env.intact {
        return Err(LinkError::Checksum);
    }
    let mut r = BitReader::new(&env.body);
    let name = r.string(MAX_BOT_NAME).map_err(|e| named(e, "bot name length"))?;
    let language = r.string(MAX_BOT_LANGUAGE).map_err(|e| named(e, "bot language length"))?;
    let code = r.string(MAX_BOT_CODE).map_err(|e| named(e, "bot code length"))?;
    if r.bits(8).is_ok() {
        return Err(LinkError::Malformed("data after the bot's code".into()));
    }
    let bot = BotLink { name, language, code };
    check(&bot, languages)?;
    Ok(bot)
}

/// A string's "text length" limit error, named for what it measured.
fn named(e: LinkError, what: &str) -> LinkError {
    match e {
        LinkError::TooLarge { value, max, .. } => {
            LinkError::TooLarge { what: what.into(), value, max }
        }
        e => e,
    }
}

/// Opens a bot link of `game`: `data` `{ name, language, code }` for the page.
pub fn open_bot(
    env: &Envelope,
    game: &'static str,
    languages: &[&str],
) -> Result<Opened, LinkError> {
    let bot = decode_bot(env, languages)?;
    Ok(Opened {
        kind: env.kind.clone(),
        version: env.version,
        game,
        problem: None,
        summary: json!({ "kind": env.kind, "name": bot.name, "language": bot.language, "code_bytes": bot.code.len() }),
        data: json!({ "name": bot.name, "language": bot.language, "code": bot.code }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::{open, unpack};

    const LANGS: &[&str] = &["js", "scheme"];

    fn bot(name: &str, language: &str, code: &str) -> BotLink {
        BotLink { name: name.into(), language: language.into(), code: code.into() }
    }

    fn reopen(link: &str) -> Result<BotLink, LinkError> {
        decode_bot(&open(link)?, LANGS)
    }

    #[test]
    fn round_trips() {
        for b in [
            bot("My bot", "js", "function player() { return true; }\n"),
            bot("Ünïcödé ✓ (2)", "scheme", "(define (player a b c d s) #t) ; λ"),
            bot("x", "js", ""),
            bot(&"n".repeat(MAX_BOT_NAME), "js", &"a".repeat(MAX_BOT_CODE)),
        ] {
            let link = encode_bot("any-bot", &b, LANGS).expect("encodes");
            assert!(link.starts_with("any-bot/1/"));
            assert_eq!(reopen(&link), Ok(b));
        }
    }

    #[test]
    fn bounds_refused_both_ways() {
        let long_name = bot(&"n".repeat(MAX_BOT_NAME + 1), "js", "");
        let e = encode_bot("any-bot", &long_name, LANGS).expect_err("too long a name");
        assert!(
            matches!(e, LinkError::TooLarge { ref what, .. } if what == "bot name length"),
            "{e}"
        );
        let long_code = bot("b", "js", &"a".repeat(MAX_BOT_CODE + 1));
        assert_eq!(
            encode_bot("any-bot", &long_code, LANGS).expect_err("too long").code(),
            "too-large"
        );
        // A hand-made body over the bounds is refused on opening too, naming the limit.
        let mut w = BitWriter::new();
        w.string("b");
        w.string("js");
        w.varint(MAX_BOT_CODE as u64 + 1);
        let e = reopen(&seal("any-bot", 1, &w.into_bytes())).expect_err("over the code bound");
        assert_eq!(
            e.to_string(),
            format!(
                "bot code length {} is larger than the limit of {MAX_BOT_CODE}",
                MAX_BOT_CODE + 1
            )
        );
    }

    #[test]
    fn malformed_input_is_a_typed_error() {
        let good = encode_bot("any-bot", &bot("b", "js", "code"), LANGS).expect("encodes");
        // A language the game has no bots in.
        let e =
            encode_bot("any-bot", &bot("b", "python", "x"), LANGS).expect_err("unknown language");
        assert_eq!(e.code(), "malformed");
        assert!(e.to_string().contains("unknown bot language \"python\""), "{e}");
        let mut w = BitWriter::new();
        ["b", "cobol", "x"].iter().for_each(|s| w.string(s));
        assert_eq!(
            reopen(&seal("any-bot", 1, &w.into_bytes())).expect_err("cobol").code(),
            "malformed"
        );
        // No name.
        assert_eq!(
            encode_bot("any-bot", &bot("  ", "js", "x"), LANGS).expect_err("no name").code(),
            "malformed"
        );
        // Altered: refused, never opened half-way.
        let (head, data) = good.split_at(good.len() - 3);
        let altered =
            format!("{head}{}{}", if data.starts_with('A') { 'B' } else { 'A' }, &data[1..]);
        assert!(matches!(
            reopen(&altered),
            Err(LinkError::Checksum
                | LinkError::Base64
                | LinkError::Inflate
                | LinkError::Truncated)
        ));
        // Cut short.
        assert!(reopen(&good[..good.len() - 4]).is_err());
        // Data after the code.
        let mut w = BitWriter::new();
        ["b", "js", "x", "more"].iter().for_each(|s| w.string(s));
        assert_eq!(
            reopen(&seal("any-bot", 1, &w.into_bytes())).expect_err("trailing").code(),
            "malformed"
        );
        // Not UTF-8.
        let mut w = BitWriter::new();
        w.varint(1);
        w.bits(0xff, 8);
        assert_eq!(
            reopen(&seal("any-bot", 1, &w.into_bytes())).expect_err("bytes").code(),
            "malformed"
        );
        // A version from the future.
        let mut w = BitWriter::new();
        ["b", "js", "x"].iter().for_each(|s| w.string(s));
        let future = seal("any-bot", 2, &w.into_bytes());
        let env = unpack("any-bot", 2, future.rsplit('/').next().expect("data")).expect("unpacks");
        assert_eq!(decode_bot(&env, LANGS).expect_err("v2").code(), "version");
    }

    #[test]
    fn opened_for_the_page() {
        let link = encode_bot("any-bot", &bot("A", "scheme", "(x)"), LANGS).expect("encodes");
        let o = open_bot(&open(&link).expect("opens"), "a-game", LANGS).expect("a bot");
        assert_eq!(o.game, "a-game");
        assert_eq!(o.data, json!({ "name": "A", "language": "scheme", "code": "(x)" }));
    }
}
