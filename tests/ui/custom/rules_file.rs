// Rules files that break the validation rules, each reported at the key or value concerned.
// Shown in the catalogue: only rules files have these errors.
use verified_chess::{game, CustomGame};

fn main() {
    // unique symbols
    const G0: CustomGame = game! { #![rules("tests/ui/rules/broken_symbol_twice.yaml")] 1. a2 a3 };
    // a Step goes one square
    const G1: CustomGame = game! { #![rules("tests/ui/rules/broken_long_step.yaml")] 1. a2 a3 };
    // a Jump goes further
    const G2: CustomGame = game! { #![rules("tests/ui/rules/broken_short_jump.yaml")] 1. a2 a3 };
    // a Slide's direction is a unit vector
    const G3: CustomGame = game! { #![rules("tests/ui/rules/broken_skipping_slide.yaml")] 1. a2 a3 };
    // exactly one King placed
    const G4: CustomGame = game! { #![rules("tests/ui/rules/two_kings.yaml")] 1. a2 a3 };
    // a King placed
    const G5: CustomGame = game! { #![rules("tests/ui/rules/broken_no_king_placed.yaml")] 1. a2 a3 };
    // the half-board rule
    const G6: CustomGame = game! { #![rules("tests/ui/rules/broken_upper_half.yaml")] 1. a2 a3 };
    // no two pieces on a square
    const G7: CustomGame = game! { #![rules("tests/ui/rules/broken_square_twice.yaml")] 1. a2 a3 };
    // a board of at most 16 files
    const G8: CustomGame = game! { #![rules("tests/ui/rules/broken_wide_board.yaml")] 1. a2 a3 };
    // variants.ini: a board of at most 16 ranks
    const G9: CustomGame = game! { #![rules("tests/ui/rules/broken_tall.ini")] 1. a2 a3 };
    // variants.ini: Betza notation
    const G10: CustomGame = game! { #![rules("tests/ui/rules/broken_betza.ini")] 1. a2 a3 };
}
