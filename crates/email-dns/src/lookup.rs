//! The RFC 5321 §5.1 procedure for one domain: MX, null MX (RFC 7505), implicit MX,
//! the addresses of the MX targets, and the reject-all SPF record.

use std::time::{Duration, Instant};

use futures_util::future::join_all;
use hickory_resolver::TokioResolver;
use hickory_resolver::lookup::Lookup;
use hickory_resolver::net::{DnsError, NetError};
use hickory_resolver::proto::op::ResponseCode;
use hickory_resolver::proto::rr::{Name, RData, Record, RecordType};

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

/// The most aliases followed from one name: a longer CNAME chain is a configuration
/// failure, and the outcome is unknown (RFC 1034 §3.6.2 asks resolvers to follow chains
/// and to signal loops, and sets no length; RFC 2181 §10.1 discourages chains). Below the
/// resolver's own limit, so that a chain the resolver gives up on is always seen as one.
///
/// ```
/// assert_eq!(email_dns::MAX_CNAME_CHAIN, 5);
/// ```
pub const MAX_CNAME_CHAIN: usize = 5;

/// What a failed query means.
enum Failure {
    /// `NXDOMAIN` (`nxdomain`) or `NODATA`, with the negative TTL of RFC 2308 §5 when
    /// the answer carried an SOA record. `via_alias`: the answer is not the plain
    /// negative answer of an authoritative server for the name asked (no SOA, or the
    /// resolver went through a CNAME), so a CNAME loop or an over-long chain may hide
    /// behind it.
    Negative {
        nxdomain: bool,
        ttl: Duration,
        via_alias: bool,
    },
    /// Try again later.
    Transient(Reason),
}

/// Sorts a hickory error into the outcomes: negative answers are facts, everything
/// else is transient. `asked` is the name of the query.
fn classify(error: &NetError, what: &str, asked: &Name) -> Failure {
    let transient =
        |kind| Failure::Transient(Reason::with_detail(kind, format!("{what}: {error}")));
    match error {
        // An empty answer under a response code the resolver does not know (RFC 6895
        // §2.3 leaves 12–15 of the header's codes unassigned) is no negative answer.
        NetError::Dns(DnsError::NoRecordsFound(none))
            if !matches!(
                none.response_code,
                ResponseCode::NoError | ResponseCode::NXDomain
            ) =>
        {
            Failure::Transient(Reason::with_detail(
                ReasonKind::DnsError,
                format!("{what}: {}", rcode_detail(none.response_code)),
            ))
        }
        NetError::Dns(DnsError::NoRecordsFound(none)) => Failure::Negative {
            nxdomain: none.response_code == ResponseCode::NXDomain,
            // RFC 2308 §5: without an SOA a negative answer is not cached.
            ttl: Duration::from_secs(none.negative_ttl.map_or(0, u64::from)),
            via_alias: none.soa.is_none() || none.query.name() != asked,
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

/// A fault of a CNAME chain (RFC 1034 §3.6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ChainFault {
    Loop,
    TooLong,
}

impl ChainFault {
    fn unknown(self, what: &str, start: &Name) -> Resolved {
        let kind = match self {
            Self::Loop => ReasonKind::CnameLoop,
            Self::TooLong => ReasonKind::CnameChainTooLong,
        };
        Resolved::unknown(Reason::with_detail(
            kind,
            format!("{what} {}", display(start)),
        ))
    }
}

/// The alias `name` has in `records`, if any.
fn alias_of<'r>(records: &'r [Record], name: &Name) -> Option<&'r Name> {
    records.iter().find_map(|record| match &record.data {
        RData::CNAME(target) if record.name == *name => Some(&target.0),
        _ => None,
    })
}

/// Follows the CNAME records of an answer from `start`: a loop, or more than
/// [`MAX_CNAME_CHAIN`] aliases.
fn chain_fault(start: &Name, answers: &[Record]) -> Option<ChainFault> {
    let mut chain = vec![start];
    while let Some(next) = chain.last().and_then(|name| alias_of(answers, name)) {
        if chain.contains(&next) {
            return Some(ChainFault::Loop);
        }
        chain.push(next);
        if chain.len() > MAX_CNAME_CHAIN + 1 {
            return Some(ChainFault::TooLong);
        }
    }
    None
}

