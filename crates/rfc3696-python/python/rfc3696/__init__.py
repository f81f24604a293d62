"""Email addresses, domain names and URIs checked exactly as the RFCs say.

The ``rfc3696`` Rust workspace for Python: :func:`validate_email` in email-validator's
shape, :mod:`rfc3696.idna` in idna's (IDNA 2008 exact), and the rest of the workspace
(:func:`check_domain`, :class:`Uri`, :class:`UriRef`, :class:`HttpUrl`, :class:`Mailto`,
:func:`resolve`, :func:`build_mailto`, :mod:`rfc3696.punycode`, :func:`display`), with the
error codes and warning codes of the ``rfc3696`` command line's JSON. The batch functions
(:func:`validate_emails`, :func:`check_domains`, :func:`display_all`,
:func:`rfc3696.idna.encode_all`) release the GIL and use every core.

>>> import rfc3696
>>> rfc3696.validate_email("user@Bücher.example").ascii_email
'user@xn--bcher-kva.example'
"""

# The exceptions first: the native module raises them.
from ._errors import (
    DomainError,
    EmailNotValidError,
    EmailSyntaxError,
    EmailUndeliverableError,
    Error,
    PunycodeError,
    UriError,
)
from . import _rfc3696
from ._rfc3696 import (
    IDNA_UNICODE_VERSION,
    CheckedDomain,
    Display,
    HttpUrl,
    Mailto,
    Uri,
    UriRef,
    ValidatedEmail,
    build_mailto,
    check_domain,
    check_domains,
    display,
    display_all,
    resolve,
    validate_email,
    validate_emails,
)
from . import idna, punycode

__all__ = [
    "IDNA_UNICODE_VERSION",
    "CheckedDomain",
    "Display",
    "DomainError",
    "EmailNotValidError",
    "EmailSyntaxError",
    "EmailUndeliverableError",
    "Error",
    "HttpUrl",
    "Mailto",
    "PunycodeError",
    "Uri",
    "UriError",
    "UriRef",
    "ValidatedEmail",
    "build_mailto",
    "check_domain",
    "check_domains",
    "display",
    "display_all",
    "idna",
    "punycode",
    "resolve",
    "validate_email",
    "validate_emails",
]

del _rfc3696
