//! NULL in gives NULL out, and `Utf8`, `LargeUtf8` and `Utf8View` columns give the same
//! answers (Parquet is read as `Utf8View` by default, CSV as `Utf8`).

use crate::common::{context, corpus, query, table};

/// Every function with its arguments around the value `{}`.
fn calls() -> Vec<(String, String)> {
    let mut calls = Vec::new();
    for f in rfc3696_datafusion::functions() {
        let name = f.name().to_owned();
        let call = if name == "uri_resolve" {
            "uri_resolve('http://a/b/c/d;p?q', {})".to_owned()
        } else {
            format!("{name}({{}})")
        };
        calls.push((name, call));
    }
    calls.push((
        "uri_resolve".to_owned(),
        "uri_resolve({}, '../g')".to_owned(),
    ));
    calls
}

#[tokio::test]
async fn null_in_gives_null_out_for_every_function() {
    let ctx = context(1);
    for (name, call) in calls() {
        // A NULL literal, and a NULL in a column (an array, not a scalar).
        for value in ["NULL", "arrow_cast(NULL, 'Utf8View')"] {
            let sql = format!("SELECT {} IS NULL AS is_null", call.replace("{}", value));
            let b = query(&ctx, &sql).await;
            assert_eq!(
                crate::common::bools(&b, "is_null"),
                [Some(true)],
                "{name}: {sql}"
            );
        }
        let sql = format!(
            "SELECT {} IS NULL AS is_null FROM (VALUES ('a@example.com'), (NULL)) AS t(v) ORDER BY v NULLS LAST",
            call.replace("{}", "v")
        );
        let b = query(&ctx, &sql).await;
        assert_eq!(
            crate::common::bools(&b, "is_null")[1],
            Some(true),
            "{name}: {sql}"
        );
    }
}

#[tokio::test]
async fn string_types_give_the_same_answers() {
    let mut lines = corpus("emails.txt");
    lines.truncate(2_000);
    lines.extend(corpus("domains.txt").into_iter().take(2_000));
    lines.extend(corpus("urls.txt").into_iter().take(2_000));
    lines.extend(corpus("mailto.txt").into_iter().take(1_000));
    let ctx = context(2);
    table(&ctx, "t", &lines, 2);
    for (name, call) in calls() {
        let over = |t: &str| call.replace("{}", &format!("arrow_cast(v, '{t}')"));
        let sql = format!(
            "SELECT count(*) AS differ FROM t
             WHERE ({utf8} IS DISTINCT FROM {large}) OR ({utf8} IS DISTINCT FROM {view})",
            utf8 = call.replace("{}", "v"),
            large = over("LargeUtf8"),
            view = over("Utf8View"),
        );
        let b = query(&ctx, &sql).await;
        let differ = b
            .column(0)
            .as_any()
            .downcast_ref::<datafusion::arrow::array::Int64Array>()
            .unwrap()
            .value(0);
        assert_eq!(differ, 0, "{name}: {sql}");
    }
}

#[tokio::test]
async fn a_dictionary_column_is_accepted() {
    let ctx = context(1);
    let b = query(
        &ctx,
        "SELECT email_valid(arrow_cast('a@example.com', 'Dictionary(Int32, Utf8)')) AS valid",
    )
    .await;
    assert_eq!(crate::common::bools(&b, "valid"), [Some(true)]);
}
