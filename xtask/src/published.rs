//! Baselines built as their authors publish them: each in a crate of its
//! own under `target/baselines/`, with its own lock file, outside this
//! workspace (so none of the workspace's features — shakmaty's `variant`,
//! its default features turned off — reach it).
//!
//! * pgn-reader's `examples/validate.rs` and `examples/parallel_validate.rs`:
//!   the published crate (the version in this workspace's lock file, from
//!   the registry cargo already fetched), copied and built with its own
//!   `Cargo.lock` (`--locked`); and the same copy once more with only
//!   `features = ["variant"]` added to its shakmaty dependency, which shows
//!   what that feature costs standard chess;
//! * shakmaty's `perft` with its default features, and again with
//!   `variant`, in a small crate of ours that calls it;
//! * the replay bench's raw SAN replay with shakmaty's default features
//!   (`shakmaty-san`), in a small crate of ours, in release and in the dev
//!   profile (unoptimized, as a dev build compiles a proc macro's
//!   dependencies: `compile-parts` counts it);
//! * the C++ validator `xtask/cpp/validate.cpp` on Disservin's
//!   chess-library header (`../shared/reference/chess-library/chess.hpp`),
//!   when `g++` is present; its instructions are counted on a second
//!   build for `x86-64-v3`, which valgrind can run (`-march=native` may
//!   choose AVX-512, which it cannot).
//!
//! The crates share one build directory (`target/baselines/build`, cargo's
//! `build.build-dir`): each keeps its own lock file, features and final
//! binaries (in its own `target/`), and a dependency built the same way
//! for two of them (pgn-reader's copies share all but shakmaty; criterion
//! and zstd are built once) is built once. Cargo locks that directory, so
//! the builds run one after another.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::repo;

/// Where the baselines are built.
fn root() -> PathBuf {
    repo().join("target/baselines")
}

