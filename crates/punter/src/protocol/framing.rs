//! The `n:json` framing of the offline and online transports.

use super::*;

// ---------------------------------------------------------------------------------------------
// Framing

/// A message framed for the wire: `n:json`, `n` the JSON's length in bytes.
pub fn encode<M: Message>(msg: &M) -> String {
    frame(&msg.to_json().to_string())
}

/// Frames JSON text: `n:json`.
pub fn frame(json_text: &str) -> String {
    format!("{}:{}", json_text.len(), json_text)
}

/// An incremental `n:json` reader: [`push`](Decoder::push) bytes as they come, take whole
/// messages with [`next_value`](Decoder::next_value) or [`next_message`](Decoder::next_message).
/// A bad prefix or an oversized length breaks the stream (every later call gives the same
/// error); invalid JSON in a complete message only costs that message.
#[derive(Debug, Clone)]
pub struct Decoder {
    buf: Vec<u8>,
    /// Where the unread part of `buf` starts.
    start: usize,
    /// Stream offset of `buf[start]`.
    at: u64,
    limit: usize,
    broken: Option<ProtocolError>,
}

impl Default for Decoder {
    fn default() -> Decoder {
        Decoder::new()
    }
}

fn show_byte(b: u8) -> String {
    if b.is_ascii_graphic() || b == b' ' {
        format!("'{}'", b as char)
    } else {
        format!("byte 0x{b:02x}")
    }
}

impl Decoder {
    pub fn new() -> Decoder {
        Decoder::with_limit(MAX_MESSAGE_BYTES)
    }

    /// A decoder refusing messages longer than `limit` bytes.
    pub fn with_limit(limit: usize) -> Decoder {
        Decoder { buf: Vec::new(), start: 0, at: 0, limit, broken: None }
    }

    pub fn push(&mut self, chunk: &[u8]) {
        if self.broken.is_some() {
            return;
        }
        if self.start > 0 && (self.start >= 1 << 16 || self.start * 2 >= self.buf.len()) {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        self.buf.extend_from_slice(chunk);
    }

    /// Bytes received and not yet part of a returned message.
    pub fn buffered(&self) -> usize {
        self.buf.len() - self.start
    }

    /// Stream offset of the next unread byte.
    pub fn position(&self) -> u64 {
        self.at
    }

    pub fn is_broken(&self) -> bool {
        self.broken.is_some()
    }

    fn fail(&mut self, e: ProtocolError) -> ProtocolError {
        self.broken = Some(e.clone());
        e
    }

    fn advance(&mut self, n: usize) {
        self.start += n;
        self.at += n as u64;
    }

    /// The next whole message as JSON, `Ok(None)` if it has not fully arrived yet.
    pub fn next_value(&mut self) -> Result<Option<Value>, ProtocolError> {
        let Some((at, start, len)) = self.next_frame()? else { return Ok(None) };
        let parsed = serde_json::from_slice::<Value>(&self.buf[start..start + len]);
        self.advance(start + len - self.start);
        parsed.map(Some).map_err(|e| json_error(&e, Some(at)))
    }

    /// The next whole message's JSON text, checked to be JSON but not read into a tree (a
    /// referee hands most of it on: a bot's state), `Ok(None)` if it has not fully arrived yet.
    pub fn next_text(&mut self) -> Result<Option<String>, ProtocolError> {
        let Some((at, start, len)) = self.next_frame()? else { return Ok(None) };
        let body = &self.buf[start..start + len];
        let checked = match std::str::from_utf8(body) {
            Ok(text) => {
                serde_json::from_str::<serde::de::IgnoredAny>(text).map(|_| text.to_string())
            }
            // Not UTF-8: the tree reader names the place.
            Err(_) => serde_json::from_slice::<Value>(body).map(|v| v.to_string()),
        };
        self.advance(start + len - self.start);
        checked.map(Some).map_err(|e| json_error(&e, Some(at)))
    }

    /// The next whole frame, once it has arrived: (its first byte in the stream, where its
    /// body starts in the buffer, the body's length).
    fn next_frame(&mut self) -> Result<Option<(u64, usize, usize)>, ProtocolError> {
        if let Some(e) = &self.broken {
            return Err(e.clone());
        }
        // Whitespace between messages.
        let skip = self.buf[self.start..].iter().take_while(|b| b.is_ascii_whitespace()).count();
        self.advance(skip);
        let rest = &self.buf[self.start..];
        let at = self.at;
        let mut length: u64 = 0;
        let mut digits = 0usize;
        let mut colon = None;
        for (i, &b) in rest.iter().enumerate() {
            match b {
                b'0'..=b'9' => {
                    digits += 1;
                    if digits > MAX_LENGTH_DIGITS {
                        let e = ProtocolError::BadLength {
                            at,
                            message: format!("more than {MAX_LENGTH_DIGITS} digits"),
                        };
                        return Err(self.fail(e));
                    }
                    length = length * 10 + u64::from(b - b'0');
                }
                b':' if digits > 0 => {
                    colon = Some(i);
                    break;
                }
                b':' => {
                    let e = ProtocolError::BadLength { at, message: "no digits before ':'".into() };
                    return Err(self.fail(e));
                }
                other => {
                    let expected = if digits == 0 { "a digit" } else { "a digit or ':'" };
                    let found = match i {
                        0 => show_byte(other),
                        _ => format!("{} (byte {})", show_byte(other), at + i as u64),
                    };
                    let e = ProtocolError::BadLength {
                        at,
                        message: format!("expected {expected}, found {found}"),
                    };
                    return Err(self.fail(e));
                }
            }
        }
        let Some(colon) = colon else { return Ok(None) };
        if length > self.limit as u64 {
            let e = ProtocolError::TooLarge { at, length, limit: self.limit };
            return Err(self.fail(e));
        }
        let body_start = colon + 1;
        let len = length as usize;
        if rest.len() - body_start < len {
            return Ok(None);
        }
        Ok(Some((at, self.start + body_start, len)))
    }

    /// The next whole message, read as `M` (as `M::parse` reads it: a state stays text).
    pub fn next_message<M: Message>(&mut self) -> Result<Option<M>, ProtocolError> {
        self.next_text()?.map(|text| M::parse(&text)).transpose()
    }

    /// At the end of the stream: an error if a message was cut off.
    pub fn finish(&self) -> Result<(), ProtocolError> {
        if let Some(e) = &self.broken {
            return Err(e.clone());
        }
        let rest = &self.buf[self.start..];
        if rest.iter().all(u8::is_ascii_whitespace) {
            return Ok(());
        }
        Err(ProtocolError::Truncated {
            at: self.at,
            message: format!("{} byte(s) of an unfinished message", rest.len()),
        })
    }
}
