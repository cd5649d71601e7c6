//! Opening books: for the positions of the first plies of a rule set, the moves a deep search
//! found good, each with its score. Built by our own self-play expansion ([`build`], `draughts
//! book build`), shipped embedded per rule set (`crates/engine/books/<variant>.book`,
//! [`embedded`]) and read by levels 6 to 8, the Hub engine and matches while the game's
//! position is in the book ([`Book::choose`]): they pick at random, seeded, among the book
//! moves, weighted towards the better ones, so that games from the same opening vary.
//!
//! # Text format (docs/engine.md, "Opening books")
//!
//! ```text
//! # draughts opening book
//! # variant: english
//! # built-by: draughts book build --variant english --plies 12 --depth 12 --positions 400 --margin 15 --width 3
//! # engine: draughts 0.1.0 (commit 3439991)
//! # plies: 12
//! # depth: 12
//! # width: 3
//! # date: 2026.12.03
//! # margin: 15
//! B:W21-32:B1-12 | 11-15 -7 | 11-16 -11 | 9-14 -11
//! ```
//!
//! Lines starting with `#` are the header (`key: value`) or comments; blank lines are skipped.
//! Every other line is a position in FEN, then ` | `, then its book moves, each as full move
//! text and a score (centi-men for the side to move, from a search of `depth` plies), best
//! first. `variant` and `margin` are required (the margin is how far below the best a stored
//! move may be). Reading checks everything: a malformed FEN, a move that is not legal in its
//! position, a missing score or a position listed twice is an error naming the file and line.

use crate::search::{Limits, Searcher};
use draughts_rules::notation::{fen, movetext};
use draughts_rules::{Game, Move, Position, Variant};
use std::collections::{BinaryHeap, HashMap};
use std::fmt;
use std::sync::OnceLock;

/// One position of a book and its moves, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position (side to move included).
    pub position: Position,
    /// The book moves with their scores (centi-men for the side to move), best first.
    pub moves: Vec<(Move, i32)>,
}

/// An opening book of one rule set: its header and its positions.
#[derive(Clone, Debug)]
pub struct Book {
    variant: Variant,
    /// The header fields in file order (`variant` and `margin` included).
    header: Vec<(String, String)>,
    margin: i32,
    entries: Vec<Entry>,
    /// Position hash to the index of its entry.
    index: HashMap<u64, usize>,
}

/// A book that could not be read: the file, the line (from 1; 0 for the file as a whole) and
/// what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The file's name as given to [`Book::parse`].
    pub file: String,
    /// Line number, from 1 (0: the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

impl std::error::Error for BookError {}

impl Book {
    /// An empty book of `variant` storing moves within `margin` centi-men of the best, with
    /// the header fields `header` (besides `variant` and `margin`, which it writes itself).
    pub fn new(variant: Variant, margin: i32, header: Vec<(String, String)>) -> Book {
        let mut h = vec![("variant".to_string(), variant.id().to_string())];
        h.extend(header.into_iter().filter(|(k, _)| k != "variant" && k != "margin"));
        h.push(("margin".to_string(), margin.to_string()));
        Book { variant, header: h, margin, entries: Vec::new(), index: HashMap::new() }
    }

