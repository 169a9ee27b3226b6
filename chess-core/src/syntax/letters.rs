//! Piece letters of other languages (`Sf3` is German for `Nf3`), read
//! only behind an explicit opt-in: the `[PieceLetters "de"]` tag, the
//! `#![piece_letters(de)]` attribute of the macros, or `chess-verify
//! --piece-letters de`. Without it, a move in such letters keeps its
//! error, and the help names the language and the opt-in.

/// The language of a game's piece letters.
///
/// ```
/// use chess_core::syntax::PieceLetters;
///
/// let german = PieceLetters::from_name("Deutsch").unwrap();
/// assert_eq!(german, PieceLetters::German);
/// assert_eq!(german.code(), "de");
/// assert_eq!(german.letters(), "KDTLS");
/// assert_eq!(PieceLetters::from_name("fr"), Some(PieceLetters::French));
/// assert_eq!(PieceLetters::from_name("Klingon"), None);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum PieceLetters {
    /// `K Q R B N` (and `P`): PGN's own.
    #[default]
    English,
    /// `K D T L S`: König, Dame, Turm, Läufer, Springer.
    German,
    /// `R D T F C`: roi, dame, tour, fou, cavalier.
    French,
    /// `R D T A C`: rey, dama, torre, alfil, caballo.
    Spanish,
    /// `R D T A C`: re, donna, torre, alfiere, cavallo.
    Italian,
    /// `K D T L P`: koning, dame, toren, loper, paard.
    Dutch,
    /// `R D T B C`: rei, dama, torre, bispo, cavalo.
    Portuguese,
}

impl PieceLetters {
    /// Every language, in the order help lists them.
    pub const ALL: [PieceLetters; 7] = [
        PieceLetters::English,
        PieceLetters::German,
        PieceLetters::French,
        PieceLetters::Spanish,
        PieceLetters::Italian,
        PieceLetters::Dutch,
        PieceLetters::Portuguese,
    ];

    /// The language a name means: its code (`de`), its English name
    /// (`German`) or its own (`Deutsch`), in any case.
    pub fn from_name(name: &str) -> Option<PieceLetters> {
        let name = name.trim().to_lowercase();
        PieceLetters::ALL
            .into_iter()
            .find(|l| l.names().contains(&name.as_str()))
    }

