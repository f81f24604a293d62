//! The RFC 5321 §5.1 / RFC 7505 procedure against a real authoritative server on
//! 127.0.0.1 (zone `testdata/dns/dnstest.zone`). No query leaves the loopback
//! interface: the resolver is given only the test server's address.

use std::time::{Duration, Instant};

use email_dns::{
    BlockingChecker, Checker, Deliverability, MailHost, Nameservers, Options, Target, WarningKind,
};
use futures_util::StreamExt;
use test_support::dns_server::{LoopbackServer, RecordType, SilentServer};

fn options() -> Options {
    Options::default()
        .with_query_timeout(Duration::from_secs(2))
        .with_check_timeout(Duration::from_secs(10))
}

fn checker_with(addr: std::net::SocketAddr, options: Options) -> BlockingChecker {
    assert!(addr.ip().is_loopback(), "tests only talk to 127.0.0.0/8");
    BlockingChecker::new(&Nameservers::At(vec![addr]), options).unwrap()
}

fn check(c: &BlockingChecker, domain: &str) -> Deliverability {
    c.check(&Target::parse_domain(domain).unwrap())
}

/// A server of its own (so its query log holds this check's queries only) and the
/// verdict on `domain` of a checker that asks only that server.
fn check_fresh(domain: &str) -> (LoopbackServer, Deliverability) {
    let (server, c) = fresh_checker(options());
    (server, check(&c, domain))
}

/// A server of its own and a checker with `options` that asks only it; the server
/// answers as long as the returned value lives.
fn fresh_checker(options: Options) -> (LoopbackServer, BlockingChecker) {
    let server = LoopbackServer::start();
    let c = checker_with(server.addr, options);
    (server, c)
}

fn hosts(d: &Deliverability) -> Vec<(u16, &str, bool)> {
    d.mail_hosts()
        .iter()
        .map(|h| (h.preference, h.host.as_str(), h.implicit))
        .collect()
}

fn warning_codes(d: &Deliverability) -> Vec<&'static str> {
    d.warnings().iter().map(|w| w.kind.code()).collect()
}

fn code(d: &Deliverability) -> Option<&'static str> {
    d.reason().map(email_dns::Reason::code)
}

#[test]
fn rfc5321_5_1_mx_hosts_come_lowest_preference_first() {
    let (server, d) = check_fresh("mx-several.dnstest");
    assert_eq!(
        hosts(&d),
        [
            (10, "mx1.hosts.dnstest", false),
            (20, "mx2.hosts.dnstest", false),
            (30, "mx3.hosts.dnstest", false)
        ]
    );
    assert!(d.warnings().is_empty(), "{d:?}");
    // RFC 5321 §5.1: with MX records, the domain's own addresses are not used.
    assert_eq!(server.log.count("mx-several.dnstest.", RecordType::A), 0);
}

#[test]
fn rfc5321_5_1_a_domain_alias_is_followed_to_its_mx_records() {
    let (_server, d) = check_fresh("cname-domain.dnstest");
    assert_eq!(hosts(&d).len(), 3, "{d:?}");
    assert_eq!(hosts(&d)[0], (10, "mx1.hosts.dnstest", false));
}

#[test]
fn rfc7505_3_a_single_null_mx_is_undeliverable_even_with_an_a_record() {
    let (server, d) = check_fresh("null-mx.dnstest");
    assert_eq!(d.status(), "undeliverable");
    assert_eq!(code(&d), Some("null_mx"));
    assert!(d.to_string().contains("RFC 7505"), "{d}");
    assert_eq!(server.log.count("null-mx.dnstest.", RecordType::A), 0);
}

#[test]
fn rfc7505_3_a_null_mx_among_other_mx_records_is_skipped_with_a_warning() {
    let (_server, d) = check_fresh("null-mx-mixed.dnstest");
    assert_eq!(hosts(&d), [(10, "mx1.hosts.dnstest", false)]);
    assert_eq!(warning_codes(&d), ["null_mx_with_other_records"]);
}

