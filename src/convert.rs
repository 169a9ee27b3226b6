//! Conversions to and from [shakmaty](https://docs.rs/shakmaty) types
//! (feature `shakmaty`).
//!
//! **License note:** shakmaty is GPL-3.0-or-later. Enabling this feature links
//! it into your program, which then has to comply with the GPL. Without the
//! feature this crate has no GPL dependency at run time.

use crate::{CastlingSide, Color, Move, MoveKind, Position, Role, Square};

impl From<Move> for shakmaty::Move {
    /// The shakmaty move (castling as king and rook squares, as shakmaty
    /// represents it in every castling mode).
    fn from(m: Move) -> shakmaty::Move {
        match m.kind {
            MoveKind::Castle { rook, .. } => shakmaty::Move::Castle {
                king: m.from.into(),
                rook: rook.into(),
            },
            MoveKind::EnPassant => shakmaty::Move::EnPassant {
                from: m.from.into(),
                to: m.to.into(),
            },
            MoveKind::Drop => shakmaty::Move::Put {
                role: m.role.into(),
                to: m.to.into(),
            },
            MoveKind::Normal | MoveKind::DoublePush => shakmaty::Move::Normal {
                role: m.role.into(),
                from: m.from.into(),
                capture: m.capture.map(Into::into),
                to: m.to.into(),
                promotion: m.promotion.map(Into::into),
            },
        }
    }
}

impl From<shakmaty::Move> for Move {
    /// The move as this crate stores it (a drop's `from` is its square).
    fn from(m: shakmaty::Move) -> Move {
        match m {
            shakmaty::Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => Move {
                role: role.into(),
                from: from.into(),
                to: to.into(),
                capture: capture.map(Into::into),
                promotion: promotion.map(Into::into),
                kind: if role == shakmaty::Role::Pawn
                    && from.distance(to) == 2
                    && matches!(
                        from.rank(),
                        shakmaty::Rank::Second | shakmaty::Rank::Seventh
                    ) {
                    MoveKind::DoublePush
                } else {
                    MoveKind::Normal
                },
            },
            shakmaty::Move::EnPassant { from, to } => Move {
                role: Role::Pawn,
                from: from.into(),
                to: to.into(),
                capture: Some(Role::Pawn),
                promotion: None,
                kind: MoveKind::EnPassant,
            },
            shakmaty::Move::Castle { king, rook } => {
                let side = if rook > king {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                let king: Square = king.into();
                Move {
                    role: Role::King,
                    from: king,
                    to: Square::from_coords(side.king_to_file(), king.rank()),
                    capture: None,
                    promotion: None,
                    kind: MoveKind::Castle {
                        side,
                        rook: rook.into(),
                    },
                }
            }
            shakmaty::Move::Put { role, to } => Move {
                role: role.into(),
                from: to.into(),
                to: to.into(),
                capture: None,
                promotion: None,
                kind: MoveKind::Drop,
            },
        }
    }
}

impl From<&Position> for shakmaty::Setup {
    /// The position as a shakmaty setup (the en passant square is kept as
    /// FEN records it).
    fn from(pos: &Position) -> shakmaty::Setup {
        let mut setup = shakmaty::Setup::empty();
        for (sq, piece) in pos.pieces() {
            setup.board.set_piece_at(sq.into(), piece.into());
        }
        setup.turn = pos.turn().into();
        setup.castling_rights = shakmaty::Bitboard(pos.castling_rights().bits());
        setup.ep_square = pos.ep_square().map(Into::into);
        setup.halfmoves = pos.halfmove_clock();
        setup.fullmoves =
            core::num::NonZeroU32::new(pos.fullmove_number()).unwrap_or(core::num::NonZeroU32::MIN);
        match pos.variant() {
            chess_format::Variant::Crazyhouse => {
                let mut pockets = shakmaty::ByColor::<shakmaty::ByRole<u8>>::default();
                for color in Color::ALL {
                    for role in pos.pockets().of(color) {
                        *pockets.get_mut(color.into()).get_mut(role.into()) += 1;
                    }
                }
                setup.pockets = Some(pockets);
                let promoted = crate::Square::all().filter(|sq| pos.is_promoted(*sq));
                setup.promoted = promoted.map(shakmaty::Square::from).collect();
            }
            chess_format::Variant::ThreeCheck => {
                setup.remaining_checks = Some(shakmaty::ByColor::new_with(|color| {
                    shakmaty::RemainingChecks::new(u32::from(pos.remaining_checks(color.into())))
                }));
            }
            _ => {}
        }
        setup
    }
}

impl TryFrom<&Position> for shakmaty::variant::VariantPosition {
    type Error = shakmaty::PositionError<shakmaty::variant::VariantPosition>;

