//! `rfc3696 cluster scheduler|executor`: the processes of an Apache Ballista cluster that
//! know every function of `rfc3696-datafusion`, and the client side of
//! `rfc3696 sql --cluster`. Built only with the `cluster` feature.
//!
//! Ballista ships a plan by serializing it; a scalar function travels by name and each
//! process looks the name up in its own registry, so the functions are registered in
//! three places: the scheduler's sessions (`SchedulerConfig::override_session_builder`,
//! it deserializes the logical plan), every executor's registry
//! (`ExecutorProcessConfig::override_function_registry`, it deserializes the physical
//! plan) and the client's session (it plans the SQL).

use std::io;
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use ballista::prelude::{SessionConfigExt, SessionContextExt};
use ballista_core::config::TaskSchedulingPolicy;
use ballista_core::registry::BallistaFunctionRegistry;
use ballista_core::utils::default_session_builder;
use ballista_executor::executor_process::{ExecutorProcessConfig, start_executor_process};
use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::SchedulerConfig;
use ballista_scheduler::scheduler_process::start_server;
use clap::{Args, Subcommand};
use datafusion::error::DataFusionError;
use datafusion::execution::registry::FunctionRegistry;
use datafusion::execution::{SessionState, SessionStateBuilder};
use datafusion::prelude::{SessionConfig, SessionContext};

/// `rfc3696 cluster`.
#[derive(Debug, Subcommand)]
pub enum ClusterCommand {
    /// Run a Ballista scheduler: plans the queries clients submit and hands their tasks
    /// to executors
    Scheduler(SchedulerArgs),
    /// Run a Ballista executor: registers with a scheduler and runs its tasks
    Executor(ExecutorArgs),
}

/// `rfc3696 cluster scheduler`.
#[derive(Debug, Args)]
pub struct SchedulerArgs {
    /// The address to listen on for clients and executors (gRPC)
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:50050")]
    pub bind: SocketAddr,
    /// Seconds without a word from an executor after which it is taken as lost and its
    /// tasks run elsewhere. Longer than the longest task: an executor whose task slots
    /// are all busy does not poll
    #[arg(long, value_name = "SECS", default_value_t = 180, value_parser = clap::value_parser!(u64).range(1..))]
    pub executor_timeout: u64,
}

/// `rfc3696 cluster executor`.
#[derive(Debug, Args)]
pub struct ExecutorArgs {
    /// The scheduler to register with
    #[arg(long, value_name = "HOST:PORT")]
    pub scheduler: String,
    /// The address to listen on for the result and shuffle data that clients and other
    /// executors fetch (Arrow Flight)
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:50051")]
    pub bind: SocketAddr,
    /// The host name others reach this executor by, when not the address it binds
    /// (`--bind 0.0.0.0:50051 --advertise worker1.internal`)
    #[arg(long, value_name = "HOST")]
    pub advertise: Option<String>,
    /// How many tasks run at once (one per core by default)
    #[arg(long, value_name = "N")]
    pub concurrent_tasks: Option<NonZeroUsize>,
    /// Where shuffle data and spilled files go (a new temporary directory by default)
    #[arg(long, value_name = "DIR")]
    pub work_dir: Option<PathBuf>,
}

/// Runs `rfc3696 cluster ...` until SIGINT or SIGTERM.
pub fn run(command: ClusterCommand) -> io::Result<u8> {
    logger::install();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    match command {
        ClusterCommand::Scheduler(args) => runtime.block_on(scheduler(&args))?,
        ClusterCommand::Executor(args) => runtime.block_on(executor(&args))?,
    }
    Ok(crate::exit::EXIT_VALID)
}

/// The functions on top of Ballista's own set (its scalar, aggregate and window
/// functions), and the optimizer rules that make a field of `uri_parts` cheap.
fn with_functions(config: SessionConfig) -> Result<SessionState, DataFusionError> {
    let mut builder = SessionStateBuilder::new_from_existing(default_session_builder(config)?);
    for rule in rfc3696_datafusion::optimizer_rules() {
        builder = builder.with_optimizer_rule(rule);
    }
    let mut state = builder.build();
    for function in rfc3696_datafusion::functions() {
        state.register_udf(function)?;
    }
    Ok(state)
}

