#!/usr/bin/env python3
"""Writes fixture.txt: positions of random games of Fairy-Stockfish's
capablanca, gothic, janus, embassy and losalamos variants, each with every
legal move Fairy-Stockfish gives (UCI, sorted) and the SAN it writes for
a few of them, and each variant's perft
from its start position to depth 3 (counted through Fairy-Stockfish's
legal moves). chess-rules must give the same under the definitions of
variants.ini (tests/fairy.rs).

    pip install pyffish   # Fairy-Stockfish's Python binding
    python3 make_fixture.py
"""
import random

import pyffish as sf

VARIANTS = ["capablanca", "gothic", "janus", "embassy", "losalamos"]
GAMES = 10
PLIES = 80
EVERY = 4

random.seed(19)
lines = []
for variant in VARIANTS:
    start = sf.start_fen(variant)
    for _ in range(GAMES):
        moves = []
        for ply in range(PLIES):
            fen = sf.get_fen(variant, start, moves)
            legal = sorted(sf.legal_moves(variant, start, moves))
            if ply % EVERY == 0 or not legal:
                # A few moves with their SAN as Fairy-Stockfish writes it.
                sample = random.sample(legal, min(6, len(legal)))
                sans = " ".join(f"{m}={sf.get_san(variant, fen, m)}" for m in sample)
                lines.append(f"{variant}\t{fen}\t{' '.join(legal)}\t{sans}")
            if not legal:
                break
            moves.append(random.choice(legal))
def perft(variant, start, moves, depth):
    legal = sf.legal_moves(variant, start, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, start, moves + [m], depth - 1) for m in legal)


for variant in VARIANTS:
    start = sf.start_fen(variant)
    for depth in (1, 2, 3):
        lines.append(f"perft\t{variant}\t{depth}\t{perft(variant, start, [], depth)}")

with open("fixture.txt", "w") as out:
    out.write(f"# written by make_fixture.py with pyffish {'.'.join(map(str, sf.version()))}\n")
    out.write("\n".join(lines) + "\n")
print(len(lines), "positions")