    /// Reads a book of `variant` from its text (the module's format); `file` names it in
    /// errors. Errors: [`BookError`] for the first line that is wrong.
    pub fn parse(variant: Variant, text: &str, file: &str) -> Result<Book, BookError> {
        let err = |line: usize, message: String| BookError { file: file.to_string(), line, message };
        let mut header = Vec::new();
        let mut margin = None;
        let mut book: Option<Book> = None;
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            if let Some(comment) = line.strip_prefix('#') {
                if book.is_some() {
                    continue;
                }
                if let Some((k, v)) = comment.split_once(':') {
                    let (k, v) = (k.trim(), v.trim());
                    match k {
                        "variant" if v != variant.id() => return Err(err(n, format!("the book is for {v}, not {}", variant.id()))),
                        "margin" => {
                            let m: i32 = v.parse().map_err(|_| err(n, format!("margin {v:?} is not a number of centi-men")))?;
                            if m < 0 {
                                return Err(err(n, format!("margin {m} is negative")));
                            }
                            margin = Some(m);
                        }
                        _ => {}
                    }
                    if !k.contains(' ') {
                        header.push((k.to_string(), v.to_string()));
                    }
                }
                continue;
            }
            let b = match &mut book {
                Some(b) => b,
                slot @ None => {
                    if !header.iter().any(|(k, _)| k == "variant") {
                        return Err(err(n, "a position before the header's `# variant:` line".to_string()));
                    }
                    let Some(m) = margin else {
                        return Err(err(n, "a position before the header's `# margin:` line".to_string()));
                    };
                    slot.insert(Book {
                        variant,
                        header: std::mem::take(&mut header),
                        margin: m,
                        entries: Vec::new(),
                        index: HashMap::new(),
                    })
                }
            };
            let mut fields = line.split('|').map(str::trim);
            let fen_text = fields.next().unwrap_or("");
            let position = fen::parse(variant, fen_text).map_err(|e| err(n, format!("bad position {fen_text:?}: {e}")))?;
            let mut moves: Vec<(Move, i32)> = Vec::new();
            for field in fields {
                let Some((mv_text, score_text)) = field.rsplit_once(' ') else {
                    return Err(err(n, format!("book move {field:?} needs a move and a score (\"11-15 +4\")")));
                };
                let mv = movetext::parse(&position, mv_text.trim())
                    .map_err(|e| err(n, format!("move {:?} in {fen_text}: {e}", mv_text.trim())))?;
                let score: i32 =
                    score_text.parse().map_err(|_| err(n, format!("score {score_text:?} of {} is not a number", mv_text.trim())))?;
                if moves.iter().any(|(m, _)| m.same_as(&mv)) {
                    return Err(err(n, format!("move {} is listed twice", mv_text.trim())));
                }
                if moves.last().is_some_and(|(_, s)| *s < score) {
                    return Err(err(n, format!("moves must be listed best first; {} scores above the one before it", mv_text.trim())));
                }
                moves.push((mv, score));
            }
            if moves.is_empty() {
                return Err(err(n, format!("position {fen_text} has no book move (\"FEN | move score | ...\")")));
            }
            if b.get(&position).is_some() {
                return Err(err(n, format!("position {fen_text} is listed twice")));
            }
            b.insert(Entry { position, moves });
        }
        match (book, margin) {
            (Some(b), _) => Ok(b),
            (None, Some(margin)) if header.iter().any(|(k, _)| k == "variant") => {
                Ok(Book { variant, header, margin, entries: Vec::new(), index: HashMap::new() })
            }
            _ => Err(err(0, "not an opening book: no `# variant:` and `# margin:` header lines".to_string())),
        }
    }

    /// The book as text (the module's format); [`Book::parse`] reads it back.
    pub fn to_text(&self) -> String {
        let mut out = String::from("# draughts opening book\n");
        for (k, v) in &self.header {
            out.push_str(&format!("# {k}: {v}\n"));
        }
        for e in &self.entries {
            out.push_str(&fen::write(&e.position));
            for (m, s) in &e.moves {
                out.push_str(&format!(" | {} {s:+}", movetext::write(self.variant, m)));
            }
            out.push('\n');
        }
        out
    }

    /// The rule set of the book.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// A header field (`depth`, `built-by`, `engine`, `date`, ...).
    pub fn header(&self, key: &str) -> Option<&str> {
        self.header.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// How far below the best a stored move may score, in centi-men.
    pub fn margin(&self) -> i32 {
        self.margin
    }

    /// The positions in the order they were added (a build's order of expansion).
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entry of `position`, if the book holds it.
    pub fn get(&self, position: &Position) -> Option<&Entry> {
        self.index.get(&position.hash()).map(|&i| &self.entries[i]).filter(|e| e.position == *position)
    }

    /// Adds (or replaces) the entry of a position.
    pub fn insert(&mut self, entry: Entry) {
        match self.index.get(&entry.position.hash()) {
            Some(&i) if self.entries[i].position == entry.position => self.entries[i] = entry,
            _ => {
                self.index.insert(entry.position.hash(), self.entries.len());
                self.entries.push(entry);
            }
        }
    }

    /// A book move for the current position of `game`, or `None` when the position is not in
    /// the book (or the game is over). Chooses at random among the stored moves, weighted
    /// towards the better ones, reproducibly for a `seed`; only a move the game allows.
    pub fn choose(&self, game: &Game, seed: u64) -> Option<Move> {
        if game.outcome().is_some() || game.variant() != self.variant {
            return None;
        }
        let entry = self.get(game.position())?;
        let legal = game.legal_moves();
        let moves: Vec<(Move, i32)> = entry.moves.iter().filter(|(m, _)| legal.iter().any(|l| l.same_as(m))).copied().collect();
        crate::pick_within_margin(&moves, self.margin, seed ^ game.position().hash())
    }
}

/// The books shipped with the engine: rule set, file name, text.
const EMBEDDED: &[(Variant, &str, &str)] = &[
    (Variant::English, "english.book", include_str!("../books/english.book")),
    (Variant::American, "american.book", include_str!("../books/american.book")),
    (Variant::German, "german.book", include_str!("../books/german.book")),
    (Variant::Russian, "russian.book", include_str!("../books/russian.book")),
    (Variant::International, "international.book", include_str!("../books/international.book")),
    (Variant::Turkish, "turkish.book", include_str!("../books/turkish.book")),
    (Variant::Italian, "italian.book", include_str!("../books/italian.book")),
    (Variant::Brazilian, "brazilian.book", include_str!("../books/brazilian.book")),
];

