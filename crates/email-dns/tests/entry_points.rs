//! The blocking and async entry points take the same addresses and work wherever they
//! are called, against the loopback server of `rfc3696-test-support` (127.0.0.1 only,
//! zone `testdata/dns/dnstest.zone`).

use std::time::Duration;

use email_dns::{BlockingChecker, Checker, Deliverability, Nameservers, Options, Target};
use test_support::dns_server::{LoopbackServer, RecordType};

fn options() -> Options {
    Options::default()
        .with_query_timeout(Duration::from_secs(2))
        .with_check_timeout(Duration::from_secs(10))
}

fn nameservers(server: &LoopbackServer) -> Nameservers {
    assert!(
        server.addr.ip().is_loopback(),
        "tests only talk to 127.0.0.0/8"
    );
    Nameservers::At(vec![server.addr])
}

fn hosts(d: &Deliverability) -> Vec<&str> {
    d.mail_hosts().iter().map(|h| h.host.as_str()).collect()
}

/// RFC 6531 §3.3 (UTF-8 local parts, U-label domains) and RFC 5891 §5 (a U-label is
/// looked up by its A-label): the blocking `check_address` accepts what SMTPUTF8
/// accepts, and asks DNS for the A-label form.
#[test]
fn rfc6531_3_3_blocking_check_address_takes_smtputf8_addresses() {
    let server = LoopbackServer::start();
    let c = BlockingChecker::new(&nameservers(&server), options()).unwrap();
    let d = c.check_address("jürgen@mx-several.dnstest").unwrap();
    assert_eq!(d.status(), "deliverable", "{d:?}");
    assert_eq!(hosts(&d)[0], "mx1.hosts.dnstest");
    let d = c.check_address("Jürgen@bücher.dnstest").unwrap();
    assert_eq!(hosts(&d), ["mx1.hosts.dnstest"], "{d:?}");
    // The zone holds only the A-label, so the answer proves the query asked for it;
    // the server's log writes a name in U-labels (hickory's `Display`), so count both.
    let asked = server.log.count("xn--bcher-kva.dnstest.", RecordType::MX)
        + server.log.count("bücher.dnstest.", RecordType::MX);
    assert_eq!(asked, 1, "{:?}", server.log.all());
    // RFC 5321 addresses are accepted as before; text that is no address still fails.
    assert_eq!(
        c.check_address("user@mx-several.dnstest").unwrap().status(),
        "deliverable"
    );
    assert_eq!(c.check_address("jürgen").unwrap_err().code(), "missing_at");
}

/// The async `check_address` takes the same addresses as the blocking one and gives the
/// same outcomes (RFC 6531 §3.3, RFC 5891 §5).
#[tokio::test(flavor = "current_thread")]
async fn rfc6531_3_3_async_check_address_agrees_with_the_blocking_one() {
    let server = LoopbackServer::start();
    let c = Checker::new(&nameservers(&server), options()).unwrap();
    let d = c.check_address("Jürgen@bücher.dnstest").await.unwrap();
    assert_eq!(hosts(&d), ["mx1.hosts.dnstest"], "{d:?}");
    let d = c.check_address("jürgen@null-mx.dnstest").await.unwrap();
    assert_eq!(d.reason().map(email_dns::Reason::code), Some("null_mx"));
    let e = c.check_address("jürgen@").await.unwrap_err();
    assert_eq!(e.code(), "empty_domain");
}

/// Every method of a `BlockingChecker`, its batch iterator and its drop, on a thread
/// that drives a tokio runtime: tokio's own `block_on`, `blocking_recv` and runtime drop
/// panic there; the checker does the work on a thread of its own instead. Called from
/// the body of an async test, so on a thread that drives the test's runtime.
fn blocking_checker_in_async_code() {
    let server = LoopbackServer::start();
    let c = BlockingChecker::new(&nameservers(&server), options()).unwrap();
    let d = c.check(&Target::parse_domain("mx-several.dnstest").unwrap());
    assert_eq!(d.status(), "deliverable", "{d:?}");
    let d = c.check_address("jürgen@bücher.dnstest").unwrap();
    assert_eq!(d.status(), "deliverable", "{d:?}");
    let targets = ["a-only.dnstest", "null-mx.dnstest"]
        .map(|domain| ((), Some(Target::parse_domain(domain).unwrap())));
    let statuses: Vec<_> = c
        .check_each(targets, None)
        .map(|((), d)| d.map(|d| d.status()))
        .collect();
    assert_eq!(statuses, [Some("deliverable"), Some("undeliverable")]);
    drop(c);
}

#[tokio::test(flavor = "current_thread")]
async fn blocking_checker_inside_a_current_thread_runtime_does_not_panic() {
    blocking_checker_in_async_code();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn blocking_checker_inside_a_multi_thread_runtime_does_not_panic() {
    blocking_checker_in_async_code();
}
