//! Share links: a whole game or match in a URL fragment `kind/version/payload`, where the
//! payload is base64url of a bit-packed body (deflated only when that is shorter) followed by a
//! checksum. Opening a damaged link tells how far it is valid and never panics.

pub mod ab;
mod asset;
mod bits;
mod bot;
mod record;
pub mod registry;

pub use ab::{decode_ab, encode_ab, open_ab, AbBot, AbRun};
pub use asset::{content_hash, peek_asset_name, read_asset, write_asset, Asset};
pub use bits::{width, BitReader, BitWriter};
pub use bot::{
    decode_bot, encode_bot, open_bot, BotLink, BOT_LINK_VERSION, MAX_BOT_CODE, MAX_BOT_LANGUAGE,
    MAX_BOT_NAME,
};
pub use record::{
    decode_game, decode_game_with, decode_record, encode_game, Decoded, GameRecord, LinkParams,
};
pub use registry::{open_among, LinkKind, Opened};

use base64::alphabet::URL_SAFE;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, URL_SAFE_NO_PAD};
use base64::Engine;
use miniz_oxide::inflate::TINFLStatus;
use std::fmt;

/// Decoding accepts a group cut short (its leftover bits are ignored) so cut links still open.
const LENIENT: GeneralPurpose = GeneralPurpose::new(
    &URL_SAFE,
    GeneralPurposeConfig::new()
        .with_encode_padding(false)
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent),
);

/// Where `./play` serves the page; CLI links start with this unless told otherwise.
pub const DEFAULT_BASE_URL: &str = "http://127.0.0.1:8000/";
/// Longest body a link may inflate to (guards against decompression bombs).
pub const MAX_BODY: usize = 24 << 20;
/// Longest link text the decoder reads at all.
pub const MAX_LINK_CHARS: usize = 32 << 20;
/// Beyond this many characters a link is offered as a file instead (browsers and chat tools
/// cut long addresses).
pub const SHARE_LIMIT: usize = 8000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkError {
    /// Not of the form `kind/version/payload`.
    Shape,
    /// A `%` escape that is not `%XX`, or escapes that are not UTF-8.
    Escape,
    /// A number or size above its limit.
    TooLarge {
        what: String,
        value: u64,
        max: u64,
    },
    /// A kind this page does not know; `known` lists the kinds it does (empty when a decoder
    /// was handed another kind's envelope).
    UnknownKind {
        kind: String,
        known: Vec<&'static str>,
    },
    Version {
        kind: String,
        version: u32,
        supported: u32,
    },
    Base64,
    Inflate,
    /// The data ends before the record does.
    Truncated,
    Malformed(String),
    /// A bundled asset (a map) the link names by reference is not on this page, or has changed.
    MissingAsset(String),
    /// The checksum does not match: the link was cut or altered.
    Checksum,
    /// The body is intact, but of another version of its kind than the link says (its
    /// `kind/version/` label was edited).
    OtherVersion {
        kind: String,
        labelled: u32,
        actual: u32,
    },
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Shape => f.write_str("this is not a Lambda Arcade link (expected #game/version/data)"),
            LinkError::Escape => f.write_str("the link contains a broken %-escape (was it cut or mangled?)"),
            LinkError::TooLarge { what, value, max } => write!(f, "{what} {value} is larger than the limit of {max}"),
            LinkError::UnknownKind { kind, known } if known.is_empty() => write!(f, "this page has no link kind \"{kind}\""),
            LinkError::UnknownKind { kind, known } => write!(f, "this page has no link kind \"{kind}\" (known: {})", known.join(", ")),
            LinkError::Version { kind, version, supported } => write!(
                f,
                "the link is for {kind} format version {version}, this page reads version {supported}"
            ),
            LinkError::Base64 => f.write_str("the link data contains characters that base64url does not use"),
            LinkError::Inflate => f.write_str("the compressed link data is damaged"),
            LinkError::Truncated => f.write_str("the link data ends too early (was it cut off?)"),
            LinkError::Malformed(m) => write!(f, "the link data is malformed: {}", crate::inputs::bounded(m.as_str())),
            LinkError::MissingAsset(m) => f.write_str(&crate::inputs::bounded(m.as_str())),
            LinkError::Checksum => f.write_str("the link was altered or cut (checksum mismatch)"),
            LinkError::OtherVersion { kind, labelled, actual } => write!(
                f,
                "this link is of an unknown shape or version: it says {kind} version {labelled}, but its data is of version {actual}"
            ),
        }
    }
}

