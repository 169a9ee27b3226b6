#!/usr/bin/env python3
"""Writes games.txt: games Fairy-Stockfish (pyffish) plays in every
variant chess-rules plays (the rows of guide/fairy_stockfish.md that say
"plays"), for tests/fairy_file.rs to replay move by move.

Each game is played from the variant's start by a seeded random player
that takes a move ending the game when it has one (most of the time),
else a capture (often), else any move, for at most PLIES plies: so games
reach the variants' own ends (a flag region, a kind of piece gone) as
well as checkmate and stalemate. A row holds, tab-separated:

    kind  name  moves  counts  sans  end  refused

- `moves`: the moves in Fairy-Stockfish's coordinates, space-separated;
- `counts`: the number of legal moves before each move and at the end;
- `sans`: each move in Fairy-Stockfish's SAN (`pyffish.get_san`);
- `end`: `-` if the last position has legal moves, else the result for
  the side to move there (`win`, `loss`, `draw`);
- `refused`: a move Fairy-Stockfish does not allow in the last position
  (one that was legal a move earlier), or `-`.

    python3 -m venv venv && venv/bin/pip install pyffish
    venv/bin/python make_games.py [--new] [PATH/TO/fairy-stockfish-variants.ini [PATH/TO/pychess-variants.ini]]

With `--new`, only the variants games.txt has no games of yet are
played, and the rows already there are kept: each variant's games are
seeded by its name, so they are the rows a full run writes.
"""
import multiprocessing
import os
import random
import re
import sys

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
NEW = "--new" in sys.argv[1:]
ARGS = [a for a in sys.argv[1:] if a != "--new"]
REAL = ARGS[0] if ARGS else os.path.join(
    HERE, "../../../../shared/reference/fairy-stockfish-variants.ini")
PYCHESS = ARGS[1] if len(ARGS) > 1 else os.path.join(
    HERE, "../../../../shared/reference/pychess-variants.ini")
GUIDE = os.path.join(HERE, "../../../guide/fairy_stockfish.md")
GAMES = 2
PLIES = 100


def playing():
    """The variants the guide says chess-rules plays, by kind."""
    kind, out = None, []
    for line in open(GUIDE):
        if line.startswith("## Built-in"):
            kind = "builtin"
        elif line.startswith("## Fairy-Stockfish's own"):
            kind = "file"
        elif line.startswith("## pychess.org's"):
            kind = "pychess"
        m = re.match(r"\| `([^`]+)` \| plays", line)
        if m and kind:
            out.append((kind, m.group(1)))
    return out


def walls_instead():
    """The sections of both files with `wallOrMove = true`, their own or
    a parent's (atlantis): Fairy-Stockfish writes every move there with a
    wall on a1 that it never puts down (`e2e4,e4a1`, `e4,a1+`); the rows
    hold the move alone, as chess-rules writes it (it reads both)."""
    parents, own = {}, {}
    for path in (REAL, PYCHESS):
        name = None
        for line in open(path):
            m = re.match(r"\[([^\]:]+)(?::([^\]]+))?\]", line)
            if m:
                name = m.group(1)
                parents[name] = m.group(2)
            elif name and re.match(r"wallOrMove\s*=", line):
                own[name] = line.split("=", 1)[1].strip() == "true"
    def walls(name):
        while name is not None:
            if name in own:
                return own[name]
            name = parents.get(name)
        return False
    return {name for name in parents if walls(name)}


def plain(variant, move, text):
    """`text` (a move in coordinates or SAN) without the wall
    Fairy-Stockfish writes after a move that puts none (`walls_instead`):
    a pass (`a1a1,a1a3`, `Ra1,a3`) keeps its own."""
    if variant in INSTEAD and "," in move and not re.match(r"^([a-z]\d+)\1,", move):
        return re.sub(r",(?:[a-z]\d+)?a1([+#]?)$", r"\1", text)
    return text


def result(value):
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def game(variant, rng):
    # Each position is the start and the moves played (its history: two
    # passes in a row end a janggi game), its SAN from its FEN.
    start = sf.start_fen(variant)
    fen, moves, counts, sans = start, [], [], []
    previous = []
    for _ in range(PLIES):
        legal = sf.legal_moves(variant, start, moves)
        counts.append(len(legal))
        if not legal:
            break
        # A move after which there is none ends the game (Fairy-Stockfish
        # lists no move once a variant's own end is reached).
        ending = [m for m in legal if not sf.legal_moves(variant, start, moves + [m])]
        captures = [m for m in legal if sf.is_capture(variant, fen, [], m)]
        if ending and rng.random() < 0.8:
            move = rng.choice(ending)
        elif captures and rng.random() < 0.6:
            move = rng.choice(captures)
        else:
            move = rng.choice(legal)
        sans.append(plain(variant, move, sf.get_san(variant, fen, move, False, sf.NOTATION_SAN)))
        moves.append(move)
        previous = legal
        fen = sf.get_fen(variant, fen, [move])
    else:
        counts.append(len(sf.legal_moves(variant, start, moves)))
    legal = sf.legal_moves(variant, start, moves)
    if legal:
        end = "-"
    else:
        over, value = sf.is_immediate_game_end(variant, start, moves)
        end = result(value if over else sf.game_result(variant, start, moves))
    refused = [m for m in previous if m not in legal]
    written = [plain(variant, m, m) for m in moves]
    refused = [plain(variant, m, m) for m in refused]
    return [" ".join(written), ",".join(map(str, counts)), " ".join(sans), end,
            rng.choice(refused) if refused else "-"]


def games(variant):
    """The rows of one variant's games (each variant seeded alike, so the
    file is the same however the work is shared)."""
    kind, name = variant
    rng = random.Random(f"{kind}:{name}")
    rows = ["\t".join([kind, name] + game(name, rng)) for _ in range(GAMES)]
    print(kind, name, flush=True)
    return rows


def kept():
    """The rows games.txt has, by variant (with `--new`)."""
    out = {}
    if NEW:
        for line in open(os.path.join(HERE, "games.txt")):
            if not line.startswith("#"):
                kind, name = line.split("\t")[:2]
                out.setdefault((kind, name), []).append(line.rstrip("\n"))
    return out


# (The workers inherit both; Fairy-Stockfish keeps the first section of a
# name, and pychess.org's mansindam and xiangqihouse are its own file's.)
sf.set_option("VariantPath", REAL)
sf.set_option("VariantPath", PYCHESS)
INSTEAD = walls_instead()
rows = [f"# written by make_games.py with pyffish {'.'.join(map(str, sf.version()))}"]
old = kept()
variants = playing()
with multiprocessing.Pool() as pool:
    played = dict(zip([v for v in variants if v not in old],
                      pool.map(games, [v for v in variants if v not in old])))
for variant in variants:
    rows.extend(old.get(variant) or played[variant])
with open(os.path.join(HERE, "games.txt"), "w") as out:
    out.write("\n".join(rows) + "\n")
print(len(rows) - 1, "games")
