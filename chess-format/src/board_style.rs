//! How a board is drawn as text: one choice that every board drawer of the
//! workspace reads (the facade's `BoardDisplay`, the rules engine's
//! `Position::board`, the language server's hover).

/// How a board is drawn: letters or figurines.
///
/// ```
/// use chess_format::BoardStyle;
///
/// assert_eq!(BoardStyle::default(), BoardStyle::Ascii);
/// assert_ne!(BoardStyle::Ascii, BoardStyle::Unicode);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum BoardStyle {
    /// FEN letters (`K` white king, `k` black king), `.` for empty squares.
    /// Safe for any terminal and for logs.
    #[default]
    Ascii,
    /// Chess figurines (`♔` … `♟`) for the chess pieces, `·` or the drawer's
    /// own mark for empty squares; pieces that are not chess pieces keep
    /// the symbols their rule set gives them.
    Unicode,
}
