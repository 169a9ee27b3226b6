#!/usr/bin/env python3
"""Writes positions.txt: perft from positions in the middle of a game,
as Fairy-Stockfish (pyffish) counts them, for rules a start position
does not reach within a few plies (pieces in hand and their drops,
promoted pieces taken back into hand, drop regions, shogi's nifu;
explosions on capture): of built-in variants and of the sections of
positions.ini. tests/fairy_file.rs
checks chess-rules against it.

    python3 -m venv venv && venv/bin/pip install pyffish
    venv/bin/python make_positions.py

(`ONLY=atomic` prints one variant's rows and writes nothing.)
"""
import os
import sys

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
# Drops on the back rank only (dragon), and the sections of positions.ini:
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
# Explosions: a capture blows up what stands around it but pawns; a king
# royal while it is its side's last (atomic) may not blow itself up, is
# in no check next to the other king, may not castle through attack,
# and a capture that blows up the other king is legal whatever it leaves;
# en passant blows up around the square the pawn takes on; a rook blown
# up takes its castling with it.
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
ATOMIC = [
    KIWIPETE,
    "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 3",
    "8/8/8/8/8/3k4/3K4/7r w - - 0 1",
    "5r2/8/8/8/4k3/8/8/R3K2R w KQ - 0 1",
    "8/8/8/8/8/8/5k2/R3K2R w KQ - 0 1",
    "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",
    "4k3/2n5/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "r3k2r/8/8/8/8/8/6p1/R3K2R b KQkq - 0 1",
    "k7/1r6/8/8/8/8/1Q6/K7 w - - 0 1",
]
POSITIONS["atomic"] = ATOMIC
POSITIONS["nocheckatomic"] = ATOMIC
POSITIONS["atomar"] = ATOMIC
POSITIONS["pawnblast"] = ATOMIC[:3]
POSITIONS["antiblast"] = ATOMIC[:3]
POSITIONS["mutual"] = [
    "8/8/8/8/8/3k4/3q4/3K4 w - - 0 1",
    "8/8/8/8/8/8/3q4/3Q1K1k w - - 0 1",
    KIWIPETE,
]
POSITIONS["peaceful"] = [
    "4k3/8/8/8/8/1b1n4/8/2N4K w - - 0 1",
    "3qk3/8/8/8/8/8/3Q4/3K4 w - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    KIWIPETE,
]
# The flying general: a king may not step onto the other's open file, a
# piece between may leave the file only if another stays, castling may
# not end facing.
POSITIONS["facing"] = [
    "4k3/8/8/8/8/8/4N3/4K3 w - - 0 1",
    "3k4/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/4n3/8/8/8/8/4R3/4K3 b - - 0 1",
    "6k1/8/8/8/8/8/8/4K2R w K - 0 1",
    KIWIPETE,
]
# Makpong: a king in check may only capture.
POSITIONS["makpong"] = [
    "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/4r3/3RK3 w - - 0 1",
    "4k3/8/8/8/4r3/8/8/4K3 w - - 0 1",
    "rnsmksnr/8/1ppppppp/p7/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 3",
]
# En passant on some squares only (georgian: none).
EN_PASSANT = [
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3PpP2/8/PPP1P1PP/RNBQKBNR b KQkq f3 0 3",
]
POSITIONS["someplaces"] = EN_PASSANT
POSITIONS["georgian"] = [
    "rnbakbnr/pppp1ppp/8/8/3PpP2/8/PPP1P1PP/RNBAKBNR b - - 0 3",
]
# Pieces kept to regions: pawns that step back but never to their first
# rank (pawnback); minixiangqi's kings in their palaces (and the flying
# general).
POSITIONS["pawnback"] = [
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "4k3/8/3p4/8/8/3P4/4P3/4K3 w - - 0 1",
]
POSITIONS["minixiangqi"] = [
    "r1nknc1/p2pppr/2p4/1c5/3C3/PCPP1PP/R1NKN1R b - - 9 5",
    "3k3/7/7/7/7/7/2K4 w - - 0 1",
    "2k4/7/7/3R3/7/7/3K3 b - - 0 1",
]
# Xiangqi: a soldier steps sideways only across the river, an elephant
# stays on its side, advisors and generals in the palace.
POSITIONS["xiangqi"] = [
    "4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1",
    "4k4/9/9/9/9/4P4/9/9/9/3K5 w - - 0 1",
    "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1",
    "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN3NC1/9/R1BAKAB1R b - - 2 2",
]
# Drops that may not give check (xiangqihouse's rule).
POSITIONS["nocheckdrops"] = [
    "4k3/8/8/8/8/8/8/4K3[RNr] w - - 0 1",
    "r3k3/8/8/8/8/8/8/4K3[NQq] b - - 0 1",
    "rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR[Pp] w KQkq - 2 4",
]
POSITIONS["queenproof"] = [
    "4k3/3r4/8/8/8/8/8/3QK3 w - - 0 1",
    "4k3/3q4/8/8/8/8/8/3RK3 w - - 0 1",
    KIWIPETE,
]

