//! URIs (RFC 3986), http(s) URLs (RFC 9110 §4.2) and mailto URIs (RFC 6068), with their
//! components as the command line's JSON gives them (`None` where absent: an empty query
//! is not a missing one).

use pyo3::prelude::*;
use rfc3696::spoof::{self, DisplayPolicy};
use rfc3696::uri::{self as uris, MailtoBuilder, UriError};

use crate::errors::{Class, Failure, raise};
use crate::notes::{Note, shown_as};
use crate::text::text_or_raise;

fn failure(e: &UriError) -> Failure {
    Failure::new(Class::Uri, e.code(), e.offset(), e, e.user_message())
}

/// The parts of a reference.
#[derive(Debug, Clone, Default)]
struct Parts {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<u16>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
    normalized: String,
}

impl Parts {
    fn of(u: &uris::UriRef<'_>) -> Self {
        Parts {
            scheme: u.scheme().map(str::to_owned),
            userinfo: u.userinfo().map(str::to_owned),
            host: u.host().map(|h| h.as_str().to_owned()),
            port: u.port(),
            path: u.path().to_owned(),
            query: u.query().map(str::to_owned),
            fragment: u.fragment().map(str::to_owned),
            normalized: u.normalize(),
        }
    }
}

/// The notes of warning sets, in order (their warnings have `code()` and `message()`,
/// of different types).
macro_rules! notes_of {
    ($($warnings:expr),+) => {
        std::iter::empty()$(.chain($warnings.iter().map(|w| Note::new(w.code(), w.message()))))+
    };
}

/// The notes of a URI's `own` warnings, then those of the UTS #39 checks of its names.
fn with_spoofing<'p>(
    own: impl Iterator<Item = Note>,
    spoofing: impl IntoIterator<Item = spoof::SpoofWarning<'p>>,
) -> Vec<Note> {
    own.chain(
        spoofing
            .into_iter()
            .map(|w| Note::about_label(w.code(), w.to_string(), w.label_index())),
    )
    .collect()
}

/// Reads `value` as text and makes a class of it with `make`, raising the [`UriError`]
/// of a value that does not parse.
fn parsed<T>(
    value: &Bound<'_, PyAny>,
    make: impl FnOnce(&str) -> Result<T, UriError>,
) -> PyResult<T> {
    let text = text_or_raise(value, Class::Uri)?;
    raise(value.py(), make(&text).map_err(|e| failure(&e)))
}

