//! The macro call, read once, front to back: the facade's path, the
//! options (their grammar: `#![allow(…)]`, `#![variant(…)]`,
//! `#![rules(…)]` …), then the game's tokens, a string, or the path of a
//! file to include.

use std::collections::VecDeque;

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};

use crate::input::{Source, tokens};
use crate::puzzle::PuzzleOptions;
use crate::replay::Options;
use crate::syntax::{Bound, Limits, PieceLetters};
use crate::{emit, rule_sets};

use super::failure::Failure;
use super::files::{RulesFile, read_included, rules_file};

/// The macro input, read once, front to back, with a little lookahead.
/// (Collecting and rebuilding token streams costs a round trip through the
/// compiler per token.)
pub(super) struct Input {
    pub(super) iter: proc_macro2::token_stream::IntoIter,
    ahead: VecDeque<TokenTree>,
    /// `#![search_budget(N)]`, `#![deny(other_mates)]`: for puzzles only.
    pub(super) puzzle: PuzzleOptions,
    /// Where a puzzle option was given, to refuse it elsewhere.
    pub(super) puzzle_attribute: Option<Span>,
    /// `#![rules("file", variant)]`: the path of a rules file, the
    /// section of a `variants.ini`, and the string literal's span.
    pub(super) rules: Option<(String, Option<String>, Span)>,
    /// `#![variant(capablanca)]` naming one of Fairy-Stockfish's built-in
    /// variants that plays here: its rule sets.
    builtin: Option<(String, rule_sets::RuleSets)>,
}

/// The options the macros take, as a help.
const OPTIONS_HELP: &str = "help: the options are `#![allow(moves_after_draw)]` (or `unfinished_result`, `numbers_from_first_move`), `#![piece_letters(de)]` (or `fr`, `es`, `it`, `nl`, `pt`), `#![annotations(drop)]`, `#![variant(crazyhouse)]` (or another variant), `#![rules(\"rules.yaml\")]` and `#![limits(variations = 500_000)]`; for `puzzle!` and `include_puzzles!`, `#![search_budget(N)]` and `#![deny(other_mates)]`";

/// `limits` with the bounds `#![limits(variations = 500_000, depth = 20)]`
/// sets (its words, the commas dropped).
fn limits_option(words: &[String], mut limits: Limits) -> Result<Limits, String> {
    let names: Vec<String> = Bound::ALL
        .iter()
        .map(|b| format!("`{}`", b.name()))
        .collect();
    let help = format!(
        "help: write `#![limits(variations = 500_000)]`; the bounds are {}",
        names.join(", ")
    );
    if words.is_empty() {
        return Err(format!("`#![limits(…)]` names no bound\n{help}"));
    }
    for triple in words.chunks(3) {
        let [name, eq, n] = triple else {
            return Err(format!("`{}` is not `name = N`\n{help}", triple.join(" ")));
        };
        let Some(bound) = Bound::named(name) else {
            return Err(format!("`{name}` names no bound\n{help}"));
        };
        let n = n.replace('_', "").parse::<u32>().ok().filter(|&n| n >= 1);
        match (eq.as_str(), n) {
            ("=", Some(n)) => limits = limits.with(bound, n),
            _ => {
                return Err(format!(
                    "`{name} {eq} {}` is not `name = N`, N from 1 to {}\n{help}",
                    triple[2],
                    u32::MAX
                ));
            }
        }
    }
    Ok(limits)
}

impl Input {
    pub(super) fn new(input: TokenStream) -> Input {
        Input {
            iter: input.into_iter(),
            ahead: VecDeque::new(),
            puzzle: PuzzleOptions::default(),
            puzzle_attribute: None,
            rules: None,
            builtin: None,
        }
    }

