//! Rows per second of one query run by `rfc3696 sql` locally and on a loopback Ballista
//! cluster of `rfc3696 cluster` processes (one scheduler, then one and two executors),
//! so that the overhead a cluster adds on one machine is measured, not guessed.
//!
//! The table is the vendored email and URL corpora repeated to `RFC3696_BENCH_ROWS` rows
//! (1,000,000 by default) in 16 Parquet files, written once under
//! `target/rfc3696-bench/cluster/`. Each setup runs the query `RFC3696_BENCH_ROUNDS`
//! times (5 by default); a rate is rows over the client's wall time (process start to
//! exit, planning and result transfer included), the best and the median of the runs.
//! Every executor has one task slot per core, and the cluster query as many partitions
//! as there are slots; the local one has one per core (the default).
//!
//! `cargo bench -p rfc3696-cli --features cluster --bench cluster`

// Row counts and rates are printed to three digits: f64 is exact enough.
#![expect(clippy::cast_precision_loss, reason = "rates to three digits")]

use std::fs::File;
use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_rfc3696");

const QUERY: &str = "SELECT email_error(v) AS err, uri_host(v) AS host, count(*) AS n
    FROM 'table/' GROUP BY err, host ORDER BY n DESC, err, host LIMIT 20";

/// A child process killed on drop.
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn spawn(dir: &Path, args: &[&str], port: u16) -> Process {
    let log = File::create(dir.join(format!("{port}.log"))).unwrap();
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_mins(1);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(child.try_wait().unwrap().is_none(), "{args:?} exited");
        assert!(Instant::now() < deadline, "{args:?} not listening");
        std::thread::sleep(Duration::from_millis(20));
    }
    Process(child)
}

fn executor(dir: &Path, scheduler: &str, cores: usize) -> Process {
    let port = free_port();
    let work = dir.join(format!("work-{port}"));
    spawn(
        dir,
        &[
            "cluster",
            "executor",
            "--scheduler",
            scheduler,
            "--bind",
            &format!("127.0.0.1:{port}"),
            "--concurrent-tasks",
            &cores.to_string(),
            "--work-dir",
            work.to_str().unwrap(),
        ],
        port,
    )
}

/// Writes the table once: NDJSON chunks turned into Parquet by the local `rfc3696 sql`.
fn table(dir: &Path, rows: usize) -> PathBuf {
    let table = dir.join("table");
    if table.join("part-15.parquet").exists() {
        return table;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/corpus");
    let mut corpus: Vec<String> = Vec::new();
    for name in ["emails.txt", "urls.txt"] {
        let text = std::fs::read_to_string(root.join(name)).unwrap();
        corpus.extend(text.lines().map(str::to_owned));
    }
    std::fs::create_dir_all(&table).unwrap();
    let per_file = rows.div_ceil(16);
    for part in 0..16 {
        let json = dir.join(format!("chunk-{part}.json"));
        let mut out = std::io::BufWriter::new(File::create(&json).unwrap());
        for i in part * per_file..((part + 1) * per_file).min(rows) {
            let row = serde_json::json!({ "v": corpus[i % corpus.len()] });
            writeln!(out, "{row}").unwrap();
        }
        out.flush().unwrap();
        drop(out);
        let status = Command::new(BIN)
            .current_dir(dir)
            .args([
                "sql",
                "--out",
                &format!("table/part-{part}.parquet"),
                &format!("SELECT v FROM 'chunk-{part}.json'"),
            ])
            .status()
            .unwrap();
        assert!(status.success());
        std::fs::remove_file(json).unwrap();
    }
    table
}

/// Runs the query `rounds` times; (best, median) seconds. Every run must print what the
/// first printed.
fn measure(
    dir: &Path,
    cluster: Option<(&str, usize)>,
    rounds: usize,
    expected: &mut Option<String>,
) -> (f64, f64) {
    let mut times = Vec::new();
    for _ in 0..rounds {
        let mut cmd = Command::new(BIN);
        cmd.current_dir(dir).args(["sql", "--format", "csv"]);
        if let Some((url, partitions)) = cluster {
            // As many partitions as the executors have task slots: the local run's
            // default, one per core, would leave the second executor idle.
            cmd.args(["--cluster", url, "--threads", &partitions.to_string()]);
        }
        let start = Instant::now();
        let out = cmd.arg(QUERY).output().unwrap();
        times.push(start.elapsed().as_secs_f64());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8(out.stdout).unwrap();
        match expected {
            Some(first) => assert_eq!(&stdout, first),
            None => *expected = Some(stdout),
        }
    }
    times.sort_by(f64::total_cmp);
    (times[0], times[times.len() / 2])
}

fn main() {
    let env = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .filter(|&n| n > 0)
            .unwrap_or(default)
    };
    let rows = env("RFC3696_BENCH_ROWS", 1_000_000);
    let rounds = env("RFC3696_BENCH_ROUNDS", 5);
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../target/rfc3696-bench/cluster-{rows}"));
    std::fs::create_dir_all(&dir).unwrap();
    table(&dir, rows);

    println!("rows: {rows} in 16 Parquet files, cores: {cores}, runs per setup: {rounds}");
    println!("| setup | best rows/s | median rows/s | best time |");
    println!("|---|---|---|---|");
    let report = |setup: &str, (best, median): (f64, f64)| {
        println!(
            "| {setup} | {:.3} M | {:.3} M | {best:.2} s |",
            rows as f64 / best / 1e6,
            rows as f64 / median / 1e6
        );
    };
    let mut expected = None;
    report(
        "local `rfc3696 sql`",
        measure(&dir, None, rounds, &mut expected),
    );

    let port = free_port();
    let scheduler = format!("127.0.0.1:{port}");
    let _scheduler = spawn(&dir, &["cluster", "scheduler", "--bind", &scheduler], port);
    let url = format!("df://{scheduler}");
    // Each executor gets every core: on one machine the two share them, as two hosts
    // would not.
    let _first = executor(&dir, &scheduler, cores);
    report(
        "cluster, 1 executor",
        measure(&dir, Some((&url, cores)), rounds, &mut expected),
    );
    let _second = executor(&dir, &scheduler, cores);
    report(
        "cluster, 2 executors (one host)",
        measure(&dir, Some((&url, 2 * cores)), rounds, &mut expected),
    );
}