impl std::error::Error for LinkError {}

impl LinkError {
    /// A stable short name for the page and tests ("unknown-kind", "checksum", …).
    pub fn code(&self) -> &'static str {
        match self {
            LinkError::Shape => "shape",
            LinkError::Escape => "escape",
            LinkError::TooLarge { .. } => "too-large",
            LinkError::UnknownKind { .. } => "unknown-kind",
            LinkError::Version { .. } => "version",
            LinkError::Base64 => "base64",
            LinkError::Inflate => "inflate",
            LinkError::Truncated => "truncated",
            LinkError::Malformed(_) => "malformed",
            LinkError::MissingAsset(_) => "missing-asset",
            LinkError::Checksum => "checksum",
            LinkError::OtherVersion { .. } => "other-version",
        }
    }
}

/// The parts of a link fragment, before the body is interpreted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    pub kind: String,
    pub version: u32,
    pub body: Vec<u8>,
    /// False when the checksum failed; the body is then best-effort.
    pub intact: bool,
    /// Assets handed in by whoever opens the link (name, text): the page's loaded maps, for a
    /// link that names a bundled map its build does not carry.
    pub assets: Vec<(String, String)>,
}

impl Envelope {
    /// The same link, opened with `assets` at hand.
    pub fn with_assets(mut self, assets: Vec<(String, String)>) -> Envelope {
        self.assets = assets;
        self
    }
}

/// CRC-32 (the zlib one) with a 1 KB table built at compile time: a faster one's 16 KB table
/// would be most of what it costs in every page module, and links are short.
pub(crate) const CRC32: crc::Crc<u32, crc::Table<1>> =
    crc::Crc::<u32, crc::Table<1>>::new(&crc::CRC_32_ISO_HDLC);

/// The checksum of `body` under the label `kind/version/`, so a body moved under another label
/// (another version of its kind) does not pass as intact.
fn checksum(kind: &str, version: u32, body: &[u8]) -> [u8; 2] {
    let mut crc = CRC32.digest();
    crc.update(format!("{kind}/{version}/").as_bytes());
    crc.update(body);
    let c = crc.finalize();
    [(c >> 8) as u8, c as u8]
}

/// The checksum links had before it covered the label (the body alone); such links still open.
fn body_checksum(body: &[u8]) -> [u8; 2] {
    let c = CRC32.checksum(body);
    [(c >> 8) as u8, c as u8]
}

/// The versions a body is tried against when its label's checksum fails.
const VERSIONS_TRIED: u32 = 16;

/// `kind/version/payload` (no leading `#`).
pub fn seal(kind: &str, version: u32, body: &[u8]) -> String {
    let mut raw = body.to_vec();
    raw.extend_from_slice(&checksum(kind, version, body));
    let deflated = miniz_oxide::deflate::compress_to_vec(&raw, 9);
    let mut payload = Vec::with_capacity(raw.len() + 1);
    if deflated.len() < raw.len() {
        payload.push(1);
        payload.extend_from_slice(&deflated);
    } else {
        payload.push(0);
        payload.extend_from_slice(&raw);
    }
    format!("{kind}/{version}/{}", URL_SAFE_NO_PAD.encode(payload))
}

