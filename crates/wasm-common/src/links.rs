//! Share links for the page: every kind opens through the one registry.

use crate::to_js;
use games::{self, link_kind};
use rails::link::{encode_bot, fragment, split, BotLink, LinkError, SHARE_LIMIT};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
struct ErrorJs {
    code: &'static str,
    message: String,
    /// The kind named by the link, when it names one (also when its data is broken).
    kind: Option<String>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum OpenedJs {
    Ok {
        ok: bool,
        kind: String,
        version: u32,
        game: &'static str,
        problem: Option<String>,
        data: serde_json::Value,
    },
    Err {
        ok: bool,
        error: ErrorJs,
    },
}

/// Opens any link (URL, `#fragment` or fragment, raw or %-escaped), with `assets`
/// (`{ name: text }`, optional) handed in for a bundled map it names. Never throws:
/// `{ ok: true, kind, version, game, problem, data }` or `{ ok: false, error: { code, message, kind } }`.
pub fn open_link(text: &str, assets: JsValue) -> Result<JsValue, JsValue> {
    let out = match games::open_link_with(text, crate::assets_of(assets)?) {
        Ok(o) => OpenedJs::Ok {
            ok: true,
            kind: o.kind,
            version: o.version,
            game: o.game,
            problem: o.problem,
            data: o.data,
        },
        Err(e) => {
            let kind = match &e {
                LinkError::UnknownKind { kind: k, .. } | LinkError::Version { kind: k, .. } => {
                    Some(k.clone())
                }
                // A known kind whose data is broken: the page still knows which game it is for.
                _ => fragment(text).ok().and_then(|f| {
                    split(&f).ok().and_then(|(k, _, _)| link_kind(k)).map(|k| k.kind.to_string())
                }),
            };
            OpenedJs::Err {
                ok: false,
                error: ErrorJs { code: e.code(), message: e.to_string(), kind },
            }
        }
    };
    to_js(&out)
}

/// Links longer than this are offered as a file instead.
pub fn link_limit() -> usize {
    SHARE_LIMIT
}

/// The longest link text the engine reads at all: a larger file is no link (the page refuses it
/// by its size, unread).
pub fn link_max_chars() -> usize {
    rails::link::MAX_LINK_CHARS
}

/// The link kinds this engine module opens (the page routes a link to its game's module by its
/// kind; the e2e tests hold the page's table to this).
pub fn link_kinds() -> Vec<String> {
    games::link_kinds().map(|k| k.kind.to_string()).collect()
}

/// A user's bot as a link of `kind` (a game's bot kind, `<game>-bot`): its fragment, or an error
/// naming what is wrong (a name or code over its bound, a language the game's bot links do not
/// carry, a kind that is not a bot kind of this module). Checked by opening it again through
/// the registry, so a link made here is one every page opens.
pub fn bot_link(kind: &str, name: &str, language: &str, code: &str) -> Result<String, JsValue> {
    let refuse = |e: LinkError| JsValue::from_str(&e.to_string());
    let bot =
        BotLink { name: name.to_string(), language: language.to_string(), code: code.to_string() };
    let link = encode_bot(kind, &bot, &[language]).map_err(refuse)?;
    let opened = games::open_link(&link).map_err(refuse)?;
    if opened.data.get("code").and_then(|c| c.as_str()) != Some(code) {
        return Err(JsValue::from_str(&format!("\"{kind}\" is not a bot link kind")));
    }
    Ok(link)
}
