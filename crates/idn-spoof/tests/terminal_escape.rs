//! Warning messages quote labels, local parts and protected names through the error
//! renderer's escaping (`name_text::report::shown_escaped`): a control, bidirectional
//! control or invisible character in them is shown as an escape, never raw.

#![cfg(all(feature = "alloc", feature = "email"))]

use idn_spoof::{DisplayPolicy, address_warnings, display};
use name_text::report::shown_escaped;
use rfc_email::{EmailAddress, Policy};

fn assert_no_raw_escape_set_character(message: &str) {
    assert!(
        !message.chars().any(shown_escaped),
        "raw control or invisible character in {message:?}"
    );
}

/// UTS #39 §5.2 on an RFC 5322 quoted local part holding an OSC sequence.
#[test]
fn uts39_5_2_mixed_script_message_escapes_a_quoted_local_part() {
    let address = EmailAddress::parse_with(
        "\"a\u{1b}]0;pwned\u{7}\u{431}\"@example.com",
        &Policy::RFC5322,
    )
    .expect("valid under RFC 5322 (obs-qtext)");
    let messages: Vec<String> = address_warnings(&address, &DisplayPolicy::BROWSER)
        .map(|w| w.to_string())
        .collect();
    assert!(!messages.is_empty());
    for m in &messages {
        assert_no_raw_escape_set_character(m);
    }
    assert!(
        messages.iter().any(|m| m.contains(r"a\u{1b}]0;pwned\u{7}")),
        "{messages:?}"
    );
}

/// UTS #39 §4: the protected name, from outside, is quoted escaped.
#[test]
fn uts39_4_confusable_message_escapes_the_protected_name() {
    let names = ["pay\u{200b}\u{202e}\u{3164}pal"];
    let policy = DisplayPolicy::BROWSER.with_protected(&names);
    let shown = display("xn--pypal-4ve.com", &policy).expect("a valid name");
    let confusable = shown
        .reasons()
        .iter()
        .find(|r| r.code() == "confusable")
        .expect("the protected name's skeleton matches");
    assert_no_raw_escape_set_character(&confusable.message);
    assert!(
        confusable
            .message
            .contains(r"`pay\u{200b}\u{202e}\u{3164}pal`"),
        "{}",
        confusable.message
    );
}
