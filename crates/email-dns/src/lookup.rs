//! The RFC 5321 §5.1 procedure for one domain: MX, null MX (RFC 7505), implicit MX,
//! the addresses of the MX targets, and the reject-all SPF record.

use std::time::{Duration, Instant};

use futures_util::future::join_all;
use hickory_resolver::TokioResolver;
use hickory_resolver::lookup::Lookup;
use hickory_resolver::net::{DnsError, NetError};
use hickory_resolver::proto::op::ResponseCode;
use hickory_resolver::proto::rr::{Name, RData, RecordType};

use crate::outcome::{Deliverability, DnsWarning, MailHost, Reason, ReasonKind, WarningKind};
use crate::spf;

/// How long an `Unknown` outcome is kept: long enough that a batch asks a failing
/// server once per domain, far below the five minutes RFC 2308 §7 allows for caching
/// server failures and dead servers.
pub(crate) const UNKNOWN_TTL: Duration = Duration::from_secs(30);

/// An outcome and how long it may be reused.
#[derive(Debug)]
pub(crate) struct Resolved {
    pub outcome: Deliverability,
    pub ttl: Duration,
}

impl Resolved {
    fn undeliverable(kind: ReasonKind, detail: Option<String>, ttl: Duration) -> Self {
        let reason = match detail {
            Some(d) => Reason::with_detail(kind, d),
            None => Reason::new(kind),
        };
        Resolved {
            outcome: Deliverability::Undeliverable { reason },
            ttl,
        }
    }

    pub(crate) fn unknown(reason: Reason) -> Self {
        Resolved {
            outcome: Deliverability::Unknown { reason },
            ttl: UNKNOWN_TTL,
        }
    }
}

/// What a failed query means.
enum Failure {
    /// `NXDOMAIN` (`nxdomain`) or `NODATA`, with the negative TTL of RFC 2308 §5 when
    /// the answer carried an SOA record.
    Negative { nxdomain: bool, ttl: Duration },
    /// Try again later.
    Transient(Reason),
}

/// Sorts a hickory error into the outcomes: negative answers are facts, everything
/// else is transient.
fn classify(error: &NetError, what: &str) -> Failure {
    let transient =
        |kind| Failure::Transient(Reason::with_detail(kind, format!("{what}: {error}")));
    match error {
        NetError::Dns(DnsError::NoRecordsFound(none)) => Failure::Negative {
            nxdomain: none.response_code == ResponseCode::NXDomain,
            // RFC 2308 §5: without an SOA a negative answer is not cached.
            ttl: Duration::from_secs(none.negative_ttl.map_or(0, u64::from)),
        },
        NetError::Dns(DnsError::ResponseCode(ResponseCode::ServFail)) => {
            transient(ReasonKind::ServerFailure)
        }
        NetError::Dns(DnsError::ResponseCode(ResponseCode::Refused)) => {
            transient(ReasonKind::Refused)
        }
        NetError::Timeout => transient(ReasonKind::Timeout),
        NetError::Io(_) | NetError::NoConnections | NetError::Busy => {
            transient(ReasonKind::NetworkError)
        }
        _ => transient(ReasonKind::DnsError),
    }
}

/// Time left before `valid_until`.
fn remaining(valid_until: Instant) -> Duration {
    valid_until.saturating_duration_since(Instant::now())
}

/// The name without its final dot, lower case.
fn display(name: &Name) -> String {
    let mut text = name.to_ascii();
    if text.len() > 1 && text.ends_with('.') {
        text.pop();
    }
    text.make_ascii_lowercase();
    text
}

/// An MX target written as an IP address (`10 192.0.2.1.`): RFC 5321 §5.1 requires a
/// domain name, and a name whose last label is all digits cannot be one under any TLD
/// (RFC 3696 §2).
fn looks_like_address(name: &Name) -> bool {
    name.iter()
        .next_back()
        .is_some_and(|label| !label.is_empty() && label.iter().all(u8::is_ascii_digit))
}

