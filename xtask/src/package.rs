//! `cargo xtask package`: the crates as crates.io would get them (part of `ci`).
//!
//! 1. `cargo package --workspace --no-verify` over every crate whose manifest does not
//!    say `publish = false`: each `.crate` under `target/package/`, its manifest with
//!    versions for the workspace dependencies (a path dependency without one fails here).
//! 2. The same with verification for all but the heavy crates: cargo unpacks each
//!    `.crate` and builds it (dev profile, default features) against the packages of
//!    the others, through its temporary registry over crates.io, so a source file left
//!    out of a package fails. The heavy crates (`xtask-heavy`, `xtask-heavy-features`)
//!    are only packaged: `rfc3696-datafusion` builds `DataFusion` in every configuration,
//!    and cargo resolves `rfc3696-cli` together with its optional dependency on that
//!    crate, so verifying either would add a `DataFusion` build to CI.
//! 3. The `ldh-domain` package unpacked under `target/package-test/` next to the
//!    packages of its workspace dependencies (patched in by path in a generated
//!    workspace), and its tests run there with all its features, so that they read
//!    nothing but what the package holds.
//!
//! Steps 2 and 3 build in `target/package-build/`, apart from the workspace's builds.
//! Cargo takes a registry crate's version for its content, and every run packages the
//! same versions into a temporary registry at the same place: so before step 2, the
//! sources cargo unpacked from an earlier run's registry and the builds made of them are
//! removed, else a dependent would be verified against the code of the earlier run.

use std::collections::BTreeSet;
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{PROPTEST_SEED, Result, cargo, members, metadata, root};

/// The crate whose unpacked package runs its own tests.
const TESTED_FROM_PACKAGE: &str = "ldh-domain";

/// The target directory of the verification and of the tests of the unpacked package,
/// under the workspace's.
const BUILD_DIR: &str = "package-build";

/// The three steps of the module documentation.
pub(crate) fn run() -> Result {
    let metadata = metadata()?;
    let packages = metadata["packages"].as_array().cloned().unwrap_or_default();
    // `publish = false` reads as an empty list of registries.
    let unpublished: Vec<&str> = packages
        .iter()
        .filter(|p| p["publish"].as_array().is_some_and(Vec::is_empty))
        .filter_map(|p| p["name"].as_str())
        .collect();
    let heavy: Vec<String> = members()?
        .into_iter()
        .filter(|m| m.heavy)
        .map(|m| m.name)
        .collect();

    // `--allow-dirty`: uncommitted changes are packaged as they are, as the other steps
    // of `ci` check the work tree as it is.
    let mut args = vec!["package", "--workspace", "--allow-dirty"];
    for name in &unpublished {
        args.extend_from_slice(&["--exclude", name]);
    }
    let mut listed = args.clone();
    listed.push("--no-verify");
    cargo(&listed, &[])?;

    let target = Path::new(
        metadata["target_directory"]
            .as_str()
            .ok_or("cargo metadata: no target_directory")?,
    );
    let build = target.join(BUILD_DIR);
    forget_earlier_packages(&packages, &build)?;
    let build_arg = build.to_string_lossy();
    args.extend_from_slice(&["--target-dir", &build_arg]);
    for name in &heavy {
        args.extend_from_slice(&["--exclude", name]);
    }
    cargo(&args, &[])?;

    test_unpacked(&packages, TESTED_FROM_PACKAGE, target)
}

