//! Every key of Fairy-Stockfish's `variants.ini` format (as its own file
//! documents them) and what the reader does with each: applies it, reads
//! and ignores it (it only says how a program shows the variant or
//! weighs its pieces), or refuses the section for a rule this engine does
//! not play yet — unless the value written is the format's default, which
//! changes nothing.

/// What the reader does with a key.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Use {
    /// Applied (see [`crate::ini`]).
    Read,
    /// Says how the variant is shown or how an engine weighs it: read and
    /// ignored.
    Shown,
    /// A rule not played here: the section is refused for it unless its
    /// value is `default`.
    Rule {
        /// The rule, in words ("piece drops").
        feature: &'static str,
        /// The format's default value.
        default: &'static str,
    },
}

const PAWNS: &str = "pieces other than the pawn moving as pawns do (promotion, en passant)";
const CASTLING: &str = "castling other than chess's";
/// `gating` without `seirawanGating` or `cambodianMoves`: gates that
/// nothing uses (with one of them, Seirawan chess's gating or Cambodian
/// chess's first leaps, which are played).
const GATES: &str = "gates that no piece is put on or leaps from (`gating` without `seirawanGating` or `cambodianMoves`)";

/// The keys and their use; pieces (`pawn`, `customPiece1` …) and
/// `mobilityRegion…` keys are recognised by the reader itself.
const KEYS: &[(&str, Use)] = &[
    ("variantTemplate", Use::Shown),
    ("pieceToCharTable", Use::Shown),
    ("pocketSize", Use::Shown),
    ("pieceValueMg", Use::Shown),
    ("pieceValueEg", Use::Shown),
    ("maxRank", Use::Read),
    ("maxFile", Use::Read),
    ("startFen", Use::Read),
    ("promotionRegionWhite", Use::Read),
    ("promotionRegionBlack", Use::Read),
    ("promotionRank", Use::Read),
    ("promotionPieceTypes", Use::Read),
    ("doubleStep", Use::Read),
    ("castling", Use::Read),
    ("castlingKingsideFile", Use::Read),
    ("castlingQueensideFile", Use::Read),
    ("stalemateValue", Use::Read),
    // A draw that can be claimed: the game goes on, as a chess game does
    // after fifty moves or a threefold repetition.
    ("nMoveRule", Use::Read),
    ("nFoldRule", Use::Read),
    ("nMoveRuleTypes", Use::Read),
    ("nMoveRuleTypesWhite", Use::Read),
    ("nMoveRuleTypesBlack", Use::Read),
    // Makruk's counting (and ASEAN's, Cambodian's): a draw the side that
    // counts may claim when the count runs out, as Fairy-Stockfish has it
    // (an optional end: its games go on).
    ("countingRule", Use::Read),
    // What a repetition is worth (a loss, a perpetual check's loss for the
    // checking side, a chase's): Fairy-Stockfish decides it as an optional
    // end too, its move lists unchanged.
    ("nFoldValue", Use::Read),
    ("nFoldValueAbsolute", Use::Read),
    ("perpetualCheckIllegal", Use::Read),
    ("moveRepetitionIllegal", Use::Read),
    ("chasingRule", Use::Read),
    ("chess960", Use::Read),
    ("twoBoards", Use::Read),
    ("pawnTypes", Use::Read),
    ("promotionPawnTypes", Use::Read),
    ("promotionPawnTypesWhite", Use::Read),
    ("promotionPawnTypesBlack", Use::Read),
    ("promotionPieceTypesWhite", Use::Read),
    ("promotionPieceTypesBlack", Use::Read),
    ("sittuyinPromotion", Use::Read),
    ("promotionLimit", Use::Read),
    ("promotedPieceType", Use::Read),
    ("piecePromotionOnCapture", Use::Read),
    ("mandatoryPawnPromotion", Use::Read),
    ("mandatoryPiecePromotion", Use::Read),
    ("pieceDemotion", Use::Read),
    ("blastOnCapture", Use::Read),
    ("blastImmuneTypes", Use::Read),
    ("mutuallyImmuneTypes", Use::Read),
    ("petrifyOnCaptureTypes", Use::Read),
    (
        "petrifyBlastPieces",
        rule("pieces blown up turned to walls", "false"),
    ),
    ("doubleStepRegionWhite", Use::Read),
    ("doubleStepRegionBlack", Use::Read),
    ("tripleStepRegionWhite", Use::Read),
    ("tripleStepRegionBlack", Use::Read),
    ("enPassantRegion", Use::Read),
    ("enPassantRegionWhite", Use::Read),
    ("enPassantRegionBlack", Use::Read),
    ("enPassantTypes", rule(PAWNS, "p")),
    ("enPassantTypesWhite", rule(PAWNS, "p")),
    ("enPassantTypesBlack", rule(PAWNS, "p")),
    ("castlingDroppedPiece", Use::Read),
    ("castlingRank", Use::Read),
    ("castlingKingFile", rule(CASTLING, "e")),
    ("castlingKingPiece", rule(CASTLING, "k")),
    ("castlingRookKingsideFile", Use::Read),
    ("castlingRookQueensideFile", Use::Read),
    ("castlingRookPieces", Use::Read),
    ("oppositeCastling", Use::Read),
    ("castlingWins", Use::Read),
    ("checking", Use::Read),
    ("dropChecks", Use::Read),
    ("mustCapture", Use::Read),
    ("mustDrop", Use::Read),
    ("mustDropType", Use::Read),
    ("pieceDrops", Use::Read),
    ("dropLoop", Use::Read),
    ("capturesToHand", Use::Read),
    ("firstRankPawnDrops", Use::Read),
    ("promotionZonePawnDrops", Use::Read),
    ("enclosingDrop", Use::Read),
    ("enclosingDropStart", Use::Read),
    ("dropRegionWhite", Use::Read),
    ("dropRegionBlack", Use::Read),
    ("sittuyinRookDrop", Use::Read),
    ("dropOppositeColoredBishop", Use::Read),
    ("dropPromoted", Use::Read),
    ("dropNoDoubled", Use::Read),
    ("dropNoDoubledCount", Use::Read),
    ("immobilityIllegal", Use::Read),
    ("gating", rule(GATES, "false")),
    ("seirawanGating", Use::Read),
    ("cambodianMoves", Use::Read),
    ("wallingRule", Use::Read),
    ("wallingRegionWhite", Use::Read),
    ("wallingRegionBlack", Use::Read),
    ("wallOrMove", Use::Read),
    ("diagonalLines", Use::Read),
    ("pass", Use::Read),
    ("passWhite", Use::Read),
    ("passBlack", Use::Read),
    ("passOnStalemate", Use::Read),
    ("passOnStalemateWhite", Use::Read),
    ("passOnStalemateBlack", Use::Read),
    ("makpongRule", Use::Read),
    ("flyingGeneral", Use::Read),
    ("soldierPromotionRank", Use::Read),
    ("flipEnclosedPieces", Use::Read),
    ("stalematePieceCount", Use::Read),
    ("checkmateValue", Use::Read),
    ("shogiPawnDropMateIllegal", Use::Read),
    ("shatarMateRule", Use::Read),
    ("bikjangRule", Use::Read),
    ("extinctionValue", Use::Read),
    ("extinctionClaim", Use::Read),
    ("extinctionPseudoRoyal", Use::Read),
    ("dupleCheck", Use::Read),
    ("extinctionPieceTypes", Use::Read),
    ("extinctionPieceCount", Use::Read),
    ("extinctionOpponentPieceCount", Use::Read),
    ("flagPiece", Use::Read),
    ("flagPieceWhite", Use::Read),
    ("flagPieceBlack", Use::Read),
    ("flagRegion", Use::Read),
    ("flagRegionWhite", Use::Read),
    ("flagRegionBlack", Use::Read),
    ("flagPieceCount", Use::Read),
    ("flagPieceBlockedWin", Use::Read),
    ("flagMove", Use::Read),
    ("flagPieceSafe", Use::Read),
    ("checkCounting", Use::Read),
    ("connectN", Use::Read),
    ("connectPieceTypes", Use::Read),
    ("connectVertical", Use::Read),
    ("connectHorizontal", Use::Read),
    ("connectDiagonal", Use::Read),
    ("connectRegion1White", Use::Read),
    ("connectRegion2White", Use::Read),
    ("connectRegion1Black", Use::Read),
    ("connectRegion2Black", Use::Read),
    ("connectNxN", Use::Read),
    ("collinearN", Use::Read),
    ("connectValue", Use::Read),
    ("materialCounting", Use::Read),
    ("adjudicateFullBoard", Use::Read),
];