/// Fails with a message naming the flag when `addr` is port 0 or cannot be listened on. Ballista
/// binds later, inside a task whose error says only "Address in use".
fn check_bindable(role: &str, addr: SocketAddr) -> io::Result<()> {
    // Port 0 would listen on a port nobody is told about.
    if addr.port() == 0 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("cluster {role}: --bind {addr}: choose a port others can be told, not 0"),
        ));
    }
    TcpListener::bind(addr).map(drop).map_err(|e| {
        let why = if e.kind() == io::ErrorKind::AddrInUse {
            "the port is in use by another process; choose another with --bind".to_owned()
        } else {
            e.to_string()
        };
        io::Error::new(
            e.kind(),
            format!("cluster {role}: cannot listen on {addr}: {why}"),
        )
    })
}

async fn scheduler(args: &SchedulerArgs) -> io::Result<()> {
    check_bindable("scheduler", args.bind)?;
    let mut config = SchedulerConfig::default()
        .with_hostname(args.bind.ip().to_string())
        .with_port(args.bind.port())
        // Executors ask for tasks when they have free slots: one port each (push-staged
        // would need a second one for the scheduler to call).
        .with_scheduler_policy(TaskSchedulingPolicy::PullStaged)
        .with_override_session_builder(Arc::new(with_functions));
    config.bind_host = args.bind.ip().to_string();
    config.executor_timeout_seconds = args.executor_timeout;
    // Looked at often enough that a lost executor is noticed soon after the timeout.
    config.expire_dead_executor_interval_seconds = (args.executor_timeout / 3).clamp(1, 15);
    let cluster = BallistaCluster::new_from_config(&config)
        .await
        .map_err(|e| io::Error::other(format!("cluster scheduler: {e}")))?;
    log::info!(
        "rfc3696 scheduler on {}: {} functions registered",
        args.bind,
        rfc3696_datafusion::functions().len()
    );
    let server = start_server(cluster, args.bind, Arc::new(config));
    tokio::select! {
        result = server => result.map_err(|e| io::Error::other(format!("cluster scheduler: {e}"))),
        signal = shutdown_signal() => {
            log::info!("rfc3696 scheduler: {}, stopping", signal?);
            Ok(())
        }
    }
}

/// Waits for SIGINT (Ctrl-C) or SIGTERM and says which came.
async fn shutdown_signal() -> io::Result<&'static str> {
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        result = tokio::signal::ctrl_c() => result.map(|()| "SIGINT"),
        _ = terminate.recv() => Ok("SIGTERM"),
    }
}

/// How long a connection to the scheduler may take before it is given up.
const SCHEDULER_CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Splits `HOST:PORT` (a name, an IPv4 address or an IPv6 address in brackets); `context`
/// (the flag and its value) starts the message of a mistake.
fn host_and_port(context: &str, value: &str) -> io::Result<(String, u16)> {
    let invalid = || {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{context}: write HOST:PORT, e.g. 127.0.0.1:50050"),
        )
    };
    let (host, port) = value.rsplit_once(':').ok_or_else(invalid)?;
    let port: u16 = port.parse().map_err(|_| invalid())?;
    // An IPv6 address keeps its brackets: Ballista puts the host into a URL.
    let bracketed = host.starts_with('[') && host.ends_with(']');
    if host.is_empty() || port == 0 || (host.contains(':') && !bracketed) {
        return Err(invalid());
    }
    Ok((host.to_owned(), port))
}

/// Fails with a message naming the scheduler at `addr` (`HOST:PORT`) when nothing
/// answers there: Ballista's own errors say only "Could not connect to scheduler" or
/// print a transport error's debug form.
fn check_reachable(flag: &str, addr: &str) -> io::Result<()> {
    let unreachable = |why: String| {
        io::Error::new(
            io::ErrorKind::ConnectionRefused,
            format!("{flag}: cannot reach the scheduler at {addr}: {why}"),
        )
    };
    let addrs: Vec<SocketAddr> = addr
        .to_socket_addrs()
        .map_err(|e| unreachable(e.to_string()))?
        .collect();
    let mut last = String::from("the name has no address");
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, SCHEDULER_CONNECT_TIMEOUT) {
            Ok(_) => return Ok(()),
            Err(e) => last = e.to_string(),
        }
    }
    Err(unreachable(last))
}

