"""Deliverability against the loopback DNS server serving testdata/dns/dnstest.zone
(RFC 5321 §5.1 MX and implicit MX, RFC 7505 null MX); a transient failure is never
EmailUndeliverableError."""

from __future__ import annotations

import threading
import time

import dns.resolver
import pytest

import rfc3696
from rfc3696 import EmailUndeliverableError


def check(address, server, **kwargs):
    return rfc3696.validate_email(address, check_deliverability=True, dns_resolver=server.address, **kwargs)


def test_mx_records_lowest_preference_first_rfc5321_s5_1(dns_server):
    v = check("user@mx-several.dnstest", dns_server)
    assert v.mx == [(10, "mx1.hosts.dnstest"), (20, "mx2.hosts.dnstest"), (30, "mx3.hosts.dnstest")]
    assert v.mx_fallback_type is None and v.deliverability == "deliverable"


def test_implicit_mx_by_a_or_aaaa_rfc5321_s5_1(dns_server):
    for domain in ("a-only.dnstest", "aaaa-only.dnstest"):
        v = check(f"user@{domain}", dns_server)
        assert v.mx == [(0, domain)] and v.mx_fallback_type == "implicit"


@pytest.mark.parametrize("domain,code", [
    ("null-mx.dnstest", "null_mx"),          # RFC 7505 §3, even with an A record
    ("nodata.dnstest", "no_mail_hosts"),     # RFC 5321 §5.1: no MX, no address
    ("missing.dnstest", "no_such_domain"),   # NXDOMAIN
    ("mx-noaddr.dnstest", "no_mail_hosts"),  # the only MX target has no address
    ("spf-reject.dnstest", "reject_all_spf"),  # RFC 7208: v=spf1 -all and no MX
])
def test_undeliverable_domains(dns_server, domain, code):
    with pytest.raises(EmailUndeliverableError) as e:
        check(f"user@{domain}", dns_server)
    assert e.value.code == code
    assert e.value.offset == len("user@")
    assert e.value.message and e.value.user_message


def test_null_mx_next_to_a_real_one_is_skipped_rfc7505_s3(dns_server):
    assert check("user@null-mx-mixed.dnstest", dns_server).mx == [(10, "mx1.hosts.dnstest")]


def test_alias_target_and_tcp_retry_rfc2181_s10_3_rfc7766_s5(dns_server):
    v = check("user@mx-cname.dnstest", dns_server)
    assert v.mx == [(10, "alias.hosts.dnstest")]
    assert "mx_target_is_alias" in [w["code"] for w in v.warnings]
    assert check("user@big.dnstest", dns_server).mx == [(10, "big.hosts.dnstest")]


def test_special_use_names_are_never_looked_up_rfc6761(dns_server):
    with pytest.raises(EmailUndeliverableError) as e:
        check("user@example.com", dns_server)
    assert e.value.code == "special_use_domain"


def test_servfail_is_unknown_not_undeliverable_rfc5321_s4_5_4_1(dns_server):
    v = check("user@x.servfail.dnstest", dns_server)
    assert v.deliverability == "unknown" and v.mx is None
    assert "deliverability_unknown" in [w["code"] for w in v.warnings]


def test_timeout_is_unknown_not_undeliverable(blackhole):
    started = time.monotonic()
    v = rfc3696.validate_email("user@mx-several.dnstest", check_deliverability=True,
                               dns_resolver=blackhole.address, timeout=0.5)
    assert v.deliverability == "unknown"
    assert time.monotonic() - started < 5


def test_the_gil_is_released_during_lookups(blackhole):
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    try:
        rfc3696.validate_email("user@a-only.dnstest", check_deliverability=True,
                               dns_resolver=blackhole.address, timeout=0.6)
    finally:
        stop.set()
        t.join()
    assert len(ticks) > 50  # the other thread ran while the lookup waited


def test_dnspython_resolver_and_address_forms(dns_server):
    resolver = dns.resolver.Resolver(configure=False)
    resolver.nameservers = ["127.0.0.1"]
    resolver.port = dns_server.port
    v = rfc3696.validate_email("user@mx-several.dnstest", check_deliverability=True, dns_resolver=resolver)
    assert v.mx[0] == (10, "mx1.hosts.dnstest")
    v = rfc3696.validate_email("user@a-only.dnstest", check_deliverability=True,
                               dns_resolver=[dns_server.address])
    assert v.mx_fallback_type == "implicit"
    with pytest.raises(ValueError):
        rfc3696.validate_email("user@a-only.dnstest", check_deliverability=True, dns_resolver="not-an-ip")
    with pytest.raises(TypeError):
        rfc3696.validate_email("user@a-only.dnstest", check_deliverability=True, dns_resolver=3)
    with pytest.raises(ValueError):
        rfc3696.validate_email("user@a-only.dnstest", check_deliverability=True, timeout=-1)


def test_syntax_comes_before_dns(dns_server):
    with pytest.raises(rfc3696.EmailSyntaxError):
        check("user@@mx-several.dnstest", dns_server)


def test_batch_with_deliverability_in_order(dns_server):
    emails = [f"user{i}@d{i}.bulk.dnstest" for i in range(300)] + ["user@null-mx.dnstest"]
    got = rfc3696.validate_emails(emails, check_deliverability=True, dns_resolver=dns_server.address)
    assert [v.mx for v in got[:-1]] == [[(10, "mx1.hosts.dnstest")]] * 300
    assert isinstance(got[-1], EmailUndeliverableError) and got[-1].code == "null_mx"
