//! The functions on Ballista: a scheduler and an executor started in-process on
//! loopback (standalone mode), both with the functions registered, run a query over a
//! multi-file Parquet table and return what one process returns.

use std::fs::File;
use std::sync::Arc;

use ballista::prelude::{SessionConfigExt, SessionContextExt};
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::execution::SessionStateBuilder;
use datafusion::execution::registry::FunctionRegistry;
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::prelude::{ParquetReadOptions, SessionConfig, SessionContext};

use crate::common::{batch, context, corpus};

/// Writes the email and URL corpora as four Parquet files under `dir`.
fn write_table(dir: &std::path::Path) {
    let mut lines = corpus("emails.txt");
    lines.truncate(5_000);
    lines.extend(corpus("urls.txt").into_iter().take(3_000));
    for (i, chunk) in lines.chunks(2_000).enumerate() {
        let part = batch(chunk, i * 2_000);
        let file = File::create(dir.join(format!("part-{i}.parquet"))).unwrap();
        let mut writer = ArrowWriter::try_new(file, part.schema(), None).unwrap();
        writer.write(&part).unwrap();
        writer.close().unwrap();
    }
}

const QUERY: &str = "SELECT email_error(v) AS err, http_url_valid(v) AS http,
           count(*) AS n, count(uri_parts(v)['host']) AS hosts, max(email_normalize(v)) AS last
    FROM t GROUP BY err, http ORDER BY n DESC, err, http";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ballista_standalone_cluster_gives_the_single_process_result() {
    let dir = std::env::temp_dir().join(format!("rfc3696-ballista-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    write_table(&dir);
    let path = dir.to_str().unwrap();

    let local = context(4);
    local
        .register_parquet("t", path, ParquetReadOptions::default())
        .await
        .unwrap();
    let expected = local.sql(QUERY).await.unwrap().collect().await.unwrap();
    let expected = pretty_format_batches(&expected).unwrap().to_string();

    // The scheduler and the executor take their function registries from this state:
    // both deserialize the plan's function calls by name.
    let mut state = SessionStateBuilder::new()
        .with_default_features()
        .with_config(SessionConfig::new_with_ballista().with_target_partitions(4))
        .build();
    for function in rfc3696_datafusion::functions() {
        state.register_udf(Arc::clone(&function)).unwrap();
    }
    let cluster = SessionContext::standalone_with_state(state).await.unwrap();
    // The client's own session: Ballista replaces its scalar functions with Ballista's
    // built-in set when it connects, so the client registers ours again to plan.
    rfc3696_datafusion::register_all(&cluster);
    cluster
        .register_parquet("t", path, ParquetReadOptions::default())
        .await
        .unwrap();
    let got = cluster.sql(QUERY).await.unwrap().collect().await.unwrap();
    let got = pretty_format_batches(&got).unwrap().to_string();
    std::fs::remove_dir_all(&dir).unwrap();

    assert!(expected.lines().count() > 6, "{expected}");
    assert_eq!(got, expected);
}
