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
    // Open findings (`regressions/OPEN`): their inputs must still fail.
    let open: Vec<String> = fs::read_to_string(root.join("regressions/OPEN"))
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter_map(|l| l.strip_prefix("validation_alloc_free/"))
        .map(str::to_owned)
        .collect();
    let mut inputs = Vec::new();
    for kind in ["corpus", "regressions"] {
        let Ok(entries) = fs::read_dir(root.join(kind).join("validation_alloc_free")) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if path.is_file() && name != ".gitkeep" {
                let data = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                if kind == "regressions" && open.contains(&name) {
                    let result = std::panic::catch_unwind(|| {
                        rfc3696_fuzz::validation_alloc_free(&data, GLOBAL)
                    });
                    assert!(
                        result.is_err(),
                        "validation_alloc_free/{name} is listed in fuzz/regressions/OPEN but passes now: remove it from OPEN"
                    );
                    continue;
                }
                inputs.push(data);
            }
        }
    }
    assert!(!inputs.is_empty(), "no corpus for validation_alloc_free");
    for data in &inputs {
        rfc3696_fuzz::validation_alloc_free(data, GLOBAL);
    }
}
