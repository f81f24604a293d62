//! The URI functions (RFC 3986; http(s) URLs, RFC 9110 §4.2; mailto, RFC 6068).

use std::borrow::Cow;

use datafusion::logical_expr::ScalarUDF;
use rfc3696::uri::{self as uris, HttpUrl, Mailto, Uri, UriRef};

use crate::doc;
use crate::options::{Family, Options};
use crate::udf::{
    Kernel, PART_FUNCTIONS, PART_NAMES, RowFunction, bool_column, parts_column, text_column,
};

const S: (&str, &str) = ("s", "The URI: a string column or value.");

/// The seven parts of a URI reference (RFC 3986 §3) that the SQL function `uri_parts`
/// returns as a struct, in its field order (scheme, userinfo, host, port, path, query,
/// fragment): `None` where a part is absent, and `None` for the whole when `value` is not
/// a URI reference. The path is always present, possibly empty.
///
/// ```
/// let parts = rfc3696_datafusion::uri_parts("https://user@example.com:8080/p?q#f");
/// assert_eq!(
///     parts,
///     Some([Some("https"), Some("user"), Some("example.com"), Some("8080"), Some("/p"), Some("q"), Some("f")])
/// );
/// assert_eq!(rfc3696_datafusion::uri_parts("http://a b"), None);
/// ```
#[inline]
#[must_use]
pub fn parts(value: &str) -> Option<[Option<&str>; 7]> {
    let u = UriRef::parse(value).ok()?;
    Some([
        u.scheme(),
        u.userinfo(),
        u.host().map(|h| h.as_str()),
        u.port_str(),
        Some(u.path()),
        u.query(),
        u.fragment(),
    ])
}

/// One part of a URI reference, by its accessor; NULL when the value is not a URI
/// reference or the part is absent: what `uri_parts(v)[name]` gives. Only that accessor
/// runs (the struct's seven cost about 190 instructions a row more).
#[inline]
fn part<'a>(
    value: &'a str,
    accessor: impl FnOnce(&UriRef<'a>) -> Option<&'a str>,
) -> Option<&'a str> {
    accessor(&UriRef::parse(value).ok()?)
}

/// The functions of one part each, in the order of [`PART_NAMES`]: the optimizer rule
/// turns `uri_parts(v)['host']` into `uri_host(v)`, which builds one column instead of
/// seven.
pub(crate) fn part_functions() -> [ScalarUDF; 7] {
    let f = |index: usize, kernel, example: &str| {
        let part = PART_NAMES[index];
        let name = PART_FUNCTIONS[index];
        RowFunction::udf(
            name,
            Family::Plain,
            Options::DEFAULT,
            Kernel::Borrowed(kernel),
            doc::function(
                &format!(
                    "The {part} of a URI reference (RFC 3986 §3), the same as uri_parts(s)['{part}']: NULL when the value is not a URI reference or has no {part}."
                ),
                &format!("{name}(s)"),
                &[S],
                example,
            ),
        )
    };
    [
        f(
            0,
            |input, _| text_column(input, |v| part(v, UriRef::scheme)),
            r"
> SELECT uri_scheme('HTTPS://example.com/') AS scheme, uri_scheme('/relative') AS relative;
+--------+----------+
| scheme | relative |
+--------+----------+
| HTTPS  |          |
+--------+----------+",
        ),
        f(
            1,
            |input, _| text_column(input, |v| part(v, UriRef::userinfo)),
            r"
> SELECT uri_userinfo('ftp://anonymous@ftp.example.com/') AS userinfo;
+-----------+
| userinfo  |
+-----------+
| anonymous |
+-----------+",
        ),
        f(
            2,
            |input, _| text_column(input, |v| part(v, |u| u.host().map(|h| h.as_str()))),
            r"
> SELECT uri_host('https://user@Example.COM:8080/p') AS host, uri_host('http://[2001:db8::1]/') AS literal;
+-------------+---------------+
| host        | literal       |
+-------------+---------------+
| Example.COM | [2001:db8::1] |
+-------------+---------------+",
        ),
        f(
            3,
            |input, _| text_column(input, |v| part(v, UriRef::port_str)),
            r"
> SELECT uri_port('https://example.com:8080/') AS port, uri_port('https://example.com/') AS none;
+------+------+
| port | none |
+------+------+
| 8080 |      |
+------+------+",
        ),
        f(
            4,
            |input, _| text_column(input, |v| part(v, |u| Some(u.path()))),
            r"
> SELECT uri_path('https://example.com/a/b?q') AS path, uri_path('mailto:user@example.com') AS mailto;
+------+------------------+
| path | mailto           |
+------+------------------+
| /a/b | user@example.com |
+------+------------------+",
        ),
        f(
            5,
            |input, _| text_column(input, |v| part(v, UriRef::query)),
            r"
> SELECT uri_query('https://example.com/?a=1&b=2#top') AS query;
+---------+
| query   |
+---------+
| a=1&b=2 |
+---------+",
        ),
        f(
            6,
            |input, _| text_column(input, |v| part(v, UriRef::fragment)),
            r"
> SELECT uri_fragment('https://example.com/#top') AS fragment;
+----------+
| fragment |
+----------+
| top      |
+----------+",
        ),
    ]
}

