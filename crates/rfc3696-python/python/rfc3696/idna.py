"""The ``idna`` package's interface, judged by IDNA 2008 exactly (RFC 5890-5893).

``encode``, ``decode``, ``alabel``, ``ulabel`` and ``check_label`` take the arguments of
the ``idna`` package and raise its exceptions (:class:`IDNAError` and its subclasses
:class:`IDNABidiError`, :class:`InvalidCodepoint`, :class:`InvalidCodepointContext`),
each with the ``code``, ``offset``, ``message`` and ``user_message`` attributes. The
keyword ``mode`` chooses the table: ``"registration"`` (RFC 5891 §4, the default),
``"lookup"`` (§5.4) or ``"uts46"``. :func:`encode_all` encodes a list on every core.

>>> from rfc3696 import idna
>>> idna.encode("ドメイン.テスト")
b'xn--eckwd4c7c.xn--zckzah'
>>> idna.decode("xn--eckwd4c7c.xn--zckzah")
'ドメイン.テスト'
"""

from ._errors import IDNABidiError, IDNAError, InvalidCodepoint, InvalidCodepointContext
from ._rfc3696 import idna as _native

encode = _native.encode
decode = _native.decode
alabel = _native.alabel
ulabel = _native.ulabel
check_label = _native.check_label
encode_all = _native.encode_all

__all__ = [
    "IDNABidiError",
    "IDNAError",
    "InvalidCodepoint",
    "InvalidCodepointContext",
    "alabel",
    "check_label",
    "decode",
    "encode",
    "encode_all",
    "ulabel",
]
