//! `Position::svg()` drawn by a real browser: headless Chromium renders
//! each image to a PNG, and the test looks at its pixels: each square's
//! color (light, dark, or marked as the last move's), a white piece as
//! white with a black outline, a black piece as black, the king in check
//! on red, the coordinates in the margin, Crazyhouse's pockets.
//!
//! Needs Chromium (Debian's `chromium`) and a font with the chess
//! figurines (`fonts-dejavu-core`): `.ci/run` installs both and runs
//! `cargo test --test svg_in_browser -- --ignored`. `CHROMIUM` names
//! another browser binary.

use std::path::{Path, PathBuf};
use std::process::Command;

use verified_chess::{Color, Piece, Position, Square, game};

/// The image's geometry at its default size (`src/svg.rs`).
const SQUARE: usize = 45;
const MARGIN: usize = 18;

struct Image {
    width: usize,
    pixels: Vec<[u8; 3]>,
}

impl Image {
    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        self.pixels[y * self.width + x]
    }

    /// The pixels of the rectangle at (`x`, `y`), `w` × `h`, inset by 2
    /// pixels so that anti-aliased edges do not count.
    fn region(&self, x: usize, y: usize, w: usize, h: usize) -> Vec<[u8; 3]> {
        let mut out = Vec::new();
        for yy in y + 2..y + h - 2 {
            for xx in x + 2..x + w - 2 {
                out.push(self.at(xx, yy));
            }
        }
        out
    }
}

fn chromium() -> PathBuf {
    let name = std::env::var_os("CHROMIUM").unwrap_or_else(|| "chromium".into());
    let found = Command::new(&name).arg("--version").output();
    assert!(
        found.is_ok_and(|o| o.status.success()),
        "this test needs Chromium: `apt-get install chromium fonts-dejavu-core` (or set CHROMIUM)"
    );
    PathBuf::from(name)
}

/// The image drawn by Chromium, at one screen pixel per image unit.
fn render(svg: &str, name: &str) -> Image {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("svg_in_browser");
    std::fs::create_dir_all(&dir).unwrap();
    let (width, height) = size_of(svg);
    let page = dir.join(format!("{name}.html"));
    std::fs::write(
        &page,
        format!(
            "<!doctype html><html><body style=\"margin:0;background:#fff\">{svg}</body></html>"
        ),
    )
    .unwrap();
    let png = dir.join(format!("{name}.png"));
    let _ = std::fs::remove_file(&png);
    // A new profile of its own: the tests run at once, and two Chromiums
    // sharing the default profile can take each other's page.
    let profile = dir.join(format!("{name}.profile"));
    let _ = std::fs::remove_dir_all(&profile);
    let output = Command::new(chromium())
        .arg(format!("--user-data-dir={}", profile.display()))
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            // The screenshot once every stage of drawing has run and the
            // page has had a second to settle, not the first frame.
            "--run-all-compositor-stages-before-draw",
            "--virtual-time-budget=1000",
        ])
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    assert!(
        png.exists(),
        "Chromium drew nothing: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let pixels = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    assert_eq!((info.width as usize, info.height as usize), (width, height));
    Image { width, pixels }
}

/// Renders `svg` and runs `check` on the image. A screenshot is drawn
/// again, by a new Chromium, when the check fails, up to three times:
/// the image is the same text each time, and a headless browser now and
/// then captures a frame that is not the page's. The test fails when no
/// screenshot passes, with every attempt's error.
fn drawn_right(svg: &str, name: &str, check: impl Fn(&Image) -> Result<(), String>) {
    let mut errors = Vec::new();
    for attempt in 1..=3 {
        match check(&render(svg, name)) {
            Ok(()) => {
                for (i, e) in errors.iter().enumerate() {
                    eprintln!("{name}: screenshot {} was wrong: {e}", i + 1);
                }
                return;
            }
            Err(e) => errors.push(format!("screenshot {attempt}: {e}")),
        }
    }
    panic!("{name} is not drawn right:\n{}", errors.join("\n"));
}

