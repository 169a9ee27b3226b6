use super::moves::{fast_san, parse_move_general};
use super::word::split_any;
use super::*;
use chess_rules::MoveText;
use shakmaty::{CastlingSide, File, Rank, Role, Square};

#[test]
fn shortcuts_split_words_as_the_general_reading_does() {
    // Every word of up to four pieces from an alphabet of the bytes
    // that matter, and longer numbers.
    let pieces: &[&[u8]] = &[
        b"1",
        b"12",
        b"0",
        b".",
        b"...",
        "…".as_bytes(),
        b"e4",
        b"Nf3",
        b"exd5",
        b"x",
        b"O-O",
        b"-",
        b"+",
        b"#",
        b"!",
        b"?",
        b"=Q",
        b"$",
        b"*",
        b"/",
        b"K",
        b"@",
        b"Z",
        b"a",
        b"9",
    ];
    let mut words: Vec<Vec<u8>> = vec![
        b"1234567890123456789.e4".to_vec(),
        b"99999999999999999999.".to_vec(),
    ];
    let mut frontier: Vec<Vec<u8>> = vec![Vec::new()];
    for _ in 0..4 {
        let mut next = Vec::new();
        for w in &frontier {
            for p in pieces {
                let mut w = w.clone();
                w.extend_from_slice(p);
                next.push(w);
            }
        }
        words.extend(next.iter().cloned());
        frontier = next;
    }
    for word in &words {
        let (mut fast, mut general) = (Vec::new(), Vec::new());
        split_word(word, 7, &mut fast);
        split_any(word, 7, &mut general);
        assert_eq!(fast, general, "{}", String::from_utf8_lossy(word));
    }
}

fn parts(word: &str) -> Vec<(Part, &str)> {
    let mut out = Vec::new();
    split_word(word.as_bytes(), 0, &mut out);
    out.into_iter()
        .map(|s| (s.part, &word[s.range.as_usize()]))
        .collect()
}

fn san(role: Role, file: Option<File>, rank: Option<Rank>, capture: bool, to: Square) -> Part {
    Part::Move(MoveSyntax::San {
        role,
        file,
        rank,
        capture,
        to,
        promotion: None,
    })
}

#[test]
fn fast_path_agrees_with_the_general_parser() {
    fn check(word: &[u8]) {
        if let Some(fast) = fast_san(word) {
            assert_eq!(
                Ok(fast),
                parse_move_general(word),
                "{}",
                String::from_utf8_lossy(word)
            );
        }
    }
    let all = b"abcdefghi0123456789xNBRQKPn-";
    let mut word = Vec::new();
    for &a in all {
        for &b in all {
            word.clear();
            word.extend([a, b]);
            check(&word);
            for &c in all {
                word.truncate(2);
                word.push(c);
                check(&word);
                for &d in all {
                    word.truncate(3);
                    word.push(d);
                    check(&word);
                }
            }
        }
    }
    let some = b"ah18xNPQ";
    for &a in some {
        for &b in some {
            for &c in some {
                for &d in some {
                    for &e in some {
                        check(&[a, b, c, d, e]);
                    }
                }
            }
        }
    }
    // It reads the usual shapes, and only a whole word.
    for word in [
        "e4", "exd5", "Nf3", "Nxe5", "Nbd7", "N1d2", "Rbxd7", "R1xe2",
    ] {
        assert!(fast_san(word.as_bytes()).is_some(), "{word}");
        assert!(fast_san(format!("{word}x").as_bytes()).is_none(), "{word}x");
    }
}

