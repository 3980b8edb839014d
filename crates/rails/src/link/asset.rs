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
    super::CRC32.checksum(text.as_bytes())
}

/// Writes `name` + hash when `text` is exactly the bundled asset `name` (`is_bundled`), else
/// `name` + the text.
pub fn write_asset(
    w: &mut BitWriter,
    name: &str,
    text: &str,
    is_bundled: impl Fn(&str, &str) -> bool,
) {
    if is_bundled(name, text) {
        w.bits(BY_NAME, 8);
        w.string(name);
        w.bits(u64::from(content_hash(text)), 32);
    } else {
        w.bits(WITH_TEXT, 8);
        w.string(name);
        w.string(text);
    }
}

/// Reads what [`write_asset`] wrote. A reference is read as the asset handed in with the link
/// ([`BitReader::asset`]) or, failing that, the one compiled in (`bundled`); one whose hash no
/// longer matches is refused: the game would not be the one that was shared.
pub fn read_asset(
    r: &mut BitReader,
    max_name: usize,
    max_text: usize,
    bundled: impl Fn(&str) -> Option<&'static str>,
    is_bundled: impl Fn(&str, &str) -> bool,
) -> Result<Asset, LinkError> {
    match r.bits(8)? {
        BY_NAME => {
            let name = r.string(max_name)?;
            let hash = r.bits(32)? as u32;
            let text = r.asset(&name).or_else(|| bundled(&name)).ok_or_else(|| {
                LinkError::MissingAsset(format!("this page has no bundled \"{name}\""))
            })?;
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
            let bundled = is_bundled(&name, &text);
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
