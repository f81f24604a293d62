//! Where the generators' files come from and go to: data files read from the workspace,
//! generated files written, or with `--check` compared with what is committed.

use std::fs;
use std::path::Path;

use crate::{Result, root};

/// Writes `contents` to `path` (relative to the workspace root), or with `check` fails
/// if the file differs from it.
pub(super) fn emit(path: &str, contents: &str, check: bool) -> Result {
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
pub(super) fn read(path: &str) -> Result<String> {
    let full = root().join(path);
    fs::read_to_string(&full).map_err(|e| format!("{}: {e}", Path::new(path).display()))
}
