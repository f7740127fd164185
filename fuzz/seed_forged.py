#!/usr/bin/env python3
"""Seeds fuzz/corpus/forged/ from the diff_nd and diff_exact corpora: each
input followed by an edit script of 8 edits (32 bytes) drawn from the
SHA-256 of the input, so the seeding is reproducible. The file name is the
SHA-1 of the content, as libFuzzer names corpus files.

    python3 fuzz/seed_forged.py
"""
import hashlib
import pathlib

root = pathlib.Path(__file__).resolve().parent / "corpus"
out = root / "forged"
out.mkdir(exist_ok=True)
n = 0
for src in ("diff_nd", "diff_exact"):
    for f in sorted((root / src).iterdir()):
        if not f.is_file() or f.name == "README.md":
            continue
        data = f.read_bytes()
        seed = data + hashlib.sha256(data).digest()
        (out / hashlib.sha1(seed).hexdigest()).write_bytes(seed)
        n += 1
print(f"{n} seeds in {out}")