/// The embedded book of `variant`, read once: `Ok(None)` when none is shipped for it; an error
/// names the file and line that is wrong (a test reads every shipped book, so this is a
/// safeguard, never a panic).
pub fn embedded(variant: Variant) -> Result<Option<&'static Book>, &'static BookError> {
    static BOOKS: OnceLock<Vec<(Variant, Result<Book, BookError>)>> = OnceLock::new();
    let books = BOOKS.get_or_init(|| {
        EMBEDDED.iter().map(|(v, file, text)| (*v, Book::parse(*v, text, &format!("crates/engine/books/{file}")))).collect()
    });
    match books.iter().find(|(v, _)| *v == variant) {
        None => Ok(None),
        Some((_, Ok(b))) => Ok(Some(b)),
        Some((_, Err(e))) => Err(e),
    }
}

/// The rule sets that ship a book.
pub fn shipped() -> Vec<Variant> {
    EMBEDDED.iter().map(|(v, _, _)| *v).collect()
}

/// The embedded book's move for the current position of `game` ([`Book::choose`]); `None` when
/// the rule set has no book, its book cannot be read, or the position is not in it.
pub fn embedded_move(game: &Game, seed: u64) -> Option<Move> {
    embedded(game.variant()).ok().flatten()?.choose(game, seed)
}

/// How [`build`] expands a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildOptions {
    /// Positions up to this many plies from the start are expanded (the book's moves reach
    /// one ply further).
    pub plies: usize,
    /// Depth of the search that scores every move of a position, in plies.
    pub depth: u32,
    /// Most positions in the book.
    pub positions: usize,
    /// A move scoring at most this many centi-men below the best is kept (and expanded).
    pub margin: i32,
    /// Most moves kept per position.
    pub width: usize,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions { plies: 12, depth: 12, positions: 400, margin: 15, width: 3 }
    }
}

/// The cost of one ply of a line in the expansion order, in centi-men: it makes the expansion
/// grow the book in breadth near the start before it follows a line deep.
const PLY_COST: i64 = 6;

/// Builds a book of `variant` by self-play expansion, best first: from the start position,
/// every move of a position is scored by a search of `opts.depth` plies; the moves within
/// `opts.margin` of the best (at most `opts.width`) are stored, and the positions they lead to
/// are queued with the cost of their line (the sum of how far each move of it fell below the
/// best, plus [`PLY_COST`] a ply). The cheapest queued position is expanded next, until the book
/// holds `opts.positions` or no position within `opts.plies` is left. Deterministic (searches of
/// fixed depth, no clock). Entries of `resume` (a book built with the same depth and margin)
/// are taken instead of searched again, so an interrupted build resumes. `progress` is told the
/// positions done and the most there will be; `checkpoint` gets the book every few positions
/// (to save it) and may end the build with its error.
pub fn build(
    variant: Variant,
    opts: &BuildOptions,
    header: Vec<(String, String)>,
    resume: Option<&Book>,
    progress: &mut dyn FnMut(usize, usize),
    checkpoint: &mut dyn FnMut(&Book) -> Result<(), String>,
) -> Result<Book, String> {
    let mut book = Book::new(variant, opts.margin, header);
    let mut searcher = Searcher::new(64);
    let limits = Limits::depth(opts.depth.max(1));
    // Queued lines: (cost, order queued) → the game reached; a min-heap through Reverse.
    let mut games: Vec<Game> = vec![Game::new(variant)];
    let mut queue = BinaryHeap::new();
    queue.push(std::cmp::Reverse((0i64, 0usize)));
    while let Some(std::cmp::Reverse((cost, id))) = queue.pop() {
        if book.entries.len() >= opts.positions {
            break;
        }
        let game = games[id].clone();
        if book.get(game.position()).is_some() || game.outcome().is_some() {
            continue;
        }
        let moves = match resume.and_then(|r| r.get(game.position())) {
            Some(e) => e.moves.clone(),
            None => {
                let scored = searcher.score_root_moves(&game, opts.depth.max(1), &limits, None);
                let Some(best) = scored.first().map(|s| s.1) else {
                    continue;
                };
                scored
                    .into_iter()
                    .filter(|(m, s)| best - s <= opts.margin && text_names_move(game.position(), m))
                    .take(opts.width.max(1))
                    .collect()
            }
        };
        let Some(best) = moves.first().map(|m| m.1) else {
            continue;
        };
        if game.ply() + 1 < opts.plies {
            for (m, s) in &moves {
                let mut next = game.clone();
                if next.play(m).is_ok() {
                    games.push(next);
                    queue.push(std::cmp::Reverse((cost + (best - s) as i64 + PLY_COST, games.len() - 1)));
                }
            }
        }
        book.insert(Entry { position: *game.position(), moves });
        progress(book.entries.len(), opts.positions);
        if book.entries.len().is_multiple_of(20) {
            checkpoint(&book)?;
        }
    }
    Ok(book)
}

/// Whether the move's full text names it alone in `position` (so the book reads back); a
/// flying king's two captures over different pieces along the same landings would not.
fn text_names_move(position: &Position, mv: &Move) -> bool {
    movetext::parse(position, &movetext::write(position.variant(), mv)).is_ok_and(|m| m.same_as(mv))
}
