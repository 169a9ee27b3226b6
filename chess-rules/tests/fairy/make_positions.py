#!/usr/bin/env python3
"""Writes positions.txt: perft from positions in the middle of a game,
as Fairy-Stockfish (pyffish) counts them, for rules a start position
does not reach within a few plies (pieces in hand and their drops,
promoted pieces taken back into hand). tests/fairy_file.rs checks
chess-rules against it.

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
    ],
}
POSITIONS["loop"] = POSITIONS["crazyhouse"]
POSITIONS["chessgi"] = POSITIONS["crazyhouse"]


def perft(variant, fen, moves, depth):
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, moves + [m], depth - 1) for m in legal)


lines = [f"# written by make_positions.py with pyffish {'.'.join(map(str, sf.version()))}"]
for variant, fens in POSITIONS.items():
    for fen in fens:
        fen = sf.get_fen(variant, fen, [])  # as Fairy-Stockfish writes it
        counts = [perft(variant, fen, [], 1)]
        while len(counts) < 3 and counts[-1] * counts[0] <= LEAVES:
            counts.append(perft(variant, fen, [], len(counts) + 1))
        lines.append("\t".join([variant, fen] + [str(n) for n in counts]))
with open(os.path.join(HERE, "positions.txt"), "w") as out:
    out.write("\n".join(lines) + "\n")
