from typing import Union

from . import PunycodeError as PunycodeError

_Text = Union[str, bytes, bytearray]

def encode(s: _Text) -> str: ...
def decode(s: _Text) -> str: ...