/// Runs the procedure for `name` (lower-case A-labels, no final dot).
pub(crate) async fn resolve(
    resolver: &TokioResolver,
    name: &str,
    reject_all_spf: bool,
) -> Resolved {
    let Ok(fqdn) = Name::from_ascii(format!("{name}.")) else {
        return Resolved::undeliverable(
            ReasonKind::NotAMailDomain,
            Some(name.to_owned()),
            Duration::ZERO,
        );
    };
    let mx = match resolver.lookup(fqdn.clone(), RecordType::MX).await {
        Ok(lookup) => lookup,
        Err(e) => {
            return match classify(&e, &format!("MX {name}")) {
                Failure::Negative {
                    nxdomain: true,
                    ttl,
                } => Resolved::undeliverable(ReasonKind::NoSuchDomain, Some(name.to_owned()), ttl),
                // NODATA: the name exists without MX, so the implicit MX applies.
                Failure::Negative {
                    nxdomain: false,
                    ttl,
                } => implicit_mx(resolver, name, &fqdn, reject_all_spf, ttl).await,
                Failure::Transient(reason) => Resolved::unknown(reason),
            };
        }
    };
    let mut records: Vec<(u16, Name)> = mx
        .answers()
        .iter()
        .filter_map(|record| match &record.data {
            RData::MX(mx) => Some((mx.preference, mx.exchange.clone())),
            _ => None,
        })
        .collect();
    let ttl = remaining(mx.valid_until());
    if records.is_empty() {
        // An answer with only a CNAME chain and no MX at its end is NODATA too.
        return implicit_mx(resolver, name, &fqdn, reject_all_spf, ttl).await;
    }
    // RFC 7505 §3: a single MX record whose target is the root, `.`.
    if let [(_, target)] = records.as_slice()
        && target.is_root()
    {
        return Resolved::undeliverable(ReasonKind::NullMx, Some(name.to_owned()), ttl);
    }
    // RFC 5321 §5.1: lower preference first. Equal preferences are shown in name order
    // (a sender would shuffle them; a report should be stable).
    records.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then_with(|| display(&a.1).cmp(&display(&b.1)))
    });
    records.dedup_by(|a, b| a.1 == b.1);
    mx_targets(resolver, name, records, ttl).await
}

/// Looks up the addresses of the MX targets; the usable ones are the mail hosts.
async fn mx_targets(
    resolver: &TokioResolver,
    name: &str,
    records: Vec<(u16, Name)>,
    mx_ttl: Duration,
) -> Resolved {
    let mut warnings = Vec::new();
    let mut to_ask = Vec::new();
    for (preference, target) in records {
        if target.is_root() {
            warnings.push(DnsWarning::new(WarningKind::NullMxWithOtherRecords, name));
        } else if looks_like_address(&target) {
            warnings.push(DnsWarning::new(
                WarningKind::MxTargetIsAddress,
                display(&target),
            ));
        } else {
            to_ask.push((preference, target));
        }
    }
    let answers = join_all(
        to_ask
            .iter()
            .map(|(_, target)| resolver.lookup_ip(target.clone())),
    )
    .await;
    let mut ttl = mx_ttl;
    let mut hosts = Vec::new();
    let mut unusable = Vec::new();
    let mut transient = None;
    for ((preference, target), answer) in to_ask.iter().zip(answers) {
        let host = display(target);
        match answer {
            Ok(ips) => {
                ttl = ttl.min(remaining(ips.valid_until()));
                if ips.iter().next().is_none() {
                    warnings.push(DnsWarning::new(WarningKind::MxTargetWithoutAddress, &host));
                    unusable.push(host);
                    continue;
                }
                if is_alias(ips.as_lookup()) {
                    warnings.push(DnsWarning::new(WarningKind::MxTargetIsAlias, &host));
                }
                hosts.push(MailHost::new(*preference, host));
            }
            Err(e) => match classify(&e, &format!("A/AAAA {host}")) {
                Failure::Negative { ttl: negative, .. } => {
                    ttl = ttl.min(negative);
                    warnings.push(DnsWarning::new(WarningKind::MxTargetWithoutAddress, &host));
                    unusable.push(host);
                }
                Failure::Transient(reason) => {
                    transient.get_or_insert(reason);
                }
            },
        }
    }
    if !hosts.is_empty() {
        return Resolved {
            outcome: Deliverability::Deliverable {
                mail_hosts: hosts,
                warnings,
            },
            ttl,
        };
    }
    // No usable host yet, but one might be once the failure passes.
    if let Some(reason) = transient {
        return Resolved::unknown(reason);
    }
    let detail = if unusable.is_empty() {
        format!("{name}: every MX target is unusable")
    } else {
        format!(
            "{name}: MX targets without address: {}",
            unusable.join(", ")
        )
    };
    Resolved::undeliverable(ReasonKind::NoMailHosts, Some(detail), ttl)
}