    /// The position as a playable shakmaty position of its variant (pockets,
    /// promoted pieces and checks included), castling rights read in
    /// Chess960 mode.
    fn try_from(pos: &Position) -> Result<Self, Self::Error> {
        shakmaty::variant::VariantPosition::from_setup(
            pos.variant().into(),
            shakmaty::Setup::from(pos),
            shakmaty::CastlingMode::Chess960,
        )
    }
}

impl TryFrom<&Position> for shakmaty::Chess {
    type Error = shakmaty::PositionError<shakmaty::Chess>;

    /// The position as a playable shakmaty position. Castling rights are read
    /// in Chess960 mode, which also covers standard chess.
    fn try_from(pos: &Position) -> Result<shakmaty::Chess, Self::Error> {
        shakmaty::Setup::from(pos).position(shakmaty::CastlingMode::Chess960)
    }
}

impl From<&shakmaty::Chess> for Position {
    /// A shakmaty position as plain data (the en passant square is set after
    /// every double step, as FEN records it).
    fn from(pos: &shakmaty::Chess) -> Position {
        use shakmaty::Position as _;
        let mut board = [b'.'; 64];
        for (sq, piece) in pos.board().iter() {
            board[sq.to_usize()] = piece.char() as u8;
        }
        Position::from_start(&chess_format::Start {
            board,
            white_to_move: pos.turn().is_white(),
            castling: pos.castles().castling_rights().0,
            ep_square: pos
                .ep_square(shakmaty::EnPassantMode::Always)
                .map(|sq| sq.to_u32() as u8),
            halfmoves: pos.halfmoves(),
            fullmoves: pos.fullmoves().get(),
            ..chess_format::Start::STANDARD
        })
    }
}

impl From<&shakmaty::variant::VariantPosition> for Position {
    /// A shakmaty position of any variant as plain data: pockets, promoted
    /// pieces and checks included (the en passant square is set after every
    /// double step, as FEN records it).
    fn from(pos: &shakmaty::variant::VariantPosition) -> Position {
        use shakmaty::Position as _;
        let variant = chess_format::Variant::from(pos.variant());
        let setup = pos.to_setup(shakmaty::EnPassantMode::Always);
        let mut board = [b'.'; 64];
        for (sq, piece) in setup.board.iter() {
            board[sq.to_usize()] = piece.char() as u8;
        }
        let mut pockets = [[0u8; 5]; 2];
        if let Some(held) = &setup.pockets {
            for (color, side) in [(0, &held.white), (1, &held.black)] {
                for (i, role) in shakmaty::Role::ALL[..5].iter().enumerate() {
                    pockets[color][i] = *side.get(*role);
                }
            }
        }
        let checks = setup.remaining_checks.map_or([0; 2], |remaining| {
            [remaining.white, remaining.black].map(|r| 3u8.saturating_sub(u8::from(r)))
        });
        Position::from_data(
            &chess_format::Start {
                board,
                white_to_move: setup.turn.is_white(),
                castling: setup.castling_rights.0,
                ep_square: setup.ep_square.map(|sq| sq.to_u32() as u8),
                halfmoves: setup.halfmoves,
                fullmoves: setup.fullmoves.get(),
                pockets,
                promoted: setup.promoted.0,
                checks,
            },
            variant,
        )
    }
}
