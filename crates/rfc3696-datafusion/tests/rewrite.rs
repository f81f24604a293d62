//! The optimizer rule: `uri_parts(v)[field]` runs as the one-part function of that field,
//! gives the same rows and keeps the column's name.

use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::common::tree_node::{TreeNode, TreeNodeRecursion};
use datafusion::logical_expr::Expr;
use datafusion::prelude::{SessionConfig, SessionContext};

use crate::common::{corpus, query, table};

const PARTS: [&str; 7] = [
    "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];

/// A context with the functions but without the crate's optimizer rule.
fn without_rule(target_partitions: usize) -> SessionContext {
    let config = SessionConfig::new().with_target_partitions(target_partitions);
    let ctx = SessionContext::new_with_config(config);
    for function in rfc3696_datafusion::functions() {
        ctx.register_udf(function.as_ref().clone());
    }
    ctx
}

/// The functions called in the optimized plan of `sql`, by name, each once per call
/// (aliases are names, not calls, so they do not count).
async fn calls(ctx: &SessionContext, sql: &str) -> Vec<String> {
    let plan = ctx.sql(sql).await.unwrap().into_optimized_plan().unwrap();
    let mut names = Vec::new();
    plan.apply_with_subqueries(|node| {
        node.apply_expressions(|expr| {
            expr.apply(|e| {
                if let Expr::ScalarFunction(call) = e {
                    names.push(call.func.name().to_owned());
                }
                Ok(TreeNodeRecursion::Continue)
            })
        })
    })
    .unwrap();
    names
}

/// Runs `sql` with and without the rule, over the URL and mailto corpora, and returns
/// the two printed results (which the caller compares) and the functions the plan with
/// the rule calls.
async fn both(sql: &str) -> (String, String, Vec<String>) {
    let mut lines = corpus("urls.txt");
    lines.extend(corpus("mailto.txt"));
    let with = crate::common::context(2);
    let without = without_rule(2);
    table(&with, "t", &lines, 2);
    table(&without, "t", &lines, 2);
    let a = pretty_format_batches(&[query(&with, sql).await])
        .unwrap()
        .to_string();
    let b = pretty_format_batches(&[query(&without, sql).await])
        .unwrap()
        .to_string();
    (a, b, calls(&with, sql).await)
}

#[tokio::test]
async fn each_field_of_uri_parts_runs_as_its_one_part_function_rfc3986_section_3() {
    for part in PARTS {
        let sql = format!("SELECT id, uri_parts(v)['{part}'] FROM t ORDER BY id");
        let (with, without, calls) = both(&sql).await;
        assert!(
            with.lines().count() > 15_000,
            "{part}: {} lines",
            with.lines().count()
        );
        // Same rows, and the same column name (the header line).
        assert_eq!(with, without, "{part}");
        assert_eq!(calls, [format!("uri_{part}")], "{part}");
    }
}

#[tokio::test]
async fn the_rule_applies_in_filters_aggregates_and_groupings() {
    for sql in [
        "SELECT count(uri_parts(v)['host']) AS n FROM t",
        "SELECT count(*) AS n FROM t WHERE uri_parts(v)['scheme'] = 'https'",
        "SELECT uri_parts(v)['scheme'] AS scheme, count(*) AS n FROM t
         GROUP BY uri_parts(v)['scheme'] ORDER BY n DESC, scheme LIMIT 5",
        "SELECT lower(uri_parts(v)['host']) AS host FROM t
         WHERE uri_parts(v)['port'] IS NOT NULL ORDER BY id LIMIT 50",
    ] {
        let (with, without, calls) = both(sql).await;
        assert_eq!(with, without, "{sql}");
        assert!(!calls.is_empty(), "{sql}");
        assert!(
            calls.iter().all(|f| f != "uri_parts" && f != "get_field"),
            "{sql}: {calls:?}"
        );
    }
}

#[tokio::test]
async fn the_whole_struct_and_other_fields_are_left_alone() {
    // The whole struct is still built, and an unknown field is still DataFusion's
    // planning error.
    let (with, without, calls) = both("SELECT uri_parts(v) AS p FROM t ORDER BY id LIMIT 20").await;
    assert_eq!(with, without);
    assert_eq!(calls, ["uri_parts"]);
    let ctx = crate::common::context(1);
    let error = ctx
        .sql("SELECT uri_parts('http://a/')['nothing']")
        .await
        .map(|_| ())
        .expect_err("an unknown field must not plan");
    assert!(error.to_string().contains("nothing"), "{error}");
}

#[tokio::test]
async fn registering_twice_adds_the_rule_once() {
    let ctx = crate::common::context(1);
    rfc3696_datafusion::register_all(&ctx);
    let rules = ctx
        .state()
        .optimizers()
        .iter()
        .filter(|rule| rule.name() == "rfc3696_uri_parts_field")
        .count();
    assert_eq!(rules, 1);
}