/// The fragment of a link: what follows the last `#` (or all of it), trimmed and with its
/// `%XX` escapes decoded.
pub fn fragment(link: &str) -> Result<String, LinkError> {
    if link.len() > MAX_LINK_CHARS {
        return Err(LinkError::TooLarge {
            what: "link length".into(),
            value: link.len() as u64,
            max: MAX_LINK_CHARS as u64,
        });
    }
    let raw = link.rsplit_once('#').map_or(link, |(_, f)| f).trim();
    if !raw.contains('%') {
        return Ok(raw.to_string());
    }
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
            let byte = hex.and_then(|h| u8::from_str_radix(h, 16).ok()).ok_or(LinkError::Escape)?;
            out.push(byte);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| LinkError::Escape)
}

/// `kind`, `version` and the payload text of a fragment, before anything is decoded.
pub fn split(fragment: &str) -> Result<(&str, u32, &str), LinkError> {
    let mut parts = fragment.splitn(3, '/');
    let (Some(kind), Some(version), Some(data)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(LinkError::Shape);
    };
    if kind.is_empty()
        || kind.len() > 32
        || !kind.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
    {
        return Err(LinkError::Shape);
    }
    let version: u32 = version.parse().map_err(|_| LinkError::Shape)?;
    Ok((kind, version, data))
}

/// Splits and unpacks a link (a full URL, `#fragment` or bare fragment) without asking which
/// kinds exist; `games::open_link` is what the page and the CLI use.
pub fn open(link: &str) -> Result<Envelope, LinkError> {
    let fragment = fragment(link)?;
    let (kind, version, data) = split(&fragment)?;
    unpack(kind, version, data)
}

/// Decodes the payload of a split link.
pub fn unpack(kind: &str, version: u32, data: &str) -> Result<Envelope, LinkError> {
    // A link cut at an arbitrary character leaves a partial base64 group: drop it, so a cut
    // link still opens as far as it goes.
    let mut data = data.trim_end_matches('=');
    if !data.is_ascii() {
        return Err(LinkError::Base64);
    }
    if data.len() % 4 == 1 {
        data = &data[..data.len() - 1];
    }
    let payload = LENIENT.decode(data).map_err(|_| LinkError::Base64)?;
    let (&flag, rest) = payload.split_first().ok_or(LinkError::Truncated)?;
    let mut raw = match flag {
        0 => rest.to_vec(),
        1 => match miniz_oxide::inflate::decompress_to_vec_with_limit(rest, MAX_BODY) {
            Ok(raw) => raw,
            // Cut inside the compressed data: keep what inflated, without its checksum.
            Err(e) if e.status == TINFLStatus::FailedCannotMakeProgress && !e.output.is_empty() => {
                return Ok(Envelope {
                    kind: kind.to_string(),
                    version,
                    body: e.output,
                    intact: false,
                    assets: Vec::new(),
                });
            }
            Err(e) if e.status == TINFLStatus::HasMoreOutput => {
                return Err(LinkError::TooLarge {
                    what: "unpacked link size".into(),
                    value: MAX_BODY as u64 + 1,
                    max: MAX_BODY as u64,
                });
            }
            Err(_) => return Err(LinkError::Inflate),
        },
        other => return Err(LinkError::Malformed(format!("unknown packing {other}"))),
    };
    if raw.len() < 2 {
        return Err(LinkError::Truncated);
    }
    let sum = raw.split_off(raw.len() - 2);
    let intact = sum == checksum(kind, version, &raw) || sum == body_checksum(&raw);
    if !intact {
        if let Some(actual) =
            (1..=VERSIONS_TRIED).find(|&v| v != version && sum == checksum(kind, v, &raw))
        {
            return Err(LinkError::OtherVersion {
                kind: kind.to_string(),
                labelled: version,
                actual,
            });
        }
    }
    Ok(Envelope { kind: kind.to_string(), version, body: raw, intact, assets: Vec::new() })
}
