//! Replays `validation_alloc_free` on stable: its own test binary, because it installs
//! the counting global allocator (and one test, so no other test thread allocates
//! while it measures).

use std::alloc::System;
use std::fs;
use std::path::Path;

use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

#[test]
fn validation_alloc_free() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut inputs = Vec::new();
    for kind in ["corpus", "regressions"] {
        let Ok(entries) = fs::read_dir(root.join(kind).join("validation_alloc_free")) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_file() && path.file_name().is_some_and(|n| n != ".gitkeep") {
                inputs.push(fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())));
            }
        }
    }
    assert!(!inputs.is_empty(), "no corpus for validation_alloc_free");
    for data in &inputs {
        rfc3696_fuzz::validation_alloc_free(data, GLOBAL);
    }
}
