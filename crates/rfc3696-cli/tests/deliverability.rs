//! `check --deliverability` end to end: the real binary against the loopback DNS server
//! of `rfc3696-test-support` (127.0.0.1 only, zone `testdata/dns/dnstest.zone`).

use crate::common::assert_usage_error;

#[cfg(not(feature = "dns"))]
#[test]
fn without_the_dns_feature_the_flag_says_how_to_get_it() {
    assert_usage_error(
        &[
            "check",
            "--kind",
            "email",
            "--deliverability",
            "user@a-only.dnstest",
        ],
        "--features dns",
    );
}

#[test]
fn resolver_and_tuning_flags_need_deliverability() {
    assert_usage_error(
        &[
            "check",
            "--kind",
            "email",
            "--resolver",
            "127.0.0.1:53",
            "user@a-only.dnstest",
        ],
        "--deliverability",
    );
}

#[test]
fn a_resolver_that_is_not_an_address_is_a_usage_error() {
    assert_usage_error(
        &[
            "check",
            "--deliverability",
            "--resolver",
            "dns.google",
            "user@a-only.dnstest",
        ],
        "not an IP address",
    );
}

#[cfg(feature = "dns")]
mod with_dns {
    use serde_json::{Value, json};
    use test_support::dns_server::{LoopbackServer, SilentServer};

    use crate::common::{json_lines, run};

    fn check(server: std::net::SocketAddr, extra: &[&str], stdin: &str) -> (i32, String, String) {
        assert!(server.ip().is_loopback());
        let resolver = server.to_string();
        let mut args = vec![
            "check",
            "--kind",
            "email",
            "--deliverability",
            "--resolver",
            resolver.as_str(),
        ];
        args.extend_from_slice(extra);
        run(&args, stdin)
    }

    fn deliverability(v: &Value) -> &Value {
        &v["deliverability"]
    }

    #[test]
    fn json_lines_carry_a_deliverability_object_in_input_order() {
        let server = LoopbackServer::start();
        let input = "user@mx-several.dnstest\nuser@null-mx.dnstest\nnot an address\n\
                     user@missing.dnstest\nuser@a-only.dnstest\nuser@x.servfail.dnstest\n\
                     user@[192.0.2.1]\nuser@printer.home.arpa\n";
        let (code, stdout, stderr) = check(server.addr, &["--json"], input);
        // An invalid value and undeliverable domains: exit 1.
        assert_eq!(code, 1, "{stderr}");
        let lines = json_lines(&stdout);
        let inputs: Vec<_> = lines.iter().map(|v| v["input"].as_str().unwrap()).collect();
        assert_eq!(inputs, input.lines().collect::<Vec<_>>());
        assert_eq!(
            deliverability(&lines[0]),
            &json!({
                "status": "deliverable",
                "mail_hosts": [[10, "mx1.hosts.dnstest"], [20, "mx2.hosts.dnstest"], [30, "mx3.hosts.dnstest"]],
                "reason": null,
                "code": null,
                "warnings": []
            })
        );
        assert_eq!(deliverability(&lines[1])["status"], "undeliverable");
        assert_eq!(deliverability(&lines[1])["code"], "null_mx");
        assert!(
            deliverability(&lines[1])["reason"]
                .as_str()
                .unwrap()
                .contains("RFC 7505")
        );
        // A syntax error gets no lookup.
        assert_eq!(lines[2]["valid"], false);
        assert!(lines[2].get("deliverability").is_none());
        assert_eq!(deliverability(&lines[3])["code"], "no_such_domain");
        assert_eq!(
            deliverability(&lines[4])["mail_hosts"],
            json!([[0, "a-only.dnstest"]])
        );
        assert_eq!(
            deliverability(&lines[4])["warnings"][0]["code"],
            "implicit_mx"
        );
        // Unknown is not invalid.
        assert_eq!(deliverability(&lines[5])["status"], "unknown");
        assert_eq!(deliverability(&lines[5])["code"], "server_failure");
        assert_eq!(lines[5]["valid"], true);
        assert_eq!(
            deliverability(&lines[6])["mail_hosts"],
            json!([[0, "[192.0.2.1]"]])
        );
        assert_eq!(deliverability(&lines[7])["code"], "special_use_domain");
        // No progress bar or anything else on a non-terminal stderr.
        assert!(stderr.is_empty(), "{stderr}");
    }

    #[test]
    fn text_output_says_what_dns_answered() {
        let server = LoopbackServer::start();
        let (code, stdout, _) = check(
            server.addr,
            &[],
            "user@mx-cname.dnstest\nuser@nodata.dnstest\n",
        );
        assert_eq!(code, 1);
        assert!(
            stdout.contains("deliverability: deliverable 10 alias.hosts.dnstest"),
            "{stdout}"
        );
        assert!(stdout.contains("[mx_target_is_alias]"), "{stdout}");
        assert!(stdout.contains("deliverability: undeliverable"), "{stdout}");
        assert!(stdout.contains("[no_mail_hosts]"), "{stdout}");
        assert!(
            stdout.contains("2 values: 2 valid (0 with warnings), 0 invalid; deliverability: 1 deliverable, 1 undeliverable, 0 unknown"),
            "{stdout}"
        );
    }

    #[test]
    fn only_unknown_and_deliverable_exit_0() {
        let server = LoopbackServer::start();
        let (code, _, _) = check(
            server.addr,
            &["user@mx-several.dnstest", "user@x.servfail.dnstest"],
            "",
        );
        assert_eq!(code, 0);
    }

    #[test]
    fn a_dead_resolver_gives_unknown_within_the_timeout() {
        let silent = SilentServer::start();
        let started = std::time::Instant::now();
        let (code, stdout, _) = check(
            silent.addr,
            &["--json", "--timeout-ms", "400", "user@mx-several.dnstest"],
            "",
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        assert_eq!(code, 0);
        let lines = json_lines(&stdout);
        assert_eq!(deliverability(&lines[0])["status"], "unknown");
    }

    #[test]
    fn a_file_of_1000_addresses_asks_each_of_100_domains_once() {
        let server = LoopbackServer::start();
        let input = (0..1000)
            .map(|i| format!("user{i}@d{}.bulk.dnstest", i % 100))
            .collect::<Vec<_>>()
            .join("\n");
        let (code, stdout, _) = check(server.addr, &["--json", "--concurrency", "8"], &input);
        assert_eq!(code, 0);
        let lines = json_lines(&stdout);
        assert_eq!(lines.len(), 1000);
        for (i, v) in lines.iter().enumerate() {
            assert_eq!(v["input"], format!("user{i}@d{}.bulk.dnstest", i % 100));
            assert_eq!(deliverability(v)["status"], "deliverable");
        }
        let mx = server
            .log
            .all()
            .into_iter()
            .filter(|(name, _, _)| name.ends_with(".bulk.dnstest."))
            .count();
        assert_eq!(mx, 100);
    }
}
