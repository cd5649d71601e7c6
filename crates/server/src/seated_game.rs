//! A seated game: the rules crate's [`Game`] with what the table around it adds: the time each
//! move took, the elapsed-time [`Clock`], and the players' standing requests (a draw offer, a
//! takeback request). Local tables ([`crate::table`]) and online rooms ([`crate::rooms`]) both
//! hold one; who may do what (whose seat, the computer's turn) is theirs to decide, the game's
//! own changes are made here, once.
//!
//! Every change banks the running turn first, so a move's time is the time between the clock's
//! start and the move. Callers work on a copy and keep it only once it is stored.

use crate::clock::Clock;
use crate::table::Side;
use crate::wire::{GameJson, LoneKingJson, MoveJson, OutcomeJson, PlayedJson, PositionJson};
use draughts_rules::notation::{fen, movetext};
use crate::storage::{StoredGame, StoredMove, StoredResult};
use draughts_rules::{Color, DrawRules, Game, Move, Outcome, PlayError, Reason, Variant};
use serde::{Deserialize, Serialize};

/// The players' standing requests. Stored with a room's state (field names are part of the
/// storage format).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offers {
    /// The side that offers a draw.
    pub draw_offer: Option<Side>,
    /// The side that asks to take its last move back.
    pub takeback: Option<Side>,
}

/// One game with its move times, clock and offers.
#[derive(Clone, Debug)]
pub struct SeatedGame {
    game: Game,
    /// Milliseconds each move's mover spent on it, by ply (`spent[i]` belongs to move `i + 1`).
    spent: Vec<i64>,
    clock: Clock,
    offers: Offers,
}

impl SeatedGame {
    /// A game not yet begun: no moves, the clock stopped.
    pub fn new(game: Game) -> SeatedGame {
        SeatedGame { game, spent: Vec::new(), clock: Clock::default(), offers: Offers::default() }
    }

    /// Rebuilds a stored game: the start position (FEN) and every move replayed and checked by
    /// the rules crate again under the game's stored draw rules, then the result stored for a
    /// game that ended off the board (resignation, agreement, abandonment) and the clock. Errors
    /// name the draw rules, the start position, the move (1-based) or the result that fails;
    /// `stored.variant` is not checked here.
    pub fn from_stored(variant: Variant, stored: &StoredGame) -> Result<SeatedGame, String> {
        let draws = DrawRules::from_code(&stored.draw_rules).ok_or_else(|| format!("unknown draw rules {:?} (expected simplified or fmjd)", stored.draw_rules))?;
        let mut seated = SeatedGame::replay(variant, draws, &stored.start_fen, &stored.moves)?;
        seated.take_stored(stored.result.as_ref(), stored.clock)?;
        Ok(seated)
    }

    /// Plays one more stored move, `ply` (1-based) of the game, then takes the game's stored
    /// result and clock after it, as [`SeatedGame::from_stored`] would rebuild the longer game
    /// (the offers are the caller's). Errors name the move or result that fails; nothing
    /// changes then.
    pub fn extend_stored(&mut self, ply: usize, m: &StoredMove, result: Option<&(Option<String>, String)>, clock: Clock) -> Result<(), String> {
        if ply != self.game.ply() + 1 {
            return Err(format!("move {ply} does not follow ply {}", self.game.ply()));
        }
        let mut next = self.clone();
        next.push_stored(ply, m)?;
        next.take_stored(result, clock)?;
        *self = next;
        Ok(())
    }

    /// Plays stored move `ply` (1-based) with its time.
    fn push_stored(&mut self, ply: usize, m: &StoredMove) -> Result<(), String> {
        let refused = |e: &dyn std::fmt::Display| format!("move {ply} ({}): {e}", m.text);
        let mv = movetext::parse(self.game.position(), &m.text).map_err(|e| refused(&e))?;
        self.game.play(&mv).map_err(|e| refused(&e))?;
        self.spent.push(m.spent_ms);
        Ok(())
    }