#[test]
fn rfc5321_5_1_implicit_mx_from_an_a_record() {
    let (_server, d) = check_fresh("a-only.dnstest");
    assert_eq!(hosts(&d), [(0, "a-only.dnstest", true)]);
    assert_eq!(warning_codes(&d), ["implicit_mx"]);
}

#[test]
fn rfc5321_5_1_implicit_mx_from_an_aaaa_record_only() {
    let (server, d) = check_fresh("aaaa-only.dnstest");
    assert_eq!(hosts(&d), [(0, "aaaa-only.dnstest", true)]);
    assert_eq!(server.log.count("aaaa-only.dnstest.", RecordType::AAAA), 1);
}

#[test]
fn rfc5321_5_1_nxdomain_is_undeliverable_and_nothing_else_is_asked() {
    let (server, d) = check_fresh("missing.dnstest");
    assert_eq!(code(&d), Some("no_such_domain"));
    assert!(d.is_undeliverable());
    assert_eq!(server.log.total(), 1, "{:?}", server.log.all());
}

#[test]
fn rfc5321_5_1_nodata_without_address_is_undeliverable() {
    let (_server, d) = check_fresh("nodata.dnstest");
    assert_eq!(code(&d), Some("no_mail_hosts"));
    assert!(d.reason().unwrap().to_string().contains("RFC 5321 §5.1"));
}

#[test]
fn rfc2181_10_3_an_mx_target_that_is_an_alias_counts_with_a_warning() {
    let (_server, d) = check_fresh("mx-cname.dnstest");
    assert_eq!(hosts(&d), [(10, "alias.hosts.dnstest", false)]);
    assert_eq!(warning_codes(&d), ["mx_target_is_alias"]);
}

#[test]
fn rfc5321_5_1_an_mx_target_without_address_does_not_count() {
    let (_server, c) = fresh_checker(options());
    for (domain, target) in [
        ("mx-noaddr.dnstest", "empty.hosts.dnstest"),
        ("mx-nxtarget.dnstest", "missing.hosts.dnstest"),
    ] {
        let d = check(&c, domain);
        assert_eq!(code(&d), Some("no_mail_hosts"), "{domain}: {d:?}");
        assert!(
            d.reason().unwrap().detail().unwrap().contains(target),
            "{d:?}"
        );
    }
}

#[test]
fn rfc5321_5_1_an_mx_target_written_as_an_ip_address_is_skipped_and_never_asked() {
    let (server, c) = fresh_checker(options());
    let only_ip = check(&c, "mx-ip.dnstest");
    assert_eq!(code(&only_ip), Some("no_mail_hosts"), "{only_ip:?}");
    let mixed = check(&c, "mx-ip-and-name.dnstest");
    assert_eq!(hosts(&mixed), [(20, "mx1.hosts.dnstest", false)]);
    assert_eq!(warning_codes(&mixed), ["mx_target_is_address"]);
    assert!(
        server
            .log
            .all()
            .iter()
            .all(|(name, _, _)| !name.starts_with("192.")),
        "{:?}",
        server.log.all()
    );
}

#[test]
fn rfc7208_reject_all_spf_without_mx_is_undeliverable() {
    let (server, c) = fresh_checker(options());
    let d = check(&c, "spf-reject.dnstest");
    assert_eq!(code(&d), Some("reject_all_spf"));
    // With MX records the SPF record says nothing about receiving.
    assert_eq!(hosts(&check(&c, "spf-reject-mx.dnstest")).len(), 1);
    // An SPF record that authorizes a sender is no reason either.
    assert_eq!(
        hosts(&check(&c, "spf-pass.dnstest")),
        [(0, "spf-pass.dnstest", true)]
    );
    assert_eq!(
        server.log.count("spf-reject-mx.dnstest.", RecordType::TXT),
        0
    );
}