    /// The rules the games are played under, if not chess's or a lichess
    /// variant's: the rules file of `#![rules(…)]`, or the built-in
    /// variant of `#![variant(…)]`.
    pub(super) fn rules(&mut self) -> Result<Option<RulesFile>, Failure> {
        if let Some((name, sets)) = self.builtin.take() {
            if let Some((_, _, span)) = &self.rules {
                return Err(Failure::Call(emit::compile_error(
                    &format!(
                        "`#![variant({name})]` names a built-in variant, `#![rules(…)]` a rules file: give one\nhelp: a section of the rules file is named by `#![rules(\"variants.ini\", {name})]`"
                    ),
                    *span,
                    *span,
                )));
            }
            return Ok(Some(RulesFile {
                sets,
                path: format!("fairy-stockfish:{name}"),
                prelude: TokenStream::new(),
            }));
        }
        self.rules.take().map(rules_file).transpose()
    }

    fn peek(&mut self, n: usize) -> Option<&TokenTree> {
        while self.ahead.len() <= n {
            self.ahead.push_back(self.iter.next()?);
        }
        self.ahead.get(n)
    }

    pub(super) fn next(&mut self) -> Option<TokenTree> {
        self.ahead.pop_front().or_else(|| self.iter.next())
    }

    /// The call's tokens as one brace group, the whole of the rest, as the
    /// facade's `game!` passes them after its options (`$crate; #![…] { … }`):
    /// taken out.
    pub(super) fn call_group(&mut self) -> Option<proc_macro2::Group> {
        let lone = self.peek(1).is_none()
            && matches!(self.peek(0), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace);
        match lone.then(|| self.next()).flatten() {
            Some(TokenTree::Group(group)) => Some(group),
            _ => None,
        }
    }

    /// Whether games read with `options` (and the options read so far)
    /// may be read the quick way ([`printed_game`]): English piece letters,
    /// under chess or one of lichess's variants, with no puzzle option.
    pub(super) fn plays_plain(&self, options: &Options) -> bool {
        options.piece_letters == PieceLetters::English
            && self.rules.is_none()
            && self.builtin.is_none()
            && self.puzzle_attribute.is_none()
    }

    /// The facade's `$crate` path and its `;`, which come first.
    pub(super) fn krate(&mut self) -> TokenStream {
        let end = (0..4)
            .find(|&i| matches!(self.peek(i), Some(TokenTree::Punct(p)) if p.as_char() == ';'));
        match end {
            Some(end) => {
                let path: TokenStream = (0..end).filter_map(|_| self.next()).collect();
                self.next();
                path
            }
            // Called without a path: assume the facade's usual name.
            None => "::verified_chess".parse().unwrap_or_default(),
        }
    }