async fn executor(args: &ExecutorArgs) -> io::Result<()> {
    let (scheduler_host, scheduler_port) = host_and_port(
        &format!("cluster executor: --scheduler {}", args.scheduler),
        &args.scheduler,
    )?;
    check_reachable("cluster executor", &args.scheduler)?;
    check_bindable("executor", args.bind)?;
    let work_dir = match &args.work_dir {
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| {
                io::Error::new(
                    e.kind(),
                    format!("cluster executor: --work-dir {}: {e}", dir.display()),
                )
            })?;
            Some(dir.to_str().map(str::to_owned).ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!(
                        "cluster executor: --work-dir {}: the path is not UTF-8",
                        dir.display()
                    ),
                )
            })?)
        }
        None => None,
    };
    let state = with_functions(SessionConfig::new_with_ballista())
        .map_err(|e| io::Error::other(format!("cluster executor: {e}")))?;
    let defaults = ExecutorProcessConfig::default();
    let config = ExecutorProcessConfig {
        bind_host: args.bind.ip().to_string(),
        external_host: args.advertise.clone(),
        port: args.bind.port(),
        scheduler_host,
        scheduler_port,
        task_scheduling_policy: TaskSchedulingPolicy::PullStaged,
        concurrent_tasks: args
            .concurrent_tasks
            .map_or(defaults.concurrent_tasks, NonZeroUsize::get),
        work_dir,
        override_function_registry: Some(Arc::new(BallistaFunctionRegistry::from(&state))),
        ..defaults
    };
    log::info!(
        "rfc3696 executor on {}, scheduler {}: {} functions registered",
        args.bind,
        args.scheduler,
        rfc3696_datafusion::functions().len()
    );
    // Ballista stops on SIGINT and SIGTERM itself: it tells the scheduler, waits for the
    // running tasks and returns.
    start_executor_process(Arc::new(config))
        .await
        .map_err(|e| io::Error::other(format!("cluster executor: {e}")))
}

/// A session whose queries run on the cluster at `url` (`df://HOST:PORT`), with the
/// functions registered for planning: Ballista replaces the scalar functions of the
/// state it is given with its own set when it connects, so they are registered on the
/// context it returns.
pub async fn client(
    url: &str,
    target_partitions: usize,
) -> Result<SessionContext, DataFusionError> {
    let flag = format!("sql: --cluster {url}");
    let addr = url.strip_prefix("df://").ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{flag}: write df://HOST:PORT, the scheduler's address"),
        )
    })?;
    host_and_port(&flag, addr).and_then(|_| check_reachable(&flag, addr))?;
    let config = SessionConfig::new_with_ballista().with_target_partitions(target_partitions);
    let state = SessionStateBuilder::new()
        .with_default_features()
        .with_config(config)
        .build();
    let ctx = SessionContext::remote_with_state(url, state)
        .await
        .map_err(|e| DataFusionError::Plan(format!("{flag}: {e}")))?;
    rfc3696_datafusion::register_all(&ctx);
    Ok(ctx)
}