#[test]
fn san_moves() {
    assert_eq!(
        parts("e4"),
        vec![(san(Role::Pawn, None, None, false, Square::E4), "e4")]
    );
    assert_eq!(
        parts("exd5"),
        vec![(
            san(Role::Pawn, Some(File::E), None, true, Square::D5),
            "exd5"
        )]
    );
    assert_eq!(
        parts("Nbd7"),
        vec![(
            san(Role::Knight, Some(File::B), None, false, Square::D7),
            "Nbd7"
        )]
    );
    assert_eq!(
        parts("R1xe2"),
        vec![(
            san(Role::Rook, None, Some(Rank::First), true, Square::E2),
            "R1xe2"
        )]
    );
    assert_eq!(
        parts("Nxe5"),
        vec![(san(Role::Knight, None, None, true, Square::E5), "Nxe5")]
    );
    for promo in ["e8=Q", "e8Q", "e8(Q)", "e8/Q", "e8=q"] {
        assert_eq!(
            parts(promo)[0].0,
            Part::Move(MoveSyntax::San {
                role: Role::Pawn,
                file: None,
                rank: None,
                capture: false,
                to: Square::E8,
                promotion: Some(Role::Queen)
            }),
            "{promo}"
        );
    }
}

#[test]
fn from_to_moves() {
    let ft = |role, from, to, capture, promotion| {
        Part::Move(MoveSyntax::FromTo {
            role,
            from,
            to,
            capture,
            promotion,
        })
    };
    assert_eq!(
        parts("e2-e4")[0].0,
        ft(None, Square::E2, Square::E4, false, None)
    );
    assert_eq!(
        parts("Ng1-f3")[0].0,
        ft(Some(Role::Knight), Square::G1, Square::F3, false, None)
    );
    assert_eq!(
        parts("e4xd5")[0].0,
        ft(None, Square::E4, Square::D5, true, None)
    );
    assert_eq!(
        parts("Qh4e1")[0].0,
        ft(Some(Role::Queen), Square::H4, Square::E1, false, None)
    );
    assert_eq!(
        parts("e7e8q")[0].0,
        ft(None, Square::E7, Square::E8, false, Some(Role::Queen))
    );
    assert_eq!(
        parts("g1f3")[0].0,
        ft(None, Square::G1, Square::F3, false, None)
    );
    assert_eq!(
        parts("b7a8b")[0].0,
        ft(None, Square::B7, Square::A8, false, Some(Role::Bishop))
    );
    assert_eq!(
        parts("exd8b")[0].0,
        Part::Move(MoveSyntax::San {
            role: Role::Pawn,
            file: Some(File::E),
            rank: None,
            capture: true,
            to: Square::D8,
            promotion: Some(Role::Bishop)
        })
    );
}

