//! The work budget: a rule set whose move generation would explode (a
//! 16 × 16 board of long-range riders promoting to dozens of pieces) is
//! refused before any position is made.

use crate::rules::Rules;

/// The most work one position may ask: moves per position times the
/// squares one legality test may look at.
pub const MAX_WORK: u64 = 1 << 28;

/// Refuses a rule set whose move generation would explode: an upper bound
/// of the moves of one position (every square holding the piece with the
/// most destinations, each promotion counted) times the squares an attack
/// test walks, above [`MAX_WORK`] (about a second per position).
pub(crate) fn check_work(rules: &Rules) -> Result<(), String> {
    let g = rules.geometry;
    let side = u64::from(g.files().max(g.ranks()));
    let squares = g.len() as u64;
    let reach = |atom: &crate::betza::Atom| {
        let steps = if atom.range == 0 {
            side - 1
        } else {
            u64::from(atom.range)
        };
        atom.vectors.len() as u64 * steps
    };
    let destinations = rules
        .pieces
        .iter()
        .map(|p| p.atoms.iter().map(reach).sum::<u64>().min(squares - 1))
        .max()
        .unwrap_or(0);
    let promotions = rules
        .promotion_pieces
        .len()
        .max(rules.black_promotions().len())
        .max(1) as u64;
    let moves = squares * destinations * promotions;
    let walked: u64 = rules
        .pieces
        .iter()
        .flat_map(|p| &p.atoms)
        .filter(|a| a.captures)
        .map(reach)
        .sum::<u64>()
        .max(1);
    let work = moves.saturating_mul(walked);
    if work > MAX_WORK {
        return Err(format!(
            "{} asks too much of move generation: up to {moves} moves in a position, each tested along up to {walked} squares ({work} steps, the limit is {MAX_WORK}); use fewer or shorter-ranged pieces, fewer promotion pieces or a smaller board",
            rules.name
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;
    use crate::geometry::Geometry;
    use crate::rules::PieceDef;

    fn work(rules: &Rules) -> Result<(), String> {
        check_work(rules)
    }

    #[test]
    fn real_variants_pass_and_an_explosion_is_refused() {
        let text = include_str!("../tests/fairy/variants.ini");
        for rules in crate::ini::variants(text).unwrap() {
            assert!(work(&rules).is_ok(), "{}", rules.name);
        }
        assert!(work(&Rules::chess()).is_ok());
        // Chess on 16 x 16 with an amazon promoting: fine.
        let mut big = Rules::chess();
        big.geometry = Geometry::new(16, 16).unwrap();
        big.pieces.push(PieceDef::new('A', "amazon", "QN").unwrap());
        assert!(work(&big).is_ok());
        // Every leap as a rider, on 16 x 16, promoting to 40 kinds.
        let mut huge = big.clone();
        huge.pieces
            .push(PieceDef::new('X', "everything", "WWFFDDNNAAHHCCZZGG").unwrap());
        huge.promotion_pieces
            .extend(('B'..='Z').chain('a'..='p').take(40));
        let error = work(&huge).unwrap_err();
        assert!(
            error.contains("asks too much of move generation"),
            "{error}"
        );
        let start = Position::start(&huge).unwrap_err();
        assert!(start.message.contains("too much"), "{}", start.message);
    }
}
