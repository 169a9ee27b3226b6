#!/usr/bin/env python3
"""Writes oracle.txt: what Fairy-Stockfish (pyffish, its Python binding)
plays for every one of its built-in variants, every section of its own
variants.ini (../shared/reference/fairy-stockfish-variants.ini) and every
section of pychess.org's (../shared/reference/pychess-variants.ini) that
it loads: the start position and perft from it to depth 3 (2 where depth
3 is large).
tests/fairy_file.rs checks chess-rules against it for every variant it
plays.

It also checks that rules/fairy-stockfish.ini, the built-in variants as
this crate writes them out, says what Fairy-Stockfish's own built-in
variants are: each written section, loaded into Fairy-Stockfish under
another name, must give the built-in variant's start position and perft.
A section that does not is reported and the script fails.

    python3 -m venv venv && venv/bin/pip install pyffish
    venv/bin/python make_oracle.py [PATH/TO/fairy-stockfish-variants.ini [PATH/TO/pychess-variants.ini]]
"""
import os
import re
import subprocess
import sys
import tempfile

import pyffish as sf


HERE = os.path.dirname(os.path.abspath(__file__))
REAL = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] != "--pychess" else os.path.join(
    HERE, "../../../../shared/reference/fairy-stockfish-variants.ini")
PYCHESS = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
    HERE, "../../../../shared/reference/pychess-variants.ini")
WRITTEN = os.path.join(HERE, "../../rules/fairy-stockfish.ini")
LEAVES = 200_000  # depth 3 only when depth 2 promises fewer leaves


def perft(variant, fen, moves, depth):
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, moves + [m], depth - 1) for m in legal)


def counts(variant):
    fen = sf.start_fen(variant)
    out = [perft(variant, fen, [], 1), perft(variant, fen, [], 2)]
    if out[1] * max(out[0], 1) <= LEAVES:
        out.append(perft(variant, fen, [], 3))
    return fen, out


def section_names(text):
    return [m.group(1) for m in re.finditer(r"^\[([^\]:]+)", text, re.M)]


if sys.argv[1:2] == ["--pychess"]:
    # The rows of pychess.org's file alone (a section Fairy-Stockfish does
    # not load has none).
    sf.set_option("VariantPath", sys.argv[2])
    loaded = set(sf.variants())
    for name in section_names(open(sys.argv[2]).read()):
        if name in loaded:
            fen, n = counts(name)
            print("\t".join(["pychess", name, fen] + [str(x) for x in n]))
    sys.exit(0)


builtin = sorted(sf.variants())
real = open(REAL).read()
written = open(WRITTEN).read()
written_names = section_names(written)
# The written sections under other names, so that Fairy-Stockfish loads
# them beside its own (it keeps a built-in variant over a section of its
# name), their parents renamed alike.
# A section on xiangqi keeps Fairy-Stockfish's own xiangqi as its parent:
# the format cannot write xiangqi's king, a wazir by type (`king = k:W`
# is a custom king, which janggi's palace lines do not move diagonally);
# chess_rules gives it from builtin.rs's WAZIR_KINGS, and x-xiangqi is
# checked against xiangqi itself.
# Ataxx's hands hold pieces without end (freeDrops), which the format
# cannot write either: chess_rules gives it from builtin.rs's FREE_DROPS,
# and x-ataxx starts from Fairy-Stockfish's own ataxx for that alone (its
# written keys say everything else).
renamed = re.sub(
    r"^\[([^\]:]+)(?::([^\]]+))?\]",
    lambda m: "[x-%s%s]" % (
        m.group(1),
        ":ataxx" if m.group(1) == "ataxx"
        else "" if not m.group(2) else ":xiangqi" if m.group(2) == "xiangqi" else ":x-" + m.group(2)),
    written, flags=re.M)
with tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False) as f:
    f.write(real + "\n" + renamed)
    both = f.name
sf.set_option("VariantPath", both)

lines = [f"# written by make_oracle.py with pyffish {'.'.join(map(str, sf.version()))}"]
failed = []
for name in builtin:
    fen, n = counts(name)
    lines.append("\t".join(["builtin", name, fen] + [str(x) for x in n]))
    if name in written_names:
        mine = counts("x-" + name)
        if mine != (fen, n):
            failed.append(f"{name}: Fairy-Stockfish {fen} {n}, written out {mine[0]} {mine[1]}")
for name in section_names(real):
    fen, n = counts(name)
    lines.append("\t".join(["file", name, fen] + [str(x) for x in n]))
os.unlink(both)
# pychess.org's file, loaded alone over the built-in variants as its
# server loads it (by a fresh pyffish, which keeps the first section of a
# name it meets: mansindam and xiangqihouse are in both files).
lines.extend(subprocess.run(
    [sys.executable, __file__, "--pychess", PYCHESS],
    check=True, capture_output=True, text=True).stdout.splitlines())
with open(os.path.join(HERE, "oracle.txt"), "w") as out:
    out.write("\n".join(lines) + "\n")
print(len(lines) - 1, "variants;", len(written_names), "written out")
for f in failed:
    print("DIFFERS", f)
sys.exit(1 if failed else 0)