/// The `width` and `height` an image says it has.
fn size_of(svg: &str) -> (usize, usize) {
    let attr = |name: &str| -> usize {
        let start = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        let end = start + svg[start..].find('"').unwrap();
        svg[start..end].parse().unwrap()
    };
    (attr("width"), attr("height"))
}

fn hex(color: &str) -> [u8; 3] {
    let v = u32::from_str_radix(color.trim_start_matches('#'), 16).unwrap();
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 6)
}

fn white(p: [u8; 3]) -> bool {
    p.iter().all(|c| *c >= 245)
}

fn black(p: [u8; 3]) -> bool {
    p.iter().all(|c| *c <= 40)
}

fn red(p: [u8; 3]) -> bool {
    p[0] >= 180 && p[1] <= 90 && p[2] <= 90
}

/// The square's most frequent color.
fn background(pixels: &[[u8; 3]]) -> [u8; 3] {
    let mut counts = std::collections::HashMap::new();
    for p in pixels {
        *counts.entry(*p).or_insert(0) += 1;
    }
    counts.into_iter().max_by_key(|(_, n)| *n).unwrap().0
}

/// Returns `Err` with the message when the condition does not hold.
macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+));
        }
    };
}

/// Looks at every square of a board drawn with `square_at` giving each
/// square's top-left corner: the background color it must have, its
/// piece. The error names the first square that is wrong and shows what
/// each square holds, row by row as drawn (`w` white piece, `b` black
/// piece, `.` nothing, `?` neither).
fn check_board(
    image: &Image,
    pos: &Position,
    square_at: impl Fn(Square) -> (usize, usize),
    moved: &[Square],
) -> Result<(), String> {
    let counts = |square: Square| {
        let (x, y) = square_at(square);
        let pixels = image.region(x, y, SQUARE, SQUARE);
        let whites = pixels.iter().filter(|p| white(**p)).count();
        let blacks = pixels.iter().filter(|p| black(**p)).count();
        (pixels, whites, blacks)
    };
    let seen = || {
        let mut squares: Vec<Square> = Square::all().collect();
        squares.sort_by_key(|sq| {
            let (x, y) = square_at(*sq);
            (y, x)
        });
        let mut out = String::new();
        for (i, sq) in squares.into_iter().enumerate() {
            let (_, whites, blacks) = counts(sq);
            out.push(match (whites, blacks) {
                (0, 0) => '.',
                (w, _) if w > 60 => 'w',
                (0, b) if b > 150 => 'b',
                _ => '?',
            });
            if i % 8 == 7 {
                out.push('\n');
            }
        }
        out
    };
    let check = pos.is_check().then(|| pos.king(pos.turn()).unwrap());
    let one = |square: Square| -> Result<(), String> {
        let (pixels, whites, blacks) = counts(square);
        let light = (square.file() as u8 + square.rank() as u8) % 2 == 1;
        let expected = match (light, moved.contains(&square)) {
            (true, false) => hex("#f0d9b5"),
            (false, false) => hex("#b58863"),
            (true, true) => hex("#cdd26a"),
            (false, true) => hex("#aaa23a"),
        };
        let reds = pixels.iter().filter(|p| red(**p)).count();
        // An outline is thin: its anti-aliased pixels count too.
        let outline = pixels.iter().filter(|p| p.iter().all(|c| *c < 110)).count();
        if Some(square) == check {
            ensure!(
                reds > 40,
                "{square}: the king in check is not on red ({reds} red pixels)"
            );
        } else {
            ensure!(reds == 0, "{square} is marked red ({reds} red pixels)");
            let bg = background(&pixels);
            ensure!(close(bg, expected), "{square} is {bg:?}, not {expected:?}");
        }
        match pos.piece_at(square) {
            None => ensure!(
                (whites, blacks) == (0, 0),
                "{square} is empty but drawn on ({whites} white, {blacks} black)"
            ),
            Some(Piece {
                color: Color::White,
                ..
            }) => ensure!(
                whites > 60 && outline > 25,
                "{square}: a white piece needs white with a black outline ({whites} white, {outline} dark)"
            ),
            Some(Piece {
                color: Color::Black,
                ..
            }) => ensure!(
                blacks > 150 && whites == 0,
                "{square}: a black piece is black ({whites} white, {blacks} black)"
            ),
        }
        Ok(())
    };
    Square::all()
        .try_for_each(one)
        .map_err(|e| format!("{e}; the squares as drawn:\n{}", seen()))
}

