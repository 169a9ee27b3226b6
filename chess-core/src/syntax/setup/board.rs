//! A FEN's piece placement: eight ranks of letters and digits, promoted
//! marks (`~`), and a pocket after the board (Crazyhouse).

use shakmaty::{Bitboard, Board, ByColor, ByRole, File, Piece, Rank, Role, Square};

use crate::diagnostic::Diagnostic;
use crate::input::Range;

use super::written::{SetupSyntax, malformed};

pub(super) fn piece_of_char(c: char) -> Option<Piece> {
    Piece::from_char(c)
}

/// A FEN piece placement (`rnbqkbnr/pppppppp/8/…`).
pub(super) fn fen_board(
    setup: &mut SetupSyntax,
    text: &str,
    range: Range,
) -> Result<(), Diagnostic> {
    setup.board = range;
    setup.range = setup.range.to(range);
    // Crazyhouse pockets: `…/RNBQKBNR[Qp]`, or lichess's ninth part
    // `…/RNBQKBNR/Qp`.
    let text = match (text.find('['), text.strip_suffix(']')) {
        (Some(open), Some(_)) => {
            read_pocket(
                setup,
                &text[open + 1..text.len() - 1],
                range.start + open as u32 + 1,
            )?;
            setup.pockets = Some(Range::new(range.start + open as u32, range.end));
            &text[..open]
        }
        // (A ninth part with digits or dots is a ninth rank, an error.)
        _ if text.matches('/').count() == 8
            && text
                .rsplit('/')
                .next()
                .is_some_and(|p| p.chars().all(|c| "PNBRQKpnbrqk".contains(c))) =>
        {
            let slash = text.rfind('/').unwrap_or(text.len());
            read_pocket(setup, &text[slash + 1..], range.start + slash as u32 + 1)?;
            setup.pockets = Some(Range::new(range.start + slash as u32 + 1, range.end));
            &text[..slash]
        }
        _ => text,
    };
    let ranks: Vec<(usize, &str)> = text
        .split('/')
        .scan(0usize, |offset, part| {
            let at = *offset;
            *offset += part.len() + 1;
            Some((at, part))
        })
        .collect();
    if ranks.len() != 8 {
        return Err(malformed(
            range,
            format!(
                "the piece placement has {} rank{}: a FEN has 8, separated by `/`",
                ranks.len(),
                if ranks.len() == 1 { "" } else { "s" }
            ),
        ));
    }
    for (i, (offset, part)) in ranks.into_iter().enumerate() {
        let rank = Rank::new(7 - i as u32);
        let rank_range = Range::new(
            range.start + offset as u32,
            range.start + (offset + part.len()) as u32,
        );
        setup.ranks[rank as usize] = Some(rank_range);
        read_rank(
            &mut setup.setup.board,
            &mut setup.setup.promoted,
            rank,
            part.chars().map(|c| (c, rank_range)),
            rank_range,
            part,
        )?;
    }
    Ok(())
}

/// The pieces of the crazyhouse pockets, `text` starting at `start`:
/// White's in capitals, Black's in small letters, any order.
pub(super) fn read_pocket(
    setup: &mut SetupSyntax,
    text: &str,
    start: u32,
) -> Result<(), Diagnostic> {
    let mut pockets: ByColor<ByRole<u8>> = ByColor::default();
    for (i, c) in text.char_indices() {
        let at = Range::new(start + i as u32, start + (i + c.len_utf8()) as u32);
        match piece_of_char(c) {
            Some(piece) if piece.role != Role::King => {
                let n = pockets.get_mut(piece.color).get_mut(piece.role);
                *n = n.saturating_add(1);
            }
            Some(_) => return Err(malformed(at, "a king cannot be in a pocket")),
            None => {
                return Err(malformed(
                    at,
                    format!(
                        "`{c}` is not a piece for a pocket: White's pieces are `QRBNP`, Black's `qrbnp`"
                    ),
                ));
            }
        }
    }
    setup.setup.pockets = Some(pockets);
    Ok(())
}

/// Places one rank's squares: letters, digits for empty squares, `.`; a
/// `~` after a piece marks it promoted (crazyhouse: it returns to a
/// pocket as a pawn).
pub(super) fn read_rank(
    board: &mut Board,
    promoted: &mut Bitboard,
    rank: Rank,
    chars: impl Iterator<Item = (char, Range)>,
    rank_range: Range,
    text: &str,
) -> Result<(), Diagnostic> {
    let mut file = 0u32;
    for (c, at) in chars {
        let n = match c {
            '~' => {
                let last = file
                    .checked_sub(1)
                    .map(|f| Square::from_coords(File::new(f.min(7)), rank))
                    .filter(|sq| board.occupied().contains(*sq));
                match last {
                    Some(sq) => promoted.add(sq),
                    None => {
                        return Err(malformed(
                            at,
                            "`~` marks a promoted piece: write it right after the piece",
                        ));
                    }
                }
                0
            }
            '.' | '-' | '_' => 1,
            '1'..='8' => c as u32 - '0' as u32,
            _ => match piece_of_char(c) {
                Some(piece) => {
                    if file < 8 {
                        board.set_piece_at(Square::from_coords(File::new(file), rank), piece);
                    }
                    1
                }
                None => {
                    return Err(malformed(
                        at,
                        format!(
                            "`{c}` is not a piece: pieces are `KQRBNP` (White) and `kqrbnp` (Black), empty squares `.` or a digit"
                        ),
                    ));
                }
            },
        };
        file += n;
    }
    if file != 8 {
        return Err(malformed(
            rank_range,
            format!(
                "rank {} (`{text}`) has {file} square{}, not 8",
                rank.char(),
                if file == 1 { "" } else { "s" }
            ),
        ));
    }
    Ok(())
}