/// Asks for the CNAME of each name of the chain from `start` in turn (the resolver does
/// not follow a CNAME query): for negative answers that may come from a chain the
/// resolver gave up on. A failed query proves nothing: `None`.
async fn walk_chain(resolver: &TokioResolver, start: &Name) -> Option<ChainFault> {
    let mut chain = vec![start.clone()];
    while chain.len() <= MAX_CNAME_CHAIN + 1 {
        let current = chain.last()?.clone();
        let lookup = resolver
            .lookup(current.clone(), RecordType::CNAME)
            .await
            .ok()?;
        let next = alias_of(lookup.answers(), &current)?.clone();
        if chain.contains(&next) {
            return Some(ChainFault::Loop);
        }
        chain.push(next);
    }
    Some(ChainFault::TooLong)
}

/// The response code of an answer the resolver passed on although it is neither
/// `NOERROR` nor `NXDOMAIN`: one it does not know (RFC 6895 §2.3 leaves 12–15 of the
/// header's codes unassigned). Such an answer carries no data to judge by.
fn unusable_rcode(lookup: &Lookup) -> Option<Resolved> {
    let code = lookup.message().metadata.response_code;
    if matches!(code, ResponseCode::NoError | ResponseCode::NXDomain) {
        return None;
    }
    let name = display(lookup.query().name());
    Some(Resolved::unknown(Reason::with_detail(
        ReasonKind::DnsError,
        format!(
            "{} {name}: {}",
            lookup.query().query_type(),
            rcode_detail(code)
        ),
    )))
}

/// The words for an answer's unexpected response code.
fn rcode_detail(code: ResponseCode) -> String {
    format!(
        "response code {} ({code}), neither NOERROR nor NXDOMAIN (RFC 6895 §2.3)",
        u16::from(code)
    )
}

