//! Every function's documentation example runs and prints the table it shows.

use datafusion::arrow::util::pretty::pretty_format_batches;

use crate::common::context;

/// The SQL (lines starting with `> `) and the expected table (the other lines) of a
/// documentation example fenced as ```` ```sql ````.
fn split_example(example: &str) -> (String, String) {
    let body: Vec<&str> = example.lines().filter(|l| !l.starts_with("```")).collect();
    let sql: Vec<&str> = body.iter().filter_map(|l| l.strip_prefix("> ")).collect();
    let table: Vec<&str> = body
        .iter()
        .copied()
        .filter(|l| !l.starts_with("> "))
        .collect();
    (sql.join("\n"), table.join("\n"))
}

#[tokio::test]
async fn every_function_has_an_example_that_prints_what_it_shows() {
    let ctx = context(1);
    let functions = rfc3696_datafusion::functions();
    assert!(functions.len() >= 20, "{} functions", functions.len());
    let mut wrong = Vec::new();
    for function in functions {
        let name = function.name();
        let doc = function
            .documentation()
            .unwrap_or_else(|| panic!("{name} has no documentation"));
        let example = doc
            .sql_example
            .as_deref()
            .unwrap_or_else(|| panic!("{name} has no SQL example"));
        let (sql, expected) = split_example(example);
        assert!(
            sql.contains(name),
            "{name}: the example calls another function: {sql}"
        );
        let batches = ctx
            .sql(&sql)
            .await
            .unwrap_or_else(|e| panic!("{name}: {sql}: {e}"))
            .collect()
            .await
            .unwrap_or_else(|e| panic!("{name}: {sql}: {e}"));
        let table = pretty_format_batches(&batches).unwrap().to_string();
        if table != expected {
            wrong.push(format!(
                "{name}: {sql}\nprints\n{table}\nbut its documentation shows\n{expected}"
            ));
        }
        assert!(
            doc.syntax_example.starts_with(&format!("{name}(")),
            "{name}: syntax {}",
            doc.syntax_example
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}
