//! `rfc3696 sql QUERY`: SQL over CSV, Parquet and NDJSON files, with the checks as SQL
//! functions (crate `rfc3696-datafusion`). Built only with the `sql` feature: `DataFusion`
//! is a large build that the one-value commands do not need.

use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::dataframe::DataFrameWriteOptions;
use datafusion::error::DataFusionError;
use datafusion::prelude::{SessionConfig, SessionContext};

/// `rfc3696 sql`.
#[derive(Debug, Args)]
pub struct SqlArgs {
    /// The query. A quoted file name is a table: `FROM 'contacts.csv'` (CSV with a header
    /// line), `'log.parquet'`, `'events.json'` (NDJSON, one object per line), or a
    /// directory of such files
    #[arg(value_name = "QUERY")]
    pub query: String,
    /// How to print the result
    #[arg(long, value_enum, default_value_t = SqlFormat::Table)]
    pub format: SqlFormat,
    /// Write the result to this file instead of printing it; its extension says how:
    /// `.parquet`, `.csv` or `.json` (NDJSON)
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Run the query on the Ballista cluster whose scheduler is at this address (see
    /// `rfc3696 cluster`): planned here, run by its executors, printed or written here.
    /// The files named in the query must be at the same path on every executor
    #[arg(long, value_name = "df://HOST:PORT")]
    pub cluster: Option<String>,
}

/// `rfc3696 sql --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SqlFormat {
    /// An aligned text table
    Table,
    /// CSV with a header line (RFC 4180)
    Csv,
    /// One JSON object per row (JSON Lines)
    Json,
}

/// Runs the query on a runtime with `threads` workers (one per core by default) and
/// as many partitions.
pub fn run(args: &SqlArgs, threads: Option<NonZeroUsize>) -> io::Result<u8> {
    let threads = threads
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .enable_all()
        .build()?;
    runtime
        .block_on(query(args, threads))
        .map_err(|e| match e {
            DataFusionError::IoError(e) => e,
            other => io::Error::other(format!("sql: {other}")),
        })?;
    Ok(crate::exit::EXIT_VALID)
}

async fn query(args: &SqlArgs, threads: usize) -> Result<(), DataFusionError> {
    let ctx = match &args.cluster {
        None => {
            let config = SessionConfig::new().with_target_partitions(threads);
            let ctx = SessionContext::new_with_config(config);
            rfc3696_datafusion::register_all(&ctx);
            ctx
        }
        #[cfg(feature = "cluster")]
        Some(url) => crate::cluster::client(url, threads).await?,
        #[cfg(not(feature = "cluster"))]
        Some(url) => {
            return Err(DataFusionError::Plan(format!(
                "--cluster {url}: this build has no cluster support; build it with `--features cluster`"
            )));
        }
    };
    // Quoted file names in FROM become tables (DataFusion's URL tables).
    let ctx = ctx.enable_url_table();
    #[cfg(feature = "cluster")]
    let frame = if args.cluster.is_some() {
        ctx.sql(&crate::cluster::files_as_tables(&ctx, &args.query).await?)
            .await?
    } else {
        ctx.sql(&args.query).await?
    };
    #[cfg(not(feature = "cluster"))]
    let frame = ctx.sql(&args.query).await?;
    let frame = match (&args.out, &args.cluster) {
        (Some(out), None) => return write(frame, out).await,
        // The executors would write the file on their own hosts: the result comes here
        // and is written by a local session instead.
        (Some(out), Some(_)) => {
            let batches = frame.collect().await?;
            return write(SessionContext::new().read_batches(batches)?, out).await;
        }
        (None, _) => frame,
    };
    let batches = frame.collect().await?;
    let mut stdout = io::stdout().lock();
    print(&batches, args.format, &mut stdout)?;
    stdout.flush()?;
    Ok(())
}

async fn write(frame: datafusion::dataframe::DataFrame, out: &Path) -> Result<(), DataFusionError> {
    let path = out.to_str().ok_or_else(|| {
        DataFusionError::Plan(format!("--out {}: the path is not UTF-8", out.display()))
    })?;
    let options = DataFrameWriteOptions::new().with_single_file_output(true);
    let extension = out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("parquet") => frame.write_parquet(path, options, None).await?,
        Some("csv") => frame.write_csv(path, options, None).await?,
        Some("json" | "ndjson" | "jsonl") => frame.write_json(path, options, None).await?,
        _ => {
            return Err(DataFusionError::Plan(format!(
                "--out {path}: say the format by the extension: .parquet, .csv or .json"
            )));
        }
    };
    Ok(())
}

fn print(
    batches: &[RecordBatch],
    format: SqlFormat,
    out: &mut impl Write,
) -> Result<(), DataFusionError> {
    match format {
        // A table is for people: string cells are shown as the tool shows values
        // (escaped) before the columns are measured, so that a value read from a file
        // cannot drive the terminal; what nested columns (structs, lists) hold is
        // escaped in the finished lines.
        SqlFormat::Table => {
            let batches = batches
                .iter()
                .map(escaped_strings)
                .collect::<Result<Vec<_>, _>>()?;
            let table = pretty_format_batches(&batches)?.to_string();
            for line in table.lines() {
                writeln!(out, "{}", crate::terminal::Shown(line))?;
            }
        }
        SqlFormat::Csv => {
            let mut writer = datafusion::arrow::csv::WriterBuilder::new()
                .with_header(true)
                .build(out);
            for batch in batches {
                writer.write(batch)?;
            }
        }
        SqlFormat::Json => {
            let mut writer = datafusion::arrow::json::LineDelimitedWriter::new(out);
            for batch in batches {
                writer.write(batch)?;
            }
            writer.finish()?;
        }
    }
    Ok(())
}

/// `batch` with every string column's values replaced by their escaped form
/// ([`crate::terminal::Escaped`]).
fn escaped_strings(batch: &RecordBatch) -> Result<RecordBatch, DataFusionError> {
    use std::sync::Arc;

    use datafusion::arrow::array::{ArrayRef, AsArray as _, StringArray};
    use datafusion::arrow::compute::cast;
    use datafusion::arrow::datatypes::{DataType, Field, Schema};

    let schema = batch.schema();
    let mut fields = Vec::with_capacity(schema.fields().len());
    let mut columns = Vec::with_capacity(batch.num_columns());
    for (field, column) in schema.fields().iter().zip(batch.columns()) {
        if matches!(
            field.data_type(),
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
        ) {
            let text = cast(column, &DataType::Utf8)?;
            let escaped: StringArray = text
                .as_string::<i32>()
                .iter()
                .map(|v| v.map(|v| crate::terminal::Escaped(v).to_string()))
                .collect();
            fields.push(Field::new(
                field.name(),
                DataType::Utf8,
                field.is_nullable(),
            ));
            columns.push(Arc::new(escaped) as ArrayRef);
        } else {
            fields.push(field.as_ref().clone());
            columns.push(Arc::clone(column));
        }
    }
    Ok(RecordBatch::try_new(
        Arc::new(Schema::new(fields)),
        columns,
    )?)
}
