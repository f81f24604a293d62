//! Project automation, run as `cargo xtask <command>`.
//!
//! Small on purpose (matklad's xtask pattern): CI must build it quickly on a fresh
//! machine. Its dependencies are the ICU4X crates the libraries already use (for the
//! Unicode properties of the generated tables), `serde_json` (criterion's results and
//! `cargo metadata`) and `plotters` (the benchmark plots; already built for criterion).
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
//! - `corpus [--out DIR] [--seed N]`: write the benchmark corpora of `testdata/corpus/`
//!   in their formats and sizes from a seeded generator (to `target/corpus/` by default).
//! - `package`: package every published crate with verification, then run the
//!   `ldh-domain` tests from its unpacked package (part of `ci`).
//! - `python`: build the `rfc3696` Python wheel in a virtual environment and run its
//!   pytest suite (part of `ci`); `python-bench`: its benchmark against email-validator
//!   and idna.

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

mod bench;
mod codegen;
mod corpus;
mod fuzz;
mod package;
mod python;
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
        Some("corpus") => corpus::run(&args[1..]),
        Some("package") => package::run(),
        Some("python") => python::ci(),
        Some("python-bench") => python::bench(&args[1..]),
        _ => {
            eprintln!(
                "usage: cargo xtask <ci|nostd|docs|fmt|clippy|test|tld-update PATH|tld-check|codegen [--check]|bench [--quick] [--report-only] [FILTER]|fuzz [TARGET] [--seconds N]|corpus [--out DIR] [--seed N]|package|python|python-bench>"
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
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts read from the manifest, each a yes or no"
)]
struct Member {
    name: String,
    /// The features the manifest declares, without `default`.
    features: Vec<String>,
    /// Whether the manifest has a `default` feature.
    has_default: bool,
    /// Checked across the feature ladder (each feature alone, none, defaults, all);
    /// a manifest opts out with `xtask-ladder = false` under `[package.metadata.xtask]`
    /// (the facade, whose features only pass through: it adds no code of its own).
    ladder: bool,
    /// Has a very large dependency tree (`xtask-heavy = true`: `DataFusion`, Ballista),
    /// or some features that bring one (`xtask-heavy-features = [..]`). Such crates and
    /// features stay out of the ladder and are checked, tested and documented once, in
    /// one cargo command for all of them with all their features (see [`heavy`]), so that
    /// the large tree is built once for checking and once for the tests.
    heavy: bool,
    /// The features of `xtask-heavy-features`, left out of [`Member::features`].
    heavy_features: Vec<String>,
    /// A Python extension (`xtask-python = true`: `rfc3696-python`): out of the ladder,
    /// the tests and rustdoc; [`python::ci`] checks it, builds its wheel and runs pytest.
    python: bool,
}

/// Lists the workspace members under `crates/`, read from `cargo metadata` (the
/// manifests as cargo understands them, not as text).
fn members() -> Result<Vec<Member>> {
    let metadata = metadata()?;
    let crates_dir = root().join("crates");
    let mut members = Vec::new();
    for package in metadata["packages"].as_array().into_iter().flatten() {
        let under_crates = package["manifest_path"]
            .as_str()
            .is_some_and(|path| Path::new(path).starts_with(&crates_dir));
        if !under_crates {
            continue;
        }
        let name = package["name"]
            .as_str()
            .ok_or("cargo metadata: a package without a name")?
            .to_owned();
        let xtask = &package["metadata"]["xtask"];
        let heavy_features: Vec<String> = xtask["xtask-heavy-features"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|f| f.as_str().map(str::to_owned))
            .collect();
        let declared = package["features"].as_object();
        let has_default = declared.is_some_and(|f| f.contains_key("default"));
        let features = declared
            .into_iter()
            .flat_map(|f| f.keys())
            .filter(|f| *f != "default" && !heavy_features.contains(f))
            .cloned()
            .collect();
        members.push(Member {
            name,
            features,
            has_default,
            ladder: xtask["xtask-ladder"].as_bool() != Some(false),
            heavy: xtask["xtask-heavy"].as_bool() == Some(true) || !heavy_features.is_empty(),
            heavy_features,
            python: xtask["xtask-python"].as_bool() == Some(true),
        });
    }
    members.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(members)
}

/// `cargo metadata` of the workspace, without its dependencies.
fn metadata() -> Result<serde_json::Value> {
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(&cargo)
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(root())
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    serde_json::from_slice(&output.stdout).map_err(|e| format!("cargo metadata: {e}"))
}

/// The feature sets clippy checks a crate with. A crate without features (std-only
/// crates such as `email-dns`, whose large dependency tree should be built once) is
/// checked once; an opted-out crate with its defaults and with all features; any other
/// crate with no features, each feature alone, its defaults and all features. Sets that
/// would build the same thing twice are left out: no features equals the defaults when
/// there is no `default` feature, and one feature alone equals all features when it is
/// the only one.
fn feature_sets(member: &Member) -> Vec<Vec<String>> {
    let owned = |args: &[&str]| args.iter().map(|&a| a.to_owned()).collect::<Vec<_>>();
    if member.features.is_empty() {
        return if member.heavy_features.is_empty() {
            vec![vec![]]
        } else {
            vec![vec!["--no-default-features".to_owned()]]
        };
    }
    if !member.ladder {
        return vec![vec![], all_features(member)];
    }
    let mut sets = Vec::new();
    if member.has_default {
        sets.push(owned(&["--no-default-features"]));
    }
    if member.features.len() > 1 {
        for feature in &member.features {
            sets.push(owned(&["--no-default-features", "--features", feature]));
        }
    }
    sets.push(vec![]);
    sets.push(all_features(member));
    sets
}