#[test]
fn reject_all_spf_rule_can_be_turned_off() {
    let (server, c) = fresh_checker(options().with_reject_all_spf(false));
    let d = check(&c, "spf-reject.dnstest");
    assert_eq!(hosts(&d), [(0, "spf-reject.dnstest", true)]);
    assert_eq!(server.log.count("spf-reject.dnstest.", RecordType::TXT), 0);
}

#[test]
fn rfc5321_5_1_servfail_is_unknown_not_undeliverable() {
    let (_server, d) = check_fresh("mail.servfail.dnstest");
    assert_eq!(d.status(), "unknown", "{d:?}");
    assert_eq!(code(&d), Some("server_failure"));
    assert!(!d.is_undeliverable());
}

#[test]
fn refused_is_unknown() {
    let (_server, c) = fresh_checker(options());
    // Outside the server's only zone: it answers REFUSED.
    let d = check(&c, "mail.elsewhere");
    assert_eq!(d.status(), "unknown", "{d:?}");
    assert_eq!(code(&d), Some("refused"));
}

#[test]
fn a_server_that_never_answers_gives_unknown_within_the_deadline() {
    let silent = SilentServer::start();
    let opts = Options::default()
        .with_query_timeout(Duration::from_millis(200))
        .with_attempts(1)
        .with_check_timeout(Duration::from_millis(700));
    let c = checker_with(silent.addr, opts);
    let started = Instant::now();
    let d = check(&c, "mx-several.dnstest");
    let took = started.elapsed();
    assert_eq!(d.status(), "unknown", "{d:?}");
    assert!(
        matches!(code(&d), Some("timeout" | "deadline_exceeded")),
        "{d:?}"
    );
    assert!(took < Duration::from_secs(3), "{took:?}");
}

#[test]
fn the_check_deadline_bounds_a_check_whatever_the_query_timeout() {
    let silent = SilentServer::start();
    let opts = Options::default()
        .with_query_timeout(Duration::from_secs(30))
        .with_check_timeout(Duration::from_millis(300));
    let c = checker_with(silent.addr, opts);
    let started = Instant::now();
    let d = check(&c, "mx-several.dnstest");
    assert_eq!(code(&d), Some("deadline_exceeded"), "{d:?}");
    assert!(started.elapsed() < Duration::from_secs(3));
}

#[test]
fn rfc7766_a_truncated_udp_answer_is_asked_again_over_tcp() {
    let (server, d) = check_fresh("big.dnstest");
    assert_eq!(hosts(&d), [(10, "big.hosts.dnstest", false)]);
    let log = server.log.all();
    assert!(
        log.iter()
            .any(|(n, t, tcp)| n == "big.hosts.dnstest." && *t == RecordType::A && !tcp),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|(n, t, tcp)| n == "big.hosts.dnstest." && *t == RecordType::A && *tcp),
        "{log:?}"
    );
}

#[test]
fn rfc6761_special_use_names_and_address_literals_are_never_sent_to_dns() {
    let (server, c) = fresh_checker(options());
    for address in [
        "user@example.com",
        "user@mail.example",
        "user@b.test",
        "user@x.invalid",
        "user@expyuzz4wqqyqhjn.onion",
        "user@printer.home.arpa",
        "user@printer.local",
        "user@x.alt",
    ] {
        let d = c.check_address(address).unwrap();
        assert_eq!(code(&d), Some("special_use_domain"), "{address}: {d:?}");
        assert!(d.to_string().contains("RFC"), "{d}");
    }
    let literal = c.check_address("user@[192.0.2.1]").unwrap();
    assert_eq!(literal.mail_hosts(), [MailHost::new(0, "[192.0.2.1]")]);
    assert_eq!(server.log.total(), 0, "{:?}", server.log.all());
}

