//! Helpers shared by the test modules.

use std::path::PathBuf;

/// Path of a file under the workspace `testdata/`.
pub fn testdata(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(path)
}

/// Reads a file under `testdata/`.
pub fn read(path: &str) -> String {
    let file = testdata(path);
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}