#[test]
fn numbers_markers_annotations() {
    use Part::*;
    assert_eq!(
        parts("12.Nf3+!?"),
        vec![
            (
                Number {
                    value: Some(12),
                    black: false,
                    board: None
                },
                "12."
            ),
            (san(Role::Knight, None, None, false, Square::F3), "Nf3"),
            (Marker(super::Marker::Check), "+"),
            (Annotation, "!?"),
        ]
    );
    assert_eq!(
        parts("1...")[0].0,
        Number {
            value: Some(1),
            black: true,
            board: None
        }
    );
    assert_eq!(
        parts("1…e5")[0].0,
        Number {
            value: Some(1),
            black: true,
            board: None
        }
    );
    // A move number is kept in 32 bits, as a position's must be.
    for (word, value) in [
        ("99999999999999999999999.", None),
        ("4294967296.", None),
        ("4294967295.", Some(u32::MAX)),
        ("4294967296...", None),
        ("4294967295.e4", Some(u32::MAX)),
    ] {
        assert_eq!(
            parts(word)[0].0,
            Number {
                value,
                black: word.ends_with("..."),
                board: None
            },
            "{word}"
        );
    }
    // BPGN's numbers name a board, and the side by the letter's case.
    for (word, black, board) in [
        ("12A.", false, crate::syntax::Board::A),
        ("12a.", true, crate::syntax::Board::A),
        ("3B.", false, crate::syntax::Board::B),
        ("3b.", true, crate::syntax::Board::B),
    ] {
        assert_eq!(parts(word)[0].1, word);
        assert_eq!(
            parts(word)[0].0,
            Number {
                value: Some(word[..word.len() - 2].parse().unwrap()),
                black,
                board: Some(board),
            }
        );
    }
    assert_eq!(parts("1B.e4")[1].1, "e4");
    assert_eq!(parts("1C.")[0].0, Invalid(super::Invalid::NumberWithoutDot));
    assert_eq!(parts("Qh5++")[1].0, Marker(super::Marker::DoublePlus));
    assert_eq!(parts("#")[0].0, Marker(super::Marker::Mate));
    assert_eq!(
        parts("O-O-O#")[0].0,
        Move(MoveSyntax::Castle(CastlingSide::QueenSide))
    );
    assert_eq!(
        parts("0-0")[0].0,
        Move(MoveSyntax::Castle(CastlingSide::KingSide))
    );
    assert_eq!(parts("exd6e.p.")[1], (EnPassant, "e.p."));
    assert_eq!(parts("e.p.")[0], (EnPassant, "e.p."));
    assert_eq!(parts("$12")[0].0, Nag);
    assert_eq!(parts("$256")[0].0, Invalid(super::Invalid::BadNag));
    assert_eq!(parts("$12!?"), vec![(Nag, "$12"), (Annotation, "!?")]);
    assert_eq!(parts("$1x")[0].0, Invalid(super::Invalid::BadNag));
    assert_eq!(parts("!!!")[0].0, Invalid(super::Invalid::BadAnnotation));
    assert_eq!(parts("...")[0].0, Ellipsis);
    assert_eq!(parts("12")[0].0, Invalid(super::Invalid::NumberWithoutDot));
}

#[test]
fn results_nulls_keywords() {
    use Part::*;
    assert_eq!(parts("1-0")[0].0, Result(GameResult::WhiteWins));
    assert_eq!(parts("0-1")[0].0, Result(GameResult::BlackWins));
    assert_eq!(parts("1/2-1/2")[0].0, Result(GameResult::Draw));
    assert_eq!(parts("*")[0].0, Result(GameResult::Unknown));
    for null in ["--", "Z0", "0000"] {
        assert_eq!(parts(null)[0].0, Null, "{null}");
    }
    assert_eq!(parts("N@f3")[0].0, Drop(Role::Knight, Square::F3));
    assert_eq!(parts("@e6")[0].0, Drop(Role::Pawn, Square::E6));
    assert_eq!(parts("P@e6")[0].0, Drop(Role::Pawn, Square::E6));
    assert_eq!(parts("knight")[0].0, PieceName(Role::Knight));
    assert_eq!(parts("to")[0].0, To);
    assert_eq!(parts("becomes")[0].0, Becomes);
}

#[test]
fn a_result_glued_to_a_marker_or_annotation_is_the_result() {
    use Part::*;
    let qh4 = san(Role::Queen, None, None, false, Square::H4);
    assert_eq!(
        parts("Qh4#!?0-1"),
        [
            (qh4, "Qh4"),
            (Marker(super::Marker::Mate), "#"),
            (Annotation, "!?"),
            (Result(GameResult::BlackWins), "0-1"),
        ]
    );
    assert_eq!(
        parts("Qh4+1-0"),
        [
            (qh4, "Qh4"),
            (Marker(super::Marker::Check), "+"),
            (Result(GameResult::WhiteWins), "1-0"),
        ]
    );
    assert_eq!(parts("Qh4!*")[2], (Result(GameResult::Unknown), "*"));
    assert_eq!(
        parts("Qh4?1/2-1/2")[2],
        (Result(GameResult::Draw), "1/2-1/2")
    );
    assert_eq!(parts("Qh4#½-½")[2], (Result(GameResult::Draw), "½-½"));
    // Figurines and a glued result together.
    assert_eq!(parts("♕h4#0-1")[0], (qh4, "♕h4"));
    assert_eq!(parts("♕h4#0-1")[2], (Result(GameResult::BlackWins), "0-1"));
    // Straight after a square it stays unread (`h10` is a square under
    // rules a user defines), as does anything else before a result.
    for word in ["Qh40-1", "Qh4x0-1", "Qh4#0-10", "Qh4#1-"] {
        assert!(
            parts(word).iter().any(|p| matches!(p.0, Invalid(_))),
            "{word}: {:?}",
            parts(word)
        );
    }
}

