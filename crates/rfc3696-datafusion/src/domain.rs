//! The domain name functions (RFC 3696 §2, RFC 1123 §2.1, RFC 2181 §11; IDNA 2008,
//! RFC 5890–5893; the UTS #39 display decision).

use std::borrow::Cow;

use datafusion::logical_expr::ScalarUDF;
use rfc3696::domain::Domain;
use rfc3696::spoof::{self, DisplayPolicy};

use crate::doc::{self, IDNA, POLICY};
use crate::options::{Family, Options};
use crate::udf::{Kernel, RowFunction, bool_column, text_column};

const NAME: (&str, &str) = ("name", "The domain name: a string column or value.");

fn parse<'a>(value: &'a str, options: &Options) -> Option<Domain<'a>> {
    Domain::parse_with(value, &options.domain).ok()
}

/// The display decision of the browsers' IDN policy (UTS #39 §5.2 restriction levels,
/// mixed-script and whole-script confusables), over names of the chosen policy.
fn display(value: &str, options: &Options) -> Option<spoof::Display> {
    spoof::display(
        value,
        &DisplayPolicy::BROWSER.with_name_policy(options.domain),
    )
    .ok()
}

/// The domain functions.
pub(crate) fn functions() -> Vec<ScalarUDF> {
    let f = |name, defaults, kernel, description: &str, example: &str| {
        RowFunction::udf(
            name,
            Family::Domain,
            defaults,
            kernel,
            doc::function(
                description,
                &format!("{name}(name [, policy [, idna]])"),
                &[NAME, POLICY, IDNA],
                example,
            ),
        )
    };
    let fqdn = Options::DEFAULT;
    vec![
        f(
            "domain_valid",
            fqdn,
            Kernel::Bool(|input, o| {
                bool_column(input, |v| Domain::parse_with(v, &o.domain).is_ok())
            }),
            "Whether the name is valid under the policy ('fqdn' by default: at least two labels, RFC 3696 §2).",
            r"
> SELECT domain_valid('www.example.aero.') AS fqdn, domain_valid('localhost') AS single, domain_valid('localhost', 'hostname') AS host;
+------+--------+------+
| fqdn | single | host |
+------+--------+------+
| true | false  | true |
+------+--------+------+",
        ),
        f(
            "domain_error",
            fqdn,
            Kernel::Borrowed(|input, o| {
                text_column(input, |v| {
                    Domain::parse_with(v, &o.domain).err().map(|e| e.code())
                })
            }),
            "The error code of an invalid name; NULL when it is valid.",
            r"
> SELECT domain_error('example.123') AS numeric_tld, domain_error('_dmarc.example.com', 'dns') AS dns;
+-------------+-----+
| numeric_tld | dns |
+-------------+-----+
| numeric_tld |     |
+-------------+-----+",
        ),
        f(
            "domain_to_ascii",
            fqdn,
            Kernel::Text(|v, o| parse(v, o).and_then(|d| d.to_ascii().ok())),
            "The name in A-labels, lower case (what goes on the wire); NULL when invalid. U-labels are taken as written, not case-folded: IDNA 2008 has no upper-case letters in U-labels (RFC 5892), so 'Bücher' is invalid (see domain_error).",
            r"
> SELECT domain_to_ascii('bücher.Example') AS ascii, domain_to_ascii('Bücher.example') AS upper_u_label;
+-----------------------+---------------+
| ascii                 | upper_u_label |
+-----------------------+---------------+
| xn--bcher-kva.example |               |
+-----------------------+---------------+",
        ),
        f(
            "domain_to_unicode",
            fqdn,
            Kernel::Text(|v, o| parse(v, o).and_then(|d| d.to_unicode().ok())),
            "The name in U-labels, lower case; NULL when invalid.",
            r"
> SELECT domain_to_unicode('xn--bcher-kva.example') AS unicode;
+----------------+
| unicode        |
+----------------+
| bücher.example |
+----------------+",
        ),
        f(
            "domain_warnings",
            fqdn,
            Kernel::List(|v, o, push| {
                parse(v, o).is_some_and(|d| {
                    d.warnings().iter().for_each(|w| push(w.code()));
                    true
                })
            }),
            "The warning codes of a valid name as a list; NULL when invalid.",
            r"
> SELECT domain_warnings('example.onion') AS warnings;
+----------------------+
| warnings             |
+----------------------+
| [special_use_domain] |
+----------------------+",
        ),
        f(
            "domain_display",
            Options::HOSTNAME,
            Kernel::Text(|v, o| display(v, o).map(|d| Cow::Owned(d.output()))),
            "How to show the name to a person: U-labels where the UTS #39 checks find them safe, A-labels where not (the browsers' IDN display policy). Policy 'hostname' by default; NULL when invalid.",
            r"
> SELECT domain_display('xn--bcher-kva.example') AS safe, domain_display('xn--pple-43d.com') AS mixed;
+----------------+------------------+
| safe           | mixed            |
+----------------+------------------+
| bücher.example | xn--pple-43d.com |
+----------------+------------------+",
        ),
        f(
            "domain_display_safe",
            Options::HOSTNAME,
            Kernel::Bool(|input, o| {
                bool_column(input, |v| {
                    display(v, o).is_some_and(|d| d.is_display_safe())
                })
            }),
            "Whether every label of the name may be shown in Unicode (false for invalid names too).",
            r"
> SELECT domain_display_safe('xn--bcher-kva.example') AS safe, domain_display_safe('xn--pple-43d.com') AS mixed;
+------+-------+
| safe | mixed |
+------+-------+
| true | false |
+------+-------+",
        ),
    ]
}
