//! A game: positions and moves played, undo, repetition, the quiet-move counter and the result
//! with its reason (RULES.md sections 1, 2, 4 and 7).

use crate::moves::Move;
use crate::resolve::MatchError;
use crate::position::Position;
use crate::draw::{self, DrawRules, OnePieceEach};
use crate::variant::Variant;
use crate::Color;
use std::fmt;

/// Why a game ended (RULES.md section 4). [`Reason::code`] gives the stored form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser has no legal move on its turn.
    NoLegalMove,
    /// The same position occurred for the third time.
    Threefold,
    /// The quiet-move counter reached the variant's limit (80 or 120 half-moves).
    QuietMoves(u16),
    /// A player resigned.
    Resignation,
    /// The players agreed a draw.
    Agreement,
    /// Turkish: each side has exactly one piece left.
    OnePieceEach,
    /// A player left an online game and did not come back in time.
    Abandonment,
    /// FMJD article 6.3: 25 moves each made only by kings, without a man move or a capture
    /// (a game played under [`DrawRules::Fmjd`]).
    FmjdKingMoves,
    /// FMJD articles 6.4 and 6.5: a lone king held out against three pieces for 16 moves each,
    /// or against two pieces or one for 5 moves each; the number is the moves each (16 or 5).
    FmjdLoneKing(u16),
    /// Ended by an organiser's rule outside the rules of play: a match between engines stops a
    /// game at its length limit and scores it drawn.
    Adjudication,
}

impl Reason {
    /// The stored code: `no-pieces`, `no-legal-move`, `threefold`, `quiet-moves-80`, ...
    pub fn code(&self) -> String {
        match self {
            Reason::NoPieces => "no-pieces".into(),
            Reason::NoLegalMove => "no-legal-move".into(),
            Reason::Threefold => "threefold".into(),
            Reason::QuietMoves(n) => format!("quiet-moves-{n}"),
            Reason::Resignation => "resignation".into(),
            Reason::Agreement => "agreement".into(),
            Reason::OnePieceEach => "one-piece-each".into(),
            Reason::Abandonment => "abandonment".into(),
            Reason::Adjudication => "adjudication".into(),
            Reason::FmjdKingMoves => "fmjd-king-moves".into(),
            Reason::FmjdLoneKing(n) => format!("fmjd-lone-king-{n}"),
        }
    }

    /// Reads a stored code.
    pub fn from_code(code: &str) -> Option<Reason> {
        Some(match code {
            "no-pieces" => Reason::NoPieces,
            "no-legal-move" => Reason::NoLegalMove,
            "threefold" => Reason::Threefold,
            "resignation" => Reason::Resignation,
            "agreement" => Reason::Agreement,
            "one-piece-each" => Reason::OnePieceEach,
            "abandonment" => Reason::Abandonment,
            "adjudication" => Reason::Adjudication,
            "fmjd-king-moves" => Reason::FmjdKingMoves,
            other if other.starts_with("fmjd-lone-king-") => Reason::FmjdLoneKing(other["fmjd-lone-king-".len()..].parse().ok()?),
            other => Reason::QuietMoves(other.strip_prefix("quiet-moves-")?.parse().ok()?),
        })
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A side won.
    Win(Color, Reason),
    /// Drawn.
    Draw(Reason),
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Win(c, _) => Some(*c),
            Outcome::Draw(_) => None,
        }
    }

    /// The reason.
    pub fn reason(&self) -> Reason {
        match self {
            Outcome::Win(_, r) | Outcome::Draw(r) => *r,
        }
    }

    /// The PDN result token: `1-0`, `0-1` or `1/2-1/2` (White = Light first).
    pub fn pdn(&self) -> &'static str {
        match self {
            Outcome::Win(Color::Light, _) => "1-0",
            Outcome::Win(Color::Dark, _) => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    /// In words: "Light wins: Dark has no legal move", "Draw: the same position occurred for the
    /// third time".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win(w, r) => {
                let l = !w;
                let why = match r {
                    Reason::NoPieces => format!("{l} has no pieces left"),
                    Reason::NoLegalMove => format!("{l} has no legal move"),
                    Reason::Resignation => format!("{l} resigned"),
                    Reason::OnePieceEach => format!("one piece each, and {w}'s king beats {l}'s man"),
                    Reason::Abandonment => format!("{l} left the game"),
                    other => other.code(),
                };
                write!(f, "{w} wins: {why}")
            }
            Outcome::Draw(r) => {
                let why = match r {
                    Reason::Threefold => "the same position occurred for the third time".to_string(),
                    Reason::QuietMoves(n) => format!("{n} half-moves in a row without a capture or a reset"),
                    Reason::Agreement => "agreed by the players".to_string(),
                    Reason::OnePieceEach => "one piece each of the same kind".to_string(),
                    Reason::Abandonment => "a player left the game and the other claimed a draw".to_string(),
                    Reason::Adjudication => "adjudicated at the match's length limit".to_string(),
                    Reason::FmjdKingMoves => "25 moves each made only by kings, without a man move or a capture (FMJD rule 6.3)".to_string(),
                    Reason::FmjdLoneKing(16) => "a lone king held out for 16 moves each against three pieces (FMJD rule 6.4)".to_string(),
                    Reason::FmjdLoneKing(n) => format!("a lone king held out for {n} moves each against two pieces or one (FMJD rule 6.5)"),
                    other => other.code(),
                };
                write!(f, "Draw: {why}")
            }
        }
    }
}

