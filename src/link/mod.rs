//! Share links: a whole game or match in a URL fragment `kind/version/payload`, where the
//! payload is base64url of a bit-packed body (deflated only when that is shorter) followed by a
//! checksum. Opening a damaged link tells how far it is valid and never panics.

mod bits;
mod record;

pub use bits::{width, BitReader, BitWriter};
pub use record::{decode_game, encode_game, Decoded, GameRecord, LinkParams};

use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, URL_SAFE_NO_PAD};
use base64::alphabet::URL_SAFE;
use base64::Engine;
use miniz_oxide::inflate::TINFLStatus;
use std::fmt;

/// Decoding accepts a group cut short (its leftover bits are ignored) so cut links still open.
const LENIENT: GeneralPurpose =
    GeneralPurpose::new(&URL_SAFE, GeneralPurposeConfig::new().with_encode_padding(false).with_decode_allow_trailing_bits(true).with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent));

/// Where `./play` serves the page; CLI links start with this unless told otherwise.
pub const DEFAULT_BASE_URL: &str = "http://127.0.0.1:8000/";
/// Longest body a link may inflate to (guards against decompression bombs).
const MAX_BODY: usize = 1 << 22;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkError {
    /// Not of the form `kind/version/payload`.
    Shape,
    UnknownKind(String),
    Version { kind: String, version: u32, supported: u32 },
    Base64,
    Inflate,
    /// The data ends before the record does.
    Truncated,
    Malformed(String),
    /// The checksum does not match: the link was cut or altered.
    Checksum,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Shape => f.write_str("this is not a Lambda Arcade link (expected #game/version/data)"),
            LinkError::UnknownKind(k) => write!(f, "unknown game \"{k}\" in the link"),
            LinkError::Version { kind, version, supported } => write!(
                f,
                "the link is for {kind} format version {version}, this page reads version {supported}"
            ),
            LinkError::Base64 => f.write_str("the link data contains characters that base64url does not use"),
            LinkError::Inflate => f.write_str("the compressed link data is damaged"),
            LinkError::Truncated => f.write_str("the link data ends too early (was it cut off?)"),
            LinkError::Malformed(m) => write!(f, "the link data is malformed: {m}"),
            LinkError::Checksum => f.write_str("the link was altered or cut (checksum mismatch)"),
        }
    }
}

impl std::error::Error for LinkError {}

/// The parts of a link fragment, before the body is interpreted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    pub kind: String,
    pub version: u32,
    pub body: Vec<u8>,
    /// False when the checksum failed; the body is then best-effort.
    pub intact: bool,
}

fn checksum(body: &[u8]) -> [u8; 2] {
    let c = crc32fast::hash(body);
    [(c >> 8) as u8, c as u8]
}

/// `kind/version/payload` (no leading `#`).
pub fn seal(kind: &str, version: u32, body: &[u8]) -> String {
    let mut raw = body.to_vec();
    raw.extend_from_slice(&checksum(body));
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

/// Splits and unpacks a fragment (a leading `#` and a full URL before it are accepted).
pub fn open(link: &str) -> Result<Envelope, LinkError> {
    let fragment = link.rsplit_once('#').map_or(link, |(_, f)| f).trim();
    let mut parts = fragment.splitn(3, '/');
    let (Some(kind), Some(version), Some(data)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(LinkError::Shape);
    };
    if kind.is_empty() || !kind.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
        return Err(LinkError::Shape);
    }
    let version: u32 = version.parse().map_err(|_| LinkError::Shape)?;
    // A link cut at an arbitrary character leaves a partial base64 group: drop it, so a cut
    // link still opens as far as it goes.
    let mut data = data.trim_end_matches('=');
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
                return Ok(Envelope { kind: kind.to_string(), version, body: e.output, intact: false });
            }
            Err(_) => return Err(LinkError::Inflate),
        },
        other => return Err(LinkError::Malformed(format!("unknown packing {other}"))),
    };
    if raw.len() < 2 {
        return Err(LinkError::Truncated);
    }
    let sum = raw.split_off(raw.len() - 2);
    let intact = sum == checksum(&raw);
    Ok(Envelope { kind: kind.to_string(), version, body: raw, intact })
}