#[test]
fn a_wall_after_a_move_under_rules() {
    // The move's part points to its reading, kept beside the parts.
    let split = |word: &str| {
        let (mut out, mut reads) = (Vec::new(), Vec::new());
        split_word_under_rules(word.as_bytes(), 0, &mut out, &mut reads);
        (out, reads)
    };
    let (out, reads) = split("Qh5,e2+");
    assert_eq!(out[0].part, Part::RulesMove(0));
    assert_eq!(out[0].range, crate::input::Range::new(0, 6));
    assert_eq!(reads.len(), 1);
    let (text, wall) = reads[0];
    assert_eq!(wall, Some(chess_rules::Square::new(4, 1)));
    assert!(
        matches!(
            text,
            MoveText::San {
                piece: Some('Q'),
                ..
            }
        ),
        "{text:?}"
    );
    assert_eq!(out[1].part, Part::Marker(Marker::Check));
    let (out, reads) = split("e2e4,e4e5");
    assert_eq!(out[0].part, Part::RulesMove(0));
    assert!(matches!(
        reads[..],
        [(MoveText::Coordinates { .. }, Some(_))]
    ));
    // A wall's square that is none: no move.
    let (out, reads) = split("e4,z9");
    assert!(matches!(out[0].part, Part::Invalid(_)), "{:?}", out[0].part);
    assert!(reads.is_empty());
}

#[test]
fn a_result_glued_to_a_move_under_rules() {
    let (mut out, mut reads) = (Vec::new(), Vec::new());
    split_word_under_rules(b"j10#!1-0", 0, &mut out, &mut reads);
    let parts: Vec<Part> = out.iter().map(|s| s.part).collect();
    // Read once whole (`j10#!1-0` is no move) and once without the result:
    // the part points to the reading of `j10`.
    let Part::RulesMove(i) = parts[0] else {
        panic!("{parts:?}");
    };
    assert!(matches!(
        reads[i as usize],
        (MoveText::San { piece: None, .. }, None)
    ));
    assert_eq!(
        parts[1..],
        [
            Part::Marker(Marker::Mate),
            Part::Annotation,
            Part::Result(GameResult::WhiteWins)
        ]
    );
    assert_eq!(out[3].range, crate::input::Range::new(5, 8));
}

#[test]
fn dollar_ends_a_move() {
    use Part::*;
    let e5 = san(Role::Pawn, None, None, false, Square::E5);
    assert_eq!(parts("e5$71"), vec![(e5, "e5"), (Nag, "$71")]);
    assert_eq!(
        parts("12.e5!$1$36"),
        vec![
            (
                Number {
                    value: Some(12),
                    black: false,
                    board: None
                },
                "12."
            ),
            (e5, "e5"),
            (Annotation, "!"),
            (Nag, "$1"),
            (Nag, "$36")
        ]
    );
    assert_eq!(
        parts("e5$256").last().unwrap().0,
        Invalid(super::Invalid::BadNag)
    );
}