/// Why a move or action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is already over.
    GameOver(Outcome),
    /// The move is not legal here (the move as asked and the legal moves; see
    /// [`Position::play`]).
    Illegal(MatchError),
    /// Nothing to undo.
    NothingToUndo,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(f, "the game is over ({o})"),
            PlayError::Illegal(e) => write!(f, "{e}"),
            PlayError::NothingToUndo => write!(f, "no move to undo"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game from a start position: every position and move so far, the quiet-move counter and the
/// result once it ends.
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// The quiet-move counter after each position (`quiet[i]` belongs to `positions[i]`).
    quiet: Vec<u16>,
    /// The FMJD lone-king ending's count at each position (limit 0 outside such an ending and
    /// under the simplified rules; see [`draw::next_ending`]).
    ending: Vec<draw::EndingCount>,
    /// The draw rules the game is judged by.
    draws: DrawRules,
    outcome: Option<Outcome>,
}

/// A game asked for draw rules its rule set does not have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRulesError {
    /// The rule set.
    pub variant: Variant,
    /// The draw rules asked for.
    pub draws: DrawRules,
}

impl fmt::Display for DrawRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} has no {} draw rules; only international draughts can be played under the FMJD's", self.variant.rules().name, self.draws.code())
    }
}

impl std::error::Error for DrawRulesError {}