/// Generates the `#[pymethods]` of a class with `input: String` and `parts: Parts`
/// fields: its own methods, the component getters (`port` with the docstring given) and
/// those of [`shown_as`] (the text is `input`).
macro_rules! components {
    (
        $class:ident,
        port { $(#[$port_doc:meta])+ }
        $(, warnings { $(#[$warnings_doc:meta])+ })?
        { $($own:tt)* }
    ) => {
        shown_as!($class, input $(, warnings { $(#[$warnings_doc])+ })?, methods {
            $($own)*
            /// The userinfo before ``@`` in the authority, or ``None``.
            #[getter]
            fn userinfo(&self) -> Option<&str> {
                self.parts.userinfo.as_deref()
            }
            /// The query after ``?``, or ``None``.
            #[getter]
            fn query(&self) -> Option<&str> {
                self.parts.query.as_deref()
            }
            /// The path (always present, possibly empty).
            #[getter]
            fn path(&self) -> &str {
                &self.parts.path
            }
            $(#[$port_doc])+
            #[getter]
            fn port(&self) -> Option<u16> {
                self.parts.port
            }
            /// The RFC 3986 §6.2.2 normal form (case, percent-encoding, dot segments).
            #[getter]
            fn normalized(&self) -> &str {
                &self.parts.normalized
            }
            /// The fragment after ``#``, or ``None``.
            #[getter]
            fn fragment(&self) -> Option<&str> {
                self.parts.fragment.as_deref()
            }
        });
    };
}

/// Generates a class of a reference parsed by `$parse` (text to `Parts`), with the
/// given class docstring, `host` docstring and own methods, its port in ``None`` when
/// absent or empty.
macro_rules! reference_class {
    (
        $(#[$doc:meta])*
        $class:ident parsed by $parse:expr;
        host { $(#[$host_doc:meta])+ }
        $($own:tt)*
    ) => {
        $(#[$doc])*
        #[pyclass(frozen, module = "rfc3696")]
        #[derive(Debug, Clone)]
        pub(crate) struct $class {
            input: String,
            parts: Parts,
        }

        components!($class, port {
            /// The port, or ``None`` when absent or empty.
        } {
            #[new]
            fn new(value: &Bound<'_, PyAny>) -> PyResult<Self> {
                parsed(value, |value| {
                    Ok($class {
                        input: value.to_owned(),
                        parts: ($parse)(value)?,
                    })
                })
            }
            $(#[$host_doc])+
            #[getter]
            fn host(&self) -> Option<&str> {
                self.parts.host.as_deref()
            }
            $($own)*
        });
    };
}

reference_class! {
    /// An absolute URI (RFC 3986 §4.3): ``Uri("http://example.com:8080/p?q#f")``. Raises
    /// :class:`UriError` at the offending byte; nothing is repaired.
    ///
    /// >>> import rfc3696
    /// >>> u = rfc3696.Uri("HTTP://Example.com:8080/a/../b?q")
    /// >>> (u.scheme, u.host, u.port, u.path, u.query, u.fragment)
    /// ('HTTP', 'Example.com', 8080, '/a/../b', 'q', None)
    /// >>> u.normalized
    /// 'http://example.com:8080/b?q'
    Uri parsed by |value| uris::Uri::parse(value).map(|u| Parts::of(u.as_uri_ref()));
    host {
        /// The host (a registered name, an IPv4 address or a bracketed IP literal), or ``None``.
    }
    /// The scheme as written.
    #[getter]
    fn scheme(&self) -> &str {
        self.parts.scheme.as_deref().unwrap_or_default()
    }
}

reference_class! {
    /// A URI reference (RFC 3986 §4.1), relative or absolute: ``UriRef("../g?x")``.
    ///
    /// >>> import rfc3696
    /// >>> r = rfc3696.UriRef("../g?x")
    /// >>> (r.scheme, r.path, r.query)
    /// (None, '../g', 'x')
    UriRef parsed by |value| uris::UriRef::parse(value).map(|u| Parts::of(&u));
    host {
        /// The host, or ``None``.
    }
    /// The scheme, or ``None`` for a relative reference.
    #[getter]
    fn scheme(&self) -> Option<&str> {
        self.parts.scheme.as_deref()
    }
}

/// An http or https URL (RFC 9110 §4.2): a host is required, userinfo is an error
/// (RFC 9110 §4.2.4: ``http://bank.example@evil.example/`` goes to ``evil.example``).
///
/// >>> import rfc3696
/// >>> url = rfc3696.HttpUrl("https://Example.com:8443/a?b")
/// >>> (url.host, url.port, url.effective_port, url.origin)
/// ('Example.com', 8443, 8443, 'https://example.com:8443')
#[pyclass(frozen, module = "rfc3696", name = "HttpUrl")]
#[derive(Debug, Clone)]
pub(crate) struct HttpUrl {
    input: String,
    parts: Parts,
    effective_port: u16,
    origin: String,
    notes: Vec<Note>,
}

components!(HttpUrl, port {
    /// The port as written, or ``None``.
}, warnings {
    /// Warnings: ``dict`` s with ``code`` and ``message`` (and ``label``).
} {
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        parsed(value, |value| {
            let url = uris::HttpUrl::parse(value)?;
            Ok(HttpUrl {
                input: value.to_owned(),
                parts: Parts::of(url.as_uri().as_uri_ref()),
                effective_port: url.effective_port(),
                origin: url.origin().to_string(),
                notes: with_spoofing(
                    notes_of!(url.warnings(), url.host_warnings()),
                    spoof::http_warnings(&url, &DisplayPolicy::BROWSER),
                ),
            })
        })
    }
    /// ``http`` or ``https``, lower case.
    #[getter]
    fn scheme(&self) -> String {
        self.parts
            .scheme
            .as_deref()
            .unwrap_or_default()
            .to_ascii_lowercase()
    }
    /// The host as written.
    #[getter]
    fn host(&self) -> &str {
        self.parts.host.as_deref().unwrap_or_default()
    }
    /// The port, or the scheme's default (80, 443).
    #[getter]
    fn effective_port(&self) -> u16 {
        self.effective_port
    }
    /// The origin (RFC 6454 §6.2), serialized.
    #[getter]
    fn origin(&self) -> &str {
        &self.origin
    }
});

/// A mailto URI (RFC 6068), every address checked: ``to`` the decoded addresses,
/// ``hfields`` the decoded header fields in order, ``subject`` and ``body``.
///
/// >>> import rfc3696
/// >>> m = rfc3696.Mailto("mailto:a@example.com?subject=hi%20there")
/// >>> (m.to, m.subject, m.hfields)
/// (['a@example.com'], 'hi there', [('subject', 'hi there')])
#[pyclass(frozen, module = "rfc3696", name = "Mailto")]
#[derive(Debug, Clone)]
pub(crate) struct Mailto {
    input: String,
    /// The decoded addresses of the path and of ``to`` header fields.
    #[pyo3(get)]
    to: Vec<String>,
    /// The decoded header fields ``(name, value)``, in order.
    #[pyo3(get)]
    hfields: Vec<(String, String)>,
    /// The ``subject`` header field, decoded, or ``None``.
    #[pyo3(get)]
    subject: Option<String>,
    /// The ``body`` header field, decoded, or ``None``.
    #[pyo3(get)]
    body: Option<String>,
    /// The RFC 3986 §6.2.2 normal form.
    #[pyo3(get)]
    normalized: String,
    notes: Vec<Note>,
}

shown_as!(Mailto, input, warnings {
    /// Warnings (``header_injection``, ``unsafe_header_field``, the addresses' own).
}, methods {
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        parsed(value, |value| {
            let m = uris::Mailto::parse(value)?;
            let normalized =
                uris::UriRef::parse(value).map_or_else(|_| m.to_string(), |u| u.normalize());
            Ok(Mailto {
                input: value.to_owned(),
                to: m.to(),
                hfields: m.hfields(),
                subject: m.subject(),
                body: m.body(),
                normalized,
                notes: with_spoofing(
                    notes_of!(m.warnings(), m.address_warnings()),
                    spoof::mailto_warnings(&m, &DisplayPolicy::BROWSER),
                ),
            })
        })
    }
});

/// Resolves ``reference`` against the absolute URI ``base`` (RFC 3986 §5.2, strict).
///
/// >>> import rfc3696
/// >>> rfc3696.resolve("http://a/b/c/d;p?q", "../g")
/// 'http://a/b/g'
#[pyfunction]
pub(crate) fn resolve(
    py: Python<'_>,
    base: &Bound<'_, PyAny>,
    reference: &Bound<'_, PyAny>,
) -> PyResult<String> {
    let base = &text_or_raise(base, Class::Uri)?;
    let reference = &text_or_raise(reference, Class::Uri)?;
    let base = raise(py, uris::Uri::parse(base).map_err(|e| failure(&e)))?;
    let reference = raise(py, uris::UriRef::parse(reference).map_err(|e| failure(&e)))?;
    Ok(uris::resolve(&base, &reference))
}

/// Builds a mailto URI, encoded as RFC 6068 §2 and §5 ask (``%`` always ``%25``, ``=``
/// and ``+`` in addresses encoded, the body last).
///
/// >>> import rfc3696
/// >>> rfc3696.build_mailto(to=["customer/department=shipping@example.com"])
/// 'mailto:customer%2Fdepartment%3Dshipping@example.com'
/// >>> rfc3696.build_mailto(to=["Joe@example.com"], subject="current issue")
/// 'mailto:Joe@example.com?subject=current%20issue'
#[pyfunction]
#[pyo3(signature = (*, to = Vec::new(), cc = Vec::new(), bcc = Vec::new(), subject = None, body = None, headers = Vec::new(), allow_header_line_breaks = false))]
#[expect(
    clippy::too_many_arguments,
    clippy::needless_pass_by_value,
    reason = "the keyword arguments of the builder"
)]
pub(crate) fn build_mailto(
    py: Python<'_>,
    to: Vec<String>,
    cc: Vec<String>,
    bcc: Vec<String>,
    subject: Option<String>,
    body: Option<String>,
    headers: Vec<(String, String)>,
    allow_header_line_breaks: bool,
) -> PyResult<String> {
    let mut builder = MailtoBuilder::new();
    for a in &to {
        builder = builder.to(a);
    }
    for a in &cc {
        builder = builder.cc(a);
    }
    for a in &bcc {
        builder = builder.bcc(a);
    }
    if let Some(s) = &subject {
        builder = builder.subject(s);
    }
    for (name, value) in &headers {
        builder = builder.header(name, value);
    }
    if let Some(b) = &body {
        builder = builder.body(b);
    }
    builder = builder.allow_header_line_breaks(allow_header_line_breaks);
    raise(
        py,
        builder.build().map_err(|e| {
            Failure::new(
                Class::Uri,
                e.code(),
                e.offset(),
                &e,
                e.uri_error().user_message(),
            )
        }),
    )
}
