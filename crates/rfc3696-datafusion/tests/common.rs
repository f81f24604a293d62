//! Helpers shared by the tests: a context with the functions, queries, columns.

use std::sync::Arc;

use datafusion::arrow::array::{Array, AsArray, RecordBatch, StringArray, UInt32Array};
use datafusion::arrow::compute::concat_batches;
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::datasource::MemTable;
use datafusion::prelude::{SessionConfig, SessionContext};

/// A context with every function registered and `target_partitions` set.
pub fn context(target_partitions: usize) -> SessionContext {
    let config = SessionConfig::new().with_target_partitions(target_partitions);
    let ctx = SessionContext::new_with_config(config);
    rfc3696_datafusion::register_all(&ctx);
    ctx
}

/// The lines of a vendored corpus file.
pub fn corpus(name: &str) -> Vec<String> {
    let path = format!("{}/testdata/corpus/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().map(str::to_owned).collect()
}

/// The schema of [`table`]: the 0-based line number and the line.
pub fn schema() -> Arc<Schema> {
    Arc::new(Schema::new(vec![
        Field::new("id", DataType::UInt32, false),
        Field::new("v", DataType::Utf8, true),
    ]))
}

/// `lines` as a batch of [`schema`], `id` counting from `first`.
pub fn batch(lines: &[String], first: usize) -> RecordBatch {
    let ids: UInt32Array = (first..first + lines.len())
        .map(|i| u32::try_from(i).unwrap())
        .collect();
    let values: StringArray = lines.iter().map(|l| Some(l.as_str())).collect();
    RecordBatch::try_new(schema(), vec![Arc::new(ids), Arc::new(values)]).unwrap()
}

/// Registers `lines` as table `name`, split into `partitions` partitions.
pub fn table(ctx: &SessionContext, name: &str, lines: &[String], partitions: usize) {
    let chunk = lines.len().div_ceil(partitions).max(1);
    let parts: Vec<Vec<RecordBatch>> = lines
        .chunks(chunk)
        .enumerate()
        .map(|(i, c)| vec![batch(c, i * chunk)])
        .collect();
    let table = MemTable::try_new(schema(), parts).unwrap();
    ctx.register_table(name, Arc::new(table)).unwrap();
}

/// Runs `sql` and returns all its rows as one batch.
pub async fn query(ctx: &SessionContext, sql: &str) -> RecordBatch {
    let df = ctx.sql(sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    let schema = Arc::new(df.schema().as_arrow().clone());
    let batches = df.collect().await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    concat_batches(&schema, &batches).unwrap()
}

/// A boolean column.
pub fn bools(batch: &RecordBatch, column: &str) -> Vec<Option<bool>> {
    batch
        .column_by_name(column)
        .unwrap()
        .as_boolean()
        .iter()
        .collect()
}

/// A string column (Utf8).
pub fn strings(batch: &RecordBatch, column: &str) -> Vec<Option<String>> {
    batch
        .column_by_name(column)
        .unwrap()
        .as_string::<i32>()
        .iter()
        .map(|v| v.map(str::to_owned))
        .collect()
}

/// A list-of-strings column.
pub fn lists(batch: &RecordBatch, column: &str) -> Vec<Option<Vec<String>>> {
    let list = batch.column_by_name(column).unwrap().as_list::<i32>();
    (0..list.len())
        .map(|i| {
            list.is_valid(i).then(|| {
                list.value(i)
                    .as_string::<i32>()
                    .iter()
                    .map(|v| v.unwrap().to_owned())
                    .collect()
            })
        })
        .collect()
}

/// Compares a column with the library's answers row by row, naming the first row that
/// differs.
pub fn assert_rows<T: PartialEq + std::fmt::Debug>(
    what: &str,
    lines: &[String],
    got: &[T],
    expected: impl Fn(&str) -> T,
) {
    assert_eq!(got.len(), lines.len(), "{what}: row count");
    for (line, got) in lines.iter().zip(got) {
        assert_eq!(*got, expected(line), "{what} of {line:?}");
    }
}
