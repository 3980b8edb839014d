//! Bit-level writer and reader for compact share links.

use super::LinkError;

#[derive(Default, Debug, Clone)]
pub struct BitWriter {
    bytes: Vec<u8>,
    bits: usize,
}

impl BitWriter {
    pub fn new() -> Self {
        Self::default()
    }

    /// Writes the low `n` bits of `value` (n ≤ 64), most significant first.
    pub fn bits(&mut self, value: u64, n: u32) {
        for i in (0..n).rev() {
            if self.bits.is_multiple_of(8) {
                self.bytes.push(0);
            }
            if (value >> i) & 1 == 1 {
                if let Some(last) = self.bytes.last_mut() {
                    *last |= 0x80 >> (self.bits % 8);
                }
            }
            self.bits += 1;
        }
    }

    /// Unsigned LEB128-style: groups of 7 bits with a continuation bit.
    pub fn varint(&mut self, mut value: u64) {
        loop {
            let group = value & 0x7f;
            value >>= 7;
            self.bits(u64::from(value != 0), 1);
            self.bits(group, 7);
            if value == 0 {
                break;
            }
        }
    }

    pub fn string(&mut self, s: &str) {
        self.varint(s.len() as u64);
        for b in s.bytes() {
            self.bits(u64::from(b), 8);
        }
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

#[derive(Debug, Clone)]
pub struct BitReader<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Assets handed in with the link (name, text): what a bundled asset it names reads as
    /// when this build does not have it compiled in.
    assets: &'a [(String, String)],
}

impl<'a> BitReader<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        BitReader { bytes, pos: 0, assets: &[] }
    }

    /// A reader that finds the `assets` handed in with the link.
    pub fn with_assets(bytes: &'a [u8], assets: &'a [(String, String)]) -> Self {
        BitReader { bytes, pos: 0, assets }
    }

    /// The text of the asset `name` handed in with the link.
    pub fn asset(&self, name: &str) -> Option<&'a str> {
        self.assets.iter().find(|(n, _)| n == name).map(|(_, t)| t.as_str())
    }

    pub fn bits(&mut self, n: u32) -> Result<u64, LinkError> {
        let mut v = 0u64;
        for _ in 0..n {
            let byte = self.bytes.get(self.pos / 8).ok_or(LinkError::Truncated)?;
            v = (v << 1) | u64::from((byte >> (7 - self.pos % 8)) & 1);
            self.pos += 1;
        }
        Ok(v)
    }

    pub fn varint(&mut self) -> Result<u64, LinkError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let more = self.bits(1)? == 1;
            value |= self.bits(7)? << shift;
            if !more {
                return Ok(value);
            }
        }
        Err(LinkError::Malformed("number too long".into()))
    }

    /// A varint that must fit in `max`; `what` names it in the error.
    pub fn bounded(&mut self, max: u64, what: &str) -> Result<u64, LinkError> {
        let v = self.varint()?;
        if v > max {
            return Err(LinkError::TooLarge { what: what.to_string(), value: v, max });
        }
        Ok(v)
    }

    pub fn string(&mut self, max_len: usize) -> Result<String, LinkError> {
        let len = self.bounded(max_len as u64, "text length")? as usize;
        let mut bytes = Vec::with_capacity(len);
        for _ in 0..len {
            bytes.push(self.bits(8)? as u8);
        }
        String::from_utf8(bytes).map_err(|_| LinkError::Malformed("text is not UTF-8".into()))
    }
}

/// Bits needed to store an index below `n` (0 when there is one choice).
pub fn width(n: usize) -> u32 {
    if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}
