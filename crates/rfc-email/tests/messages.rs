//! Snapshots of the human-facing messages: every error kind (with a caret under the
//! offending byte) and every warning.

use rfc_email::{EmailAddress, Policy, Warning};

/// (input, policy name, policy): one per error kind.
fn inputs() -> Vec<(String, &'static str, Policy)> {
    let p = |s: &str, name, policy| (s.to_owned(), name, policy);
    let long_address = crate::common::address_of_255_octets();
    vec![
        p("", "RFC5321", Policy::RFC5321),
        p("user.example.com", "RFC5321", Policy::RFC5321),
        p("a@b@example.com", "RFC5321", Policy::RFC5321),
        p("@example.com", "RFC5321", Policy::RFC5321),
        p("user@", "RFC5321", Policy::RFC5321),
        p("a,b@example.com", "RFC5321", Policy::RFC5321),
        p("jos\u{e9}@example.com", "RFC5321", Policy::RFC5321),
        p("\"a\u{1}\"@example.com", "RFC5321", Policy::RFC5321),
        p("john doe@example.com", "RFC5321", Policy::RFC5321),
        p(".user@example.com", "RFC5321", Policy::RFC5321),
        p("user.@example.com", "RFC5321", Policy::RFC5321),
        p("a..b@example.com", "RFC5321", Policy::RFC5321),
        p(r"Abc\@def@example.com", "RFC5321", Policy::RFC5321),
        p(r"Fred\ Bloggs@example.com", "RFC5321", Policy::RFC5321),
        p(r"Joe.\\Blow@example.com", "RFC5321", Policy::RFC5321),
        p("\"abc@example.com", "RFC5321", Policy::RFC5321),
        p("\"a\\\tb\"@example.com", "RFC5321", Policy::RFC5321),
        p("\"test\".test@example.com", "RFC5321", Policy::RFC5321),
        p("john.doe(comment)@example.com", "RFC5321", Policy::RFC5321),
        p("(a@example.com", "RFC5322", Policy::RFC5322),
        p(
            &format!("{}x@example.com", "(".repeat(17)),
            "RFC5322",
            Policy::RFC5322,
        ),
        p(
            &format!("{}@example.com", "a".repeat(65)),
            "RFC5321",
            Policy::RFC5321,
        ),
        p(
            &format!("a@{}a", "a.".repeat(140)),
            "RFC5322",
            Policy::RFC5322,
        ),
        p(&long_address, "RFC5321", Policy::RFC5321),
        p(
            &long_address,
            "RFC3696_PUBLISHED with 200",
            Policy::RFC3696_PUBLISHED.with_max_address_len(Some(200)),
        ),
        p("user@[192.0.2.1", "RFC5321", Policy::RFC5321),
        p("user@[192.0.2.1]x", "RFC5321", Policy::RFC5321),
        p("user@[2001:db8::1]", "RFC5321", Policy::RFC5321),
        p("user@[x400:c=us]", "RFC5321", Policy::RFC5321),
        p("user@[192.0.2.1]", "HTML5", Policy::HTML5),
        p("user@[192.0.2.256]", "RFC5321", Policy::RFC5321),
        p(
            "user@[IPv6:2001:db8:1:2:3:4::5]",
            "RFC5321",
            Policy::RFC5321,
        ),
        p("user@localhost", "RFC5321", Policy::RFC5321),
        p("user@a_b.example.com", "RFC5321", Policy::RFC5321),
        p("user@1.2.3.4", "RFC5321", Policy::RFC5321),
        p("user@example.com.", "RFC5321", Policy::RFC5321),
        p(" user@example.com", "RFC5321", Policy::RFC5321),
        p("user@example.com\t", "RFC5321", Policy::RFC5321),
        p("user@exa\u{200b}mple.com", "RFC5321", Policy::RFC5321),
        p("us\u{200b}er@example.com", "RFC5321", Policy::RFC5321),
        p(&"x".repeat(65), "RFC5321", Policy::RFC5321),
        p("用户@例え.jp", "RFC5321", Policy::RFC5321),
    ]
}

/// The error as the library renders it against its input (`display_in`: the input, a
/// caret under the offending character, `code: message`), the offset and the fix.
fn render(input: &str, policy_name: &str, policy: &Policy) -> String {
    match EmailAddress::parse_with(input, policy) {
        Ok(_) => format!("{input:?} ({policy_name}): valid\n"),
        Err(err) => {
            let fix = err
                .suggestion(input)
                .map(|s| format!("\n  fix: {s}"))
                .unwrap_or_default();
            let shown = err.display_in(input).to_string().replace('\n', "\n  ");
            format!(
                "{policy_name}\n  {shown}\n  at byte {}; for people: {}{fix}\n",
                err.offset(),
                err.user_message()
            )
        }
    }
}

#[test]
fn error_messages() {
    let text: String = inputs()
        .iter()
        .map(|(input, name, policy)| render(input, name, policy))
        .collect::<Vec<_>>()
        .join("\n");
    insta::assert_snapshot!("error_messages", text);
}

#[test]
fn warning_messages() {
    use std::fmt::Write as _;
    let text = Warning::ALL.iter().fold(String::new(), |mut out, w| {
        let _ = writeln!(out, "{}: {}", w.code(), w.message());
        out
    });
    insta::assert_snapshot!("warning_messages", text);
}