    /// Takes a stored game's result (for a game that ended off the board) and clock.
    fn take_stored(&mut self, result: Option<&(Option<String>, String)>, clock: Clock) -> Result<(), String> {
        if let Some((winner, reason)) = result {
            if self.game.outcome().is_none() {
                let reason = Reason::from_code(reason).ok_or_else(|| format!("unknown result {reason:?}"))?;
                let outcome = match winner.as_deref() {
                    Some("light") => Outcome::Win(Color::Light, reason),
                    Some("dark") => Outcome::Win(Color::Dark, reason),
                    None => Outcome::Draw(reason),
                    Some(other) => return Err(format!("unknown winner {other:?}")),
                };
                self.game.finish(outcome).map_err(|e| e.to_string())?;
            }
        }
        self.clock = clock;
        if self.game.outcome().is_some() {
            // A finished game's clock stands (a stored running clock would count on).
            let at = self.clock.clock_since.unwrap_or(0);
            self.stop_clock(at);
        }
        Ok(())
    }

    /// Replays `moves` from the start position `start_fen` under the draw rules `draws`; the
    /// clock stopped at zero.
    pub fn replay(variant: Variant, draws: DrawRules, start_fen: &str, moves: &[StoredMove]) -> Result<SeatedGame, String> {
        let start = fen::parse(variant, start_fen).map_err(|e| format!("start position: {e}"))?;
        let game = Game::from_position_with(start, draws).map_err(|e| e.to_string())?;
        let mut seated = SeatedGame::new(game);
        for (i, m) in moves.iter().enumerate() {
            seated.push_stored(i + 1, m)?;
        }
        Ok(seated)
    }

    /// How the game ended, as stored; `None` while it goes on.
    pub fn stored_result(&self) -> Option<StoredResult> {
        let o = self.game.outcome()?;
        Some(StoredResult { winner: o.winner().map(|c| Side::from(c).id()), reason: o.reason().code() })
    }

