//! `cargo xtask codegen [--check]`: the generated Unicode tables of the libraries.
//!
//! Each table is written from a data file under `testdata/` and, where the file does not
//! hold a property, from the ICU4X data the libraries use at run time, so that one
//! Unicode version runs through the whole crate (the terminal escape table needs
//! no data file: ICU4X holds all its properties). `--check` (run by `cargo xtask ci`)
//! fails when a committed table differs from what the generator writes now.
//!
//! | file | what |
//! |---|---|
//! | `idna2008.rs`, `escape.rs`, `uts39.rs` | one generator each (`uts39/skeleton.rs`: the skeleton table of the UTS #39 one) |
//! | `emit.rs` | reading data files, writing or checking generated ones |
//! | `table.rs` | range files, tries and array literals the generators share |

use crate::Result;

mod emit;
mod escape;
mod idna2008;
mod table;
mod uts39;

/// Runs every generator; with `check`, compares instead of writing.
pub(crate) fn run(args: &[String]) -> Result {
    let check = match args {
        [] => false,
        [flag] if flag == "--check" => true,
        _ => return Err("usage: cargo xtask codegen [--check]".to_owned()),
    };
    idna2008::run(check)?;
    escape::run(check)?;
    uts39::run(check)
}