#[test]
fn figurines_and_unicode_punctuation() {
    use Part::*;
    let knight = san(Role::Knight, None, None, false, Square::F3);
    assert_eq!(parts("♘f3"), vec![(knight, "♘f3")]);
    assert_eq!(parts("♞f3"), vec![(knight, "♞f3")]);
    assert_eq!(
        parts("♕×d7+"),
        vec![
            (san(Role::Queen, None, None, true, Square::D7), "♕×d7"),
            (Marker(super::Marker::Check), "+")
        ]
    );
    assert_eq!(
        parts("e8=♕")[0].0,
        Move(MoveSyntax::San {
            role: Role::Pawn,
            file: None,
            rank: None,
            capture: false,
            to: Square::E8,
            promotion: Some(Role::Queen)
        })
    );
    for (word, side) in [
        ("O–O", CastlingSide::KingSide),
        ("O—O—O", CastlingSide::QueenSide),
        ("0‑0", CastlingSide::KingSide),
    ] {
        assert_eq!(parts(word), vec![(Move(MoveSyntax::Castle(side)), word)]);
    }
    for (word, result) in [
        ("1–0", GameResult::WhiteWins),
        ("0‒1", GameResult::BlackWins),
        ("½–½", GameResult::Draw),
        ("1/2–1/2", GameResult::Draw),
        ("1−0", GameResult::WhiteWins),
    ] {
        assert_eq!(parts(word), vec![(Result(result), word)], "{word}");
    }
    assert_eq!(
        parts("1.e×d5")[1],
        (
            san(Role::Pawn, Some(File::E), None, true, Square::D5),
            "e×d5"
        )
    );
}

#[test]
fn evaluation_glyphs_are_nags() {
    use Part::*;
    for glyph in [
        "±", "∓", "⩲", "⩱", "+−", "−+", "=", "∞", "□", "⨀", "+-", "-+", "+=", "=+", "+/-", "-/+",
        "=∞", "→", "↑", "⇆", "∆",
    ] {
        assert_eq!(parts(glyph), vec![(Nag, glyph)], "{glyph}");
    }
    let knight = san(Role::Knight, None, None, false, Square::F3);
    assert_eq!(parts("Nf3±"), vec![(knight, "Nf3"), (Nag, "±")]);
    for (text, nag) in [
        ("$0", 0),
        ("$255", 255),
        ("!", 1),
        ("?", 2),
        ("!!", 3),
        ("??", 4),
        ("!?", 5),
        ("?!", 6),
        ("±", 16),
        ("+/-", 16),
        ("=", 10),
        ("+−", 18),
        ("∞", 13),
        ("□", 7),
        ("=∞", 44),
    ] {
        assert_eq!(super::nag_value(text), Some(nag), "{text}");
    }
    assert_eq!(super::nag_value("$256"), None);
    assert_eq!(parts("Nf3="), vec![(knight, "Nf3"), (Nag, "=")]);
    assert_eq!(parts("Nf3+/-"), vec![(knight, "Nf3"), (Nag, "+/-")]);
    assert_eq!(parts("Nf3+="), vec![(knight, "Nf3"), (Nag, "+=")]);
    assert_eq!(
        parts("Nf3!?∞"),
        vec![(knight, "Nf3"), (Annotation, "!?"), (Nag, "∞")]
    );
    assert_eq!(parts("♘f3+−"), vec![(knight, "♘f3"), (Nag, "+−")]);
    let check = Marker(super::Marker::Check);
    assert_eq!(
        parts("Nf3+−+"),
        vec![(knight, "Nf3"), (check, "+"), (Nag, "−+")]
    );
    assert_eq!(
        parts("Nf3++−"),
        vec![(knight, "Nf3"), (check, "+"), (Nag, "+−")]
    );
    // Not every Unicode word is notation.
    assert!(matches!(parts("♘f9")[0].0, Invalid(_)));
    assert!(matches!(parts("é4")[0].0, Invalid(_)));
}

#[test]
fn garbage_is_invalid() {
    for word in ["Nf9", "Xe4", "e9", "hello", "N", "e4e5e6", "4P3", "Ke1=Q=Q"] {
        assert!(
            matches!(parts(word).last().unwrap().0, Part::Invalid(_)),
            "{word}: {:?}",
            parts(word)
        );
    }
    assert_eq!(parts("E4")[0].0, Part::Invalid(Invalid::UpperCaseSquare));
}
