//! `rfc3696 cluster` and `rfc3696 sql --cluster` (feature `cluster`): one scheduler and
//! two executors started as separate processes of the built binary on loopback, queried
//! over a Parquet table of several files and compared with the local `rfc3696 sql`
//! result, then one executor killed while a query runs.
//!
//! Every port is picked free at run time on 127.0.0.1, readiness is polled (no fixed
//! sleeps), every wait has a deadline, and every process is killed on drop, so also when
//! an assertion fails.
#![cfg(feature = "cluster")]

use std::fs::File;
use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_rfc3696");

/// How long a process may take to start listening on a loaded two-core machine.
const STARTUP: Duration = Duration::from_mins(1);
/// How long one query may take on the cluster, a lost executor's timeout included.
const QUERY: Duration = Duration::from_secs(90);
/// The scheduler's `--executor-timeout` in these tests: short, so that a killed
/// executor is noticed soon, yet far longer than any task here (an executor whose one
/// task slot is busy does not poll the scheduler).
const EXECUTOR_TIMEOUT_SECS: &str = "8";

/// A child process with its stderr in a file; killed (and reaped) on drop.
struct Process {
    name: &'static str,
    child: Child,
    log: PathBuf,
}

impl Process {
    fn spawn(name: &'static str, dir: &Path, args: &[&str]) -> Self {
        Self::spawn_to(name, dir, args, Stdio::null())
    }

    fn spawn_to(name: &'static str, dir: &Path, args: &[&str], stdout: Stdio) -> Self {
        let log = dir.join(format!("{name}.log"));
        let child = Command::new(BIN)
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(File::create(&log).unwrap())
            .spawn()
            .unwrap();
        Self { name, child, log }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Polls until something listens on `port`; panics with the log if the process
    /// exits first or the deadline passes.
    fn wait_listening(&mut self, port: u16) {
        self.poll(&format!("not listening on {port}"), |process| {
            if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Some(());
            }
            if let Some(status) = process.child.try_wait().unwrap() {
                panic!("{} exited with {status}:\n{}", process.name, process.log());
            }
            None
        });
    }

