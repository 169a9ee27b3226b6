#!/usr/bin/env python3
"""Writes positions.txt: perft from positions in the middle of a game,
as Fairy-Stockfish (pyffish) counts them, for rules a start position
does not reach within a few plies (pieces in hand and their drops,
promoted pieces taken back into hand, drop regions, shogi's nifu): of
built-in variants and of the sections of drops.ini. tests/fairy_file.rs
checks chess-rules against it.

    python3 -m venv venv && venv/bin/pip install pyffish
    venv/bin/python make_positions.py
"""
import os

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
LEAVES = 300_000  # the last depth only when the one before promises fewer

POSITIONS = {
    # Pieces in hand: drops everywhere, in check (only blocks), pawns
    # kept off the first and last ranks (chessgi allows the first), a
    # promoted queen (`~`) taken back as a pawn (as itself in loop).
    "crazyhouse": [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 2 3",
        "rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR[Pp] w KQkq - 2 4",
        "r2q1rk1/ppp2ppp/2n1bn2/2b1p3/4P3/2NP1N2/PPP2PPP/R1BQKB1R[PNbp] w KQ - 0 1",
        "4k3/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
        "4k3/8/8/8/8/8/4q3/4K3[Nn] w - - 0 1",
        "rnbQ~k2r/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKBNR[QBNqp] b KQkq - 0 1",
        "rnbQ~k2r/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKBNR[QBN] b KQkq - 0 1",
        # Taken after moving, promoting, or en passant: what goes to hand.
        ("3rk3/8/8/8/8/8/8/Q~2N~K3[] w - - 0 1", 4),
        ("r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", 4),
        "4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 1",
    ],
}
POSITIONS["loop"] = POSITIONS["crazyhouse"]
POSITIONS["chessgi"] = POSITIONS["crazyhouse"]
# Drops on the back rank only (dragon), and the sections of drops.ini:
# no pawn dropped on a file with one (or two) of its side (a pawn marked
# promoted, `P~`, counts); drops on a side's first two ranks.
POSITIONS["dragon"] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R[Dd] w KQkq - 0 1",
    "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R[DNNdnn] b KQkq - 0 1",
]
NIFU = [
    "4k3/pp6/8/8/8/8/P1P1P3/4K3[PPp] w - - 0 1",
    "4k3/pp6/8/8/8/P7/P1P1P3/4K3[PPp] w - - 0 1",
    "4k3/pp6/8/8/8/8/P~1P1P3/4K3[PPp] w - - 0 1",
    "r3k3/pp6/8/8/8/8/P1P1P3/R3K3[PPpp] b - - 0 1",
]
POSITIONS["nifuhouse"] = NIFU
POSITIONS["twopawnhouse"] = NIFU
POSITIONS["regionhouse"] = POSITIONS["crazyhouse"][1:4]


def perft(variant, fen, moves, depth):
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, moves + [m], depth - 1) for m in legal)


sf.set_option("VariantPath", os.path.join(HERE, "drops.ini"))
lines = [f"# written by make_positions.py with pyffish {'.'.join(map(str, sf.version()))}"]
for variant, fens in POSITIONS.items():
    for fen in fens:
        fen, depth = fen if isinstance(fen, tuple) else (fen, 3)
        fen = sf.get_fen(variant, fen, [])  # as Fairy-Stockfish writes it
        counts = [perft(variant, fen, [], 1)]
        while len(counts) < depth and counts[-1] * counts[0] <= LEAVES:
            counts.append(perft(variant, fen, [], len(counts) + 1))
        lines.append("\t".join([variant, fen] + [str(n) for n in counts]))
with open(os.path.join(HERE, "positions.txt"), "w") as out:
    out.write("\n".join(lines) + "\n")
