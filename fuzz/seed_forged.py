#!/usr/bin/env python3
"""Seeds fuzz/corpus/forged/. The file name is the SHA-1 of the content, as
libFuzzer names corpus files.

    python3 fuzz/seed_forged.py            # the first seeds
    python3 fuzz/seed_forged.py --chains   # only the hand-made chains below

The first seeds are the diff_nd and diff_exact corpora, each input followed
by an edit script of 8 edits (32 bytes) drawn from the SHA-256 of the
input, so the seeding is reproducible.

The chains are edit scripts written out for one false claim the campaign
did not build: an intersecting certificate whose weights vanish on all
but a point at the origin. Two shapes that share only one vertex (raw
points: triangles in 2D, tetrahedra in 3D) touch; the chain builds a
one-pair distance certificate from nothing on the shared vertex (pair
(0, 0), weight 1), restates it as an intersecting one, and adds N
zero-weight pairs that make its simplex full-dimensional. The combination
is the origin, so only the "weights strictly positive" check rejects it;
a verifier that allowed zero weights would accept the claim
"intersecting", which the oracle refutes (touching).
"""
import hashlib
import pathlib
import struct
import sys

root = pathlib.Path(__file__).resolve().parent / "corpus"
out = root / "forged"
out.mkdir(exist_ok=True)


def write(seed):
    (out / hashlib.sha1(seed).hexdigest()).write_bytes(seed)


def raw_case(dim, a, b):
    """A `diff_nd` raw-points input: the dimension, the raw selector,
    exponent 0, the two sizes, then little-endian i16 coordinates."""
    head = bytes([dim - 1, 0, 0, len(a) - 1, len(b) - 1])
    return head + b"".join(struct.pack("<h", x) for p in a + b for x in p)


# Edit bytes (fuzzing_forged::check): [op, k, x, y]. `op & 0x80` edits the
# previous forgery; `op % 8 == 7` restates it (`convert`; y % 3 == 1 turns a
# distance certificate into an intersecting one); otherwise `op % 7 == 6`
# adds the zero-weight pair (x mod (|A| + 1), y mod (|B| + 1)). `k` past the
# exact mode's certificates builds one from nothing (k − count == 1: the
# one-pair distance certificate (x, y)).
RESTATE = bytes([0x87, 0, 0, 1])
ZERO_PAIR = 0x84  # 132: 132 % 8 == 4, 132 % 7 == 6


def chains():
    cases = {
        2: ([(0, 0), (-2, 1), (-2, -1)], [(0, 0), (2, 1), (2, -1)]),
        3: ([(0, 0, 0), (-2, 1, 0), (-2, -1, 1), (-2, -1, -1)],
            [(0, 0, 0), (2, 1, 0), (2, -1, 1), (2, -1, -1)]),
    }
    n = 0
    for dim, (a, b) in cases.items():
        case = raw_case(dim, a, b)
        zeros = b"".join(bytes([ZERO_PAIR, 0, i, 0]) for i in range(1, dim + 1))
        # The exact mode's certificate count is not known here: try k = 1..4.
        for k in range(1, 5):
            write(case + bytes([0, k, 0, 0]) + RESTATE + zeros)
            n += 1
    return n


if "--chains" in sys.argv[1:]:
    print(f"{chains()} chain seeds in {out}")
    sys.exit(0)

n = 0
for src in ("diff_nd", "diff_exact"):
    for f in sorted((root / src).iterdir()):
        if not f.is_file() or f.name == "README.md":
            continue
        data = f.read_bytes()
        seed = data + hashlib.sha256(data).digest()
        write(seed)
        n += 1
print(f"{n} seeds in {out}")