    fn names(self) -> &'static [&'static str] {
        match self {
            PieceLetters::English => &["en", "english"],
            PieceLetters::German => &["de", "german", "deutsch"],
            PieceLetters::French => &["fr", "french", "français", "francais"],
            PieceLetters::Spanish => &["es", "spanish", "español", "espanol"],
            PieceLetters::Italian => &["it", "italian", "italiano"],
            PieceLetters::Dutch => &["nl", "dutch", "nederlands"],
            PieceLetters::Portuguese => &["pt", "portuguese", "português", "portugues"],
        }
    }

    /// The language's code, as the tag and attribute take it (`de`).
    pub fn code(self) -> &'static str {
        self.names()[0]
    }

    /// The language's name in English (`German`).
    pub fn name(self) -> &'static str {
        match self {
            PieceLetters::English => "English",
            PieceLetters::German => "German",
            PieceLetters::French => "French",
            PieceLetters::Spanish => "Spanish",
            PieceLetters::Italian => "Italian",
            PieceLetters::Dutch => "Dutch",
            PieceLetters::Portuguese => "Portuguese",
        }
    }

    /// The letters of king, queen, rook, bishop and knight, in that order.
    pub fn letters(self) -> &'static str {
        match self {
            PieceLetters::English => "KQRBN",
            PieceLetters::German => "KDTLS",
            PieceLetters::French => "RDTFC",
            PieceLetters::Spanish | PieceLetters::Italian => "RDTAC",
            PieceLetters::Dutch => "KDTLP",
            PieceLetters::Portuguese => "RDTBC",
        }
    }

    /// The piece names behind the letters, for help.
    fn words(self) -> [&'static str; 5] {
        match self {
            PieceLetters::English => ["king", "queen", "rook", "bishop", "knight"],
            PieceLetters::German => ["König", "Dame", "Turm", "Läufer", "Springer"],
            PieceLetters::French => ["roi", "dame", "tour", "fou", "cavalier"],
            PieceLetters::Spanish => ["rey", "dama", "torre", "alfil", "caballo"],
            PieceLetters::Italian => ["re", "donna", "torre", "alfiere", "cavallo"],
            PieceLetters::Dutch => ["koning", "dame", "toren", "loper", "paard"],
            PieceLetters::Portuguese => ["rei", "dama", "torre", "bispo", "cavalo"],
        }
    }

    /// `b` as the English letter it stands for in this language (other
    /// bytes unchanged). Only upper-case letters are piece letters, so
    /// squares, castling and keywords are never touched.
    #[inline]
    pub(crate) fn to_english(self, b: u8) -> u8 {
        // An English letter this language does not use stays English
        // (German `Q`); one it uses for another piece is that piece
        // (French `R` is the king).
        match self.letters().bytes().position(|l| l == b) {
            Some(i) => b"KQRBN"[i],
            None => b,
        }
    }

    /// For a move written with a letter that is no English piece letter
    /// (`Sf3`): the languages whose letter it is, and the piece.
    pub(crate) fn meanings(letter: u8) -> Option<(Vec<PieceLetters>, &'static str)> {
        if matches!(letter, b'K' | b'Q' | b'R' | b'B' | b'N' | b'P') {
            return None;
        }
        let mut found = Vec::new();
        let mut piece = "";
        for language in PieceLetters::ALL {
            if let Some(i) = language.letters().bytes().position(|l| l == letter) {
                found.push(language);
                piece = ["king", "queen", "rook", "bishop", "knight"][i];
            }
        }
        (!found.is_empty()).then_some((found, piece))
    }

    /// The word for the piece `letter` is in this language (`Springer`).
    pub(crate) fn word_for(self, letter: u8) -> Option<&'static str> {
        let i = self.letters().bytes().position(|l| l == letter)?;
        Some(self.words()[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_map_to_english() {
        let word = |l: PieceLetters, w: &str| -> String {
            w.bytes().map(|b| l.to_english(b) as char).collect()
        };
        assert_eq!(
            word(PieceLetters::German, "Sf3 Lb5 Dd1 Tad1 Kg1 e8=D"),
            "Nf3 Bb5 Qd1 Rad1 Kg1 e8=Q"
        );
        assert_eq!(
            word(PieceLetters::French, "Cf3 Fb5 Dd1 Tad1 Rg1"),
            "Nf3 Bb5 Qd1 Rad1 Kg1"
        );
        assert_eq!(word(PieceLetters::Spanish, "Cf3 Ab5 O-O"), "Nf3 Bb5 O-O");
        assert_eq!(word(PieceLetters::Dutch, "Pf3 Lb5"), "Nf3 Bb5");
        assert_eq!(word(PieceLetters::Portuguese, "Cf3 Bb5 Rg1"), "Nf3 Bb5 Kg1");
        assert_eq!(word(PieceLetters::English, "Nf3"), "Nf3");
    }

    #[test]
    fn every_name_is_found() {
        for language in PieceLetters::ALL {
            for name in language.names() {
                assert_eq!(PieceLetters::from_name(name), Some(language));
                assert_eq!(
                    PieceLetters::from_name(&name.to_uppercase()),
                    Some(language)
                );
            }
        }
        let (languages, piece) = PieceLetters::meanings(b'S').unwrap();
        assert_eq!((languages, piece), (vec![PieceLetters::German], "knight"));
        let (languages, piece) = PieceLetters::meanings(b'C').unwrap();
        assert_eq!(piece, "knight");
        assert_eq!(languages.len(), 4);
        assert_eq!(PieceLetters::meanings(b'N'), None);
        assert_eq!(PieceLetters::meanings(b'X'), None);
        assert_eq!(PieceLetters::German.word_for(b'S'), Some("Springer"));
    }
}