    /// The options at the start, as inner attributes:
    /// `#![allow(moves_after_draw)]`, `#![limits(variations = 500_000)]`,
    /// `#![piece_letters(de)]`,
    /// `#![annotations(drop)]`, `#![variant(crazyhouse)]`.
    pub(super) fn options(&mut self, mut options: Options) -> Result<Options, TokenStream> {
        loop {
            let hash_bang = matches!(self.peek(0), Some(TokenTree::Punct(p)) if p.as_char() == '#')
                && matches!(self.peek(1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
            if !hash_bang {
                return Ok(options);
            }
            // (The facade's `game!` passes the `#!` on as its own tokens:
            // what is wrong is spanned by what follows.)
            self.next();
            self.next();
            let group = match self.next() {
                Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => g,
                other => {
                    let span = other.map_or_else(Span::call_site, |t| t.span());
                    return Err(emit::compile_error(
                        &format!("`#!` begins an option, written `#![…]`\n{OPTIONS_HELP}"),
                        span,
                        span,
                    ));
                }
            };
            let words: Vec<String> = group
                .stream()
                .into_iter()
                .flat_map(|tt| match tt {
                    TokenTree::Group(inner) => inner
                        .stream()
                        .into_iter()
                        .map(|t| t.to_string())
                        .collect::<Vec<_>>(),
                    other => vec![other.to_string()],
                })
                .filter(|w| w != ",")
                .collect();
            self.option(&group, &words, &mut options)?;
        }
    }

    /// One option, `#![…]`: its group and the words in it.
    fn option(
        &mut self,
        group: &proc_macro2::Group,
        words: &[String],
        options: &mut Options,
    ) -> Result<(), TokenStream> {
        match words.split_first() {
            Some((attr, names)) if attr == "piece_letters" && names.len() == 1 => {
                match PieceLetters::from_name(&names[0]) {
                    Some(letters) => options.piece_letters = letters,
                    None => {
                        return Err(emit::compile_error(
                            &format!(
                                "`{}` names no language whose piece letters are read\nhelp: write `de` (K D T L S), `fr` (R D T F C), `es` or `it` (R D T A C), `nl` (K D T L P) or `pt` (R D T B C)",
                                names[0]
                            ),
                            group.span(),
                            group.span(),
                        ));
                    }
                }
            }
            Some((attr, names)) if attr == "annotations" && names.len() == 1 => {
                match names[0].as_str() {
                    "keep" => options.drop_annotations = false,
                    "drop" => options.drop_annotations = true,
                    other => {
                        return Err(emit::compile_error(
                            &format!(
                                "`{other}` is not what to do with annotations\nhelp: write `#![annotations(drop)]` to keep only the main line (variations are still verified), or `#![annotations(keep)]` (the default)"
                            ),
                            group.span(),
                            group.span(),
                        ));
                    }
                }
            }
            Some((attr, names)) if attr == "variant" && names.len() == 1 => {
                self.variant_option(&names[0], group, options)?;
            }
            Some((attr, names)) if attr == "search_budget" && names.len() == 1 => {
                let budget = names[0]
                    .replace('_', "")
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0);
                let Some(budget) = budget else {
                    return Err(emit::compile_error(
                        &format!(
                            "`{}` is not a number of positions\nhelp: write `#![search_budget(20_000_000)]`",
                            names[0]
                        ),
                        group.span(),
                        group.span(),
                    ));
                };
                self.puzzle.budget = budget;
                self.puzzle_attribute = Some(group.span());
            }
            Some((attr, names))
                if attr == "deny" && names.len() == 1 && names[0] == "other_mates" =>
            {
                self.puzzle.unique_last_move = true;
                self.puzzle_attribute = Some(group.span());
            }
            Some((attr, names)) if attr == "rules" && (1..=2).contains(&names.len()) => {
                let path = syn::parse_str::<syn::LitStr>(&names[0]).map(|l| l.value());
                let Ok(path) = path else {
                    return Err(emit::compile_error(
                        "`#![rules(…)]` takes the path of a rules file as a string: `#![rules(\"rules/mini.yaml\")]`, or `#![rules(\"variants.ini\", capablanca)]`",
                        group.span(),
                        group.span(),
                    ));
                };
                let span = group
                    .stream()
                    .into_iter()
                    .find_map(|t| match t {
                        TokenTree::Group(g) => g.stream().into_iter().next().map(|t| t.span()),
                        _ => None,
                    })
                    .unwrap_or_else(|| group.span());
                self.rules = Some((path, names.get(1).cloned(), span));
            }
            Some((attr, names)) if attr == "limits" => {
                options.limits = limits_option(names, options.limits)
                    .map_err(|why| emit::compile_error(&why, group.span(), group.span()))?;
            }
            Some((allow, names)) if allow == "allow" && !names.is_empty() => {
                for name in names {
                    match name.as_str() {
                        "moves_after_draw" => options.moves_after_draw = true,
                        "unfinished_result" => options.unfinished_result = true,
                        "numbers_from_first_move" => options.numbers_from_first_move = true,
                        other => {
                            return Err(emit::compile_error(
                                &format!(
                                    "unknown option `{other}`\nhelp: write `#![allow(moves_after_draw)]`, `#![allow(unfinished_result)]` or `#![allow(numbers_from_first_move)]`"
                                ),
                                group.span(),
                                group.span(),
                            ));
                        }
                    }
                }
            }
            _ => {
                return Err(emit::compile_error(
                    &format!("unknown attribute\n{OPTIONS_HELP}"),
                    group.span(),
                    group.span(),
                ));
            }
        }
        Ok(())
    }

    /// `#![variant(…)]`: a variant of the verified rules, or one of
    /// Fairy-Stockfish's built-in variants.
    fn variant_option(
        &mut self,
        word: &str,
        group: &proc_macro2::Group,
        options: &mut Options,
    ) -> Result<(), TokenStream> {
        // `#![variant(king_of_the_hill)]` or, as the tag
        // writes it, `#![variant("King of the Hill")]`.
        let name =
            syn::parse_str::<syn::LitStr>(word).map_or_else(|_| word.to_string(), |l| l.value());
        match crate::syntax::variant_named(&name) {
            Ok(variant) => options.variant = Some(variant),
            // One of Fairy-Stockfish's built-in variants, played
            // by chess-rules as a rules file would have it.
            Err(e)
                if e.leaves_to_builtins()
                    && let Some(found) = rule_sets::RuleSets::builtin(&name) =>
            {
                match found {
                    Ok(sets) => self.builtin = Some((name.trim().to_ascii_lowercase(), sets)),
                    Err(why) => {
                        let why = why.to_string();
                        return Err(emit::compile_error(&why, group.span(), group.span()));
                    }
                }
            }
            Err(message) => {
                // Every variant's attribute but standard chess's
                // (the default), Chess960's last.
                let mut names: Vec<&str> = chess_format::NAMES
                    .iter()
                    .filter(|e| e.rules.variant != chess_format::Variant::Standard)
                    .map(|e| e.attribute)
                    .collect();
                names.push("chess960");
                let (first, rest) = names.split_first().unwrap_or((&"", &[]));
                let (last, middle) = rest.split_last().unwrap_or((&"", &[]));
                let middle: String = middle.iter().map(|n| format!(", `{n}`")).collect();
                return Err(emit::compile_error(
                    &format!("{message}\nhelp: write `#![variant({first})]`{middle} or `{last}`"),
                    group.span(),
                    group.span(),
                ));
            }
        }
        Ok(())
    }

    /// A lone string literal, if that is all the rest of the input is.
    pub(super) fn lone_string(&mut self) -> Option<(String, Span)> {
        if self.peek(1).is_some() {
            return None;
        }
        let Some(TokenTree::Literal(lit)) = self.peek(0) else {
            return None;
        };
        let syn::Lit::Str(s) = syn::Lit::new(lit.clone()) else {
            return None;
        };
        Some((s.value(), lit.span()))
    }

    /// The source the rest of the input makes: PGN text for a lone string
    /// literal, the rendered tokens otherwise.
    pub(super) fn source(mut self) -> Source {
        if let Some((text, span)) = self.lone_string() {
            return Source::text(text, None, Some(span));
        }
        tokens::render(self.ahead.into(), self.iter, Span::call_site())
    }

    /// The file a macro includes (its one argument, a path relative to the
    /// crate's directory) as a source named by that path, and the prelude that
    /// makes cargo rebuild when the file changes.
    pub(super) fn included(
        &mut self,
        name: &str,
        example: &str,
    ) -> Result<(Source, TokenStream), TokenStream> {
        let literal = match (self.next(), self.next()) {
            (Some(TokenTree::Literal(lit)), None) => lit,
            (first, _) => {
                let span = first.map_or_else(Span::call_site, |t| t.span());
                return Err(emit::compile_error(
                    &format!(
                        "`{name}!` takes the path of a file, relative to the crate's directory: `{name}!(\"{example}\")`"
                    ),
                    span,
                    span,
                ));
            }
        };
        let span = literal.span();
        let syn::Lit::Str(path) = syn::Lit::new(literal.clone()) else {
            return Err(emit::compile_error(
                &format!("`{name}!` takes the path as a string literal"),
                span,
                span,
            ));
        };
        read_included(&path.value(), span)
    }
}
