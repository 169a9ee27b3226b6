#!/usr/bin/env python3
"""Writes oracle.txt: what python-chess (PyPI `chess`), an independent PGN
reader, makes of every game of the dialect corpus in this folder.

Dev-time only (`pip install chess`, then `python3 oracle.py`); the Rust
test `chess-verify/tests/dialects.rs` reads the committed oracle.txt and
checks that chess-verify reads every game to the same moves.

It also writes oracle-tree.txt: each game's whole tree as python-chess
reads it (every variation, comment and NAG), in a canonical form that
`tests/annotations.rs` writes from a verified `Game`'s tree too. The form
follows python-chess's model where it differs from the text as written:
a node's comments joined by a space, whitespace collapsed, NAGs sorted
and each once (python-chess keeps them as a set).

python-chess reads PGN's export format. For the spellings it does not
read, the text is first put into that format by plain substitutions (and
nothing else): figurines and `×`, Unicode dashes and spaces, evaluation
glyphs, NAGs written against their moves, German piece letters for the
file that opts into them, and forum wrapper lines and prose. The
substitutions are listed below; everything else is python-chess's own
reading.
"""

import io
import pathlib
import re

import chess.pgn

HERE = pathlib.Path(__file__).resolve().parent

SUBSTITUTIONS = [
    ("♔", "K"), ("♕", "Q"), ("♖", "R"), ("♗", "B"), ("♘", "N"),
    ("♚", "K"), ("♛", "Q"), ("♜", "R"), ("♝", "B"), ("♞", "N"),
    ("×", "x"), ("–", "-"), ("\u00a0", " "),
    ("+−", " $18"), ("⩲", " $14"),
]


def plain(name: str, text: str) -> str:
    for unicode, ascii in SUBSTITUTIONS:
        text = text.replace(unicode, ascii)
    # Castling as the king's move, and in lower case, which python-chess
    # does not read as castling (a documented policy of ours).
    text = re.sub(r"\bKe1g1\b", "O-O", text)
    text = re.sub(r"\bo-o\b", "O-O", text)
    # A NAG against its move: `e5$71`.
    text = re.sub(r"(\S)\$(\d+)", r"\1 $\2", text)
    if name == "german.pgn":
        german = {"S": "N", "L": "B", "T": "R", "D": "Q"}
        text = re.sub(r"\b([SLTD])(?=[a-h1-8x])", lambda m: german[m.group(1)], text)
    if name == "forum-post.pgn":
        lines = text.splitlines()
        text = "\n".join(l for l in lines if l.startswith("[") and l not in ("[pgn]", "[/pgn]") or re.match(r"^\d+\.", l))
    return text


def squash(text: str) -> str:
    return " ".join(text.split())


def move_tokens(node) -> list:
    out = []
    if squash(node.starting_comment):
        out.append("<" + squash(node.starting_comment) + ">")
    out.append(node.parent.board().san(node.move))
    out.extend(f"${nag}" for nag in sorted(node.nags))
    if squash(node.comment):
        out.append("{" + squash(node.comment) + "}")
    return out


def line(node) -> list:
    out = []
    while node.variations:
        main = node.variations[0]
        out.extend(move_tokens(main))
        for alternative in node.variations[1:]:
            out.append("(")
            out.extend(move_tokens(alternative))
            out.extend(line(alternative))
            out.append(")")
        node = main
    return out


def canonical(game) -> str:
    out = []
    if squash(game.comment):
        out.append("{" + squash(game.comment) + "}")
    out.extend(line(game))
    return " ".join(out)


def main() -> None:
    out = []
    trees = []
    for path in sorted(HERE.glob("*.pgn")):
        text = plain(path.name, path.read_text(encoding="utf-8"))
        stream = io.StringIO(text)
        index = 0
        while True:
            game = chess.pgn.read_game(stream)
            if game is None:
                break
            if game.errors:
                raise SystemExit(f"{path.name}: python-chess: {game.errors}")
            index += 1
            board = game.board()
            sans = []
            for move in game.mainline_moves():
                sans.append(board.san(move))
                board.push(move)
            out.append(f"{path.name}\t{index}\t{' '.join(sans)}")
            trees.append(f"{path.name}\t{index}\t{canonical(game)}")
    (HERE / "oracle.txt").write_text("\n".join(out) + "\n", encoding="utf-8")
    (HERE / "oracle-tree.txt").write_text("\n".join(trees) + "\n", encoding="utf-8")
    print(f"{len(out)} games")


if __name__ == "__main__":
    main()
