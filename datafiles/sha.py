"""SHA-256 for the digests of runs, worlds and files, without loading OpenSSL.

``hashlib`` loads OpenSSL's libcrypto as it is imported, about 2 ms of a headless run's start-up
(``scripts/bench_speed.py --part freeplay``); CPython's own SHA-256 module, which ``hashlib``
falls back on without OpenSSL, gives the same digests. Where neither module name exists (another
Python), ``hashlib``'s is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hashlib import sha256
else:
    try:
        from _sha2 import sha256  # Python 3.12 and later
    except ImportError:
        try:
            from _sha256 import sha256  # Python 3.10 and 3.11
        except ImportError:
            from hashlib import sha256

__all__ = ["sha256"]
