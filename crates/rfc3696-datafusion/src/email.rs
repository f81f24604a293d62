//! The email address functions (RFC 5321 §4.1.2, RFC 5322 §3.4.1, RFC 6531; RFC 3696 §3).

use std::borrow::Cow;

use datafusion::logical_expr::ScalarUDF;
use rfc3696::email::{DomainForm, EmailAddress};

use crate::doc::{self, IDNA, PROFILE};
use crate::options::{Family, Options};
use crate::udf::{Kernel, RowFunction, bool_column, text_column};

const ADDR: (&str, &str) = ("addr", "The address: a string column or value.");

fn parse<'a>(value: &'a str, options: &Options) -> Option<EmailAddress<'a>> {
    EmailAddress::parse_with(value, &options.email).ok()
}

/// The email functions.
pub(crate) fn functions() -> Vec<ScalarUDF> {
    let f = |name, kernel, description: &str, example: &str| {
        RowFunction::udf(
            name,
            Family::Email,
            Options::DEFAULT,
            kernel,
            doc::function(
                description,
                &format!("{name}(addr [, profile [, idna]])"),
                &[ADDR, PROFILE, IDNA],
                example,
            ),
        )
    };
    vec![
        f(
            "email_valid",
            Kernel::Bool(|input, o| {
                bool_column(input, |v| EmailAddress::parse_with(v, &o.email).is_ok())
            }),
            "Whether the address is valid under the profile (RFC 5321 §4.1.2 by default).",
            r"
> SELECT email_valid('user+tag@example.com') AS smtp, email_valid('user@localhost') AS local, email_valid('(c) a@example.com', 'rfc5322') AS header;
+------+-------+--------+
| smtp | local | header |
+------+-------+--------+
| true | false | true   |
+------+-------+--------+",
        ),
        f(
            "email_error",
            Kernel::Borrowed(|input, o| {
                text_column(input, |v| {
                    EmailAddress::parse_with(v, &o.email)
                        .err()
                        .map(|e| e.code())
                })
            }),
            "The error code (snake_case, stable) of an invalid address; NULL when it is valid.",
            r"
> SELECT email_error('Abc\@def@example.com') AS erratum_246, email_error('a@example.com') AS fine;
+--------------------------+------+
| erratum_246              | fine |
+--------------------------+------+
| backslash_outside_quotes |      |
+--------------------------+------+",
        ),
        f(
            "email_normalize",
            Kernel::Text(|v, o| parse(v, o).map(|a| Cow::Owned(a.normalize(DomainForm::Ascii)))),
            "The normalized address (needless quotes removed, the domain in lower-case A-labels); NULL when invalid.",
            r#"
> SELECT email_normalize('"john"@EXAMPLE.com') AS plain;
+------------------+
| plain            |
+------------------+
| john@example.com |
+------------------+"#,
        ),
        f(
            "email_local_part",
            Kernel::Borrowed(|input, o| {
                text_column(input, |v| parse(v, o).map(|a| a.local_part()))
            }),
            "The local part exactly as written (quotes kept); NULL when the address is invalid.",
            r#"
> SELECT email_local_part('"a b"@example.com') AS quoted, email_local_part('user+tag@example.com') AS tagged;
+--------+----------+
| quoted | tagged   |
+--------+----------+
| "a b"  | user+tag |
+--------+----------+"#,
        ),
        f(
            "email_domain",
            Kernel::Borrowed(|input, o| {
                text_column(input, |v| parse(v, o).map(|a| a.domain().as_str()))
            }),
            "The domain as written (brackets kept for an address literal); NULL when the address is invalid.",
            r"
> SELECT email_domain('user@Example.COM') AS name, email_domain('user@[192.0.2.1]') AS literal;
+-------------+-------------+
| name        | literal     |
+-------------+-------------+
| Example.COM | [192.0.2.1] |
+-------------+-------------+",
        ),
        f(
            "email_warnings",
            Kernel::List(|v, o, push| {
                parse(v, o).is_some_and(|a| {
                    a.warnings().iter().for_each(|w| push(w.code()));
                    true
                })
            }),
            "The warning codes of a valid address (valid, but discouraged or unusual forms) as a list; NULL when invalid.",
            r#"
> SELECT email_warnings('"quoted"@[192.0.2.1]') AS warnings;
+--------------------------------------+
| warnings                             |
+--------------------------------------+
| [quoted_local_part, address_literal] |
+--------------------------------------+"#,
        ),
    ]
}