/// Removes what cargo keeps of the workspace crates from an earlier run's temporary
/// registry: their unpacked sources under `$CARGO_HOME/registry/src/` (in the
/// directories of registries without a host name, as that one is) and the fingerprints
/// of their builds in `build`, so that cargo unpacks and builds them again.
fn forget_earlier_packages(packages: &[serde_json::Value], build: &Path) -> Result {
    let cargo_home = env::var_os("CARGO_HOME").map_or_else(
        || PathBuf::from(env::var_os("HOME").unwrap_or_default()).join(".cargo"),
        PathBuf::from,
    );
    let local_registries: Vec<PathBuf> = fs::read_dir(cargo_home.join("registry/src"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().starts_with('-'))
        .map(|entry| entry.path())
        .collect();
    let fingerprints: Vec<PathBuf> = fs::read_dir(build.join("debug/.fingerprint"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .collect();
    let remove =
        |path: &Path| fs::remove_dir_all(path).map_err(|e| format!("{}: {e}", path.display()));
    for package in packages {
        let (Some(name), Some(version)) = (package["name"].as_str(), package["version"].as_str())
        else {
            continue;
        };
        for registry in &local_registries {
            let unpacked = registry.join(format!("{name}-{version}"));
            if unpacked.exists() {
                remove(&unpacked)?;
            }
        }
        // `NAME-HASH`: the hash is hexadecimal, so `ldh-domain-` never matches another crate.
        let prefix = format!("{name}-");
        for fingerprint in &fingerprints {
            let file_name = fingerprint
                .file_name()
                .unwrap_or_default()
                .to_string_lossy();
            let is_of_name = file_name
                .strip_prefix(&prefix)
                .is_some_and(|hash| hash.bytes().all(|b| b.is_ascii_hexdigit()));
            if is_of_name && fingerprint.exists() {
                remove(fingerprint)?;
            }
        }
    }
    Ok(())
}

/// Unpacks the package of `name` and those of its workspace dependencies from
/// `target/package/` into `target/package-test/`, and runs its tests there.
fn test_unpacked(packages: &[serde_json::Value], name: &str, target: &Path) -> Result {
    let dir = target.join("package-test");
    if dir.exists() {
        fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;

    let tested = unpack(packages, name, target, &dir)?;
    let mut manifest = format!(
        "# Generated by `cargo xtask package`: the package of {name} with the packages of \
         its workspace dependencies in place of crates.io.\n[workspace]\nresolver = \"3\"\n\
         members = [\"{tested}\"]\n\n[patch.crates-io]\n"
    );
    for dependency in workspace_dependencies(packages, name)? {
        let unpacked = unpack(packages, &dependency, target, &dir)?;
        let _ = writeln!(manifest, "{dependency} = {{ path = \"{unpacked}\" }}");
    }
    let write = |file: &str, text: &str| {
        fs::write(dir.join(file), text).map_err(|e| format!("{file}: {e}"))
    };
    write("Cargo.toml", &manifest)?;
    // The workspace's lock file, so that the third-party crates are the versions the
    // workspace tests with (cargo drops the entries this smaller graph does not use).
    let lock =
        fs::read_to_string(root().join("Cargo.lock")).map_err(|e| format!("Cargo.lock: {e}"))?;
    write("Cargo.lock", &lock)?;

    let manifest_path = dir.join("Cargo.toml");
    let manifest_path = manifest_path.to_string_lossy();
    // The verification's target directory: nothing built from the workspace's sources.
    let target = target.join(BUILD_DIR);
    let target = target.to_string_lossy();
    cargo(
        &[
            "test",
            "--manifest-path",
            &manifest_path,
            "--package",
            name,
            "--all-features",
        ],
        &[("CARGO_TARGET_DIR", &target), PROPTEST_SEED],
    )
}

/// The workspace crates `name` depends on, directly or through one another (normal and
/// build dependencies, and dev-dependencies with a version: cargo drops those without
/// one from the package).
fn workspace_dependencies(packages: &[serde_json::Value], name: &str) -> Result<BTreeSet<String>> {
    let mut found = BTreeSet::new();
    let mut pending = vec![(name.to_owned(), true)];
    while let Some((current, with_dev)) = pending.pop() {
        let package = find(packages, &current)?;
        for dependency in package["dependencies"].as_array().into_iter().flatten() {
            let is_dev = dependency["kind"].as_str() == Some("dev");
            let has_version = dependency["req"].as_str() != Some("*");
            if dependency["path"].is_null() || (is_dev && (!with_dev || !has_version)) {
                continue;
            }
            let Some(dependency) = dependency["name"].as_str() else {
                continue;
            };
            if dependency != name && found.insert(dependency.to_owned()) {
                pending.push((dependency.to_owned(), false));
            }
        }
    }
    Ok(found)
}

/// The `cargo metadata` entry of the workspace package `name`.
fn find<'a>(packages: &'a [serde_json::Value], name: &str) -> Result<&'a serde_json::Value> {
    packages
        .iter()
        .find(|p| p["name"].as_str() == Some(name))
        .ok_or_else(|| format!("cargo metadata: no package {name}"))
}

/// Unpacks `target/package/NAME-VERSION.crate` into `dir`; returns `NAME-VERSION`, the
/// directory it made there.
fn unpack(packages: &[serde_json::Value], name: &str, target: &Path, dir: &Path) -> Result<String> {
    let version = find(packages, name)?["version"]
        .as_str()
        .ok_or_else(|| format!("cargo metadata: {name} has no version"))?;
    let unpacked = format!("{name}-{version}");
    let archive = target.join(format!("package/{unpacked}.crate"));
    // `-m`: the files get the time of unpacking, not the fixed time cargo writes into
    // every `.crate`, so that cargo sees a changed package as changed and rebuilds it.
    let status = Command::new("tar")
        .arg("-xmzf")
        .arg(&archive)
        .arg("-C")
        .arg(dir)
        .status()
        .map_err(|e| format!("cannot run tar: {e}"))?;
    if status.success() {
        Ok(unpacked)
    } else {
        Err(format!("tar -xmzf {} failed ({status})", archive.display()))
    }
}
