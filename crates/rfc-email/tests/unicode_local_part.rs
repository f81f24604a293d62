//! RFC 6531/6532 local parts: the Unicode warnings (invisible characters, bidi
//! controls, C1 controls, not NFC).

use rfc_email::{EmailAddress, Policy, Warning};

fn warnings(address: &str) -> Vec<&'static str> {
    EmailAddress::parse_with(address, &Policy::SMTPUTF8)
        .unwrap_or_else(|e| panic!("{address:?}: {e}"))
        .warnings()
        .iter()
        .map(Warning::code)
        .filter(|c| *c != "special_use_domain")
        .collect()
}

#[test]
fn bidi_controls_in_a_local_part_are_reported() {
    for c in [
        '\u{202A}', '\u{202E}', '\u{2066}', '\u{2069}', '\u{200F}', '\u{61C}',
    ] {
        assert_eq!(
            warnings(&format!("user{c}moc.live@example.com")),
            ["bidi_control"],
            "{c:?}"
        );
    }
}

#[test]
fn invisible_characters_in_a_local_part_are_reported() {
    for c in [
        '\u{200B}',
        '\u{200D}',
        '\u{FEFF}',
        '\u{2060}',
        '\u{E0041}',
        '\u{AD}',
        '\u{180E}',
    ] {
        assert_eq!(
            warnings(&format!("us{c}er@example.com")),
            ["invisible_character"],
            "{c:?}"
        );
    }
}

#[test]
fn c1_controls_in_a_local_part_are_reported() {
    assert_eq!(warnings("a\u{85}b@example.com"), ["c1_control"]);
    assert_eq!(warnings("a\u{9f}b@example.com"), ["c1_control"]);
}

#[test]
fn rfc6532_3_1_local_part_should_be_nfc() {
    // "é" as e + U+0301 COMBINING ACUTE ACCENT is NFD; U+00E9 is NFC.
    assert_eq!(warnings("jose\u{301}@example.com"), ["local_part_not_nfc"]);
    assert!(warnings("jos\u{e9}@example.com").is_empty());
    // U+212B ANGSTROM SIGN is not NFC (it composes to U+00C5).
    assert_eq!(warnings("\u{212B}@example.com"), ["local_part_not_nfc"]);
    assert!(warnings("用户@example.com").is_empty());
}

#[test]
fn plain_and_ascii_local_parts_have_none() {
    assert!(warnings("user@example.com").is_empty());
    assert!(warnings("пользователь@example.com").is_empty());
}

/// RFC 6532 §3.2 allows any `UTF8-non-ascii` in a local part, U+00A0 NO-BREAK SPACE
/// included; it reads as a space, which RFC 5321 §4.1.2 keeps out of an unquoted local
/// part, so it is accepted with `space_like_character` (Unicode `White_Space`, UAX #44).
#[test]
fn rfc6532_3_2_space_like_characters_in_a_local_part_are_reported() {
    for c in [
        '\u{a0}', '\u{2009}', '\u{202f}', '\u{3000}', '\u{1680}', '\u{2800}',
    ] {
        let address = format!("j{c}x@example.com");
        assert_eq!(
            warnings(&address),
            ["space_like_character"],
            "U+{:04X}",
            u32::from(c)
        );
    }
    assert!(warnings("jürgen@example.com").is_empty());
    // A quoted ASCII space is what RFC 5321 allows: no warning.
    assert!(
        warnings("\"j x\"@example.com")
            .iter()
            .all(|c| *c != "space_like_character")
    );
    assert!(Warning::SpaceLikeCharacter.message().contains("U+00A0"));
}