/// RFC 5321 §5.1: lowest preference first; a host listed more than once keeps its
/// lowest preference, whatever the order of the records. Equal preferences are shown in
/// name order (a sender would shuffle them; a report should be stable).
fn order_mx(mut records: Vec<(u16, Name)>) -> Vec<(u16, Name)> {
    records.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then_with(|| display(&a.1).cmp(&display(&b.1)))
    });
    let mut seen = std::collections::BTreeSet::new();
    records.retain(|(_, target)| seen.insert(display(target)));
    records
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
            return match classify(&e, &format!("MX {name}"), &fqdn) {
                Failure::Negative {
                    via_alias: true, ..
                } if let Some(fault) = walk_chain(resolver, &fqdn).await => {
                    fault.unknown("MX", &fqdn)
                }
                Failure::Negative {
                    nxdomain: true,
                    ttl,
                    ..
                } => Resolved::undeliverable(ReasonKind::NoSuchDomain, Some(name.to_owned()), ttl),
                // NODATA: the name exists without MX, so the implicit MX applies.
                Failure::Negative {
                    nxdomain: false,
                    ttl,
                    ..
                } => implicit_mx(resolver, name, &fqdn, reject_all_spf, ttl).await,
                Failure::Transient(reason) => Resolved::unknown(reason),
            };
        }
    };
    if let Some(unknown) = unusable_rcode(&mx) {
        return unknown;
    }
    if let Some(fault) = chain_fault(&fqdn, mx.answers()) {
        return fault.unknown("MX", &fqdn);
    }
    let records: Vec<(u16, Name)> = mx
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
    mx_targets(resolver, name, order_mx(records), ttl).await
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
        let fault = match &answer {
            Ok(ips) => unusable_rcode(ips.as_lookup())
                .map(|unknown| unknown.outcome)
                .or_else(|| {
                    chain_fault(target, ips.as_lookup().answers())
                        .map(|fault| fault.unknown("A/AAAA", target).outcome)
                }),
            Err(e) => match classify(e, "", target) {
                Failure::Negative {
                    via_alias: true, ..
                } => walk_chain(resolver, target)
                    .await
                    .map(|fault| fault.unknown("A/AAAA", target).outcome),
                _ => None,
            },
        };
        // A broken answer or chain at one host may pass: the host might be usable.
        if let Some(Deliverability::Unknown { reason }) = fault {
            transient.get_or_insert(reason);
            continue;
        }
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
            Err(e) => match classify(&e, &format!("A/AAAA {host}"), target) {
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
        Ok(ips) => {
            if let Some(unknown) = unusable_rcode(ips.as_lookup()) {
                return unknown;
            }
            if let Some(fault) = chain_fault(fqdn, ips.as_lookup().answers()) {
                return fault.unknown("A/AAAA", fqdn);
            }
            if ips.iter().next().is_none() {
                let ttl = mx_ttl.min(remaining(ips.valid_until()));
                return no_implicit_host(name, ttl);
            }
            ips
        }
        Err(e) => {
            return match classify(&e, &format!("A/AAAA {name}"), fqdn) {
                Failure::Negative {
                    via_alias: true, ..
                } if let Some(fault) = walk_chain(resolver, fqdn).await => {
                    fault.unknown("A/AAAA", fqdn)
                }
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

    fn name(text: &str) -> Name {
        Name::from_ascii(text).unwrap()
    }

    /// Every order of `items` (Heap's algorithm would do; four items are 24 orders).
    fn permutations<T: Clone>(items: &[T]) -> Vec<Vec<T>> {
        if items.len() <= 1 {
            return vec![items.to_vec()];
        }
        let mut out = Vec::new();
        for i in 0..items.len() {
            let mut rest = items.to_vec();
            let first = rest.remove(i);
            for mut tail in permutations(&rest) {
                tail.insert(0, first.clone());
                out.push(tail);
            }
        }
        out
    }

    #[test]
    fn rfc5321_5_1_a_host_listed_twice_keeps_its_lowest_preference_in_any_order() {
        let records = [
            (30, name("mx1.example.")),
            (20, name("mx2.example.")),
            (10, name("MX1.example.")),
            (20, name("mx0.example.")),
        ];
        let orders = permutations(&records);
        assert_eq!(orders.len(), 24);
        for order in orders {
            let shown: Vec<(u16, String)> = order_mx(order.clone())
                .iter()
                .map(|(preference, target)| (*preference, display(target)))
                .collect();
            assert_eq!(
                shown,
                [
                    (10, "mx1.example".to_owned()),
                    (20, "mx0.example".to_owned()),
                    (20, "mx2.example".to_owned()),
                ],
                "{order:?}"
            );
        }
    }

    fn cname(from: &str, to: &str) -> Record {
        Record::from_rdata(
            name(from),
            300,
            RData::CNAME(hickory_resolver::proto::rr::rdata::CNAME(name(to))),
        )
    }

    #[test]
    fn rfc1034_3_6_2_loops_and_long_chains_in_an_answer() {
        let start = name("a.example.");
        assert_eq!(chain_fault(&start, &[]), None);
        let looped = [
            cname("a.example.", "b.example."),
            cname("b.example.", "a.example."),
        ];
        assert_eq!(chain_fault(&start, &looped), Some(ChainFault::Loop));
        let own = [cname("a.example.", "a.example.")];
        assert_eq!(chain_fault(&start, &own), Some(ChainFault::Loop));
        // MAX_CNAME_CHAIN aliases are followed; one more is too many.
        let chain = |links: usize| -> Vec<Record> {
            let names: Vec<String> = std::iter::once("a.example.".to_owned())
                .chain((1..=links).map(|i| format!("c{i}.example.")))
                .collect();
            names.windows(2).map(|w| cname(&w[0], &w[1])).collect()
        };
        assert_eq!(chain_fault(&start, &chain(MAX_CNAME_CHAIN)), None);
        assert_eq!(
            chain_fault(&start, &chain(MAX_CNAME_CHAIN + 1)),
            Some(ChainFault::TooLong)
        );
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