impl Game {
    /// A game from the variant's start position.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::start(variant))
    }

    /// A game from a set-up position (the quiet-move counter starts at 0). A position that is
    /// already lost (no pieces or no legal move for the side to move) is recorded as finished.
    pub fn from_position(start: Position) -> Game {
        let mut g = Game { positions: vec![start], moves: Vec::new(), quiet: vec![0], ending: vec![draw::EndingCount::default()], draws: DrawRules::Simplified, outcome: None };
        g.outcome = g.judge();
        g
    }

    /// A game from a set-up position judged by `draws` ([`Game::from_position`] under the
    /// simplified rules).
    ///
    /// Errors: [`DrawRulesError`] when the rule set does not have these draw rules.
    pub fn from_position_with(start: Position, draws: DrawRules) -> Result<Game, DrawRulesError> {
        let variant = start.variant();
        if !draws.available(variant.rules()) {
            return Err(DrawRulesError { variant, draws });
        }
        let mut g = Game::from_position(start);
        g.draws = draws;
        g.ending[0] = draw::next_ending(variant.rules(), draws, draw::EndingCount::default(), &start);
        g.outcome = g.judge();
        Ok(g)
    }

    /// A game from the variant's start position judged by `draws`.
    ///
    /// Errors: [`DrawRulesError`] when the rule set does not have these draw rules.
    pub fn new_with(variant: Variant, draws: DrawRules) -> Result<Game, DrawRulesError> {
        Game::from_position_with(Position::start(variant), draws)
    }

    /// The draw rules the game is judged by.
    pub fn draw_rules(&self) -> DrawRules {
        self.draws
    }

    /// The half-moves without a reset that draw the game (the rule set's limit, or FMJD
    /// article 6.3's 50 under [`DrawRules::Fmjd`]).
    pub fn quiet_limit(&self) -> u16 {
        draw::quiet_limit(self.variant().rules(), self.draws)
    }

    /// Under the FMJD's rules, in a lone-king ending (articles 6.4 and 6.5): the half-moves
    /// played in it so far and the half-moves it may last (see [`draw::next_ending`]). `None`
    /// otherwise.
    pub fn lone_king_count(&self) -> Option<(u16, u16)> {
        let e = *self.ending.last().expect("one count per position");
        (e.limit > 0).then_some((e.count, e.limit))
    }

    /// The index of the earliest position (in [`Game::positions`]) a replay must begin at to
    /// judge the rest of this game as the game does, when it starts there as a new game
    /// ([`Game::from_position_with`]) and plays the moves since: the start of the reversible
    /// tail ([`draw::reversible_tail_start`]: repetitions and the quiet-move counter), or, under
    /// the FMJD's rules, the position where the lone-king ending in progress began when that is
    /// earlier (its count runs on through captures and man moves, articles 6.4 and 6.5). A Hub
    /// `pos` line sent from a later position would restart that count, and the engine would
    /// judge the game otherwise than its opponent and the arbiter.
    pub fn replay_start(&self) -> usize {
        let tail = draw::reversible_tail_start(&self.positions, &self.moves);
        let now = self.positions.len() - 1;
        match self.lone_king_count() {
            Some((count, _)) => tail.min(now.saturating_sub(count as usize)),
            None => tail,
        }
    }

    /// The move number of move `i` (0-based) as PDN writes it: numbers count pairs that begin
    /// with the rule set's first mover, so a game set up with the other side to move begins
    /// with `1...`.
    pub fn move_number(&self, i: usize) -> usize {
        let offset = usize::from(self.start().side_to_move() != self.variant().rules().first_mover);
        (i + offset) / 2 + 1
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.positions[0].variant()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has a position")
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position, the start first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Half-moves played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The quiet-move counter now: consecutive half-moves without a reset (RULES.md section 1).
    pub fn quiet_count(&self) -> u16 {
        *self.quiet.last().expect("one counter per position")
    }

    /// The result, once the game has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// How often the current position has occurred (same pieces, kinds and side to move).
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions.iter().filter(|p| p.hash() == now.hash() && *p == now).count()
    }

    /// The legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        self.position().legal_moves()
    }

    /// Plays a move, which must be legal (compared by move identity; the route given is kept).
    /// Moves named from outside (text, squares) become moves through [`crate::resolve::find`]
    /// or [`crate::notation::movetext::parse`] first: the game knows no text format.
    pub fn play(&mut self, mv: &Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        let before = *self.position();
        let mut after = before;
        after.play(mv).map_err(PlayError::Illegal)?;
        let rules = self.variant().rules();
        let count = draw::next_quiet(rules, &before, mv, self.quiet_count());
        let ending = draw::next_ending(rules, self.draws, *self.ending.last().expect("one count per position"), &after);
        self.positions.push(after);
        self.moves.push(*mv);
        self.quiet.push(count);
        self.ending.push(ending);
        self.outcome = self.judge();
        Ok(())
    }

    /// Takes back the last move (and any result it caused).
    pub fn undo(&mut self) -> Result<Move, PlayError> {
        let mv = self.moves.pop().ok_or(PlayError::NothingToUndo)?;
        self.positions.pop();
        self.quiet.pop();
        self.ending.pop();
        self.outcome = self.judge();
        Ok(mv)
    }

    /// Ends the game by resignation of `loser`.
    pub fn resign(&mut self, loser: Color) -> Result<(), PlayError> {
        self.finish(Outcome::Win(!loser, Reason::Resignation))
    }

    /// Lifts a result decided outside the rules (a resignation taken back): the game goes on
    /// from the same position, unless the position itself ends it.
    pub fn reopen(&mut self) {
        self.outcome = self.judge();
    }

    /// Ends the game with an outcome decided outside the rules (agreement, abandonment).
    pub fn finish(&mut self, outcome: Outcome) -> Result<(), PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        self.outcome = Some(outcome);
        Ok(())
    }

    /// The result the rules give to the current position, if the game is over (RULES.md
    /// section 4), checked in this order: no pieces, Turkish one-piece-each, no legal move, third
    /// occurrence, quiet-move limit (FMJD 6.3 under its rules), FMJD lone-king count (6.4, 6.5).
    fn judge(&self) -> Option<Outcome> {
        let pos = self.position();
        let rules = self.variant().rules();
        let side = pos.side_to_move();
        if pos.pieces(side) == 0 {
            return Some(Outcome::Win(!side, Reason::NoPieces));
        }
        if let Some(ending) = draw::one_piece_each(rules, pos) {
            return Some(match ending {
                OnePieceEach::Win(winner) => Outcome::Win(winner, Reason::OnePieceEach),
                OnePieceEach::Draw => Outcome::Draw(Reason::OnePieceEach),
            });
        }
        if !pos.has_legal_move() {
            return Some(Outcome::Win(!side, Reason::NoLegalMove));
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::Draw(Reason::Threefold));
        }
        if self.quiet_count() >= self.quiet_limit() {
            return Some(Outcome::Draw(match self.draws {
                DrawRules::Fmjd => Reason::FmjdKingMoves,
                DrawRules::Simplified => Reason::QuietMoves(rules.quiet_limit),
            }));
        }
        if let Some((count, limit)) = self.lone_king_count() {
            if count >= limit {
                return Some(Outcome::Draw(Reason::FmjdLoneKing(limit / 2)));
            }
        }
        None
    }
}
