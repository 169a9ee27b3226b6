#!/usr/bin/env python3
"""Writes export.pgn and corrupted.pgn (with corrupted.tsv): games of every
one-board variant Fairy-Stockfish plays without a rules file, as
pychess.org's export writes them (server/utils.py, `pgn()`, in
gbtami/pychess-variants): its tags, `[Variant]` with the name
capitalized (`Kyotoshogi`), `[FEN]` and `[SetUp "1"]`, the moves in
Fairy-Stockfish's SAN (`get_san_moves(..., NOTATION_SAN)`) numbered
`1. e4 e5 2. …`, and the result. tests/rules.rs checks them with
`chess-verify`.

Each game is played from the variant's start by a random player seeded
by the variant's name, among up to 24 legal moves drawn at random: it
avoids moves that end the game before ply 100 (so rules that arrive late
are reached), then takes one half the time, and stops at ply 160; where
the rarer moves are among them (castling, gating, drops, promotions) it
plays one of those a third of the time.

corrupted.pgn holds the same games with one move replaced, in the second
half of the game, by a move the other side could have played the ply
before, to a square no legal move goes to (so no reading makes it
legal); corrupted.tsv says, for each game, its variant and the line and
column of the replaced move.

With `--pychess`, it writes pychess.pgn and pychess-corrupted.pgn (with
pychess-corrupted.tsv) alike for pychess.org's one-board variants (the
server's list, server/variants.py, each under its own name: no 960
starts; the second game of each set up from the position seven plies
into a game), with pyffish loading pychess.org's variants.ini
(../shared/reference/pychess-variants.ini) as the server does; the export
writes crazyhouse's FEN without its empty pockets (`[]`), as the server
does for lichess, and no `[FEN]` for chess from its start.

    python3 -m venv venv && venv/bin/pip install pyffish
    venv/bin/python make_export.py [--pychess]
"""
import multiprocessing
import os
import random
import re
import sys

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = 2
LONG = 100
MOST = 160
OPENING = 7
TWO_BOARDS = {"bughouse", "koedem", "supply"}
PYCHESS = "--pychess" in sys.argv[1:]
PYCHESS_INI = os.path.join(HERE, "../../../../shared/reference/pychess-variants.ini")
# pychess.org's one-board variants (server/variants.py, ServerVariants,
# without the 960 ones and alice, which Fairy-Stockfish does not play).
PYCHESS_VARIANTS = """chess crazyhouse atomic kingofthehill 3check antichess racingkings
horde placement duck fogofwar makruk makrukhouse makpong cambodian sittuyin
asean shogi shoshogi minishogi kyotoshogi dobutsu gorogoroplus torishogi
cannonshogi yokai xiangqi xiangqihouse manchu janggi minixiangqi jieqi
shatranj capablanca capahouse gothic gothhouse embassy dragon seirawan shouse
grand grandhouse shogun shako hoppelpoppel mansindam orda khans synochess
shinobi shinobiplus empire ordamirror chak chennis spartan xiangfu cwda
borderlands ataxx""".split()
if PYCHESS:
    sf.set_option("VariantPath", PYCHESS_INI)


def san(variant, fen, move):
    return sf.get_san(variant, fen, move, False, sf.NOTATION_SAN)


def rare(variant, fen, move):
    text = san(variant, fen, move)
    return text.startswith("O-O") or "/" in text or "@" in text or "=" in text


def result(variant, start, moves):
    """The result as PGN writes it, `*` while the game goes on."""
    if sf.legal_moves(variant, start, moves):
        return "*"
    over, value = sf.is_immediate_game_end(variant, start, moves)
    value = value if over else sf.game_result(variant, start, moves)
    fen = sf.get_fen(variant, start, moves)
    white_to_move = fen.split()[1] == "w"
    if value == 0:
        return "1/2-1/2"
    return "1-0" if (value > 0) == white_to_move else "0-1"


def ends(variant, start, moves, move):
    return not sf.legal_moves(variant, start, moves + [move])


def game(variant, rng, opening=0):
    """A game played from the variant's start, or from the position
    `opening` plies into one (a game set up from a position)."""
    start = sf.start_fen(variant)
    moves = []
    for _ in range(opening):
        legal = [m for m in sf.legal_moves(variant, start, moves) if not ends(variant, start, moves, m)]
        if not legal:
            break
        moves.append(rng.choice(legal))
    if moves:
        start, moves = sf.get_fen(variant, start, moves), []
    for ply in range(MOST):
        legal = sf.legal_moves(variant, start, moves)
        if not legal:
            break
        fen = sf.get_fen(variant, start, moves)
        sample = rng.sample(legal, min(len(legal), 24))
        special = [m for m in sample if rare(variant, fen, m)]
        pool = special if special and rng.random() < 0.33 else sample
        if ply >= LONG and rng.random() < 0.5:
            # (An end, where one of a few moves tried makes one.)
            ending = [m for m in sample[:8] if ends(variant, start, moves, m)]
            pool = ending or pool
        rng.shuffle(pool)
        choice = pool[0]
        if ply < LONG:
            # (No end before ply 100, where a few others can be tried.)
            choice = next((m for m in pool[:6] if not ends(variant, start, moves, m)), choice)
        moves.append(choice)
    return start, moves


