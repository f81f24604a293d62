//! RFC 5322 §3.4 `address-list`: `mailboxes` finds every `addr-spec`, quote-aware, with
//! CFWS, `name-addr` and groups.

use rfc_email::{EmailError, mailboxes};

fn specs(list: &str) -> Result<Vec<&str>, EmailError> {
    mailboxes(list).map(|m| m.map(|m| m.addr_spec())).collect()
}

fn error(list: &str) -> (&'static str, usize) {
    let err = mailboxes(list)
        .find_map(Result::err)
        .unwrap_or_else(|| panic!("{list:?} should fail"));
    (err.code(), err.offset())
}

#[test]
fn rfc5322_3_4_address_list_forms() {
    let cases: [(&str, &[&str]); 9] = [
        ("a@example.com", &["a@example.com"]),
        (
            "a@example.com,b@example.com",
            &["a@example.com", "b@example.com"],
        ),
        (
            "chris@example.com, tony@example.com",
            &["chris@example.com", "tony@example.com"],
        ),
        ("Bob <bob@example.com>", &["bob@example.com"]),
        (
            "\"Doe, John\" <j@example.com>, k@example.com",
            &["j@example.com", "k@example.com"],
        ),
        ("<a@example.com>", &["a@example.com"]),
        (
            "(comment, with comma) a@example.com (x)",
            &["a@example.com"],
        ),
        (
            "team: a@example.com, Bob <b@example.com>;, c@example.com",
            &["a@example.com", "b@example.com", "c@example.com"],
        ),
        ("undisclosed-recipients:;", &[]),
    ];
    for (list, expected) in cases {
        assert_eq!(specs(list).unwrap(), expected, "{list:?}");
    }
}

#[test]
fn rfc5322_3_4_quoted_local_part_comma_does_not_split() {
    assert_eq!(
        specs("\"a,b\"@example.com").unwrap(),
        ["\"a,b\"@example.com"]
    );
}

#[test]
fn rfc5322_3_4_obs_phrase_display_name() {
    let m = mailboxes("John Q. Public <jqp@example.com>")
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(
        (m.display_name(), m.addr_spec(), m.offset()),
        (Some("John Q. Public"), "jqp@example.com", 16)
    );
}

#[test]
fn rfc5322_3_4_group_name_is_reported() {
    let all: Vec<_> = mailboxes("a@example.com, team: b@example.com;")
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        all.iter()
            .map(rfc_email::ListedMailbox::group)
            .collect::<Vec<_>>(),
        [None, Some("team")]
    );
}

#[test]
fn rfc5322_3_4_list_errors_name_the_rule() {
    assert_eq!(error(""), ("empty_address", 0));
    assert_eq!(error("a@example.com,,b@example.com"), ("empty_address", 14));
    assert_eq!(error("a@example.com,"), ("empty_address", 14));
    assert_eq!(
        error("a@example.com b@example.com"),
        ("unexpected_in_address_list", 14)
    );
    assert_eq!(error("Bob <b@example.com"), ("unterminated_angle_addr", 18));
    assert_eq!(error("team: a@example.com"), ("unterminated_group", 19));
    assert_eq!(
        error("a: b: c@example.com;;"),
        ("unexpected_in_address_list", 3)
    );
    assert_eq!(error("x@y@z.example"), ("multiple_at", 3));
    assert_eq!(error("no-at-sign"), ("missing_at", 10));
}

#[test]
fn located_addr_specs_are_checked_by_the_caller() {
    // The list grammar locates; the profile decides.
    let m = mailboxes("Bob <\"b c\"@example.com>")
        .next()
        .unwrap()
        .unwrap();
    assert!(rfc_email::EmailAddress::parse(m.addr_spec()).is_ok());
    let m = mailboxes("<a(c)@example.com>").next().unwrap().unwrap();
    assert_eq!(m.addr_spec(), "a(c)@example.com");
    assert!(rfc_email::EmailAddress::parse(m.addr_spec()).is_err());
}

proptest::proptest! {
    /// Any input: the iterator ends, never panics, and every located addr-spec is a
    /// slice of the list at its offset.
    #[test]
    fn never_panics_and_offsets_point_at_the_spec(list in "[a-z@.,;:<> \"()\\\\é]{0,40}") {
        for m in mailboxes(&list).take(64).flatten() {
            proptest::prop_assert_eq!(list.get(m.offset()..m.offset() + m.addr_spec().len()), Some(m.addr_spec()));
        }
    }
}
