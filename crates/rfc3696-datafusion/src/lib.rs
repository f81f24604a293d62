//! The `rfc3696` checks as [Apache DataFusion](https://datafusion.apache.org) SQL
//! functions, for tables too big to check one value at a time: a CRM export of
//! contacts, a crawl's URL table, a mail log. The same functions run unchanged on a
//! Ballista cluster when the scheduler and every executor register them.
//!
//! ```
//! use datafusion::prelude::SessionContext;
//!
//! # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
//! let ctx = SessionContext::new();
//! rfc3696_datafusion::register_all(&ctx);
//! let batches = ctx
//!     .sql("SELECT email_error(a) AS err, count(*) AS n
//!           FROM (VALUES ('user+tag@example.com'), ('user@localhost'), ('x@y@z')) AS t(a)
//!           GROUP BY err ORDER BY err")
//!     .await?
//!     .collect()
//!     .await?;
//! let table = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert_eq!(table, "\
//! +---------------------+---+
//! | err                 | n |
//! +---------------------+---+
//! | multiple_at         | 1 |
//! | not_fully_qualified | 1 |
//! |                     | 1 |
//! +---------------------+---+");
//! # Ok::<(), datafusion::error::DataFusionError>(())
//! # }).unwrap();
//! ```
//!
//! | function | returns | from |
//! |---|---|---|
//! | `email_valid(addr [, profile [, idna]])` | boolean | RFC 5321 §4.1.2 (or the profile) |
//! | `email_error(addr [, profile [, idna]])` | error code, NULL when valid | |
//! | `email_normalize`, `email_local_part`, `email_domain` (same arguments) | string, NULL when invalid | |
//! | `email_warnings` (same arguments) | list of warning codes, NULL when invalid | |
//! | `domain_valid(name [, policy [, idna]])`, `domain_error` | boolean, error code | RFC 3696 §2, IDNA 2008 |
//! | `domain_to_ascii`, `domain_to_unicode`, `domain_warnings` | string, list | RFC 5891 |
//! | `domain_display`, `domain_display_safe` (policy `hostname` by default) | string, boolean | UTS #39 |
//! | `uri_valid(s)`, `uri_error(s)` | boolean, error code | RFC 3986 §4.3 |
//! | `http_url_valid(s)`, `http_url_error(s)` | boolean, error code | RFC 9110 §4.2 |
//! | `uri_parts(s)` | struct {scheme, userinfo, host, port, path, query, fragment} | RFC 3986 §3 |
//! | `uri_scheme(s)`, `uri_userinfo`, `uri_host`, `uri_port`, `uri_path`, `uri_query`, `uri_fragment` | string: one part, as `uri_parts(s)[part]` | RFC 3986 §3 |
//! | `uri_resolve(base, ref)`, `uri_normalize(s)` | string | RFC 3986 §5.2, §6.2.2 |
//! | `mailto_recipients(s)` | list of addresses | RFC 6068 §2 |
//! | `punycode_encode(s)`, `punycode_decode(s)` | string | RFC 3492 |
//!
//! Every function takes `Utf8`, `LargeUtf8` or `Utf8View` values (read in place, never
//! copied), gives NULL for NULL, and NULL where a conversion of an invalid value has no
//! answer (ask `*_error` why). Profiles, policies and IDNA modes are constant strings; an
//! unknown name fails the query at planning time and lists the names there are. Each
//! function's [`Documentation`](datafusion::logical_expr::Documentation) carries a SQL
//! example that the tests run.
//!
//! [`register_all`] also adds one optimizer rule ([`optimizer_rules`]): a query that
//! reads one field of `uri_parts(s)`, such as `uri_parts(s)['host']`, computes that part
//! alone (`uri_host(s)`) instead of the whole struct.

mod columns;
mod doc;
mod domain;
mod email;
mod options;
mod punycode;
mod rewrite;
mod udf;
mod uri;

use std::sync::Arc;

use datafusion::logical_expr::ScalarUDF;
use datafusion::optimizer::OptimizerRule;
use datafusion::prelude::SessionContext;

pub use options::{DOMAIN_POLICIES, EMAIL_PROFILES};
pub use uri::parts as uri_parts;

/// Every function of this crate, to register on a [`SessionContext`], a
/// `SessionStateBuilder` (`with_scalar_functions`) or a Ballista executor's state.
///
/// ```
/// let names: Vec<String> = rfc3696_datafusion::functions()
///     .iter()
///     .map(|f| f.name().to_owned())
///     .collect();
/// assert!(names.contains(&"email_valid".to_owned()));
/// assert!(names.contains(&"uri_parts".to_owned()));
/// ```
#[must_use]
pub fn functions() -> Vec<Arc<ScalarUDF>> {
    email::functions()
        .into_iter()
        .chain(domain::functions())
        .chain(uri::functions())
        .chain(uri::part_functions())
        .chain(punycode::functions())
        .map(Arc::new)
        .collect()
}

/// The optimizer rules of this crate, for a `SessionStateBuilder` (`with_optimizer_rule`
/// for each, which adds it after the default rules; `with_optimizer_rules` would replace
/// those) or the state of a Ballista client or scheduler;
/// [`register_all`] adds them to a [`SessionContext`]. They only make queries faster:
/// without them every query gives the same rows.
///
/// Today there is one: a field of `uri_parts(s)` is computed alone, so
/// `uri_parts(s)['host']` runs as `uri_host(s)` (one string column built instead of seven).
///
/// ```
/// let names: Vec<String> = rfc3696_datafusion::optimizer_rules()
///     .iter()
///     .map(|rule| rule.name().to_owned())
///     .collect();
/// assert_eq!(names, ["rfc3696_uri_parts_field"]);
/// ```
#[must_use]
pub fn optimizer_rules() -> Vec<Arc<dyn OptimizerRule + Send + Sync>> {
    let parts = uri::part_functions().map(Arc::new);
    vec![Arc::new(rewrite::UriPartsField::new(parts))]
}

/// Registers every function of this crate on `ctx` (replacing any of the same name), and
/// its [`optimizer_rules`] (once: registering again does not add them twice).
///
/// ```
/// use datafusion::prelude::SessionContext;
///
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let ctx = SessionContext::new();
/// rfc3696_datafusion::register_all(&ctx);
/// assert!(ctx.state().scalar_functions().contains_key("domain_to_ascii"));
///
/// // One field of the struct is computed alone.
/// let plan = ctx
///     .sql("EXPLAIN SELECT uri_parts(u)['host'] AS host FROM (VALUES ('https://example.com/')) AS t(u)")
///     .await?
///     .collect()
///     .await?;
/// let plan = datafusion::arrow::util::pretty::pretty_format_batches(&plan)?.to_string();
/// assert!(plan.contains("uri_host("), "{plan}");
/// # Ok::<(), datafusion::error::DataFusionError>(())
/// # }).unwrap();
/// ```
pub fn register_all(ctx: &SessionContext) {
    for function in functions() {
        ctx.register_udf(function.as_ref().clone());
    }
    for rule in optimizer_rules() {
        // Registering twice must not run a rule twice per pass.
        ctx.remove_optimizer_rule(rule.name());
        ctx.add_optimizer_rule(rule);
    }
}
