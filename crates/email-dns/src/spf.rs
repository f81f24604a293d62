//! Recognizing the SPF record of a domain that sends no mail: `v=spf1 -all`.

/// Is `record` an SPF record (RFC 7208 §4.5: `v=spf1` followed by a space or the end)?
fn is_spf(record: &str) -> bool {
    let bytes = record.as_bytes();
    bytes.len() >= 6
        && bytes[..6].eq_ignore_ascii_case(b"v=spf1")
        && bytes.get(6).is_none_or(|&b| b == b' ')
}

/// Does this SPF record authorize no host at all?
///
/// True when its only mechanism is `-all` (RFC 7208 §5.1). Modifiers (`exp=`,
/// `redirect=`, unknown ones: a term with `=` before any `:` or `/`, RFC 7208 §12) do
/// not change that: `redirect` is ignored when `all` is present (RFC 7208 §6.1).
/// Terms are separated by one or more spaces (RFC 7208 §12); names are
/// case-insensitive (RFC 7208 §4.6.1).
///
/// ```
/// assert!(email_dns::spf_rejects_all("v=spf1 -all"));
/// assert!(email_dns::spf_rejects_all("V=SPF1  -ALL exp=why.example.net"));
/// assert!(!email_dns::spf_rejects_all("v=spf1 mx -all"));
/// assert!(!email_dns::spf_rejects_all("v=spf1 ~all"));
/// assert!(!email_dns::spf_rejects_all("v=spf10 -all"));
/// ```
#[must_use]
pub fn spf_rejects_all(record: &str) -> bool {
    if !is_spf(record) {
        return false;
    }
    let mut mechanisms = record
        .get(6..)
        .unwrap_or_default()
        .split(' ')
        .filter(|term| !term.is_empty())
        .filter(|term| !is_modifier(term));
    matches!(
        (mechanisms.next(), mechanisms.next()),
        (Some(only), None) if only.eq_ignore_ascii_case("-all")
    )
}

/// RFC 7208 §12: `modifier = redirect / explanation / unknown-modifier`, each
/// `name "=" ...`; a mechanism's argument starts with `:` or `/`.
fn is_modifier(term: &str) -> bool {
    match term.find('=') {
        Some(eq) => !term[..eq].contains([':', '/']),
        None => false,
    }
}

/// Among the TXT records of a domain, exactly one SPF record, and it rejects all.
///
/// Several SPF records are a `permerror` (RFC 7208 §4.5): no conclusion is drawn from
/// them. Each TXT record is the concatenation of its strings (RFC 7208 §3.3).
pub(crate) fn rejects_all<I: IntoIterator<Item = String>>(txt_records: I) -> bool {
    let mut spf = txt_records.into_iter().filter(|r| is_spf(r));
    match (spf.next(), spf.next()) {
        (Some(only), None) => spf_rejects_all(&only),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc7208_4_5_version_must_be_followed_by_space_or_end() {
        let records = [
            "v=spf1",
            "v=spf1 -all",
            "v=spf1-all",
            "v=spf2 -all",
            " v=spf1 -all",
            "v=spf",
        ];
        assert_eq!(
            records.map(is_spf),
            [true, true, false, false, false, false]
        );
    }

    #[test]
    fn rfc7208_5_1_only_a_lone_fail_all_rejects_everything() {
        for yes in [
            "v=spf1 -all",
            "v=spf1    -all  ",
            "v=spf1 -ALL",
            "v=spf1 -all exp=x.example.net",
            "v=spf1 redirect=_spf.example.net -all",
        ] {
            assert!(spf_rejects_all(yes), "{yes}");
        }
        for no in [
            "v=spf1",
            "v=spf1 all",
            "v=spf1 +all",
            "v=spf1 ~all",
            "v=spf1 ?all",
            "v=spf1 a -all",
            "v=spf1 ip4:192.0.2.0/24 -all",
            "v=spf1 -all -all",
            "v=spf1 redirect=_spf.example.net",
            "hello -all",
        ] {
            assert!(!spf_rejects_all(no), "{no}");
        }
    }

    #[test]
    fn rfc7208_12_modifier_vs_mechanism_argument() {
        let terms = [
            "exp=explain.example.net",
            "redirect=_spf.example.net",
            "include:a=b.example.net",
            "ip4:192.0.2.1/24",
            "-all",
        ];
        // A modifier's name is followed by `=`; in a mechanism `=` can only be in the argument.
        assert_eq!(terms.map(is_modifier), [true, true, false, false, false]);
    }

    #[test]
    fn rfc7208_4_5_several_spf_records_draw_no_conclusion() {
        let one = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert!(rejects_all(one(&["v=spf1 -all"])));
        assert!(rejects_all(one(&[
            "google-site-verification=x",
            "v=spf1 -all"
        ])));
        assert!(!rejects_all(one(&["v=spf1 -all", "v=spf1 mx -all"])));
        assert!(!rejects_all(one(&["not spf"])));
        assert!(!rejects_all(one(&[])));
    }

    proptest::proptest! {
        #[test]
        fn rfc7208_a_record_that_is_not_spf_never_rejects_all(s in "[^v].*") {
            proptest::prop_assert!(!spf_rejects_all(&s));
        }

        #[test]
        fn rfc7208_adding_any_mechanism_to_a_reject_all_record_lifts_it(
            mech in "(a|mx|ptr|ip4:192\\.0\\.2\\.[0-9]{1,2}|include:[a-z]{1,8}\\.example)"
        ) {
            let record = format!("v=spf1 {mech} -all");
            proptest::prop_assert!(!spf_rejects_all(&record));
        }
    }
}
