"""The game's seed, agreed by commit-and-reveal, so that no one chooses how the game is shuffled.

Each participant (every connected peer and the host) draws a secret nonce,
publishes BLAKE2b(nonce), and reveals the nonce only once every commitment
is known. The seed is a hash of all nonces in participant order: nobody can
steer it without knowing the others' nonces, which are fixed before anyone
reveals. (The last to reveal can still refuse and so abort the start; that
is visible to everyone and only delays the game.)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Mapping

NONCE_BYTES = 32
_COMMIT_PERSON = b"tigris-commit"
_SEED_PERSON = b"tigris-seed"


def new_nonce() -> bytes:
    return secrets.token_bytes(NONCE_BYTES)


def commitment(nonce: bytes) -> bytes:
    return hashlib.blake2b(nonce, digest_size=32, person=_COMMIT_PERSON).digest()


def reveal_matches(nonce: bytes, promised: bytes) -> bool:
    return hmac.compare_digest(commitment(nonce), promised)


def seed_from(nonces: Mapping[int, bytes]) -> int:
    """The 64-bit seed from every participant's nonce, in participant-id order."""
    h = hashlib.blake2b(digest_size=8, person=_SEED_PERSON)
    for pid in sorted(nonces):
        h.update(pid.to_bytes(2, "big", signed=True))
        h.update(nonces[pid])
    return int.from_bytes(h.digest(), "big")


def check_reveals(commitments: Mapping[int, bytes], nonces: Iterable[tuple[int, bytes]]) -> str:
    """Why these nonces do not answer these commitments, or "" when they all do."""
    revealed = dict(nonces)
    if set(revealed) != set(commitments):
        return (f"participants revealed {sorted(revealed)} but committed "
                f"{sorted(commitments)}")
    for pid, nonce in revealed.items():
        if not reveal_matches(nonce, commitments[pid]):
            return f"participant {pid} revealed a nonce that does not match its commitment"
    return ""
