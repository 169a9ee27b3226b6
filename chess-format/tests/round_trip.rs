//! Every field of every part survives writing and reading: random headers,
//! start positions, plies and tags (any text, NULs, separators and digits
//! included) read back exactly as written.

use chess_format::{
    CastlingSide, GameData, GameResult, Header, MoveKind, Outcome, Ply, Square, Start, Suffix,
    Variant, write_game,
};
use proptest::prelude::*;

fn header(plies: usize) -> impl Strategy<Value = Header> {
    (
        0..4u8,
        0..50u8,
        any::<bool>(),
        0..8u8,
        proptest::option::of(0..=plies),
    )
        .prop_map(move |(result, outcome, chess960, variant, ended)| Header {
            result: GameResult::from_u8(result).expect("0..4"),
            outcome: Outcome::from_code(outcome).expect("0..50"),
            chess960,
            variant: Variant::from_u8(variant).expect("0..8"),
            plies,
            ended,
        })
}

fn start() -> impl Strategy<Value = Start> {
    let letter = prop::sample::select(b".PNBRQKpnbrqk".to_vec());
    (
        prop::array::uniform32(letter.clone()),
        prop::array::uniform32(letter),
        any::<bool>(),
        any::<u64>(),
        proptest::option::of(0..64u8),
        any::<u32>(),
        any::<u32>(),
        extras(),
    )
        .prop_map(
            |(low, high, white_to_move, castling, ep_square, halfmoves, fullmoves, extras)| {
                let mut board = [b'.'; 64];
                board[..32].copy_from_slice(&low);
                board[32..].copy_from_slice(&high);
                Start {
                    board,
                    white_to_move,
                    castling,
                    ep_square,
                    halfmoves,
                    fullmoves,
                    pockets: extras.0,
                    promoted: extras.1,
                    checks: extras.2,
                }
            },
        )
}

/// Pockets, promoted pieces and checks: often none, else any.
fn extras() -> impl Strategy<Value = ([[u8; 5]; 2], u64, [u8; 2])> {
    let pocket = prop::array::uniform5(prop_oneof![3 => Just(0u8), 1 => 0..20u8]);
    (
        prop_oneof![Just([[0; 5]; 2]), prop::array::uniform2(pocket)],
        prop_oneof![Just(0u64), any::<u64>()],
        prop_oneof![Just([0u8; 2]), prop::array::uniform2(0..=3u8)],
    )
}

fn ply() -> impl Strategy<Value = Ply> {
    // (Castling is completed from the squares below.)
    let kind = prop::sample::select(vec![
        MoveKind::Normal,
        MoveKind::DoublePush,
        MoveKind::EnPassant,
        MoveKind::Castle {
            side: CastlingSide::KingSide,
            rook: Square::H1,
        },
        MoveKind::Drop,
    ]);
    let suffix = prop::sample::select(vec![Suffix::None, Suffix::Check, Suffix::Mate]);
    (
        (0..64u8, 0..64u8, kind, 1..=6u8),
        (0..=6u8, 0..=6u8, any::<bool>(), any::<bool>(), suffix),
    )
        .prop_map(
            |((from, target, kind, role), (capture, promotion, san_file, san_rank, suffix))| {
                let (target, kind) = match kind {
                    // The king goes to the c- or g-file of its rank, towards
                    // the rook on `target`.
                    MoveKind::Castle { .. } => {
                        let king_side = target % 8 > from % 8;
                        let side = if king_side {
                            CastlingSide::KingSide
                        } else {
                            CastlingSide::QueenSide
                        };
                        let rook = Square::new(target).expect("0..64");
                        (
                            from / 8 * 8 + if king_side { 6 } else { 2 },
                            MoveKind::Castle { side, rook },
                        )
                    }
                    kind => (target, kind),
                };
                Ply {
                    from,
                    target,
                    kind,
                    role,
                    capture,
                    promotion,
                    san_file,
                    san_rank,
                    suffix,
                }
            },
        )
}

fn game() -> impl Strategy<Value = (Header, Start, Vec<Ply>, Vec<(String, String)>)> {
    (
        prop::collection::vec(ply(), 0..200),
        start(),
        prop::collection::vec((".*", ".*"), 0..8),
    )
        .prop_flat_map(|(plies, start, tags)| {
            header(plies.len()).prop_map(move |h| (h, start, plies.clone(), tags.clone()))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Only what a ply writes is read: any bits a ply reads from are the
    /// bits it writes (a castle's king square is worked out from the
    /// rook's, never stored).
    #[test]
    fn plies_read_only_what_they_write(bits in 0..1u32 << 29) {
        if let Some(ply) = Ply::from_bits(bits) {
            prop_assert_eq!(ply.to_bits(), bits);
            if let MoveKind::Castle { side, rook } = ply.kind {
                prop_assert_eq!(u32::from(rook.index()), bits >> 6 & 63);
                prop_assert_eq!(ply.target % 8, side.king_to_file().index());
                prop_assert_eq!(ply.target / 8, ply.from / 8);
            }
        }
    }

    #[test]
    fn games_round_trip((header, start, plies, tags) in game()) {
        let mut data = String::new();
        write_game(&mut data, &header, &start, |i| plies[i], "", tags.iter().map(|(n, v)| (n, v)))
            .expect("writing to a String");
        let game = GameData::read(&data).expect("readable");
        prop_assert_eq!(game.header(), header);
        prop_assert_eq!(game.start(), start);
        let read: Vec<Ply> = (0..plies.len()).map_while(|i| game.ply(i)).collect();
        prop_assert_eq!(&read, &plies);
        prop_assert_eq!(game.ply(plies.len()), None);
        let read_tags: Vec<(String, String)> =
            game.tags().map(|(n, v)| (n.to_string(), v.to_string())).collect();
        prop_assert_eq!(read_tags, tags);
        // Everything but the tags is printable ASCII: the string literal
        // needs no escapes for it.
        let mut untagged = String::new();
        write_game(&mut untagged, &header, &start, |i| plies[i], "", None::<(&str, &str)>)
            .expect("writing to a String");
        prop_assert!(data.starts_with(&untagged));
        prop_assert!(
            untagged.bytes().all(|b| b.is_ascii_graphic() && b != b'"' && b != b'\\'),
            "{}",
            untagged
        );
    }

    #[test]
    fn plies_round_trip_through_bits_and_digits(ply in ply()) {
        prop_assert_eq!(Ply::from_bits(ply.to_bits()), Some(ply));
        prop_assert_eq!(Ply::decode(&ply.encode()), Some(ply));
    }
}