/// `--all-features`, or for a crate with heavy features all its other features.
fn all_features(member: &Member) -> Vec<String> {
    if member.heavy_features.is_empty() {
        vec!["--all-features".to_owned()]
    } else {
        vec!["--features".to_owned(), member.features.join(",")]
    }
}

/// The feature sets the tests run with: fewer than clippy's (tests cost more than
/// checks), the rungs a user meets: no features, `alloc` alone where it exists, the
/// defaults, all features.
fn test_sets(member: &Member) -> Vec<Vec<String>> {
    let owned = |args: &[&str]| args.iter().map(|&a| a.to_owned()).collect::<Vec<_>>();
    if member.features.is_empty() {
        return vec![vec![]];
    }
    if !member.ladder || !member.features.iter().any(|f| f == "alloc") {
        return vec![vec![], all_features(member)];
    }
    vec![
        owned(&["--no-default-features"]),
        owned(&["--no-default-features", "--features", "alloc"]),
        vec![],
        all_features(member),
    ]
}

fn fmt_check() -> Result {
    cargo(&["fmt", "--all", "--", "--check"], &[])
}

/// The cargo arguments that select every heavy crate with all its features, heavy
/// ones included: the same for clippy, the tests and the docs, so that cargo unifies the
/// same features each time and the check build of the large tree is shared by clippy
/// and rustdoc.
fn heavy(members: &[Member]) -> Vec<String> {
    let mut args = Vec::new();
    for member in members.iter().filter(|m| m.heavy) {
        args.extend(["--package".to_owned(), member.name.clone()]);
    }
    if !args.is_empty() {
        args.push("--all-features".to_owned());
    }
    args
}

/// Runs cargo with `command` (the subcommand and its first arguments) on every light
/// crate once per feature set that `sets` gives it, then on the heavy crates together
/// (see [`heavy`]); `tail` ends each command line.
fn ladder(
    command: &[&str],
    sets: fn(&Member) -> Vec<Vec<String>>,
    tail: &[&str],
    envs: &[(&str, &str)],
) -> Result {
    let members = members()?;
    for member in members
        .iter()
        .filter(|m| (!m.heavy || !m.heavy_features.is_empty()) && !m.python)
    {
        for features in sets(member) {
            let mut args = command.to_vec();
            args.extend(["--package", &member.name]);
            args.extend(features.iter().map(String::as_str));
            args.extend_from_slice(tail);
            cargo(&args, envs)?;
        }
    }
    let heavy = heavy(&members);
    if !heavy.is_empty() {
        let mut args = command.to_vec();
        args.extend(heavy.iter().map(String::as_str));
        args.extend_from_slice(tail);
        cargo(&args, envs)?;
    }
    Ok(())
}

fn clippy() -> Result {
    ladder(
        &["clippy", "--all-targets"],
        feature_sets,
        &["--", "-D", "warnings"],
        &[],
    )?;
    cargo(
        &["clippy", "--package", "xtask", "--", "-D", "warnings"],
        &[],
    )
}

/// CI must not be flaky: property tests explore a fixed (but large) sample per run. Run
/// `cargo test` by hand, without this variable, to explore new random cases.
const PROPTEST_SEED: (&str, &str) = ("PROPTEST_RNG_SEED", "3696");

fn test() -> Result {
    ladder(&["test"], test_sets, &[], &[PROPTEST_SEED])
}

/// The API docs with warnings denied: every crate but the heavy ones with all features,
/// then the heavy ones as clippy checked them.
fn docs() -> Result {
    let members = members()?;
    let mut args = vec!["doc", "--workspace", "--no-deps", "--all-features"];
    args.extend_from_slice(&["--exclude", "xtask"]);
    for member in members.iter().filter(|m| m.heavy || m.python) {
        args.extend_from_slice(&["--exclude", &member.name]);
    }
    let rustdoc = [("RUSTDOCFLAGS", "-D warnings")];
    cargo(&args, &rustdoc)?;
    let heavy = heavy(&members);
    if heavy.is_empty() {
        return Ok(());
    }
    // `--examples` makes cargo resolve features with the dev-dependencies, as clippy's
    // `--all-targets` did: without it some crates under DataFusion get other features
    // (`assert_cmd` turns on one of `regex-automata`) and the whole tree is checked again.
    let mut args = vec!["doc", "--no-deps", "--lib", "--examples"];
    args.extend(heavy.iter().map(String::as_str));
    cargo(&args, &rustdoc)
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
    package::run()?;
    python::ci()?;
    eprintln!(
        "\nxtask ci: all checks passed in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
