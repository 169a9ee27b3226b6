//! Compile-time behaviour of the macros: games that must compile and games
//! that must not, with the exact error (message and underlined span) in the
//! reviewed `.stderr` snapshots next to each failing case.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/fail/*.rs");
}
