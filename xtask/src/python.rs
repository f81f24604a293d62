//! `cargo xtask python`: the `rfc3696` Python package (crate `rfc3696-python`) built as
//! a wheel and tested with pytest, as CI does it from a fresh clone.
//!
//! 1. A virtual environment under `target/python-venv` (`python3 -m venv`), with the
//!    pinned tools below from the package index (kept between runs while the pins stay
//!    the same).
//! 2. clippy on the crate (it stays out of the feature ladder: a pyo3 extension is
//!    checked once, with its only configuration).
//! 3. `maturin build --release` (the wheel, without debug info: faster to build and
//!    link), then `pip install` of that wheel into the environment.
//! 4. The import that a user's first line does, then pytest over
//!    `crates/rfc3696-python/tests` (its deliverability tests start their own DNS server
//!    on 127.0.0.1). A failing or empty pytest run fails CI.
//!
//! `cargo xtask python-bench` runs `crates/rfc3696-python/bench/bench.py` in the same
//! environment (after the same build), which compares the package with email-validator
//! and idna over the vendored corpora.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::{Result, cargo, root};

/// The tools and the packages of the differential tests, pinned so that a CI run is the
/// same run tomorrow: maturin builds the wheel; pytest runs the suite; email-validator
/// and idna are compared against; dnslib serves the test zone; dnspython is
/// email-validator's resolver (and a resolver object the tests pass as `dns_resolver`).
const REQUIREMENTS: &[&str] = &[
    "maturin==1.16.0",
    "pytest==9.2.0",
    "email-validator==2.4.0",
    "idna==3.20",
    "dnspython==2.9.2",
    "dnslib==0.9.26",
];

/// The crate's directory.
fn crate_dir() -> PathBuf {
    root().join("crates/rfc3696-python")
}

/// The virtual environment.
fn venv() -> PathBuf {
    root().join("target/python-venv")
}

/// An executable of the virtual environment.
fn venv_bin(name: &str) -> PathBuf {
    venv().join("bin").join(name)
}

/// Runs `program` with `args` in `dir`, failing if it fails.
fn run(program: &Path, args: &[&str], dir: &Path, envs: &[(&str, &str)]) -> Result {
    let shown = format!("{} {}", program.display(), args.join(" "));
    eprintln!("\n$ {shown}");
    let started = Instant::now();
    let status = Command::new(program)
        .args(args)
        .envs(envs.iter().copied())
        .current_dir(dir)
        .status()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    eprintln!("  ({:.1} s)", started.elapsed().as_secs_f64());
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{shown}` failed ({status})"))
    }
}

/// Creates the virtual environment and installs [`REQUIREMENTS`], unless a previous run
/// left one with the same pins.
fn environment() -> Result {
    let stamp = venv().join("rfc3696-requirements.txt");
    let wanted = REQUIREMENTS.join("\n");
    if std::fs::read_to_string(&stamp).is_ok_and(|had| had == wanted) && venv_bin("python").exists()
    {
        return Ok(());
    }
    let python = std::env::var_os("PYTHON").map_or_else(|| PathBuf::from("python3"), PathBuf::from);
    let venv = venv();
    let venv_text = venv.to_string_lossy();
    run(
        &python,
        &["-m", "venv", "--clear", &venv_text],
        &root(),
        &[],
    )?;
    let mut args = vec![
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
    ];
    args.extend_from_slice(REQUIREMENTS);
    run(&venv_bin("python"), &args, &root(), &[])?;
    std::fs::write(&stamp, wanted).map_err(|e| format!("cannot write {}: {e}", stamp.display()))
}

/// Builds the wheel with maturin and installs it into the environment.
fn wheel() -> Result {
    let out = root().join("target/wheels");
    // A wheel of an earlier build would be installed too: keep only this one.
    if out.exists() {
        for entry in std::fs::read_dir(&out).map_err(|e| format!("{}: {e}", out.display()))? {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.extension().is_some_and(|x| x == "whl") {
                std::fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
    }
    let out_text = out.to_string_lossy();
    let python = venv_bin("python");
    let python_text = python.to_string_lossy();
    run(
        &venv_bin("maturin"),
        &[
            "build",
            "--release",
            "--quiet",
            "--out",
            &out_text,
            "--interpreter",
            &python_text,
        ],
        &crate_dir(),
        // Release code without debug info: the wheel's own build profile, as an
        // environment override, so that the workspace's release profile stays as it is.
        &[("CARGO_PROFILE_RELEASE_DEBUG", "0")],
    )?;
    let wheel = std::fs::read_dir(&out)
        .map_err(|e| format!("{}: {e}", out.display()))?
        .filter_map(std::result::Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .ok_or("maturin built no wheel")?;
    let wheel = wheel.to_string_lossy();
    run(
        &python,
        &[
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--force-reinstall",
            &wheel,
        ],
        &root(),
        &[],
    )
}

/// Environment, clippy, wheel: what both commands need first.
fn prepare() -> Result {
    environment()?;
    cargo(
        &[
            "clippy",
            "--package",
            "rfc3696-python",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
        &[],
    )?;
    wheel()
}

/// The CI step.
pub fn ci() -> Result {
    let started = Instant::now();
    prepare()?;
    let python = venv_bin("python");
    // What a user's first line does, in the environment CI made.
    run(
        &python,
        &[
            "-c",
            "import rfc3696; print(rfc3696.validate_email('user@B\u{fc}cher.example').ascii_email)",
        ],
        &root(),
        &[],
    )?;
    run(
        &python,
        &["-m", "pytest", "-p", "no:cacheprovider", "-q", "tests"],
        &crate_dir(),
        &[("PYTHONDONTWRITEBYTECODE", "1")],
    )?;
    eprintln!(
        "  (Python package: {:.0} s in all)",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The benchmark against email-validator and idna (not part of CI).
pub fn bench(args: &[String]) -> Result {
    prepare()?;
    let mut all = vec!["bench/bench.py"];
    all.extend(args.iter().map(String::as_str));
    run(&venv_bin("python"), &all, &crate_dir(), &[])
}