def movetext(sans):
    """The moves as pychess.org writes them: a number before White's."""
    return " ".join(s if i % 2 else f"{i // 2 + 1}. {s}" for i, s in enumerate(sans))


def corrupt(variant, start, moves, sans, rng):
    """A ply in the second half and a move to put there that no reading
    makes legal, or None."""
    plies = list(range(max(1, len(moves) // 2), len(moves)))
    rng.shuffle(plies)
    for k in plies:
        before = sf.get_fen(variant, start, moves[: k - 1])
        now = sf.get_fen(variant, start, moves[:k])
        legal_now = sf.legal_moves(variant, start, moves[:k])
        reached = {re.findall(r"[a-z]\d+", m.split(",")[0])[-1] for m in legal_now}
        others = [san(variant, before, m) for m in sf.legal_moves(variant, start, moves[: k - 1])]
        fits = [
            s for s in others
            if not s.startswith("O-O") and "," not in s
            and re.findall(r"[a-z]+\d+", s)
            and re.findall(r"[a-z]\d+", s)[-1] not in reached
        ]
        if fits:
            return k, rng.choice(fits)
    return None


def games(variant):
    rng = random.Random(variant)
    out = []
    for i in range(GAMES):
        # (pychess.org's second game of each starts from a position with
        # Black to move, as a game set up in its editor does: the export
        # still numbers its first move `1.`.)
        start, moves = game(variant, rng, OPENING if PYCHESS and i == 1 else 0)
        sans = sf.get_san_moves(variant, start, moves, False, sf.NOTATION_SAN)
        out.append((start, moves, sans, result(variant, start, moves), corrupt(variant, start, moves, sans, rng)))
    print(variant, flush=True)
    return variant, out


def tags(variant, i, start, res):
    if PYCHESS and variant == "chess" and start == sf.start_fen("chess"):
        setup = ""
    else:
        fen = start.replace("[]", "") if PYCHESS and variant == "crazyhouse" else start
        setup = f'[FEN "{fen}"]\n[SetUp "1"]\n'
    return (f'[Event "PyChess casual game"]\n[Site "{variant} {i + 1}"]\n'
            f'[Result "{res}"]\n[Variant "{variant.capitalize()}"]\n{setup}\n')


def main():
    if PYCHESS:
        variants = [v for v in PYCHESS_VARIANTS if v in sf.variants()]
    else:
        variants = [v for v in sf.variants() if v not in TWO_BOARDS]
    with multiprocessing.Pool() as pool:
        played = pool.map(games, variants)
    version = ".".join(map(str, sf.version()))
    clean, broken, rows = [], [], [f"# written by make_export.py with pyffish {version}: variant, line, column, move written"]
    line = 1
    for variant, out in played:
        for i, (start, moves, sans, res, bad) in enumerate(out):
            head = tags(variant, i, start, res)
            clean.append(head + movetext(sans) + f" {res}\n\n")
            if bad is None:
                continue
            k, text = bad
            written = sans[:k] + [text] + sans[k + 1:]
            body = movetext(written)
            # The column of the replaced move: the moves before it and
            # their numbers.
            prefix = movetext(sans[:k]) + " " if k else ""
            if k % 2 == 0:
                prefix += f"{k // 2 + 1}. "
            line += head.count("\n")
            rows.append(f"{variant}\t{line}\t{len(prefix) + 1}\t{text}")
            broken.append(head + body + f" {res}\n\n")
            line += 2
    export, corrupted = ("pychess", "pychess-corrupted") if PYCHESS else ("export", "corrupted")
    with open(os.path.join(HERE, export + ".pgn"), "w") as f:
        f.write("".join(clean))
    with open(os.path.join(HERE, corrupted + ".pgn"), "w") as f:
        f.write("".join(broken))
    with open(os.path.join(HERE, corrupted + ".tsv"), "w") as f:
        f.write("\n".join(rows) + "\n")
    print(len(clean), "games,", len(rows) - 1, "corrupted")


if __name__ == "__main__":
    main()