# Shogi: a pawn's drop that would checkmate is refused (one that checks
# is not); pieces never dropped nor left where they could never move
# again (a pawn or lance on the last rank, a knight on the last two:
# they must promote there); promoted pieces (`+P`) taken back into hand
# as what they were; nifu.
POSITIONS["minishogi"] = [
    "k4/5/G4/5/1R2K[P] w - - 0 1",
    "k4/5/G4/5/2R1K[P] w - - 0 1",
    "2k2/P4/5/5/4K[P] w - - 0 1",
    "k4/5/1+p3/1S3/1R2K[] w - - 0 1",
    "2k2/5/1+P3/5/4K[] w - - 0 1",
    "2s2/R4/2k1S/G2P1/K2B1[RBgp] w - - 0 16",
    "Rbp1k/5/2G2/5/K1Sg1[psrb] w - - 0 16",
]
POSITIONS["shogi"] = [
    "4k4/9/9/9/9/9/9/9/4K4[LNPlnp] w - - 0 1",
    "4k4/9/9/9/9/9/9/9/4K4[LNPlnp] b - - 0 1",
    "ln2sgsn1/2g2k1b1/rppp2pp1/p3p4/7Pl/1PPPPS3/P5P1P/L3G1G1L/1NBKR2N1[PPps] w - - 0 31",
    ("1+R2sgsn1/l6b1/p1pL1kppp/g3p1g2/5p3/PpPP1sP2/4PP2N/1B1S4L/LN3KR2[NPPgpp] w - - 0 31", 2),
]
# Pieces that flip on every move (promoting, demoting, dropped promoted
# or not), and pieces that promote only by capturing.
POSITIONS["flipping"] = [
    "1pk4/4+m2/7/7/3+M1S1/5P1/3K+fF1[S] w - - 0 11",
    "1f5/4+s2/+p6/3mk2/7/3S1K1/2+f4[pm] w - - 0 11",
]
# The shogi family written out: pieces turning over (Kyoto shogi,
# micro shogi by capturing), the lion taken or on the far rank (dobutsu),
# birds (tori), spears (yari), a second king (sho).
POSITIONS["kyotoshogi"] = ["n1k1S/5/1L1sK/1+N3/p3P[l] w - - 0 9"]
POSITIONS["micro"] = ["3k/p3/2+L1/1B2/+p+R1K[LBr] w - - 0 8"]
POSITIONS["dobutsu"] = ["g2/1Ll/3/E1+c[Egc] w - - 0 5"]
POSITIONS["torishogi"] = [
    ("1pcf1pl/4kc1/6s/1SssS2/2FSRPS/1C1l3/+SP1KC1R[SSSSSSSS] w - - 0 21", 2),
]
POSITIONS["yarishogi"] = [
    ("2nk3/2r2br/pp1b2p/3ppp1/2p3P/P2+n1P1/5NR/2B1K2/R3N2[Bpppp] w - - 0 21", 2),
]
POSITIONS["shoshogi"] = [
    "+N4k1sl/3ge4/1p3p1p1/p2ps3p/9/P7P/2+r1PPPPN/4GEGSL/L1S3KR1 w - - 1 26",
]
POSITIONS["palacechess"] = [
    "4k3/8/8/8/8/8/4K3/8 w - - 0 1",
    "r3k3/8/8/8/8/8/3PK3/R7 b - - 0 1",
]
# Flag pieces that must be safe, with and without the one more move.
POSITIONS["safeflags"] = [
    "r1qq2/wfk1f1/6/1b1B1r/WF1BF1/R2Q1R w - - 0 8",
    "r2qbr/w2kfw/6/2Ff2/WK1K1B/RBQQ2 w - - 1 7",
    "rb1qbr/wfk2Q/3f2/5W/WF2F1/RB1QBR b - - 0 5",
]
# (Two flag pieces where one is needed: no safety asked; a flag piece a
# rook pinned to its king attacks is not safe.)
POSITIONS["safeflags"] += [
    "1WW3/2r1k1/6/6/6/3K2 b - - 0 1",
    "1WW3/2r1k1/6/6/6/3K2 w - - 0 1",
]
POSITIONS["safekings"] = [
    "2W3/R1r1k1/6/6/6/3K2 b - - 0 1",
    "2W3/R1r1k1/6/6/6/3K2 w - - 0 1",
]
POSITIONS["safeflagsnow"] = [
    "2qqb1/RfkkfB/5w/1K3F/3K1W/2QQBR b - - 0 7",
    "rb3r/wf3w/4K1/1Q4/W4q/R3BR w - - 0 10",
    "r2B1r/wf3w/4k1/3K2/RFK2b/1BQ2R b - - 1 9",
]
POSITIONS["flippingboard"] = ["1pk4/4+m2/7/7/3+M1S1/5P1/3K+fF1 w - - 0 11"]
POSITIONS["flipfree"] = POSITIONS["flippingboard"]
POSITIONS["queenhouse"] = [
    "4k3/8/8/8/8/8/8/4K3[QQNqqn] w - - 0 1",
    "4k3/8/8/8/8/8/8/Q3K3[QNqn] w - - 0 1",
]
POSITIONS["capturepromotion"] = [
    "k4/1p3/1S3/5/4K[] w - - 0 1",
    "2s2/R4/2k1S/G2P1/K2B1[RBgp] w - - 0 16",
]

