//! The documentation every function carries (shown by `SHOW FUNCTIONS`-style tools and
//! tested: each SQL example runs and must print what it shows).

use datafusion::logical_expr::{DocSection, Documentation};

/// The section of all this crate's functions.
const SECTION: DocSection = DocSection {
    include: true,
    label: "rfc3696 functions",
    description: Some(
        "Checks and conversions of domain names, email addresses and URIs by RFC 3696 and the standards it cites.",
    ),
};

/// A function's documentation: what it does, its call syntax, its arguments and one
/// runnable example (`> SQL;` then the table it prints).
pub(crate) fn function(
    description: &str,
    syntax: &str,
    arguments: &[(&str, &str)],
    example: &str,
) -> Documentation {
    let mut builder = Documentation::builder(SECTION, description, syntax)
        .with_sql_example(format!("```sql\n{}\n```", example.trim()));
    for (name, text) in arguments {
        builder = builder.with_argument(*name, *text);
    }
    builder.build()
}

/// The `profile` argument of the email functions.
pub(crate) const PROFILE: (&str, &str) = (
    "profile",
    "Optional constant: 'rfc5321' (the default: an SMTP mailbox, RFC 5321 §4.1.2), 'smtputf8' (RFC 6531), 'rfc5322' (header addr-spec), 'html5' (the WHATWG input rule) or 'rfc3696' (RFC 3696 as printed, legacy data only).",
);

/// The `policy` argument of the domain functions.
pub(crate) const POLICY: (&str, &str) = (
    "policy",
    "Optional constant: 'fqdn' (at least two labels, RFC 3696 §2), 'hostname' (single labels allowed) or 'dns' (any octet but the dot, RFC 2181 §11).",
);

/// The `idna` argument of the email and domain functions.
pub(crate) const IDNA: (&str, &str) = (
    "idna",
    "Optional constant after the profile or policy: 'registration' (IDNA 2008, RFC 5891 §4, the default), 'lookup' (RFC 5891 §5.4) or 'uts46' (UTS #46).",
);
