//! A real editor: Neovim (Debian's `neovim`, headless) with the guide's
//! configuration (`guide/editor.md`'s Lua block) as its init.lua starts
//! `chess-verify lsp` for a PGN file, shows the illegal move's diagnostic
//! at its line and column (a line with accents and a figurine before it),
//! hovers a move and the illegal one (its board shown), applies the
//! quick fix, and the buffer then verifies.
//! `.ci/run` installs Neovim and runs this.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

mod common;

/// The guide's Neovim configuration.
fn guide_config() -> String {
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../guide/editor.md"))
            .unwrap();
    guide
        .split("```lua\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("a lua block in guide/editor.md")
        .to_string()
}

#[test]
#[ignore = "needs Neovim: .ci/run installs it and runs this"]
fn neovim_shows_the_problem_and_applies_the_fix() {
    let dir = common::dir("neovim");
    std::fs::write(dir.join("init.lua"), guide_config()).unwrap();
    let line = "{Déjà vu ♘} 1. e4 e5 2. Nf4 *";
    std::fs::write(
        dir.join("club.pgn"),
        format!("[White \"Müller\"]\n{line}\n"),
    )
    .unwrap();
    let out = dir.join("out.txt");
    let _ = std::fs::remove_file(&out);
    let bin = Path::new(env!("CARGO_BIN_EXE_chess-verify"))
        .parent()
        .unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut nvim = Command::new("nvim")
        .args(["--headless", "--clean", "-u"])
        .arg(dir.join("init.lua"))
        .arg("-c")
        .arg(format!(
            "luafile {}",
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/editors/neovim.lua")
                .display()
        ))
        .env("PATH", path)
        .env("PGN", dir.join("club.pgn"))
        .env("OUT", &out)
        .spawn()
        .expect("nvim (Debian package neovim)");
    let started = Instant::now();
    while nvim.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            nvim.kill().unwrap();
            panic!("Neovim did not finish");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let seen = std::fs::read_to_string(&out).expect("Neovim wrote what it saw");
    // Neovim counts columns in bytes; the server sent UTF-16 units.
    let column = line.find("Nf4").unwrap();
    assert_eq!(
        seen,
        format!(
            "diagnostic 1:{column}-1:{} White cannot play `2. Nf4`: no white knight can reach f4 (they are on b1 and g1)\n\
             hover **`1... e5`** · UCI `e7e5` · White to move\n\
             hover **Not played** — White cannot play `2. Nf4`: no white knight can reach f4 (they are on b1 and g1)  \n\
             board 1 │ ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖ │\n\
             action Replace `Nf4` with `Nf3`\n\
             after 0 diagnostics: {{Déjà vu ♘}} 1. e4 e5 2. Nf3 *\n",
            column + 3
        )
    );
}