/// The directory of the registry source of `name` at the version this
/// workspace's lock file holds (from `cargo metadata`, which fetches it).
fn registry_source(name: &str) -> Result<(PathBuf, String), String> {
    let output = Command::new(env!("CARGO"))
        .current_dir(repo())
        .args(["metadata", "--format-version", "1", "--locked"])
        .output()
        .map_err(|e| format!("cargo metadata: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo metadata: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).map_err(|e| format!("cargo metadata: {e}"))?;
    let package = metadata["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["name"] == name && p["source"].is_string())
        .ok_or_else(|| format!("{name} is not among this workspace's dependencies"))?;
    let manifest = PathBuf::from(package["manifest_path"].as_str().unwrap_or_default());
    let version = package["version"].as_str().unwrap_or_default().to_string();
    let dir = manifest
        .parent()
        .ok_or_else(|| format!("{name}: no manifest directory"))?;
    Ok((dir.to_path_buf(), version))
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// Builds `args` (`cargo build …`, in the dev profile unless `--release`)
/// in the crate at `dir`, its final binaries in its own `target/` and
/// what they are built from in the baselines' shared build directory.
fn cargo_build(dir: &Path, args: &[&str]) -> Result<(), String> {
    let status = Command::new(env!("CARGO"))
        .current_dir(dir)
        .env_remove("CARGO_TARGET_DIR")
        .env("CARGO_BUILD_BUILD_DIR", root().join("build"))
        .args(["build", "--quiet"])
        .args(args)
        .status()
        .map_err(|e| format!("cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("cannot build the crate in {}", dir.display()))
    }
}

/// pgn-reader's published crate, copied to `target/baselines/` (once with
/// its shakmaty dependency as published, once with `variant` added), its
/// examples built with its own lock file. The two directories' example
/// binaries: `(published, with_variant, version)`.
pub fn pgn_reader() -> Result<(PathBuf, PathBuf, String), String> {
    let (source, version) = registry_source("pgn-reader")?;
    let mut dirs = Vec::new();
    for (suffix, variant) in [("", false), ("-variant", true)] {
        let dir = root().join(format!("pgn-reader-{version}{suffix}"));
        if !dir.join("Cargo.toml").is_file() {
            copy_dir(&source, &dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            let manifest = dir.join("Cargo.toml");
            let mut text = std::fs::read_to_string(&manifest).map_err(|e| e.to_string())?;
            if variant {
                text = with_feature(&text, "shakmaty", "variant")?;
            }
            // Its own workspace: the copy lies under this repository's root.
            text.push_str("\n[workspace]\n");
            std::fs::write(&manifest, text).map_err(|e| e.to_string())?;
        }
        dirs.push(dir);
    }
    for dir in &dirs {
        cargo_build(dir, &["--release", "--locked", "--examples"])?;
    }
    let examples = |dir: &PathBuf| dir.join("target/release/examples");
    Ok((examples(&dirs[0]), examples(&dirs[1]), version))
}

/// `manifest` (a normalized, published `Cargo.toml`) with `feature` added
/// to its `[dependencies.<dependency>]` table.
fn with_feature(manifest: &str, dependency: &str, feature: &str) -> Result<String, String> {
    let header = format!("[dependencies.{dependency}]\n");
    let at = manifest
        .find(&header)
        .ok_or_else(|| format!("no {header:?} in the published manifest"))?;
    let end = at + header.len();
    Ok(format!(
        "{}features = [\"{feature}\"]\n{}",
        &manifest[..end],
        &manifest[end..]
    ))
}

const PERFT_MAIN: &str = r#"//! shakmaty's own `perft`, timed: `perft FEN DEPTH` prints
//! `leaves nanoseconds`.
use shakmaty::{CastlingMode, Chess, fen::Fen};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fen: Fen = args[1].parse().expect("FEN");
    let depth: u32 = args[2].parse().expect("depth");
    let pos: Chess = fen.into_position(CastlingMode::Chess960).expect("position");
    let start = std::time::Instant::now();
    let leaves = shakmaty::perft(&pos, depth);
    println!("{leaves} {}", start.elapsed().as_nanos());
}
"#;

/// shakmaty's `perft` in a crate of its own at the version this workspace
/// locks, with its default features (`with_variant`: and `variant`). The
/// binary.
pub fn shakmaty_perft(with_variant: bool) -> Result<PathBuf, String> {
    if with_variant {
        shakmaty_program(
            "shakmaty-perft-variant",
            ", features = [\"variant\"]",
            &[("main.rs", PERFT_MAIN)],
            Build::Release,
        )
    } else {
        shakmaty_program(
            "shakmaty-perft",
            "",
            &[("main.rs", PERFT_MAIN)],
            Build::Release,
        )
    }
}

/// The replay bench's raw SAN replay, the very file the bench compiles.
const SAN_REPLAY: &str = include_str!("../../chess-core/benches/baseline/san_replay.rs");

const SAN_MAIN: &str = r#"//! Raw SAN replay with shakmaty, timed in rounds: `shakmaty-san FILE`
//! reads one game a line (its SAN, words apart, from the start
//! position); for each line on its input it replays every game
//! (`san_replay.rs`, the replay bench's own loop) and prints
//! `nanoseconds plies`.
use std::io::{BufRead, Write};

mod san_replay;

fn main() {
    let path = std::env::args().nth(1).expect("a file of SAN lines");
    let text = std::fs::read_to_string(path).expect("the file");
    let games: Vec<Vec<&str>> = text.lines().map(|l| l.split_whitespace().collect()).collect();
    let mut out = std::io::stdout().lock();
    for _ in std::io::stdin().lock().lines() {
        let start = std::time::Instant::now();
        let plies = std::hint::black_box(san_replay::replay(&games));
        let ns = start.elapsed().as_nanos();
        writeln!(out, "{ns} {plies}").expect("output");
        out.flush().expect("output");
    }
}
"#;

/// The replay bench's raw SAN replay (`chess-core/benches/baseline/
/// san_replay.rs`, the same file) in a crate of its own with shakmaty's
/// default features, as its authors publish it, built as `build` says.
/// The binary.
pub fn shakmaty_san(build: Build) -> Result<PathBuf, String> {
    shakmaty_program(
        "shakmaty-san",
        "",
        &[("main.rs", SAN_MAIN), ("san_replay.rs", SAN_REPLAY)],
        build,
    )
}

/// The profile a baseline is built in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Build {
    /// `--release`, as the benchmarks measure a program.
    Release,
    /// The dev profile, unoptimized: as a dev build compiles a proc
    /// macro's dependencies.
    Dev,
}

/// A program on shakmaty at the version this workspace locks, with its
/// default features and `features` (`, features = […]` or nothing), in a
/// crate of its own named `name` whose `src/` holds `files` (`main.rs`
/// among them), built as `build` says. The binary.
fn shakmaty_program(
    name: &str,
    features: &str,
    files: &[(&str, &str)],
    build: Build,
) -> Result<PathBuf, String> {
    let (_, version) = registry_source("shakmaty")?;
    let dir = root().join(name);
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\nshakmaty = {{ version = \"={version}\"{features} }}\n\n[workspace]\n"
    );
    std::fs::create_dir_all(dir.join("src")).map_err(|e| e.to_string())?;
    write_if_changed(&dir.join("Cargo.toml"), &manifest)?;
    for (file, text) in files {
        write_if_changed(&dir.join("src").join(file), text)?;
    }
    match build {
        Build::Release => cargo_build(&dir, &["--release"])?,
        Build::Dev => cargo_build(&dir, &[])?,
    }
    let profile = match build {
        Build::Release => "release",
        Build::Dev => "debug",
    };
    Ok(dir.join("target").join(profile).join(name))
}

fn write_if_changed(path: &Path, text: &str) -> Result<(), String> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The C++ validator built with `g++ -O3 -march=native -DNDEBUG` against the
/// chess-library header in `reference` (`Ok(None)`: no `g++` here).
pub fn cpp_validator(reference: &Path) -> Result<Option<PathBuf>, String> {
    cpp_build(reference, "native", "cpp-validate")
}

/// The same source built for `x86-64-v3` (AVX2, no AVX-512), to be
/// counted: valgrind stops a program at an instruction it does not know,
/// and `-march=native` may choose some (AVX-512 on a recent processor).
/// `Ok(None)` where there is no `g++`, or the machine is not x86-64.
pub fn cpp_validator_to_count(reference: &Path) -> Result<Option<PathBuf>, String> {
    if !cfg!(target_arch = "x86_64") {
        return Ok(None);
    }
    cpp_build(reference, CPP_COUNTED_ARCH, "cpp-validate-x86-64-v3")
}

/// The architecture the counted C++ validator is built for.
pub const CPP_COUNTED_ARCH: &str = "x86-64-v3";

/// The C++ validator built for `-march={march}` as `binary` under the
/// baselines' directory (`Ok(None)`: no `g++` here).
fn cpp_build(reference: &Path, march: &str, binary: &str) -> Result<Option<PathBuf>, String> {
    if Command::new("g++").arg("--version").output().is_err() {
        return Ok(None);
    }
    let header = reference.join("chess-library");
    if !header.join("chess.hpp").is_file() {
        return Err(format!("no chess.hpp in {}", header.display()));
    }
    let source = repo().join("xtask/cpp/validate.cpp");
    let binary = root().join(binary);
    std::fs::create_dir_all(root()).map_err(|e| e.to_string())?;
    let status = Command::new("g++")
        .args([
            "-O3",
            &format!("-march={march}"),
            "-DNDEBUG",
            "-std=c++17",
            "-I",
        ])
        .arg(&header)
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .status()
        .map_err(|e| format!("g++: {e}"))?;
    if status.success() {
        Ok(Some(binary))
    } else {
        Err(format!("g++ could not build {}", source.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::with_feature;

    #[test]
    fn a_feature_goes_into_the_dependency_table() {
        let manifest = "[dependencies.memchr]\nversion = \"2\"\n\n[dependencies.shakmaty]\nversion = \"0.30\"\n\n[dev-dependencies.zstd]\n";
        assert_eq!(
            with_feature(manifest, "shakmaty", "variant").unwrap(),
            "[dependencies.memchr]\nversion = \"2\"\n\n[dependencies.shakmaty]\nfeatures = [\"variant\"]\nversion = \"0.30\"\n\n[dev-dependencies.zstd]\n"
        );
        assert!(with_feature(manifest, "arrayvec", "std").is_err());
    }
}
