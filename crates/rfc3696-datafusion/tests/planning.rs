//! Profiles, policies and IDNA modes are constant names: an unknown one, a column in
//! their place, a wrong argument count or type fails the query when it is planned,
//! with a message that says what to write instead.

use crate::common::context;

/// The planning error of `sql`, which must fail before any row is read.
async fn planning_error(sql: &str) -> String {
    let ctx = context(1);
    let result = match ctx.sql(sql).await {
        Err(e) => Err(e),
        Ok(df) => df.create_physical_plan().await.map(|_| ()),
    };
    match result {
        Err(e) => e.to_string(),
        Ok(()) => panic!("{sql}: planned without error"),
    }
}

#[tokio::test]
async fn unknown_email_profile_is_a_planning_error_that_lists_the_profiles() {
    let message = planning_error("SELECT email_valid('a@example.com', 'smtp')").await;
    assert!(
        message.contains("unknown email profile 'smtp'"),
        "{message}"
    );
    for name in [
        "'rfc5321'",
        "'smtputf8'",
        "'rfc5322'",
        "'html5'",
        "'rfc3696'",
    ] {
        assert!(message.contains(name), "{message}");
    }
}

#[tokio::test]
async fn unknown_domain_policy_is_a_planning_error() {
    let message = planning_error("SELECT domain_to_ascii('example.com', 'host')").await;
    assert!(
        message.contains("unknown domain policy 'host'"),
        "{message}"
    );
    assert!(message.contains("'hostname'"), "{message}");
}

#[tokio::test]
async fn unknown_idna_mode_is_a_planning_error() {
    let message = planning_error("SELECT domain_valid('example.com', 'fqdn', 'idna2003')").await;
    assert!(
        message.contains("unknown IDNA mode 'idna2003'"),
        "{message}"
    );
    assert!(message.contains("'uts46'"), "{message}");
}

#[tokio::test]
async fn profile_from_a_column_is_a_planning_error() {
    let message = planning_error(
        "SELECT email_valid(a, b) FROM (VALUES ('a@example.com', 'rfc5321')) AS t(a, b)",
    )
    .await;
    assert!(
        message.contains("argument 2 must be a constant string"),
        "{message}"
    );
}

#[tokio::test]
async fn null_profile_is_a_planning_error() {
    let message = planning_error("SELECT email_valid('a@example.com', NULL)").await;
    assert!(
        message.contains("argument 2 must be a non-NULL string"),
        "{message}"
    );
}

#[tokio::test]
async fn wrong_argument_count_is_a_planning_error() {
    let message = planning_error("SELECT uri_valid('http://a/', 'strict')").await;
    assert!(
        message.contains("uri_valid: takes 1 argument, got 2"),
        "{message}"
    );
    let message = planning_error("SELECT uri_resolve('http://a/')").await;
    assert!(
        message.contains("uri_resolve: takes 2 arguments, got 1"),
        "{message}"
    );
    let message = planning_error("SELECT email_valid('a@b.c', 'rfc5321', 'uts46', 'x')").await;
    assert!(
        message.contains("takes 1 to 3 arguments, got 4"),
        "{message}"
    );
}

#[tokio::test]
async fn non_string_value_is_a_planning_error() {
    let message = planning_error("SELECT domain_valid(42)").await;
    assert!(message.contains("argument 1 must be a string"), "{message}");
}

#[tokio::test]
async fn profile_names_are_case_insensitive() {
    let ctx = context(1);
    let batches = ctx
        .sql("SELECT email_valid('a@example.com', 'RFC5322') AS v")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    assert_eq!(batches[0].num_rows(), 1);
}