/// `query` with every file named in it as a table (`FROM 'contacts.csv'`) replaced by
/// a table registered on `ctx` under a plain name (`rfc3696_file_0`), when `query` parses.
///
/// Ballista sends the logical plan to the scheduler as protobuf, where a column's table
/// is written as text and read back split at the dots: `"contacts.csv".email` comes back
/// as `contacts.csv.email` (schema `contacts`, table `csv`) and the scheduler fails with
/// "No field named contacts.csv.email". A plain name survives the trip. A column
/// qualified by the file name (`"contacts.csv".email`) is then unknown: an alias
/// (`FROM 'contacts.csv' AS c`) names the table for such references.
pub async fn files_as_tables(ctx: &SessionContext, query: &str) -> Result<String, DataFusionError> {
    use std::ops::ControlFlow;

    use datafusion::sql::parser::Statement;
    use datafusion::sql::sqlparser::ast::{
        Ident, ObjectName, ObjectNamePart, visit_relations, visit_relations_mut,
    };

    let state = ctx.state();
    let dialect = state.config_options().sql_parser.dialect;
    let Ok(mut statement) = state.sql_to_statement(query, &dialect) else {
        // The local planner reports the syntax error as it would without a cluster.
        return Ok(query.to_owned());
    };
    let Statement::Statement(ast) = &mut statement else {
        return Ok(query.to_owned());
    };
    // A one-part name that is not a plain identifier: what the URL tables resolve.
    let file_name = |name: &ObjectName| match name.0.as_slice() {
        [ObjectNamePart::Identifier(ident)]
            if !ident
                .value
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_') =>
        {
            Some(ident.value.clone())
        }
        _ => None,
    };
    let mut files = Vec::new();
    let _ = visit_relations(ast.as_ref(), |name| {
        if let Some(file) = file_name(name).filter(|f| !files.contains(f)) {
            files.push(file);
        }
        ControlFlow::<()>::Continue(())
    });
    let mut tables = Vec::new();
    for file in files {
        // Not a file (a CTE, a table of another name): left for the planner to resolve.
        if let Ok(provider) = ctx
            .table_provider(datafusion::sql::TableReference::bare(file.as_str()))
            .await
        {
            let table = format!("rfc3696_file_{}", tables.len());
            ctx.register_table(table.as_str(), provider)?;
            tables.push((file, table));
        }
    }
    let _ = visit_relations_mut(ast.as_mut(), |name| {
        if let Some((_, table)) =
            file_name(name).and_then(|f| tables.iter().find(|(file, _)| *file == f))
        {
            *name = ObjectName(vec![ObjectNamePart::Identifier(Ident::new(table.as_str()))]);
        }
        ControlFlow::<()>::Continue(())
    });
    Ok(statement.to_string())
}

/// A `log` logger to stderr: Ballista reports through `log`, and a cluster process
/// says what it does (startup, registrations, lost executors) without a subscriber
/// crate. `RUST_LOG=warn|info|debug` sets the level (`info` by default).
mod logger {
    use std::io::Write;

    use log::{LevelFilter, Log, Metadata, Record};

    struct Stderr;

    impl Log for Stderr {
        fn enabled(&self, metadata: &Metadata<'_>) -> bool {
            metadata.level() <= log::max_level()
        }

        fn log(&self, record: &Record<'_>) {
            if self.enabled(record.metadata()) {
                // A closed stderr is no reason to stop the process.
                let _ = writeln!(
                    std::io::stderr().lock(),
                    "[{} {}] {}",
                    record.level(),
                    record.target(),
                    record.args()
                );
            }
        }

        fn flush(&self) {}
    }

    static LOGGER: Stderr = Stderr;

    pub(super) fn install() {
        let level = std::env::var("RUST_LOG")
            .ok()
            .and_then(|v| v.parse::<LevelFilter>().ok())
            .unwrap_or(LevelFilter::Info);
        // Only fails when a logger is already set: then that one is used.
        if log::set_logger(&LOGGER).is_ok() {
            log::set_max_level(level);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::host_and_port;

    #[test]
    fn host_and_port_takes_names_ipv4_and_bracketed_ipv6() {
        for (value, host, port) in [
            ("sched.internal:50050", "sched.internal", 50050),
            ("127.0.0.1:1", "127.0.0.1", 1),
            ("[::1]:50050", "[::1]", 50050),
        ] {
            let got = host_and_port("--scheduler", value).unwrap();
            assert_eq!(got, (host.to_owned(), port), "{value}");
        }
        for value in [
            "sched.internal",
            ":50050",
            "sched:0",
            "sched:65536",
            "sched:port",
            "::1:50050",
        ] {
            let err = host_and_port("--scheduler", value).unwrap_err();
            assert_eq!(
                err.to_string(),
                "--scheduler: write HOST:PORT, e.g. 127.0.0.1:50050",
                "{value}"
            );
        }
    }
}