# Walls: a duck on the board (it moves, and may not stay), castling and
# en passant beside it; a duck beside royal kings (a check is not
# answered by it); walls that block and are hopped over; arrows, the
# edge; pieces turned to walls where they capture, kings that may not.
POSITIONS["duck"] = [
    "rnbqkbnr/ppp1pppp/8/3p4/4P3/2*5/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "r3k2r/pppq1ppp/2n1bn2/3pp3/2B1P3/2N2*2/PPPP1PPP/R1BQK2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/7*/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
]
POSITIONS["kingduck"] = [
    "4r2k/8/8/8/8/8/4R3/R3K3 w - - 0 1",
    "r3k2r/8/8/8/3*4/8/8/R3K2R w KQkq - 0 1",
]
POSITIONS["wallhop"] = [
    "4k3/8/8/2p5/8/*1*5/8/R1C1K3 w - - 0 1",
    "4k3/2c5/8/8/4*3/4H3/8/K1R5 b - - 0 1",
]
POSITIONS["amazons"] = ["3q2q3/10/10/q8q/3*6/10/Q2Q5Q/10/10/6Q3 b - - 1 1"]
POSITIONS["edgewalls"] = [
    "4k3/8/8/8/8/2*5/8/4K3 w - - 0 1",
    "r3k2r/pppppppp/8/8/8/*7/PPPPPPPP/R3K2R w KQkq - 0 1",
]
POSITIONS["petrified"] = [
    "r1bqkbnr/pppp1ppp/2n5/4p3/3*4/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4",
    "8/8/8/3k4/8/3K4/8/8 w - - 0 1",
    "4k3/3q4/8/8/8/8/3Q4/4K3 w - - 0 1",
]
# Janggi: the palace's lines, cannons that neither hop over nor take a
# cannon, passing, bikjang (the generals facing; a pass then ends the
# game) and two passes in a row.
JANGGI = [
    "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
    "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
    "3k5/4a4/9/9/9/9/9/2R6/4C4/3AK3R w - - 0 1",
    "3k5/9/9/9/4c4/4p4/9/4C4/9/3K5 w - - 0 1",
    "3k5/9/9/9/9/9/9/3C5/4p4/3K1c3 w - - 0 1",
    "r1ba1a1nr/4k4/1cn1b2c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1B2C1/4K4/R1BA1ANR1 w - - 4 3",
]
for name in ["janggi", "janggitraditional", "janggimodern", "janggicasual"]:
    POSITIONS[name] = JANGGI
