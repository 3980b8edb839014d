//! One way for every game to put a bundled asset (an official map, a board) into a link: by
//! name plus a content hash when the page ships it, or with the content itself.

use super::{BitReader, BitWriter, LinkError};

/// A named text asset as a link carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asset {
    pub name: String,
    pub text: String,
    /// True when the text is the bundled asset of that name (it travelled by reference).
    pub bundled: bool,
}

const BY_NAME: u64 = 0;
const WITH_TEXT: u64 = 1;

/// 32-bit content hash of an asset (CRC-32 of its text).
pub fn content_hash(text: &str) -> u32 {
    crc32fast::hash(text.as_bytes())
}

/// Writes `name` + hash when `bundled(name)` is exactly `text`, else `name` + the text.
pub fn write_asset(w: &mut BitWriter, name: &str, text: &str, bundled: impl Fn(&str) -> Option<&'static str>) {
    if bundled(name) == Some(text) {
        w.bits(BY_NAME, 8);
        w.string(name);
        w.bits(u64::from(content_hash(text)), 32);
    } else {
        w.bits(WITH_TEXT, 8);
        w.string(name);
        w.string(text);
    }
}

/// Reads what [`write_asset`] wrote. A reference whose hash no longer matches the bundled
/// asset is refused: the game would not be the one that was shared.
pub fn read_asset(
    r: &mut BitReader,
    max_name: usize,
    max_text: usize,
    bundled: impl Fn(&str) -> Option<&'static str>,
) -> Result<Asset, LinkError> {
    match r.bits(8)? {
        BY_NAME => {
            let name = r.string(max_name)?;
            let hash = r.bits(32)? as u32;
            let text = bundled(&name).ok_or_else(|| LinkError::MissingAsset(format!("this page has no bundled \"{name}\"")))?;
            if content_hash(text) != hash {
                return Err(LinkError::MissingAsset(format!(
                    "the bundled \"{name}\" has changed since this link was made"
                )));
            }
            Ok(Asset { name, text: text.to_string(), bundled: true })
        }
        WITH_TEXT => {
            let name = r.string(max_name)?;
            let text = r.string(max_text)?;
            let bundled = bundled(&name) == Some(text.as_str());
            Ok(Asset { name, text, bundled })
        }
        t => Err(LinkError::Malformed(format!("unknown asset kind {t}"))),
    }
}

/// The name of the asset at the reader's position, without needing the asset itself: what a
/// page must load before it can open the link.
pub fn peek_asset_name(r: &mut BitReader) -> Result<String, LinkError> {
    match r.bits(8)? {
        BY_NAME | WITH_TEXT => r.string(1024),
        t => Err(LinkError::Malformed(format!("unknown asset kind {t}"))),
    }
}