    /// The stored form of move `ply` (1-based), sent by the message `msg_id`.
    pub fn stored_move(&self, ply: usize, msg_id: Option<String>) -> StoredMove {
        let v = self.variant();
        StoredMove { text: movetext::write(v, &self.game.moves()[ply - 1]), spent_ms: self.spent[ply - 1], msg_id }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The rule set.
    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    /// Milliseconds each move took, by ply.
    pub fn spent(&self) -> &[i64] {
        &self.spent
    }

    /// The clock.
    pub fn clock(&self) -> Clock {
        self.clock
    }

    /// The standing offers.
    pub fn offers(&self) -> Offers {
        self.offers
    }

    /// Sets the standing offers (the room decides who may offer what).
    pub fn set_offers(&mut self, offers: Offers) {
        self.offers = offers;
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.game.position().side_to_move()
    }

    /// Elapsed milliseconds `[light, dark]` at `now`, the running turn included.
    pub fn elapsed_at(&self, now: i64) -> [i64; 2] {
        self.clock.elapsed_at(self.to_move(), now)
    }

    /// Starts the clock for the side to move, unless it runs already or the game is over.
    pub fn start_clock(&mut self, now: i64) {
        if self.game.outcome().is_none() {
            self.clock.start(now);
        }
    }

    /// Stops the clock, banking the running turn. Returns the time that turn used.
    pub fn stop_clock(&mut self, now: i64) -> i64 {
        self.clock.bank(self.to_move(), now)
    }

    /// Plays a legal move at `now`: the running turn is banked as the move's time and the next
    /// turn's clock starts unless the game is over. A move answers the opponent's draw offer
    /// (it lapses) but not the mover's own, which stands for the opponent to answer (RULES.md
    /// section 4); a takeback request lapses, as the game it was about has changed. Nothing
    /// changes when the move is refused.
    pub fn play(&mut self, mv: &Move, now: i64) -> Result<(), PlayError> {
        let mover = self.to_move();
        let mut clock = self.clock;
        let spent = clock.bank(mover, now);
        self.game.play(mv)?;
        self.clock = clock;
        self.spent.push(spent);
        self.offers = Offers { draw_offer: self.offers.draw_offer.filter(|&s| s == Side::from(mover)), takeback: None };
        self.start_clock(now);
        Ok(())
    }

    /// How many plies a takeback for `side` undoes: back to just before `side`'s last move
    /// (so the other side's reply goes too). `None` when `side` has not moved.
    pub fn takeback_plies(&self, side: Color) -> Option<usize> {
        let positions = self.game.positions();
        let n = self.game.ply();
        (0..n).rev().find(|&i| positions[i].side_to_move() == side).map(|i| n - i)
    }

    /// Takes back `plies` moves at `now` (a result they caused goes too, and so does a
    /// resignation); the clock runs again from `now` when `restart` and the shorter game is not
    /// over. The standing offers lapse.
    pub fn take_back(&mut self, plies: usize, now: i64, restart: bool) -> Result<(), PlayError> {
        if plies > self.game.ply() {
            return Err(PlayError::NothingToUndo);
        }
        self.stop_clock(now);
        for _ in 0..plies {
            self.game.undo()?;
            self.spent.pop();
        }
        self.offers = Offers::default();
        if restart {
            self.start_clock(now);
        }
        Ok(())
    }

    /// Lifts a resignation at `now`, no move taken back; the clock runs again when `restart`.
    /// Returns whether there was one to lift.
    pub fn lift_resignation(&mut self, now: i64, restart: bool) -> bool {
        if !matches!(self.game.outcome(), Some(Outcome::Win(_, Reason::Resignation))) {
            return false;
        }
        self.game.reopen();
        if restart && self.game.outcome().is_none() {
            self.start_clock(now);
        }
        true
    }

    /// Ends the game at `now` with a result decided outside the board (agreement, resignation,
    /// abandonment): the clock stops and the offers lapse.
    pub fn finish(&mut self, outcome: Outcome, now: i64) -> Result<(), PlayError> {
        if let Some(o) = self.game.outcome() {
            return Err(PlayError::GameOver(o));
        }
        self.stop_clock(now);
        self.offers = Offers::default();
        self.game.finish(outcome)
    }

    /// The moves played, for the move list: ply, move number, side and time of each.
    pub fn played(&self) -> Vec<PlayedJson> {
        (0..self.game.ply()).map(|i| self.played_at(i)).collect()
    }

    /// The last move played, as [`SeatedGame::played`] lists it; `None` before the first move.
    pub fn last_played(&self) -> Option<PlayedJson> {
        self.game.ply().checked_sub(1).map(|i| self.played_at(i))
    }

    /// Move `i` (0-based) of the move list.
    fn played_at(&self, i: usize) -> PlayedJson {
        let v = self.variant();
        PlayedJson {
            ply: i + 1,
            number: self.game.move_number(i),
            side: self.game.positions()[i].side_to_move().into(),
            spent_ms: self.spent.get(i).copied().unwrap_or(0),
            mv: MoveJson::new(v, &self.game.moves()[i]),
        }
    }

    /// The current position with the routes the side to move may play (none once the game is
    /// over).
    pub fn position_json(&self) -> PositionJson {
        let pos = self.game.position();
        let legal = if self.game.outcome().is_none() { pos.legal_routes() } else { Vec::new() };
        PositionJson::new(pos, &legal)
    }

    /// The game's state as every client gets it at `now` (local tables and rooms alike).
    pub fn to_json(&self, now: i64) -> GameJson {
        let v = self.variant();
        let pos = self.game.position();
        GameJson {
            variant: v.id(),
            ply: self.game.ply(),
            side_to_move: pos.side_to_move().into(),
            start_fen: fen::write(self.game.start()),
            moves: self.played(),
            position: self.position_json(),
            last_move: self.game.moves().last().map(|m| MoveJson::new(v, m)),
            outcome: self.game.outcome().map(OutcomeJson::new),
            clock: self.clock.to_json(self.to_move(), now),
            quiet_count: self.game.quiet_count(),
            quiet_limit: self.game.quiet_limit(),
            quiet_reset: self.game.variant().rules().quiet_reset.code(),
            repetitions: self.game.repetitions(),
            draw_rules: self.game.draw_rules().code(),
            lone_king: self.game.lone_king_count().map(|(count, limit)| LoneKingJson { count, limit }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &SeatedGame, text: &str) -> Move {
        movetext::parse(s.game().position(), text).unwrap()
    }

    #[test]
    fn a_move_banks_its_time_and_starts_the_next_turn() {
        let mut s = SeatedGame::new(Game::new(Variant::English));
        s.start_clock(1_000);
        s.set_offers(Offers { draw_offer: Some(Side::Light), takeback: None });
        let m = mv(&s, "11-15");
        s.play(&m, 4_000).unwrap();
        assert_eq!(s.spent(), &[3_000]);
        assert_eq!(s.elapsed_at(4_500), [500, 3_000]);
        assert_eq!(s.offers(), Offers::default(), "a move answers the opponent's draw offer");
        // The mover's own offer stands for the opponent to answer.
        s.set_offers(Offers { draw_offer: Some(Side::Light), takeback: Some(Side::Dark) });
        let reply = mv(&s, "22-18");
        s.play(&reply, 5_000).unwrap();
        assert_eq!(s.offers(), Offers { draw_offer: Some(Side::Light), takeback: None });
        // A refused move changes nothing, the clock included.
        let before = s.clock();
        assert!(s.play(&m, 9_000).is_err());
        assert_eq!((s.clock(), s.game().ply()), (before, 2));
    }

    #[test]
    fn a_takeback_goes_back_before_the_askers_last_move() {
        let mut s = SeatedGame::new(Game::new(Variant::English));
        assert_eq!(s.takeback_plies(Color::Dark), None);
        for t in ["11-15", "23-19"] {
            let m = mv(&s, t);
            s.play(&m, 0).unwrap();
        }
        assert_eq!(s.takeback_plies(Color::Dark), Some(2));
        assert_eq!(s.takeback_plies(Color::Light), Some(1));
        s.take_back(2, 10, false).unwrap();
        assert_eq!((s.game().ply(), s.spent().len(), s.clock().running()), (0, 0, false));
        assert!(matches!(s.take_back(1, 10, true), Err(PlayError::NothingToUndo)));
    }

    #[test]
    fn move_numbers_follow_the_first_mover() {
        // English: Dark moves first; a set-up with Light to move starts with "1...".
        let start = fen::parse(Variant::English, "W:W21,22:B9,10").unwrap();
        let mut s = SeatedGame::new(Game::from_position(start));
        for t in ["21-17", "9-13", "22-18"] {
            let m = mv(&s, t);
            s.play(&m, 0).unwrap();
        }
        let numbers: Vec<(usize, Side)> = s.played().iter().map(|p| (p.number, p.side)).collect();
        assert_eq!(numbers, [(1, Side::Light), (2, Side::Dark), (2, Side::Light)]);
    }

    #[test]
    fn replay_names_the_move_that_fails() {
        let m = |text: &str| StoredMove { text: text.into(), spent_ms: 5, msg_id: None };
        let s = SeatedGame::replay(Variant::English, DrawRules::Simplified, &fen::write(Game::new(Variant::English).start()), &[m("11-15")]).unwrap();
        assert_eq!(s.spent(), &[5]);
        let e = SeatedGame::replay(Variant::English, DrawRules::Simplified, &fen::write(s.game().start()), &[m("11-15"), m("11-15")]).unwrap_err();
        assert!(e.starts_with("move 2 (11-15):"), "{e}");
    }
}
