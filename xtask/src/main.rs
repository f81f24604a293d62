//! Project automation, run as `cargo xtask <command>`.
//!
//! Small on purpose (matklad's xtask pattern): CI must build it quickly on a fresh
//! machine. Its only dependencies are the ICU4X crates the libraries already use, for
//! the Unicode properties of the generated tables.
//!
//! Commands:
//! - `ci`: everything CI checks, failing on the first problem.
//! - `nostd`: build the `#![no_std]` consumer without `alloc`.
//! - `docs`: build the API docs with warnings denied.
//! - `tld-update PATH`: regenerate the `ldh-domain` IANA TLD table from PATH.
//! - `tld-check`: check that table is current (part of `ci`).
//! - `codegen [--check]`: write the generated Unicode tables (with `--check`, part of
//!   `ci`: fail when one is stale).
//! - `bench [--quick] [--report-only] [FILTER]`: run the criterion suite and write
//!   `docs/benchmarks.md` and its SVG plots.
//! - `fuzz [TARGET] [--seconds N]`: run the cargo-fuzz targets (needs nightly and
//!   cargo-fuzz; says so when they are missing).

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

mod bench;
mod codegen;
mod codegen_uts39;
mod fuzz;
mod json;
mod tld;

type Result<T = ()> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("ci") => ci(),
        Some("nostd") => nostd(),
        Some("docs") => docs(),
        Some("fmt") => fmt_check(),
        Some("clippy") => clippy(),
        Some("test") => test(),
        Some("tld-update") => match args.get(1) {
            Some(path) => tld::update(path),
            None => Err("usage: cargo xtask tld-update PATH".to_owned()),
        },
        Some("tld-check") => tld::check(),
        Some("codegen") => codegen::run(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        Some("fuzz") => fuzz::run(&args[1..]),
        _ => {
            eprintln!(
                "usage: cargo xtask <ci|nostd|docs|fmt|clippy|test|tld-update PATH|tld-check|codegen [--check]|bench [--quick] [--report-only] [FILTER]|fuzz [TARGET] [--seconds N]>"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: the parent of this crate's manifest directory.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// Runs `cargo` with `args` in the workspace root, failing if it fails.
fn cargo(args: &[&str], envs: &[(&str, &str)]) -> Result {
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    eprintln!("\n$ cargo {}", args.join(" "));
    let started = Instant::now();
    let status = Command::new(&cargo)
        .args(args)
        .envs(envs.iter().copied())
        .current_dir(root())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    eprintln!("  ({:.1} s)", started.elapsed().as_secs_f64());
    if status.success() {
        Ok(())
    } else {
        Err(format!("`cargo {}` failed ({status})", args.join(" ")))
    }
}

/// A workspace member under `crates/`, as far as CI needs to know it.
struct Member {
    name: String,
    /// Has the `alloc`/`std` feature ladder, so it is tested at every rung.
    ladder: bool,
    /// Declares no feature at all: `--all-features` would build the same thing again.
    featureless: bool,
}

/// Lists the members under `crates/` by reading their manifests.
///
/// A crate takes part in the feature ladder when its manifest declares an `alloc`
/// feature and does not opt out with `xtask-ladder = false` (the facade, whose features
/// only pass through, opts out: a facade adds no code of its own).
fn members() -> Result<Vec<Member>> {
    let mut members = Vec::new();
    let dir = root().join("crates");
    let entries = fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path().join("Cargo.toml");
        let Ok(manifest) = fs::read_to_string(&path) else {
            continue;
        };
        let name = manifest
            .lines()
            .find_map(|line| line.strip_prefix("name = \""))
            .and_then(|rest| rest.strip_suffix('"'))
            .ok_or_else(|| format!("{}: no package name", path.display()))?
            .to_owned();
        let ladder = manifest
            .lines()
            .any(|l| l.trim_start().starts_with("alloc = ["))
            && !manifest.contains("xtask-ladder = false");
        let featureless = declares_no_features(&manifest);
        members.push(Member {
            name,
            ladder,
            featureless,
        });
    }
    members.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(members)
}

/// Whether the manifest's `[features]` table is missing or empty (std-only crates such
/// as `email-dns`, whose large dependency tree should be built once, not twice).
fn declares_no_features(manifest: &str) -> bool {
    let mut in_features = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_features = line == "[features]";
        } else if in_features && !line.is_empty() && !line.starts_with('#') {
            return false;
        }
    }
    true
}

/// The feature sets a laddered crate is checked with.
const LADDER: [&[&str]; 4] = [
    &["--no-default-features"],
    &["--no-default-features", "--features", "alloc"],
    &[],
    &["--all-features"],
];

/// The feature sets any other crate is checked with.
const PLAIN: [&[&str]; 2] = [&[], &["--all-features"]];

/// The feature set of a crate without features.
const DEFAULT_ONLY: [&[&str]; 1] = [&[]];

fn feature_sets(member: &Member) -> &'static [&'static [&'static str]] {
    if member.ladder {
        &LADDER
    } else if member.featureless {
        &DEFAULT_ONLY
    } else {
        &PLAIN
    }
}

fn fmt_check() -> Result {
    cargo(&["fmt", "--all", "--", "--check"], &[])
}

fn clippy() -> Result {
    for member in members()? {
        for features in feature_sets(&member) {
            let mut args = vec!["clippy", "--package", &member.name, "--all-targets"];
            args.extend_from_slice(features);
            args.extend_from_slice(&["--", "-D", "warnings"]);
            cargo(&args, &[])?;
        }
    }
    cargo(
        &["clippy", "--package", "xtask", "--", "-D", "warnings"],
        &[],
    )
}

/// CI must not be flaky: property tests explore a fixed (but large) sample per run. Run
/// `cargo test` by hand, without this variable, to explore new random cases.
const PROPTEST_SEED: (&str, &str) = ("PROPTEST_RNG_SEED", "3696");

fn test() -> Result {
    for member in members()? {
        for features in feature_sets(&member) {
            let mut args = vec!["test", "--package", &member.name];
            args.extend_from_slice(features);
            cargo(&args, &[PROPTEST_SEED])?;
        }
    }
    Ok(())
}

fn docs() -> Result {
    cargo(
        &[
            "doc",
            "--workspace",
            "--no-deps",
            "--all-features",
            "--exclude",
            "xtask",
        ],
        &[("RUSTDOCFLAGS", "-D warnings")],
    )
}

/// Builds `xtask/nostd-check`, a `#![no_std]` static library with its own panic handler
/// that uses every library crate with no default features. If anything in the
/// dependency tree links `std`, the build fails with a duplicate `panic_impl` lang item.
fn nostd() -> Result {
    let manifest = root().join("xtask/nostd-check/Cargo.toml");
    let manifest = manifest.to_string_lossy();
    cargo(&["build", "--manifest-path", &manifest, "--release"], &[])
}

/// Every table generator; `check` compares instead of writing.
fn ci() -> Result {
    let started = Instant::now();
    fmt_check()?;
    tld::check()?;
    codegen::run(&["--check".to_owned()])?;
    clippy()?;
    test()?;
    // The committed fuzz corpora and saved crashes, replayed on stable.
    fuzz::replay()?;
    docs()?;
    nostd()?;
    eprintln!(
        "\nxtask ci: all checks passed in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
