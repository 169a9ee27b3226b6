//! The `[FEN]` tag of a game under rules a user defines, as written: its
//! text, and where each of its bytes stands in the source. Only the rule
//! set can read it (boards up to 16 × 16, pieces in hand, walls), so the
//! start stage reads the text under the game's rule set, and places what
//! chess-rules finds wrong with [`RulesFen::range_of`].

use crate::input::{Range, Source};
use crate::syntax::tag::Tag;

/// A `[FEN]` tag of a game under rules a user defines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesFen {
    /// The tag's value, its escapes read.
    pub text: String,
    /// The value's range in the source, quotes included.
    pub quoted: Range,
    /// Whether the value is written without escapes, so that each byte of
    /// `text` is the source's byte after the opening quote.
    pub plain: bool,
}

impl RulesFen {
    /// The `[FEN]` tag among `tags`, if any.
    pub(crate) fn of_game(tags: &[Tag], source: &Source) -> Option<RulesFen> {
        let tag = Tag::find(tags, source, "FEN")?;
        let text = tag.value(source).into_owned();
        let quoted = tag.value_range;
        let unquoted = source
            .slice(quoted)
            .get(1..)
            .and_then(|raw| raw.strip_suffix('"'));
        Some(RulesFen {
            plain: unquoted == Some(text.as_str()),
            text,
            quoted,
        })
    }

    /// Where the bytes `span` of the text stand in the source (one byte at
    /// least, within the value): inside the quotes where the value is
    /// written without escapes, else the whole value.
    ///
    /// ```
    /// use chess_core::{Options, Source, verify};
    ///
    /// let source = Source::text("[Variant \"mini\"]\n[FEN \"4k/5/5/5/K3x w - - 0 1\"]\n\n*", None, None);
    /// let ini = "[mini:chess]\nmaxRank = 5\nmaxFile = e\nstartFen = 4k/5/5/5/K4 w - - 0 1\n";
    /// let ini = Source::text(ini, Some("mini.ini".into()), None);
    /// let sets = chess_core::RuleSets::read(&ini).unwrap();
    /// let mut games = verify(&source, Options::default()).under_rules(&sets);
    /// let game = games.next_syntax().unwrap().unwrap();
    /// let fen = game.rules_fen.as_ref().unwrap();
    /// assert_eq!(fen.text, "4k/5/5/5/K3x w - - 0 1");
    /// assert_eq!(source.slice(fen.range_of(1..2)), "k");
    /// // One byte at least.
    /// assert_eq!(source.slice(fen.range_of(3..3)), "5");
    /// ```
    pub fn range_of(&self, span: std::ops::Range<usize>) -> Range {
        if !self.plain {
            return self.quoted;
        }
        let start = self.quoted.start + 1;
        let end = span.end.max(span.start + 1).min(self.text.len());
        Range::new(
            start + span.start.min(self.text.len()) as u32,
            start + end as u32,
        )
    }
}
