//! `cargo xtask fuzz [TARGET] [--seconds N]`: run the cargo-fuzz targets of `fuzz/`;
//! `cargo xtask fuzz --replay`: the corpus replay that `cargo xtask ci` runs on stable.
//!
//! Fuzzing needs a nightly toolchain and `cargo-fuzz`; a machine without them gets a
//! plain message saying what to install, and a non-zero exit. The replay needs neither:
//! it is an ordinary `cargo test` of the fuzz crate (its own workspace).

use std::fs;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::{Result, root};

/// Seconds per target when `--seconds` is not given.
const DEFAULT_SECONDS: u64 = 60;

fn fuzz_dir() -> PathBuf {
    root().join("fuzz")
}

/// The targets: one `fuzz/fuzz_targets/<name>.rs` each, sorted.
fn targets() -> Result<Vec<String>> {
    let dir = fuzz_dir().join("fuzz_targets");
    let entries = fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok()?.path().file_stem()?.to_str().map(str::to_owned))
        .collect();
    names.sort();
    Ok(names)
}

/// Runs the rustup proxy `cargo` (not `$CARGO`, which is the stable toolchain's own
/// binary and does not understand `+nightly`) and reports whether it succeeded.
fn probe(args: &[&str]) -> bool {
    Command::new("cargo")
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Fails with a plain explanation when fuzzing cannot run on this machine.
fn check_tools() -> Result {
    if !probe(&["+nightly", "--version"]) {
        return Err(
            "fuzzing needs a nightly toolchain, and `cargo +nightly` is not available \
             here. Install it with `rustup toolchain install nightly`. (The committed corpora \
             are still replayed on stable by `cargo xtask ci`.)"
                .to_owned(),
        );
    }
    if !probe(&["+nightly", "fuzz", "--version"]) {
        return Err(
            "fuzzing needs cargo-fuzz, which is not installed. Install it with \
             `cargo install cargo-fuzz`. (The committed corpora are still replayed on stable \
             by `cargo xtask ci`.)"
                .to_owned(),
        );
    }
    Ok(())
}

/// `cargo xtask fuzz [TARGET] [--seconds N]`.
pub fn run(args: &[String]) -> Result {
    let usage = || {
        format!(
            "usage: cargo xtask fuzz [TARGET] [--seconds N] | --replay\ntargets: {}",
            targets().unwrap_or_default().join(", ")
        )
    };
    let mut seconds = DEFAULT_SECONDS;
    let mut target = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--seconds" => {
                seconds = iter
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .ok_or_else(usage)?;
            }
            // The stable replay alone (what `cargo xtask ci` runs).
            "--replay" => return replay(),
            "-h" | "--help" => {
                eprintln!("{}", usage());
                return Ok(());
            }
            name if target.is_none() && !name.starts_with('-') => target = Some(name.to_owned()),
            _ => return Err(usage()),
        }
    }
    let all = targets()?;
    let selected = match target {
        Some(t) if all.contains(&t) => vec![t],
        Some(t) => return Err(format!("no fuzz target `{t}`\n{}", usage())),
        None => all,
    };
    check_tools()?;

    let mut failed = Vec::new();
    for target in &selected {
        eprintln!("\n$ cargo +nightly fuzz run --features libfuzzer {target} (for {seconds} s)");
        let started = Instant::now();
        let status = Command::new("cargo")
            .args([
                "+nightly",
                "fuzz",
                "run",
                "--features",
                "libfuzzer",
                target,
                "--",
            ])
            .arg(format!("-max_total_time={seconds}"))
            // 2 GiB keeps a runaway input from taking the machine down; 10 s per input
            // flags super-linear behaviour as a timeout crash.
            .args(["-rss_limit_mb=2048", "-timeout=10"])
            .current_dir(fuzz_dir())
            .status()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        eprintln!("  ({:.0} s)", started.elapsed().as_secs_f64());
        if !status.success() {
            failed.push(target.clone());
        }
    }
    if failed.is_empty() {
        eprintln!(
            "\nxtask fuzz: no failures in {} target(s). New corpus entries are in \
             fuzz/corpus/<target>/; minimize them with `cargo +nightly fuzz cmin \
             --features libfuzzer <target>` before committing.",
            selected.len()
        );
        Ok(())
    } else {
        Err(format!(
            "fuzz targets failed: {}. The failing inputs are in fuzz/artifacts/<target>/: \
             copy each into fuzz/regressions/<target>/ (replayed by `cargo xtask ci`) and \
             report it",
            failed.join(", ")
        ))
    }
}

/// Replays every committed corpus file and saved crash through the fuzz properties, on
/// stable, without libFuzzer (`fuzz/tests/replay.rs`). Part of `cargo xtask ci`.
pub fn replay() -> Result {
    let manifest = fuzz_dir().join("Cargo.toml");
    let manifest = manifest.to_string_lossy();
    crate::cargo(&["test", "--manifest-path", &manifest], &[])
}