#[test]
fn rfc2308_5_a_negative_answer_is_reused_within_its_ttl() {
    let (server, c) = fresh_checker(options());
    for _ in 0..5 {
        assert_eq!(code(&check(&c, "missing.dnstest")), Some("no_such_domain"));
        assert_eq!(code(&check(&c, "nodata.dnstest")), Some("no_mail_hosts"));
    }
    assert_eq!(server.log.count("missing.dnstest.", RecordType::MX), 1);
    assert_eq!(server.log.count("nodata.dnstest.", RecordType::MX), 1);
}

/// 1,000 addresses over 100 domains: the input, and which domain each uses.
fn thousand_addresses() -> Vec<(usize, String)> {
    (0..1000)
        .map(|i| (i, format!("user{i}@d{}.bulk.dnstest", (i * 37) % 100)))
        .collect()
}

#[test]
fn batch_of_1000_addresses_over_100_domains_asks_each_domain_once_in_input_order() {
    let (server, c) = fresh_checker(options().with_concurrency(16));
    let items: Vec<_> = thousand_addresses()
        .into_iter()
        .map(|(i, address)| {
            let parsed = rfc_email::EmailAddress::parse(&address).unwrap();
            (i, Some(Target::of_address(&parsed)))
        })
        .collect();
    let results: Vec<_> = c.check_each(items, None).collect();
    assert_eq!(results.len(), 1000);
    for (n, (i, d)) in results.iter().enumerate() {
        assert_eq!(*i, n, "results come back in input order");
        let d = d.as_ref().unwrap();
        assert_eq!(hosts(d), [(10, "mx1.hosts.dnstest", false)], "{i}: {d:?}");
    }
    let per_question = server.log.per_question();
    for domain in 0..100 {
        let name = format!("d{domain}.bulk.dnstest.");
        assert_eq!(
            per_question.get(&(name.clone(), RecordType::MX)),
            Some(&1),
            "{name}"
        );
    }
    // 100 MX queries, and the shared target's addresses asked once (A, and AAAA when
    // the resolver asks both families).
    let a = server.log.count("mx1.hosts.dnstest.", RecordType::A);
    let aaaa = server.log.count("mx1.hosts.dnstest.", RecordType::AAAA);
    assert_eq!(a, 1);
    assert!(aaaa <= 1);
    assert_eq!(server.log.total(), 100 + a + aaaa, "{:?}", server.log.all());
}

#[test]
fn check_each_passes_items_without_target_through_in_order() {
    let (_server, c) = fresh_checker(options());
    let items = vec![
        ("a", Some(Target::parse_domain("null-mx.dnstest").unwrap())),
        ("b", None),
        ("c", Some(Target::parse_domain("a-only.dnstest").unwrap())),
    ];
    let out: Vec<_> = c
        .check_each(items, None)
        .map(|(tag, d)| (tag, d.map(|d| d.status())))
        .collect();
    assert_eq!(
        out,
        [
            ("a", Some("undeliverable")),
            ("b", None),
            ("c", Some("deliverable"))
        ]
    );
}

#[test]
fn a_passed_batch_deadline_makes_the_rest_unknown() {
    let silent = SilentServer::start();
    let c = checker_with(silent.addr, Options::default());
    let items = (0..5).map(|i| {
        (
            i,
            Some(Target::parse_domain(&format!("d{i}.bulk.dnstest")).unwrap()),
        )
    });
    let started = Instant::now();
    let deadline = Instant::now() + Duration::from_millis(200);
    let out: Vec<_> = c
        .check_each(items.collect::<Vec<_>>(), Some(deadline))
        .collect();
    assert!(started.elapsed() < Duration::from_secs(3));
    for (_, d) in out {
        assert_eq!(code(&d.unwrap()), Some("deadline_exceeded"));
    }
}

