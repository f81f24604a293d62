//! A query split over four partitions gives what one partition gives, row for row.

use crate::common::{context, corpus, query, table};
use datafusion::arrow::util::pretty::pretty_format_batches;

async fn run(partitions: usize, sql: &str) -> String {
    let mut lines = corpus("emails.txt");
    lines.extend(corpus("urls.txt"));
    let ctx = context(partitions);
    table(&ctx, "t", &lines, partitions);
    let b = query(&ctx, sql).await;
    pretty_format_batches(&[b]).unwrap().to_string()
}

#[tokio::test]
async fn four_partitions_equal_one_row_by_row() {
    let sql = "SELECT id, email_valid(v) AS a, email_error(v, 'rfc5322') AS b, email_warnings(v) AS c,
                      uri_parts(v) AS d, http_url_valid(v) AS e, domain_display(email_domain(v, 'smtputf8')) AS f
               FROM t ORDER BY id";
    let one = run(1, sql).await;
    assert!(one.lines().count() > 30_000);
    assert_eq!(run(4, sql).await, one);
}

#[tokio::test]
async fn four_partitions_equal_one_in_an_aggregate() {
    let sql =
        "SELECT email_error(v) AS err, count(*) AS n FROM t GROUP BY err ORDER BY n DESC, err";
    let one = run(1, sql).await;
    assert!(
        one.contains("not_fully_qualified") || one.lines().count() > 5,
        "{one}"
    );
    assert_eq!(run(4, sql).await, one);
}
