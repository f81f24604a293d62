//! Deliverability throughput: 10,000 addresses over 2,000 domains, checked against the
//! in-process DNS server on 127.0.0.1 (zone `testdata/dns/dnstest.zone`), by this crate
//! and, in the same run, by Python's `email-validator` (installed into a throwaway
//! virtual environment; the row is skipped with a message when Python is missing).
//!
//! ```text
//! cargo run --release -p email-dns --example deliverability_bench
//! ```
//!
//! Prints Markdown table rows: addresses/s and DNS queries/s as counted by the server.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use email_dns::{BlockingChecker, Nameservers, Options, Target};
use rfc_email::EmailAddress;
use test_support::dns_server::LoopbackServer;

const ADDRESSES: usize = 10_000;
const DOMAINS: usize = 2_000;
fn domains() -> usize {
    std::env::var("DOMAINS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DOMAINS)
}
const RUNS: usize = 5;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = LoopbackServer::start();
    let addresses: Vec<String> = (0..ADDRESSES)
        .map(|i| format!("user{i}@d{}.bulk.dnstest", i % domains()))
        .collect();
    println!("| checker | addresses | domains | seconds | addresses/s | DNS queries | queries/s |");
    println!("|---|---:|---:|---:|---:|---:|---:|");

    let concurrency = std::env::var("CONCURRENCY")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64);
    // Each run starts with a fresh checker (empty caches); the median run is reported.
    let mut runs = Vec::new();
    for _ in 0..RUNS {
        let before = server.log.total();
        let checker = BlockingChecker::new(
            &Nameservers::At(vec![server.addr]),
            Options::default().with_concurrency(concurrency),
        )?;
        let started = Instant::now();
        // Parsing is inside the timing, as it is for the Python checker.
        let items = addresses.clone().into_iter().map(|a| {
            let target = EmailAddress::parse(&a).ok().map(|p| Target::of_address(&p));
            ((), target)
        });
        let deliverable = checker
            .check_each(items, None)
            .filter(|((), d)| d.as_ref().is_some_and(|d| d.status() == "deliverable"))
            .count();
        let seconds = started.elapsed().as_secs_f64();
        assert_eq!(deliverable, ADDRESSES, "every bench domain has a usable MX");
        runs.push((seconds, server.log.total() - before));
    }
    runs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (seconds, queries) = runs[RUNS / 2];
    let name = format!("email-dns (concurrency {concurrency}, median of {RUNS})");
    row(&name, seconds, queries);
    if std::env::var_os("SKIP_PYTHON").is_some() {
        return Ok(());
    }

    let before = server.log.total();
    match python(server.addr.port(), &addresses) {
        Ok(seconds) => row(
            "Python email-validator",
            seconds,
            server.log.total() - before,
        ),
        Err(why) => println!("| Python email-validator | skipped: {why} | | | | | |"),
    }
    Ok(())
}

fn row(name: &str, seconds: f64, queries: usize) {
    #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
    let (addresses, queries_f) = (ADDRESSES as f64, queries as f64);
    println!(
        "| {name} | {ADDRESSES} | {DOMAINS} | {seconds:.3} | {:.0} | {queries} | {:.0} |",
        addresses / seconds,
        queries_f / seconds
    );
}

/// Installs `email-validator` into a fresh virtual environment and times it.
fn python(port: u16, addresses: &[String]) -> Result<f64, String> {
    let dir = std::env::temp_dir().join(format!("email-dns-bench-{}", std::process::id()));
    let result = python_in(&dir, port, addresses);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn python_in(dir: &Path, port: u16, addresses: &[String]) -> Result<f64, String> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned());
    let venv = dir.join("venv");
    run(Command::new(&python).args(["-m", "venv"]).arg(&venv))
        .map_err(|e| format!("no usable `{python}` ({e})"))?;
    let bin = venv.join("bin");
    run(Command::new(bin.join("pip")).args(["install", "--quiet", "email-validator"]))
        .map_err(|e| format!("cannot install email-validator ({e})"))?;
    let list = dir.join("addresses.txt");
    std::fs::write(&list, addresses.join("\n")).map_err(|e| e.to_string())?;
    let script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/email_validator_bench.py");
    let out = Command::new(bin.join("python"))
        .arg(script)
        .arg(port.to_string())
        .arg(&list)
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let text = String::from_utf8_lossy(&out.stdout);
    eprintln!("python: {}", text.trim());
    // {"seconds": 1.23, "passed": ..., "failed": ...}
    text.split("\"seconds\":")
        .nth(1)
        .and_then(|rest| rest.split([',', '}']).next())
        .and_then(|s| s.trim().parse().ok())
        .ok_or_else(|| format!("unexpected output: {text}"))
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let status = cmd.status().map_err(|e| e.to_string())?;
    if status.success() {
        Ok(())
    } else {
        Err(status.to_string())
    }
}