POSITIONS["anders"] = [
    "8/8/8/8/8/p6p/P6P/8 w - - 0 1",
    "8/8/8/8/p7/P7/1p6/1K6 w - - 0 1",
    "8/8/8/2p5/2P5/p7/P7/8 w - - 0 1",
]
POSITIONS["stonesquare"] = [
    "5/5/5/PP3/P4[Ppppp] b - - 0 1",
    "5/5/2p2/1PPp1/pP1P1[pp] w - - 0 1",
    "5/1pp2/1PpP1/1Pp2/2P2 w - - 0 5",
]
POSITIONS["opposite"] = [
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
]
# Shako's castling with rooks inside its elephants; gustav3's walls.
POSITIONS["shako"] = [
    "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/C8C w KQkq - 0 1",
    "c8c/er3k2re/pppppppppp/10/10/10/10/PPPPPPPPPP/RR3K2RR/C8C w KQkq - 0 1",
]
POSITIONS["gustav3"] = [
    "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/AR3K2RA w KQkq - 0 1",
]
POSITIONS["troitzky"] = [
    "****qk****/**rnbbnr**/*pp1pppp1*/*2p4p*/3P6/10/*8*/*PP1PPPPP*/**RNBBNR**/****QK**** w - - 0 3",
]

# Promotions limited (grand chess: one queen, archbishop and chancellor,
# two rooks, bishops, knights a side, whether there from the start or
# promoted) and optional before the last rank; shogi-style promotions
# limited alike (fewpromoted, as shogun has them).
POSITIONS["grand"] = [
    "4k5/P9/10/10/10/10/10/10/10/Q3K5 w - - 0 1",
    "4k5/10/P9/10/10/10/10/10/10/4K5 w - - 0 1",
    "R8R/1P3k4/10/10/10/10/10/10/10/QA2K1C3 w - - 0 1",
    "r3k3nn/10/10/10/10/10/10/10/1p8/RNB1K5 b - - 0 1",
    "r8r/1nbqkcabn1/ppppppppPp/10/10/10/10/PPPPPPP1PP/1NBQKCABN1/R8R w - - 0 1",
]
POSITIONS["opulent"] = [
    "rw6wr/clbnqknbla/ppppppppPp/10/10/10/10/PPPPPPP1PP/CLBNQKNBLA/RW6WR w - - 0 1",
]
POSITIONS["fewpromoted"] = [
    "4k3/8/8/1N6/8/8/8/4K3[] w - - 0 1",
    "4k3/8/8/1N6/8/8/8/G3K3[] w - - 0 1",
    "4k3/8/8/2B5/8/8/8/Q3K3[] w - - 0 1",
    "4k3/8/1N6/8/1P6/8/8/4K3[NBn] w - - 0 1",
]
# Gating (S-chess): a piece put on the square a pinned piece leaves keeps
# the line shut, and on the square a king in check leaves blocks the
# check along it; castling puts one on the king's square or the rook's;
# no pawn on the first rank (S-house's hand); a hand emptied closes the
# gates.
POSITIONS["seirawan"] = [
    "4k3/8/8/8/8/8/8/r2BK3[H] w D - 0 1",
    "4k3/8/8/8/8/8/8/r3K3[H] w E - 0 1",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Hh] w KQBCDFGkqbcdfg - 0 1",
]
POSITIONS["shouse"] = [
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[Pp] w KQkq - 0 1",
    "r3k2r/pppp1ppp/8/8/8/8/PPPP1PPP/R3K2R[HNhn] w KQkq - 0 1",
]