#[test]
#[ignore = "needs Chromium; .ci/run installs it and runs this"]
fn a_mate_with_the_last_move_and_the_king_in_check() {
    let g = game! { 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 # 1-0 };
    let last = g.moves().next_back().unwrap();
    let pos = g.final_position();
    let white_side = |sq: Square| {
        (
            MARGIN + sq.file() as usize * SQUARE,
            (7 - sq.rank() as usize) * SQUARE,
        )
    };
    drawn_right(&pos.svg().last_move(&last).to_string(), "mate", |image| {
        check_board(image, &pos, white_side, &[Square::H5, Square::F7])?;
        // The rank numbers on the left, the file letters below.
        let margin = image.region(0, 0, MARGIN, 8 * SQUARE);
        ensure!(
            margin.iter().filter(|p| p[0] < 150).count() > 40,
            "no rank numbers"
        );
        let below = image.region(MARGIN, 8 * SQUARE, 8 * SQUARE, MARGIN);
        ensure!(
            below.iter().filter(|p| p[0] < 150).count() > 40,
            "no file letters"
        );
        Ok(())
    });
}

#[test]
#[ignore = "needs Chromium; .ci/run installs it and runs this"]
fn from_black_side_without_coordinates() {
    let pos = game! { 1. d4 e5 2. dxe5 Bb4 + }.final_position();
    let svg = pos
        .svg()
        .perspective(Color::Black)
        .coordinates(false)
        .to_string();
    let black_side = |sq: Square| {
        (
            (7 - sq.file() as usize) * SQUARE,
            sq.rank() as usize * SQUARE,
        )
    };
    drawn_right(&svg, "black", |image| {
        check_board(image, &pos, black_side, &[])
    });
}

#[test]
#[ignore = "needs Chromium; .ci/run installs it and runs this"]
fn crazyhouse_pockets_above_and_below() {
    let g = game! { #![variant(crazyhouse)] 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. Nd5 Qxd2+ 5. Bxd2 };
    let pos = g.final_position();
    let last = g.moves().next_back().unwrap();
    let white_side = |sq: Square| {
        (
            MARGIN + sq.file() as usize * SQUARE,
            SQUARE + (7 - sq.rank() as usize) * SQUARE,
        )
    };
    let svg = pos.svg().last_move(&last).to_string();
    drawn_right(&svg, "crazyhouse", |image| {
        check_board(image, &pos, white_side, &[Square::C1, Square::D2])?;
        // Black's pocket (a pawn) above the board, White's (a pawn, a
        // queen) below.
        let above = image.region(MARGIN, 0, 3 * SQUARE, SQUARE);
        let below = image.region(MARGIN, 9 * SQUARE + MARGIN, 3 * SQUARE, SQUARE);
        ensure!(
            above.iter().filter(|p| black(**p)).count() > 60,
            "Black's pocket is not drawn"
        );
        ensure!(
            below.iter().filter(|p| white(**p)).count() > 0,
            "White's pocket is not drawn"
        );
        ensure!(
            below.iter().filter(|p| black(**p)).count() > 60,
            "White's pocket is not drawn"
        );
        Ok(())
    });
}
