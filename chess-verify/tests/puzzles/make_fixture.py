#!/usr/bin/env python3
"""Writes lichess.csv and expected.txt: puzzles in the public lichess
puzzle CSV format, judged by python-chess (PyPI `chess`), an independent
oracle, with a naive exhaustive mate search.

Dev-time only (`pip install chess`, then `python3 make_fixture.py`); the
Rust tests read the committed files. Positions are random endgames (a
seeded generator): White's king, queen and rook against Black's king and a
few pieces, Black to move first (the opponent's move, as lichess writes
it). Sound rows are found by search; the unsound ones are made from sound
ones by one change each, and expected.txt says what python-chess finds
wrong with every row ("ok", "second-solution <uci>", "not-mate",
"wrong-count", "illegal-move <index>", "illegal-position") and, for a
sound mate, the other moves that also mate at its last move (lichess
accepts any mate there; they are warnings).
"""

import pathlib
import random

import chess

HERE = pathlib.Path(__file__).resolve().parent


def mates_in(board: chess.Board, n: int) -> bool:
    """Whether the side to move forces mate in at most n moves (naive)."""
    if n == 0:
        return False
    for move in list(board.legal_moves):
        board.push(move)
        try:
            if board.is_checkmate():
                return True
            if n > 1 and not board.is_stalemate() and all_replies_mate(board, n - 1):
                return True
        finally:
            board.pop()
    return False


def all_replies_mate(board: chess.Board, n: int) -> bool:
    for reply in list(board.legal_moves):
        board.push(reply)
        try:
            if not mates_in(board, n):
                return False
        finally:
            board.pop()
    return True


def keys(board: chess.Board, n: int) -> list:
    out = []
    for move in list(board.legal_moves):
        board.push(move)
        if board.is_checkmate() or (n > 1 and not board.is_stalemate() and all_replies_mate(board, n - 1)):
            out.append(move)
        board.pop()
    return out


def random_endgame(rng: random.Random):
    board = chess.Board(None)
    pieces = "KQRkpnbr"
    count = 4 + rng.randrange(len(pieces) - 3)
    for symbol in pieces[:count]:
        while True:
            square = rng.randrange(64)
            if board.piece_at(square) is None and not (symbol == "p" and chess.square_rank(square) in (0, 7)):
                board.set_piece_at(square, chess.Piece.from_symbol(symbol))
                break
    board.turn = chess.BLACK
    return board if board.is_valid() and not board.is_game_over() else None


def solution(board: chess.Board, n: int, key: chess.Move) -> list:
    """The key, then for each defence the one that holds out longest, and
    the mating moves (each unique or not: the first found)."""
    line = [key]
    board = board.copy()
    board.push(key)
    left = n - 1
    while not board.is_checkmate():
        best = None
        for reply in board.legal_moves:
            board.push(reply)
            length = next(k for k in range(1, left + 1) if mates_in(board, k))
            board.pop()
            if best is None or length > best[0]:
                best = (length, reply)
        board.push(best[1])
        line.append(best[1])
        attack = keys(board, best[0])[0]
        board.push(attack)
        line.append(attack)
        left = best[0] - 1
    return line


def main() -> None:
    rng = random.Random(2024)
    rows = []  # (fen, moves, themes, expected)
    found = {1: 0, 2: 0}
    other_mates = 0
    while found[1] < 6 or found[2] < 6:
        start = random_endgame(rng)
        if start is None:
            continue
        for opponent in list(start.legal_moves):
            board = start.copy()
            board.push(opponent)
            if board.is_game_over():
                continue
            for n in (1, 2):
                if mates_in(board, n - 1) or not mates_in(board, n):
                    continue
                ks = keys(board, n)
                if found[n] >= 6:
                    break
                line = solution(board, n, ks[0])
                # Unique at every move but the last one's alternatives?
                if len(ks) == 1:
                    expected = "ok"
                    found[n] += 1
                    rows.append((start.fen(), [opponent] + line, f"mateIn{n}", expected))
                elif n == 1 and other_mates < 2:
                    # lichess accepts any mate on the last move.
                    other_mates += 1
                    rows.append((start.fen(), [opponent] + line, "mateIn1", "ok"))
                elif n == 2:
                    rows.append((start.fen(), [opponent] + line, f"mateIn{n}", f"second-solution {','.join(sorted(k.uci() for k in ks[1:]))}"))
                break
            break
    # Unsound rows made from sound ones.
    sound = [r for r in rows if r[3] == "ok"]
    fen, moves, themes, _ = next(r for r in sound if r[2] == "mateIn2")
    rows.append((fen, moves[:-1], themes, "not-mate"))
    rows.append((fen, moves, "mateIn1", "wrong-count"))
    # The defence replaced by the opponent's first move again: its piece
    # has left that square.
    bad = moves[:2] + [moves[0]] + moves[3:]
    board = chess.Board(fen)
    board.push(bad[0])
    board.push(bad[1])
    assert not board.is_legal(bad[2])
    rows.append((fen, bad, themes, "illegal-move 2"))
    rows.append(("8/8/8/8/8/8/8/8 w - - 0 1", moves, themes, "illegal-position"))
    # Without a mate theme only legality is checked.
    rows.append((fen, moves[:-1], "endgame short", "ok"))

    lines = ["PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags"]
    expected = []
    for i, (fen, moves, themes, verdict) in enumerate(rows):
        pid = f"t{i:04d}"
        uci = " ".join(m.uci() for m in moves)
        lines.append(f"{pid},{fen},{uci},{1200 + 37 * i},75,90,{100 + i},{themes},https://lichess.org/abcdef{i:02d},")
        # The other mating moves at the last move of a sound line.
        also = []
        if verdict == "ok" and themes.startswith("mateIn"):
            board = chess.Board(fen)
            for m in moves[:-1]:
                board.push(m)
            also = sorted(k.uci() for k in keys(board, 1) if k != moves[-1])
        expected.append(f"{pid}\t{verdict}\t{','.join(also)}")
    (HERE / "lichess.csv").write_text("\n".join(lines) + "\n")
    (HERE / "expected.txt").write_text("\n".join(expected) + "\n")
    print(f"{len(rows)} rows: {found}")


if __name__ == "__main__":
    main()