/// Whether an address answer went through a CNAME (RFC 2181 §10.3).
fn is_alias(lookup: &Lookup) -> bool {
    lookup
        .answers()
        .iter()
        .any(|record| record.record_type() == RecordType::CNAME)
}

/// No MX record: the domain itself is the mail host if it has an address (RFC 5321
/// §5.1), unless its SPF record says it takes no part in mail.
async fn implicit_mx(
    resolver: &TokioResolver,
    name: &str,
    fqdn: &Name,
    reject_all_spf: bool,
    mx_ttl: Duration,
) -> Resolved {
    let ips = match resolver.lookup_ip(fqdn.clone()).await {
        Ok(ips) if ips.iter().next().is_some() => ips,
        Ok(ips) => {
            let ttl = mx_ttl.min(remaining(ips.valid_until()));
            return no_implicit_host(name, ttl);
        }
        Err(e) => {
            return match classify(&e, &format!("A/AAAA {name}")) {
                Failure::Negative { ttl, .. } => no_implicit_host(name, mx_ttl.min(ttl)),
                Failure::Transient(reason) => Resolved::unknown(reason),
            };
        }
    };
    let mut ttl = mx_ttl.min(remaining(ips.valid_until()));
    if reject_all_spf {
        // A failed TXT query proves nothing either way: the address rule stands.
        if let Ok(txt) = resolver.lookup(fqdn.clone(), RecordType::TXT).await {
            let records = txt
                .answers()
                .iter()
                .filter_map(|record| match &record.data {
                    RData::TXT(txt) => Some(
                        txt.txt_data
                            .iter()
                            .map(|s| String::from_utf8_lossy(s))
                            .collect::<String>(),
                    ),
                    _ => None,
                });
            if spf::rejects_all(records) {
                ttl = ttl.min(remaining(txt.valid_until()));
                return Resolved::undeliverable(
                    ReasonKind::RejectAllSpf,
                    Some(format!("{name}: v=spf1 -all")),
                    ttl,
                );
            }
        }
    }
    Resolved {
        outcome: Deliverability::Deliverable {
            mail_hosts: vec![MailHost::implicit(name)],
            warnings: vec![DnsWarning::new(WarningKind::ImplicitMx, name)],
        },
        ttl,
    }
}

fn no_implicit_host(name: &str, ttl: Duration) -> Resolved {
    Resolved::undeliverable(
        ReasonKind::NoMailHosts,
        Some(format!("{name}: no MX record and no A/AAAA record")),
        ttl,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc5321_5_1_an_all_numeric_last_label_is_an_address_not_a_name() {
        for yes in ["192.0.2.1.", "10.0.0.1", "1."] {
            assert!(looks_like_address(&Name::from_ascii(yes).unwrap()), "{yes}");
        }
        for no in ["mx.example.net.", "192.0.2.1.example.", "1x.", "."] {
            assert!(!looks_like_address(&Name::from_ascii(no).unwrap()), "{no}");
        }
    }

    #[test]
    fn names_are_shown_lower_case_without_the_final_dot() {
        assert_eq!(
            display(&Name::from_ascii("MX.Example.NET.").unwrap()),
            "mx.example.net"
        );
        assert_eq!(display(&Name::root()), ".");
    }
}
