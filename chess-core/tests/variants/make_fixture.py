#!/usr/bin/env python3
"""Writes python-chess.pgn: random games of the seven lichess variants as
python-chess (PyPI `chess`, its `chess.variant` module) plays and writes
them, an independent implementation of their rules.

Dev-time only (`pip install chess`, then `python3 make_fixture.py`); the
Rust test `chess-core/tests/variants.rs` reads the committed PGN and
checks that the verifier replays every game to the same SAN, ends it the
same way, reaches the same final position (`[FinalFEN]`, python-chess's
FEN with pockets and check counters), and rejects, under its own
characters, every move python-chess finds illegal (`[Illegal "k SAN"]`:
the game cut after its first k plies, then SAN that python-chess refuses
there, with or without a capture sign).
"""

import pathlib
import random

import chess
import chess.variant

HERE = pathlib.Path(__file__).resolve().parent
GAMES_PER_VARIANT = 40
MAX_PLIES = 160

VARIANTS = [
    chess.variant.CrazyhouseBoard,
    chess.variant.AtomicBoard,
    chess.variant.AntichessBoard,
    chess.variant.KingOfTheHillBoard,
    chess.variant.ThreeCheckBoard,
    chess.variant.HordeBoard,
    chess.variant.RacingKingsBoard,
]


def refused(board, san):
    """Whether python-chess refuses `san` in `board`, as written and with
    its capture sign toggled (the verifier forgives a missing `x`)."""
    forms = {san}
    if "x" in san:
        forms.add(san.replace("x", "", 1))
    elif len(san) >= 3 and san[0] in "KQRBN" and "@" not in san:
        forms.add(san[:-2] + "x" + san[-2:])
    for form in forms:
        try:
            board.parse_san(form)
            return False
        except ValueError:
            pass
    return True


def game(cls, seed):
    rng = random.Random(seed)
    board = cls()
    sans = []
    boards = []
    while len(sans) < MAX_PLIES and not board.is_game_over(claim_draw=False):
        moves = list(board.legal_moves)
        move = rng.choice(moves)
        boards.append(board.copy(stack=False))
        sans.append(board.san(move))
        board.push(move)
    # Moves python-chess refuses: a later ply's SAN (no suffix) tried
    # earlier.
    illegal = []
    for _ in range(3):
        if len(sans) < 3:
            break
        k = rng.randrange(0, len(sans) - 1)
        other = sans[rng.randrange(k + 1, len(sans))].rstrip("+#")
        if refused(boards[k], other):
            illegal.append((k, other))
    return sans, board, illegal


def main():
    out = []
    for cls in VARIANTS:
        for i in range(GAMES_PER_VARIANT):
            sans, board, illegal = game(cls, i * 7919 + VARIANTS.index(cls))
            result = board.result(claim_draw=False)
            out.append(f'[Variant "{cls.aliases[0]}"]')
            out.append(f'[Result "{result}"]')
            out.append(f'[FinalFEN "{board.fen()}"]')
            for k, san in illegal:
                out.append(f'[Illegal "{k} {san}"]')
            out.append("")
            text = []
            for n, san in enumerate(sans):
                if n % 2 == 0:
                    text.append(f"{n // 2 + 1}.")
                text.append(san)
            text.append(result)
            # Lines of at most 80 characters.
            line = ""
            for word in text:
                if line and len(line) + 1 + len(word) > 80:
                    out.append(line)
                    line = word
                else:
                    line = f"{line} {word}" if line else word
            out.append(line)
            out.append("")
    (HERE / "python-chess.pgn").write_text("\n".join(out))


if __name__ == "__main__":
    main()
