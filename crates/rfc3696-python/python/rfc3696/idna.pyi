from collections.abc import Iterable
from typing import Literal, Union

_Text = Union[str, bytes, bytearray]
_IdnaMode = Literal["registration", "lookup", "uts46"]

class IDNAError(UnicodeError):
    code: str
    offset: int
    message: str
    user_message: str

class IDNABidiError(IDNAError): ...
class InvalidCodepoint(IDNAError): ...
class InvalidCodepointContext(IDNAError): ...

def encode(
    s: _Text,
    strict: bool = False,
    uts46: bool = False,
    std3_rules: bool = False,
    transitional: bool = False,
    *,
    mode: _IdnaMode = "registration",
) -> bytes: ...
def decode(
    s: _Text, strict: bool = False, uts46: bool = False, std3_rules: bool = False, *, mode: _IdnaMode = "registration"
) -> str: ...
def alabel(label: _Text, *, mode: _IdnaMode = "registration") -> bytes: ...
def ulabel(label: _Text, *, mode: _IdnaMode = "registration") -> str: ...
def check_label(label: _Text, *, mode: _IdnaMode = "registration") -> None: ...
def encode_all(
    names: Iterable[_Text],
    /,
    strict: bool = False,
    uts46: bool = False,
    std3_rules: bool = False,
    transitional: bool = False,
    *,
    mode: _IdnaMode = "registration",
) -> list[bytes | IDNAError]: ...