#[test]
fn async_stream_yields_in_input_order_with_bounded_concurrency() {
    let server = LoopbackServer::start();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let checker = Checker::new(
            &Nameservers::At(vec![server.addr]),
            options().with_concurrency(4),
        )
        .unwrap();
        let names = [
            "null-mx",
            "a-only",
            "missing",
            "mx-several",
            "d1.bulk",
            "nodata",
        ];
        let targets = futures_util::stream::iter(
            names.map(|n| Target::parse_domain(&format!("{n}.dnstest")).unwrap()),
        );
        let statuses: Vec<_> = checker
            .check_stream(targets, None)
            .map(|d| d.reason().map_or("deliverable", email_dns::Reason::code))
            .collect()
            .await;
        assert_eq!(
            statuses,
            [
                "null_mx",
                "deliverable",
                "no_such_domain",
                "deliverable",
                "deliverable",
                "no_mail_hosts"
            ]
        );
    });
}

#[test]
fn warnings_name_the_host_they_were_seen_at() {
    let (_server, d) = check_fresh("mx-cname.dnstest");
    let w = &d.warnings()[0];
    assert_eq!(
        (w.kind, w.host.as_str()),
        (WarningKind::MxTargetIsAlias, "alias.hosts.dnstest")
    );
}

#[test]
fn rfc6895_2_3_an_unassigned_rcode_is_unknown_not_undeliverable() {
    let (_server, d) = check_fresh("mail.rcode12.dnstest");
    assert_eq!(d.status(), "unknown", "{d:?}");
    assert_eq!(code(&d), Some("dns_error"));
    assert!(d.reason().unwrap().to_string().contains("12"), "{d:?}");
}

#[test]
fn rfc1034_3_6_2_a_cname_loop_is_unknown_not_undeliverable() {
    let (_server, c) = fresh_checker(options());
    for domain in ["loop-a.dnstest", "loop-self.dnstest"] {
        let d = check(&c, domain);
        assert_eq!(d.status(), "unknown", "{domain}: {d:?}");
        assert_eq!(code(&d), Some("cname_loop"), "{domain}: {d:?}");
    }
}

#[test]
fn rfc1034_3_6_2_an_over_long_cname_chain_is_unknown_not_undeliverable() {
    let (_server, d) = check_fresh("long-1.dnstest");
    assert_eq!(d.status(), "unknown", "{d:?}");
    assert_eq!(code(&d), Some("cname_chain_too_long"), "{d:?}");
}

#[test]
fn rfc1034_3_6_2_a_short_cname_chain_is_followed_to_its_answer() {
    let (_server, c) = fresh_checker(options());
    let d = check(&c, "short-1.dnstest");
    assert_eq!(hosts(&d).len(), 3, "{d:?}");
    assert_eq!(hosts(&d)[0], (10, "mx1.hosts.dnstest", false));
    let d = check(&c, "short-nodata.dnstest");
    assert_eq!(d.status(), "undeliverable", "{d:?}");
    assert_eq!(code(&d), Some("no_mail_hosts"));
}

#[test]
fn rfc5321_5_1_a_duplicate_mx_target_keeps_its_lowest_preference() {
    let (_server, d) = check_fresh("dup-mx.dnstest");
    assert_eq!(
        hosts(&d),
        [
            (10, "mx1.hosts.dnstest", false),
            (20, "mx2.hosts.dnstest", false)
        ],
        "{d:?}"
    );
}

#[test]
fn rfc1034_3_6_2_an_mx_target_in_a_cname_loop_is_unknown_unless_another_host_works() {
    let (_server, c) = fresh_checker(options());
    let d = check(&c, "mx-loop.dnstest");
    assert_eq!(d.status(), "unknown", "{d:?}");
    assert_eq!(code(&d), Some("cname_loop"), "{d:?}");
    let d = check(&c, "mx-loop-and-ok.dnstest");
    assert_eq!(hosts(&d), [(20, "mx1.hosts.dnstest", false)], "{d:?}");
}
