"""RFC 3492 Punycode on a whole string (no ``xn--`` prefix, no labels: see
:mod:`rfc3696.idna`).

>>> from rfc3696 import punycode
>>> punycode.decode(punycode.encode("bücher"))
'bücher'
"""

from ._errors import PunycodeError
from ._rfc3696 import punycode as _native

encode = _native.encode
decode = _native.decode

__all__ = ["PunycodeError", "decode", "encode"]
