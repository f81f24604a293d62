//! The shapes the generated Unicode tables share: range files parsed, one-value-per-code-
//! point tries built, arrays formatted as Rust source.

use crate::Result;

/// Parses a Unicode data file of `range ; value # comment` lines into `(first, last,
/// value)` triples.
pub(super) fn ranges(text: &str) -> Result<Vec<(u32, u32, String)>> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let mut fields = line.split(';').map(str::trim);
        let (Some(range), Some(value)) = (fields.next(), fields.next()) else {
            return Err(format!("line {}: expected `range ; value`", n + 1));
        };
        let hex =
            |s: &str| u32::from_str_radix(s, 16).map_err(|e| format!("line {}: {s}: {e}", n + 1));
        let (first, last) = match range.split_once("..") {
            Some((a, b)) => (hex(a)?, hex(b)?),
            None => (hex(range)?, hex(range)?),
        };
        out.push((first, last, value.to_owned()));
    }
    Ok(out)
}

/// A table of one value per code point (an octet for the IDNA table, a `u16` for the
/// skeleton table), stored as a three-level trie with shared blocks: `top[cp >> 10]` →
/// `mid` block of 32 leaf indices → `leaf` block of 32 values.
pub(super) struct Trie<T = u8> {
    pub(super) top: Vec<u16>,
    pub(super) mid: Vec<u16>,
    pub(super) leaf: Vec<T>,
}

pub(super) const LEAF: usize = 32;
pub(super) const MID: usize = 32;

impl<T: Copy + Eq + std::hash::Hash> Trie<T> {
    pub(super) fn build(values: &[T]) -> Self {
        let mut leaf: Vec<T> = Vec::new();
        let mut leaf_ids = std::collections::HashMap::<&[T], u16>::new();
        let mut mid: Vec<u16> = Vec::new();
        let mut mid_ids = std::collections::HashMap::<Vec<u16>, u16>::new();
        let mut top = Vec::new();
        for chunk in values.chunks(LEAF * MID) {
            let mut block = Vec::with_capacity(MID);
            for piece in chunk.chunks(LEAF) {
                let next = u16::try_from(leaf_ids.len()).unwrap_or(u16::MAX);
                let id = *leaf_ids.entry(piece).or_insert_with(|| {
                    leaf.extend_from_slice(piece);
                    next
                });
                block.push(id);
            }
            let next = u16::try_from(mid_ids.len()).unwrap_or(u16::MAX);
            let id = *mid_ids.entry(block.clone()).or_insert_with(|| {
                mid.extend_from_slice(&block);
                next
            });
            top.push(id);
        }
        Self { top, mid, leaf }
    }

    pub(super) fn get(&self, cp: u32) -> T {
        let cp = cp as usize;
        let m = usize::from(self.top[cp / (LEAF * MID)]);
        let l = usize::from(self.mid[m * MID + (cp / LEAF) % MID]);
        self.leaf[l * LEAF + cp % LEAF]
    }
}

/// The trie as Rust source: `{prefix}LEAF` and `{prefix}MID` (the block sizes),
/// `{prefix}TOP`, `{prefix}MIDDLE` and `{prefix}LEAVES` (values of type `value`,
/// documented by `leaves_doc`).
pub(super) fn trie_source<T: std::fmt::Display>(
    trie: &Trie<T>,
    prefix: &str,
    value: &str,
    leaves_doc: &str,
) -> String {
    format!(
        "/// Code points in a leaf block, and leaf indices in a middle block.\n\
         pub(crate) const {prefix}LEAF: usize = {LEAF};\n\
         pub(crate) const {prefix}MID: usize = {MID};\n\n\
         /// Middle block of each 1,024 code points.\n\
         #[rustfmt::skip]\n\
         pub(crate) static {prefix}TOP: [u16; {}] = [\n{}];\n\n\
         /// Leaf block of each {LEAF} code points.\n\
         #[rustfmt::skip]\n\
         pub(crate) static {prefix}MIDDLE: [u16; {}] = [\n{}];\n\n\
         /// {leaves_doc}\n\
         #[rustfmt::skip]\n\
         pub(crate) static {prefix}LEAVES: [{value}; {}] = [\n{}];\n",
        trie.top.len(),
        array_body(&trie.top, 16),
        trie.mid.len(),
        array_body(&trie.mid, 16),
        trie.leaf.len(),
        array_body(&trie.leaf, 16),
    )
}

/// Formats a slice as the body of a Rust array literal, `per_line` values a line.
pub(super) fn array_body<T: std::fmt::Display>(values: &[T], per_line: usize) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for line in values.chunks(per_line) {
        out.push_str("   ");
        for v in line {
            let _ = write!(out, " {v},");
        }
        out.push('\n');
    }
    out
}
