//! `cargo xtask codegen [--check]`: the generated Unicode tables of the libraries.
//!
//! Each table is written from a data file under `testdata/` and, where the file does not
//! hold a property, from the ICU4X data the libraries use at run time, so that one
//! Unicode version runs through the whole crate (the terminal escape table needs
//! no data file: ICU4X holds all its properties). `--check` (run by `cargo xtask ci`)
//! fails when a committed table differs from what the generator writes now.

use std::fs;
use std::path::Path;

use crate::{Result, root};

mod escape;
mod idna2008;

/// Runs every generator; with `check`, compares instead of writing.
pub(crate) fn run(args: &[String]) -> Result {
    let check = match args {
        [] => false,
        [flag] if flag == "--check" => true,
        _ => return Err("usage: cargo xtask codegen [--check]".to_owned()),
    };
    idna2008::run(check)?;
    escape::run(check)?;
    crate::codegen_uts39::run(check)
}

/// Writes `contents` to `path` (relative to the workspace root), or with `check` fails
/// if the file differs from it.
pub(crate) fn emit(path: &str, contents: &str, check: bool) -> Result {
    let full = root().join(path);
    if check {
        let current = fs::read_to_string(&full).unwrap_or_default();
        if current != contents {
            return Err(format!(
                "{path} is stale: run `cargo xtask codegen` and commit the result"
            ));
        }
        eprintln!("codegen: {path} is current");
        return Ok(());
    }
    fs::write(&full, contents).map_err(|e| format!("{}: {e}", full.display()))?;
    eprintln!("codegen: wrote {path}");
    Ok(())
}

/// Reads a data file (relative to the workspace root).
fn read(path: &str) -> Result<String> {
    let full = root().join(path);
    fs::read_to_string(&full).map_err(|e| format!("{}: {e}", Path::new(path).display()))
}

/// Parses a Unicode data file of `range ; value # comment` lines into `(first, last,
/// value)` triples.
fn ranges(text: &str) -> Result<Vec<(u32, u32, String)>> {
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

/// A table of one octet per code point, stored as a three-level trie with shared
/// blocks: `top[cp >> 10]` → `mid` block of 32 leaf indices → `leaf` block of 32 values.
struct Trie {
    top: Vec<u16>,
    mid: Vec<u16>,
    leaf: Vec<u8>,
}

const LEAF: usize = 32;
const MID: usize = 32;

impl Trie {
    fn build(values: &[u8]) -> Self {
        let mut leaf: Vec<u8> = Vec::new();
        let mut leaf_ids = std::collections::HashMap::<&[u8], u16>::new();
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

    fn get(&self, cp: u32) -> u8 {
        let cp = cp as usize;
        let m = usize::from(self.top[cp / (LEAF * MID)]);
        let l = usize::from(self.mid[m * MID + (cp / LEAF) % MID]);
        self.leaf[l * LEAF + cp % LEAF]
    }
}

/// Formats a slice as the body of a Rust array literal, `per_line` values a line.
fn array_body<T: std::fmt::Display>(values: &[T], per_line: usize) -> String {
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