    /// Sends SIGTERM and waits for the exit status: the clean shutdown path.
    fn terminate(&mut self) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(sent.success());
        self.poll("still running after SIGTERM", |process| {
            process.child.try_wait().unwrap()
        })
    }

    /// Calls `done` every 50 ms until it gives a value; panics with the log, saying the
    /// process is `still`, once [`STARTUP`] has passed.
    fn poll<T>(&mut self, still: &str, mut done: impl FnMut(&mut Self) -> Option<T>) -> T {
        let deadline = Instant::now() + STARTUP;
        loop {
            if let Some(value) = done(self) {
                return value;
            }
            assert!(
                Instant::now() < deadline,
                "{} {still} after {STARTUP:?}:\n{}",
                self.name,
                self.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `n` distinct free ports on 127.0.0.1: all held until all are picked, so that none is
/// handed out twice.
fn free_ports(n: usize) -> Vec<u16> {
    let listeners: Vec<TcpListener> = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect()
}

/// A fresh directory for one test, removed on drop (after the processes, which are
/// declared after it and so dropped first).
struct Workdir(PathBuf);

impl Workdir {
    fn new(test: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("rfc3696-cluster-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }
}

impl Drop for Workdir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn corpus(name: &str) -> Vec<String> {
    let path = format!(
        "{}/../../testdata/corpus/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().map(str::to_owned).collect()
}

/// Runs `rfc3696 ARGS` in `dir` to the end.
fn rfc3696(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Writes `data/part-{0..4}.parquet` under `dir`: 5,000 addresses of the email corpus
/// (ids 0..5000) and 3,000 URLs of the URL corpus (ids 5000..8000), 2,000 rows a file,
/// written by the local `rfc3696 sql --out` from NDJSON.
fn write_table(dir: &Path) {
    let mut lines = corpus("emails.txt");
    lines.truncate(5_000);
    lines.extend(corpus("urls.txt").into_iter().take(3_000));
    std::fs::create_dir_all(dir.join("chunks")).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    for (i, chunk) in lines.chunks(2_000).enumerate() {
        let json = format!("chunks/c-{i}.json");
        let mut file = File::create(dir.join(&json)).unwrap();
        for (j, line) in chunk.iter().enumerate() {
            let row = serde_json::json!({ "id": i * 2_000 + j, "v": line });
            writeln!(file, "{row}").unwrap();
        }
        drop(file);
        let out = rfc3696(
            dir,
            &[
                "sql",
                "--out",
                &format!("data/part-{i}.parquet"),
                &format!("SELECT id, v FROM '{json}'"),
            ],
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
}

/// A scheduler and two executors (one task slot each) on free loopback ports, each
/// started in a directory of its own under `dir`.
struct Cluster {
    url: String,
    scheduler: Process,
    executors: Vec<Process>,
}

impl Cluster {
    fn start(dir: &Path) -> Self {
        let ports = free_ports(3);
        let scheduler_addr = format!("127.0.0.1:{}", ports[0]);
        // Each process runs in a directory of its own: the client's relative file names
        // must reach them as absolute paths.
        let own_dir = |name: &str| {
            let own = dir.join(format!("{name}-cwd"));
            std::fs::create_dir_all(&own).unwrap();
            own
        };
        let mut scheduler = Process::spawn(
            "scheduler",
            &own_dir("scheduler"),
            &[
                "cluster",
                "scheduler",
                "--bind",
                &scheduler_addr,
                "--executor-timeout",
                EXECUTOR_TIMEOUT_SECS,
            ],
        );
        scheduler.wait_listening(ports[0]);
        let mut executors = Vec::new();
        for (name, port) in [("executor-1", ports[1]), ("executor-2", ports[2])] {
            let work_dir = dir.join(format!("{name}-work"));
            executors.push(Process::spawn(
                name,
                &own_dir(name),
                &[
                    "cluster",
                    "executor",
                    "--scheduler",
                    &scheduler_addr,
                    "--bind",
                    &format!("127.0.0.1:{port}"),
                    "--concurrent-tasks",
                    "1",
                    "--work-dir",
                    work_dir.to_str().unwrap(),
                ],
            ));
        }
        // An executor listens only once it has connected to the scheduler and polls it.
        for (executor, port) in executors.iter_mut().zip([ports[1], ports[2]]) {
            executor.wait_listening(port);
        }
        Self {
            url: format!("df://{scheduler_addr}"),
            scheduler,
            executors,
        }
    }

    fn logs(&self) -> String {
        let mut logs = String::new();
        for process in std::iter::once(&self.scheduler).chain(&self.executors) {
            logs.push_str("--- ");
            logs.push_str(process.name);
            logs.push_str(" ---\n");
            logs.push_str(&process.log());
        }
        logs
    }
}

/// The queries compared row for row: grouping by `email_error`, the `uri_parts` fields,
/// `domain_to_ascii`, a join of the table with itself. Each orders every column, so the
/// rows come in one order.
const QUERIES: [&str; 4] = [
    "SELECT email_error(v) AS err, count(*) AS n FROM 'data/' GROUP BY err ORDER BY n DESC, err",
    "SELECT uri_parts(v)['scheme'] AS scheme, uri_parts(v)['host'] AS host, uri_parts(v)['port'] AS port, count(*) AS n
     FROM 'data/' WHERE uri_valid(v) GROUP BY 1, 2, 3 ORDER BY n DESC, 1, 2, 3",
    "SELECT id, domain_to_ascii(email_domain(v)) AS ascii, domain_to_ascii(uri_host(v), 'hostname', 'uts46') AS host
     FROM 'data/' ORDER BY id",
    "SELECT a.id, email_normalize(a.v) AS email, uri_host(b.v) AS host
     FROM 'data/' AS a JOIN 'data/' AS b ON a.id + 5000 = b.id ORDER BY a.id",
];

/// The query run while an executor is killed: a grouping with a shuffle, so that the
/// lost executor's map output is needed by the other's reduce tasks.
const KILL_QUERY: &str = "SELECT email_error(v) AS err, uri_host(v) AS host, count(*) AS n, max(email_normalize(v)) AS last
     FROM 'kill/' GROUP BY err, host ORDER BY n DESC, err, host";

fn finished_tasks(log: &str) -> usize {
    log.matches("Finished task").count()
}

#[test]
fn three_processes_give_the_local_result_and_never_a_wrong_one_when_an_executor_is_lost() {
    let work = Workdir::new("three");
    let dir = work.0.as_path();
    write_table(dir);
    let mut cluster = Cluster::start(dir);

    // The functions are known on every process (`docs/scale.md` "Run a cluster").
    let out = rfc3696(
        dir,
        &[
            "sql",
            "--cluster",
            &cluster.url,
            "--format",
            "csv",
            "SELECT email_valid('a@example.com') AS ok",
        ],
    );
    assert!(
        out.status.success(),
        "{}\n{}",
        text(&out.stderr),
        cluster.logs()
    );
    assert_eq!(text(&out.stdout), "ok\ntrue\n");

    for query in QUERIES {
        let local = rfc3696(dir, &["sql", "--threads", "4", "--format", "csv", query]);
        assert!(local.status.success(), "{query}: {}", text(&local.stderr));
        let remote = rfc3696(
            dir,
            &[
                "sql",
                "--threads",
                "4",
                "--cluster",
                &cluster.url,
                "--format",
                "csv",
                query,
            ],
        );
        assert!(
            remote.status.success(),
            "{query}: {}\n{}",
            text(&remote.stderr),
            cluster.logs()
        );
        let (local, remote) = (text(&local.stdout), text(&remote.stdout));
        assert!(local.lines().count() > 10, "{query}: {local}");
        assert_eq!(remote, local, "{query}");
    }

    // `--out` writes on the client, as the local mode does.
    let query = QUERIES[0];
    let local = rfc3696(dir, &["sql", "--out", "local.csv", query]);
    assert!(local.status.success(), "{}", text(&local.stderr));
    let remote = rfc3696(
        dir,
        &[
            "sql",
            "--cluster",
            &cluster.url,
            "--out",
            "remote.csv",
            query,
        ],
    );
    assert!(remote.status.success(), "{}", text(&remote.stderr));
    assert_eq!(
        std::fs::read_to_string(dir.join("remote.csv")).unwrap(),
        std::fs::read_to_string(dir.join("local.csv")).unwrap()
    );

    // A larger table (the four files 16 times: 128,000 rows in 64 files) and 32
    // partitions, so that the query lasts well beyond the first finished task.
    std::fs::create_dir_all(dir.join("kill")).unwrap();
    for copy in 0..16 {
        for part in 0..4 {
            std::fs::copy(
                dir.join(format!("data/part-{part}.parquet")),
                dir.join(format!("kill/part-{copy}-{part}.parquet")),
            )
            .unwrap();
        }
    }
    let expected = rfc3696(
        dir,
        &["sql", "--threads", "32", "--format", "csv", KILL_QUERY],
    );
    assert!(expected.status.success(), "{}", text(&expected.stderr));
    let expected = text(&expected.stdout);
    assert!(expected.lines().count() > 10, "{expected}");

    let before = finished_tasks(&cluster.executors[0].log());
    let stdout_path = dir.join("client.out");
    let mut client = Process::spawn_to(
        "client",
        dir,
        &[
            "sql",
            "--threads",
            "32",
            "--cluster",
            &cluster.url,
            "--format",
            "csv",
            KILL_QUERY,
        ],
        Stdio::from(File::create(&stdout_path).unwrap()),
    );
    // Kill executor 1 once it has finished a task of this query (its map output is
    // then lost with it), while the query still runs.
    let deadline = Instant::now() + QUERY;
    while finished_tasks(&cluster.executors[0].log()) <= before {
        assert!(
            client.child.try_wait().unwrap().is_none(),
            "the query ended before executor 1 finished a task of it:\n{}",
            cluster.logs()
        );
        assert!(
            Instant::now() < deadline,
            "no task finished:\n{}",
            cluster.logs()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    cluster.executors[0].child.kill().unwrap();
    cluster.executors[0].child.wait().unwrap();
    let killed_while_running = client.child.try_wait().unwrap().is_none();

    let status = loop {
        if let Some(status) = client.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "the query hung after the executor was killed:\n{}",
            cluster.logs()
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    let stdout = std::fs::read_to_string(&stdout_path).unwrap();
    let stderr = client.log();
    if status.success() {
        // Ballista ran the lost tasks again on the other executor.
        assert_eq!(stdout, expected, "{stderr}");
    } else {
        // Or it gave up: then with a message and no rows at all.
        assert_eq!(status.code(), Some(2), "{stderr}");
        assert!(stderr.starts_with("rfc3696: error: sql: "), "{stderr}");
        assert_eq!(stdout, "", "a failed query printed rows");
    }
    assert!(
        killed_while_running || status.success(),
        "{stderr}\n{}",
        cluster.logs()
    );
    eprintln!(
        "killed executor 1 while the query ran: {killed_while_running}; the query {}",
        if status.success() {
            "completed with the local result"
        } else {
            "failed with a message"
        }
    );

    // The surviving processes stop cleanly on SIGTERM.
    assert!(
        cluster.executors[1].terminate().success(),
        "{}",
        cluster.logs()
    );
    assert!(
        cluster.scheduler.terminate().success(),
        "{}",
        cluster.logs()
    );
}

#[test]
fn a_taken_port_an_absent_scheduler_and_a_bad_address_fail_with_a_message() {
    let work = Workdir::new("errors");
    let dir = work.0.as_path();
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let taken = taken.local_addr().unwrap().to_string();
    // Nothing listens on a port picked free and released at once.
    let absent = format!("127.0.0.1:{}", free_ports(1)[0]);

    let cases: [(&[&str], &str); 6] = [
        (
            &[
                "cluster",
                "executor",
                "--scheduler",
                &taken,
                "--bind",
                "127.0.0.1:0",
            ],
            "cluster executor: --bind 127.0.0.1:0: choose a port",
        ),
        (
            &["cluster", "scheduler", "--bind", &taken],
            "cluster scheduler: cannot listen on",
        ),
        (
            &["cluster", "executor", "--scheduler", &absent],
            "cluster executor: cannot reach the scheduler at",
        ),
        (
            &["cluster", "executor", "--scheduler", "scheduler.internal"],
            "cluster executor: --scheduler scheduler.internal: write HOST:PORT",
        ),
        (
            &["sql", "--cluster", &format!("df://{absent}"), "SELECT 1"],
            "sql: --cluster df://",
        ),
        (
            &["sql", "--cluster", &format!("http://{absent}"), "SELECT 1"],
            "write df://HOST:PORT",
        ),
    ];
    for (args, message) in cases {
        let out = rfc3696(dir, args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("rfc3696: error: "), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
