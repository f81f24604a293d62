"""The exceptions. Each is raised with the arguments ``(message, code, offset,
user_message)``; the attributes read them, so that raising one costs no more than
raising a ``ValueError``."""

from __future__ import annotations


class _Described:
    """The attributes of every exception of the package."""

    __slots__ = ()

    @property
    def message(self) -> str:
        """The message for developers (also ``str(err)``)."""
        return self.args[0] if self.args else ""

    @property
    def code(self) -> str | None:
        """The stable snake_case code, the same as the command line's JSON."""
        return self.args[1] if len(self.args) > 1 else None

    @property
    def offset(self) -> int | None:
        """The byte offset, in the UTF-8 form of the input, where the problem was found."""
        return self.args[2] if len(self.args) > 2 else None

    @property
    def user_message(self) -> str | None:
        """A sentence to show the person who typed the value."""
        return self.args[3] if len(self.args) > 3 else None

    def __str__(self) -> str:
        return str(self.message)


class Error(_Described, ValueError):
    """A value that the standards do not allow.

    Attributes: ``code`` (stable snake_case, the same as the command line's JSON),
    ``offset`` (the byte offset in the UTF-8 form of the input where the problem was
    found), ``message`` (for developers; also ``str(err)``) and ``user_message`` (a
    sentence to show the person who typed the value).

    >>> import rfc3696
    >>> try:
    ...     rfc3696.check_domain("a..b")
    ... except rfc3696.Error as e:
    ...     print(e.code, e.offset)
    empty_label 2
    """

    __slots__ = ()


def _subclass(name: str, base: type, doc: str, module: str = "rfc3696") -> type:
    """A subclass of ``base`` named ``name`` with the docstring ``doc``, without an
    instance ``__dict__`` (as every exception here), in ``module`` (where the package
    shows it)."""
    return type(name, (base,), {"__doc__": doc, "__slots__": (), "__module__": module})


EmailNotValidError = _subclass(
    "EmailNotValidError",
    Error,
    """The address is not valid (email-validator's base class): an
    :class:`EmailSyntaxError` or an :class:`EmailUndeliverableError`.""",
)
EmailSyntaxError = _subclass(
    "EmailSyntaxError",
    EmailNotValidError,
    """The address breaks the grammar of its profile (RFC 5321 §4.1.2, RFC 6531 §3.3, ...).""",
)
EmailUndeliverableError = _subclass(
    "EmailUndeliverableError",
    EmailNotValidError,
    """DNS says no mail can reach the domain (RFC 5321 §5.1, RFC 7505 null MX).

    A DNS failure that may pass (a timeout, SERVFAIL) is never this error: the address
    is returned with a ``deliverability_unknown`` warning.""",
)
DomainError = _subclass(
    "DomainError",
    Error,
    """The domain name is not valid under its policy (RFC 1123 §2.1, RFC 3696 §2, IDNA 2008).""",
)
UriError = _subclass(
    "UriError", Error, """The URI, http(s) URL or mailto URI is not valid (RFC 3986, RFC 9110, RFC 6068)."""
)
PunycodeError = _subclass("PunycodeError", Error, """The string cannot be encoded or decoded as Punycode (RFC 3492).""")


class IDNAError(_Described, UnicodeError):
    """The name is not valid IDNA 2008 (RFC 5890-5893), as in the idna package.

    Has the ``code``, ``offset``, ``message`` and ``user_message`` attributes of
    :class:`rfc3696.Error`."""

    __slots__ = ()


IDNABidiError = _subclass("IDNABidiError", IDNAError, """The Bidi rule of RFC 5893 §2 is broken.""", "rfc3696.idna")
InvalidCodepoint = _subclass(
    "InvalidCodepoint",
    IDNAError,
    """A code point is DISALLOWED or UNASSIGNED in IDNA 2008 (RFC 5892 §2).""",
    "rfc3696.idna",
)
InvalidCodepointContext = _subclass(
    "InvalidCodepointContext",
    IDNAError,
    """A CONTEXTJ or CONTEXTO code point without its context (RFC 5892 Appendix A).""",
    "rfc3696.idna",
)

Error.__module__ = "rfc3696"
IDNAError.__module__ = "rfc3696.idna"
