from collections.abc import Iterable
from typing import Literal, Union

from ._errors import IDNABidiError as IDNABidiError
from ._errors import IDNAError as IDNAError
from ._errors import InvalidCodepoint as InvalidCodepoint
from ._errors import InvalidCodepointContext as InvalidCodepointContext

_Text = Union[str, bytes, bytearray]
_IdnaMode = Literal["registration", "lookup", "uts46"]

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
