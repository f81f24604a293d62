//! What the encoders read ([`Source`]: a `&str`, `&[char]` or Appendix A
//! `&[(char, bool)]`) and where they write ([`Out`]: a counter, a comparison, a buffered
//! `fmt::Write`, a `String`). Every encoder is generic over both, so one loop serves
//! `encode`, `encode_str`, `encode_mixed_case`, `encodes_to` and `encoded_len`.

use core::fmt;

/// The code points to encode, with their Appendix A flags and their offsets.
pub(crate) trait Source: Copy {
    /// Whether the flags are meaningful (they then force the case of ASCII letters).
    const FLAGS: bool;
    /// Input length in the units of its offsets (bytes of `&str`, slice elements).
    fn units(self) -> usize;
    /// `(code point, uppercase flag, offset)` for each input element, in order.
    fn each(self) -> impl Iterator<Item = (u32, bool, usize)>;
}

impl Source for &str {
    const FLAGS: bool = false;
    fn units(self) -> usize {
        self.len()
    }
    fn each(self) -> impl Iterator<Item = (u32, bool, usize)> {
        self.char_indices().map(|(o, c)| (u32::from(c), false, o))
    }
}

/// An element of a slice input: a code point, with or without its Appendix A flag.
pub(crate) trait Unit: Copy {
    /// Whether the element carries a flag.
    const FLAGS: bool;
    /// The code point and its uppercase flag (`false` without flags).
    fn split(self) -> (u32, bool);
}

impl Unit for char {
    const FLAGS: bool = false;
    #[inline]
    fn split(self) -> (u32, bool) {
        (u32::from(self), false)
    }
}

impl Unit for (char, bool) {
    const FLAGS: bool = true;
    #[inline]
    fn split(self) -> (u32, bool) {
        (u32::from(self.0), self.1)
    }
}

/// Slices count their offsets in elements.
impl<U: Unit> Source for &[U] {
    const FLAGS: bool = U::FLAGS;
    fn units(self) -> usize {
        self.len()
    }
    fn each(self) -> impl Iterator<Item = (u32, bool, usize)> {
        self.iter().enumerate().map(|(o, &u)| {
            let (c, up) = u.split();
            (c, up, o)
        })
    }
}

/// Where the encoder writes its ASCII output, byte by byte.
pub(crate) trait Out {
    fn push(&mut self, byte: u8) -> fmt::Result;
    /// Several ASCII bytes at once; on failure, the index of the byte that failed.
    #[inline]
    fn push_slice(&mut self, bytes: &[u8]) -> Result<(), usize> {
        for (k, &b) in bytes.iter().enumerate() {
            self.push(b).map_err(|_| k)?;
        }
        Ok(())
    }
    fn finish(&mut self) -> fmt::Result;
}

/// Counts the output instead of writing it ([`encoded_len`](crate::encoded_len)).
pub(crate) struct Count(pub(crate) usize);

impl Out for Count {
    #[inline]
    fn push(&mut self, _: u8) -> fmt::Result {
        self.0 += 1;
        Ok(())
    }
    #[inline]
    fn push_slice(&mut self, bytes: &[u8]) -> Result<(), usize> {
        self.0 += bytes.len();
        Ok(())
    }
    fn finish(&mut self) -> fmt::Result {
        Ok(())
    }
}

/// Compares the output, without ASCII case, with an expected string, failing at the
/// first difference ([`encodes_to`](crate::encodes_to)).
pub(crate) struct Compare<'e> {
    rest: &'e [u8],
}

impl<'e> Compare<'e> {
    pub(crate) const fn new(expected: &'e [u8]) -> Self {
        Self { rest: expected }
    }

    /// Whether all of the expected string was produced.
    pub(crate) const fn is_done(&self) -> bool {
        self.rest.is_empty()
    }
}

impl Out for Compare<'_> {
    #[inline]
    fn push(&mut self, byte: u8) -> fmt::Result {
        match self.rest.split_first() {
            Some((&b, rest)) if b.eq_ignore_ascii_case(&byte) => {
                self.rest = rest;
                Ok(())
            }
            _ => Err(fmt::Error),
        }
    }
    fn finish(&mut self) -> fmt::Result {
        Ok(())
    }
}

/// Buffers output on the stack and hands it to a [`fmt::Write`] in chunks: one
/// `write_str` call per 128 bytes instead of one `write_char` per digit.
pub(crate) struct Buffered<'w, W: fmt::Write + ?Sized> {
    writer: &'w mut W,
    buf: [u8; 128],
    len: usize,
}

impl<'w, W: fmt::Write + ?Sized> Buffered<'w, W> {
    pub(crate) fn new(writer: &'w mut W) -> Self {
        Self {
            writer,
            buf: [0; 128],
            len: 0,
        }
    }
}

/// `encode_to_string` writes straight into its `String`.
#[cfg(feature = "alloc")]
impl Out for alloc::string::String {
    #[inline]
    fn push(&mut self, byte: u8) -> fmt::Result {
        self.push(char::from(byte));
        Ok(())
    }
    /// One `push_str` of the whole staged output.
    #[inline]
    fn push_slice(&mut self, bytes: &[u8]) -> Result<(), usize> {
        // Only ASCII is ever pushed, so this never fails.
        self.push_str(core::str::from_utf8(bytes).map_err(|e| e.valid_up_to())?);
        Ok(())
    }
    fn finish(&mut self) -> fmt::Result {
        Ok(())
    }
}

impl<W: fmt::Write + ?Sized> Out for Buffered<'_, W> {
    #[inline]
    fn push(&mut self, byte: u8) -> fmt::Result {
        if self.len == self.buf.len() {
            self.finish()?;
        }
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
        Ok(())
    }

    /// Whatever is buffered, then `bytes` in one `write_str`.
    fn push_slice(&mut self, bytes: &[u8]) -> Result<(), usize> {
        self.finish().map_err(|_| 0usize)?;
        let text = core::str::from_utf8(bytes).map_err(|e| e.valid_up_to())?;
        self.writer.write_str(text).map_err(|_| 0usize)
    }

    fn finish(&mut self) -> fmt::Result {
        // Only ASCII bytes are ever pushed, so this never fails.
        let chunk = core::str::from_utf8(self.buf.get(..self.len).unwrap_or_default())
            .map_err(|_| fmt::Error)?;
        self.len = 0;
        self.writer.write_str(chunk)
    }
}