/// RFC 3986 §5.2 strict resolution; NULL unless the base is an absolute URI and the
/// reference a URI reference.
fn resolve(base: &str, reference: &str) -> Option<String> {
    let base = Uri::parse(base).ok()?;
    let reference = UriRef::parse(reference).ok()?;
    Some(uris::resolve(&base, &reference))
}

/// The URI functions.
pub(crate) fn functions() -> Vec<ScalarUDF> {
    let f = |name, kernel, description: &str, example: &str| {
        RowFunction::udf(
            name,
            Family::Plain,
            Options::DEFAULT,
            kernel,
            doc::function(description, &format!("{name}(s)"), &[S], example),
        )
    };
    vec![
        f(
            "uri_valid",
            Kernel::Bool(|input, _| bool_column(input, |v| Uri::parse(v).is_ok())),
            "Whether the value is an absolute URI (RFC 3986 §4.3: a scheme, then the rest of the generic syntax).",
            r"
> SELECT uri_valid('urn:isbn:0451450523') AS urn, uri_valid('/relative/path') AS relative;
+------+----------+
| urn  | relative |
+------+----------+
| true | false    |
+------+----------+",
        ),
        f(
            "uri_error",
            Kernel::Borrowed(|input, _| {
                text_column(input, |v| Uri::parse(v).err().map(|e| e.code()))
            }),
            "The error code of a value that is not an absolute URI; NULL when it is one.",
            r"
> SELECT uri_error('http://exa mple.com/') AS space, uri_error('https://example.com/') AS fine;
+---------------------------+------+
| space                     | fine |
+---------------------------+------+
| invalid_character_in_host |      |
+---------------------------+------+",
        ),
        f(
            "http_url_valid",
            Kernel::Bool(|input, _| bool_column(input, |v| HttpUrl::parse(v).is_ok())),
            "Whether the value is an http or https URL (RFC 9110 §4.2: a host is required, userinfo is refused).",
            r"
> SELECT http_url_valid('https://example.com/a?b') AS ok, http_url_valid('https://user@example.com/') AS userinfo;
+------+----------+
| ok   | userinfo |
+------+----------+
| true | false    |
+------+----------+",
        ),
        f(
            "http_url_error",
            Kernel::Borrowed(|input, _| {
                text_column(input, |v| HttpUrl::parse(v).err().map(|e| e.code()))
            }),
            "The error code of a value that is not an http or https URL; NULL when it is one.",
            r"
> SELECT http_url_error('https://user@example.com/') AS userinfo;
+----------------------+
| userinfo             |
+----------------------+
| userinfo_in_http_url |
+----------------------+",
        ),
        f(
            "uri_parts",
            Kernel::Parts(|input, _| parts_column(input, parts)),
            "The parts of a URI reference (absolute or relative, RFC 3986 §4.1) as a struct {scheme, userinfo, host, port, path, query, fragment}; an absent part is NULL, an empty one ''. NULL when the value is not a URI reference.",
            r"
> SELECT uri_parts('https://user@example.com:8080/p?q#f')['host'] AS host, uri_parts('https://user@example.com:8080/p?q#f')['port'] AS port, uri_parts('/a/b')['path'] AS path;
+-------------+------+------+
| host        | port | path |
+-------------+------+------+
| example.com | 8080 | /a/b |
+-------------+------+------+",
        ),
        RowFunction::udf(
            "uri_resolve",
            Family::Pair,
            Options::DEFAULT,
            Kernel::Pair(resolve),
            doc::function(
                "Resolves a URI reference against an absolute base URI (RFC 3986 §5.2, strict); NULL when either is invalid.",
                "uri_resolve(base, ref)",
                &[
                    ("base", "An absolute URI."),
                    ("ref", "A URI reference (absolute or relative)."),
                ],
                r"
> SELECT uri_resolve('http://a/b/c/d;p?q', '../g') AS up, uri_resolve('http://a/b/c/d;p?q', '//g') AS authority;
+--------------+-----------+
| up           | authority |
+--------------+-----------+
| http://a/b/g | http://g  |
+--------------+-----------+",
            ),
        ),
        f(
            "uri_normalize",
            Kernel::Text(|v, _| UriRef::parse(v).ok().map(|u| Cow::Owned(u.normalize()))),
            "The syntax-based normal form of a URI reference (RFC 3986 §6.2.2: case of scheme, host and percent-encodings, unreserved characters decoded, dot segments removed); NULL when invalid.",
            r"
> SELECT uri_normalize('HTTP://Example.COM/a/./b/../%7euser') AS normal;
+----------------------------+
| normal                     |
+----------------------------+
| http://example.com/a/~user |
+----------------------------+",
        ),
        f(
            "mailto_recipients",
            Kernel::List(|v, _, push| {
                Mailto::parse(v).is_ok_and(|m| {
                    m.to().iter().for_each(|a| push(a));
                    true
                })
            }),
            "The decoded recipient addresses of a mailto URI (RFC 6068 §2: the path and any 'to' header fields) as a list; NULL when the URI is invalid.",
            r"
> SELECT mailto_recipients('mailto:a@example.org,b@example.org?to=c@example.org') AS recipients;
+-----------------------------------------------+
| recipients                                    |
+-----------------------------------------------+
| [a@example.org, b@example.org, c@example.org] |
+-----------------------------------------------+",
        ),
    ]
}
