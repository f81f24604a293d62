//! Replays every committed corpus file and every saved crash through the fuzz
//! properties on stable Rust (no libFuzzer): `cargo test --manifest-path fuzz/Cargo.toml`,
//! run by `cargo xtask ci`.
//!
//! `fuzz/corpus/<target>/` holds the seeds and the minimized corpus of each target;
//! `fuzz/regressions/<target>/` holds every input that ever failed, kept forever.
//!
//! A finding in a library crate that is not fixed yet is listed in
//! `fuzz/regressions/OPEN` (`<target>/<file>` per line, `#` comments): its input must
//! still fail, so CI stays green while the finding is tracked, and the day the crate is
//! fixed this test fails until the line is removed and the input becomes an ordinary
//! regression.

use std::fs;
use std::path::Path;

/// The open findings: `<target>/<file>` entries of `regressions/OPEN`.
fn open_findings() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions/OPEN");
    fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// Runs every file of `corpus/<target>/` and `regressions/<target>/` through `property`
/// and returns how many ran. A failing input names its file in the panic message; an
/// open finding must fail.
fn replay(target: &str, property: fn(&[u8])) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let open = open_findings();
    let mut count = 0;
    for kind in ["corpus", "regressions"] {
        let dir = root.join(kind).join(target);
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            if !path.is_file() || path.file_name().is_some_and(|n| n == ".gitkeep") {
                continue;
            }
            let data = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let result = std::panic::catch_unwind(|| property(&data));
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if kind == "regressions" && open.contains(&format!("{target}/{name}")) {
                assert!(
                    result.is_err(),
                    "{target}/{name} is listed in fuzz/regressions/OPEN but passes now: \
                     remove it from OPEN (it stays as a regression test)"
                );
                count += 1;
                continue;
            }
            if let Err(cause) = result {
                let message = cause
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| cause.downcast_ref::<&str>().copied())
                    .unwrap_or("(no message)");
                panic!("{target}: {} fails: {message}", path.display());
            }
            count += 1;
        }
    }
    count
}

macro_rules! replay_tests {
    ($($target:ident),* $(,)?) => {
        $(
            #[test]
            fn $target() {
                let n = replay(stringify!($target), rfc3696_fuzz::$target);
                // Every target ships seeds: an empty run means a lost corpus.
                assert!(n > 0, "no corpus for {}", stringify!($target));
            }
        )*

        /// Every target in Cargo.toml has a replay test above (and vice versa).
        #[test]
        fn every_target_is_replayed() {
            let manifest = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
                .expect("fuzz/Cargo.toml");
            let mut bins: Vec<&str> = manifest
                .lines()
                .filter_map(|l| l.strip_prefix("name = \""))
                .filter_map(|l| l.strip_suffix('"'))
                .filter(|n| !["rfc3696-fuzz", "replay", "replay_alloc_free", "validation_alloc_free"].contains(n))
                .collect();
            bins.sort_unstable();
            let mut tested = vec![$(stringify!($target)),*];
            tested.sort_unstable();
            assert_eq!(bins, tested);
        }
    };
}

replay_tests!(
    punycode_decode,
    punycode_roundtrip,
    punycode_vs_idna,
    domain_parse,
    domain_ascii_vs_naive,
    domain_vs_idna,
    idna_roundtrip,
    email_parse,
    email_normalize,
    uri_roundtrip,
    uri_resolve,
    uri_vs_fluent,
    http_parse,
    mailto_parse,
    mailto_build,
    cli_lines,
    cli_render,
    email_convert,
    percent_roundtrip,
    mailto_options,
    serde_deserialize,
    terminal_text,
);