# Cambodian chess's first leaps: a king on its gate leaps like a knight
# one rank forward (not in check), a met two squares forward (over a
# piece, and in check to block), a rook on the king's rank or file
# closes its gate.
POSITIONS["cambodian"] = [
    "3k4/8/8/8/8/8/8/r2K4 w Dd - 0 1",
    "3k4/8/8/8/8/8/4P3/3KM3 w DEd - 0 1",
    "3k4/8/8/8/8/4p3/8/3KM3 w DEd - 0 1",
    "3k4/7r/8/8/8/8/R7/3KM3 w DEd - 0 1",
    "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
]

# Placement chess's setup: a second bishop only on the other colour, a
# piece kept off the last square a bishop in hand needs; a king dropped
# on e1 castles with the rooks on the corners, a rook dropped on a corner
# with the king on e1.
POSITIONS["placement"] = [
    "8/pppppppp/8/8/8/8/PPPPPPPP/2BRNNQR[KBkqrrbbnn] w - - 0 1",
    "8/pppppppp/8/8/8/8/PPPPPPPP/1B1N1N1Q[KRRBkqrrbbnn] w - - 0 1",
    "r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kk] w - - 0 1",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[RRrr] w - - 0 1",
    "rn2k2r/pppppppp/8/8/8/8/PPPPPPPP/RN5R[BBKbb] w - - 0 1",
]

# Sittuyin: rooks dropped on the first rank only; a pawn of the zone (any,
# when it is the last) promotes where it stands or to an empty square
# beside it diagonally, not where the met attacks a piece, nor with
# check, nor past one met.
POSITIONS["sittuyin"] = [
    "8/6k1/8/3P4/8/8/8/K7 w - - 0 1",
    "8/2r3k1/8/3P4/8/2P5/8/K7 w - - 0 1",
    "8/6k1/8/3P4/8/2P5/8/K4F2 w - - 0 1",
    "3k4/8/8/3P4/1P6/8/8/K7 w - - 0 1",
    "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
    "8/2k5/4pppp/pppp4/4PPPP/PPPP4/8/2K5[RRrr] w - - 0 1",
    "8/5k2/2p5/8/3p4/4P3/1K6/8 b - - 0 1",
    "3k4/8/8/3P4/8/8/8/K2R4 w - - 0 1",
]

# Perfect chess: the chancellor castles as a rook does (`Q` names it on
# a1), the rook too; a chancellor that moves loses its castling.
POSITIONS["perfect"] = [
    "c3k2r/8/8/8/8/8/8/C3K2R w KQkq - 0 1",
    "r3k2c/8/8/8/8/8/8/R3K2C w KQkq - 0 1",
    "c3k2r/8/8/8/8/8/8/C3K2R b Qk - 0 1",
]


def perft(variant, fen, moves, depth):
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, moves + [m], depth - 1) for m in legal)


sf.set_option("VariantPath", os.path.join(HERE, "positions.ini"))
lines = [f"# written by make_positions.py with pyffish {'.'.join(map(str, sf.version()))}"]
ONLY = os.environ.get("ONLY")
for variant, fens in [(v, f) for v, f in POSITIONS.items() if ONLY in (None, v)]:
    for fen in fens:
        fen, depth = fen if isinstance(fen, tuple) else (fen, 3)
        fen = sf.get_fen(variant, fen, [])  # as Fairy-Stockfish writes it
        counts = [perft(variant, fen, [], 1)]
        while len(counts) < depth and counts[-1] * counts[0] <= LEAVES:
            counts.append(perft(variant, fen, [], len(counts) + 1))
        lines.append("\t".join([variant, fen] + [str(n) for n in counts]))
        if ONLY:
            print(lines[-1], flush=True)
if ONLY:
    sys.exit()
with open(os.path.join(HERE, "positions.txt"), "w") as out:
    out.write("\n".join(lines) + "\n")