/// What decides whether a held rule's details do anything.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Decided {
    /// Castling, which is played.
    Castling,
    /// Neither gating moves (`seirawanGating`) nor Cambodian chess's first
    /// leaps (`cambodianMoves`): gates alone, which nothing uses.
    NotGating,
}

/// Rules whose details do nothing alone: a held key of `feature` is
/// ignored unless what decides it is there (castling's details without
/// castling).
pub(crate) const DECIDED_BY: &[(&str, Decided)] =
    &[(CASTLING, Decided::Castling), (GATES, Decided::NotGating)];

const fn rule(feature: &'static str, default: &'static str) -> Use {
    Use::Rule { feature, default }
}

/// What the reader does with `key`, if it is a key of the format other
/// than a piece's.
pub(crate) fn lookup(key: &str) -> Option<Use> {
    // (`mobilityRegionWhiteKing`: a side, then the piece's name.)
    if let Some(rest) = key.strip_prefix("mobilityRegion") {
        let name = rest.strip_prefix("White").or(rest.strip_prefix("Black"));
        return name.filter(|n| !n.is_empty()).map(|_| Use::Read);
    }
    KEYS.iter().find(|(k, _)| *k == key).map(|&(_, u)| u)
}

/// The keys Fairy-Stockfish still reads under their former names
/// (`parser.cpp`, "deprecate values for backwards compatibility"), each
/// with the name it goes by now: pychess.org's `variants.ini` writes
/// `whiteDropRegion`.
const RENAMED: &[(&str, &str)] = &[
    ("whiteDropRegion", "dropRegionWhite"),
    ("blackDropRegion", "dropRegionBlack"),
    ("whiteFlag", "flagRegionWhite"),
    ("blackFlag", "flagRegionBlack"),
    ("castlingRookPiece", "castlingRookPieces"),
];

/// The name a key goes by now: `key`, or the current name of a key
/// Fairy-Stockfish reads under a former one (`whiteDropRegion` is
/// `dropRegionWhite`).
pub(crate) fn current(key: &str) -> &str {
    RENAMED
        .iter()
        .find(|(old, _)| *old == key)
        .map_or(key, |&(_, new)| new)
}

/// The keys of the format, for "did you mean".
pub(crate) fn names() -> impl Iterator<Item = &'static str> {
    KEYS.iter().map(|(k, _)| *k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_key_once() {
        let mut seen = std::collections::HashSet::new();
        for (key, _) in KEYS {
            assert!(seen.insert(*key), "{key} twice");
        }
        assert_eq!(lookup("mobilityRegionWhiteKing"), Some(Use::Read));
        assert_eq!(lookup("mobilityRegionWhite"), None);
        assert_eq!(lookup("mobilityRegionRedKing"), None);
        assert_eq!(lookup("maxRank"), Some(Use::Read));
        assert_eq!(lookup("maxRanks"), None);
    }
}
