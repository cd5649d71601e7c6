//! A room's stored state and its rules: the pure state machine of a room. [`Core::act`] works
//! out an action on a copy of the state and returns the next state, what to store (as [`Op`]s)
//! and what to announce; nothing here does I/O, so every room rule is tested without a socket.

use crate::storage::{room_owner, GameKey, Op};
use super::protocol::{self, Action, ClaimResult, ErrorCode, ProtoError};
use super::RoomsConfig;
use crate::seated_game::{Offers, SeatedGame};
use crate::table::Side;
use crate::wire::MoveInput;
use draughts_rules::notation::fen;
use draughts_rules::{Color, Game, Move, Outcome, Reason, Variant};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// How many recent message ids per player are remembered (and stored) to spot a resent message.
pub(crate) const RECENT_IDS: usize = 64;

/// What a room adds to its seated game, stored with the game's offers as JSON in `rooms.meta`
/// ([`StoredMeta`]).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct Meta {
    /// Which players (0 = creator, 1 = guest) asked for a rematch after the game ended.
    pub rematch: [bool; 2],
    /// Ids of each player's last accepted messages, newest last.
    pub recent: [VecDeque<String>; 2],
    /// Since when each player (0 = creator) has had no connection (Unix ms); `None` while
    /// connected. Stored, so that the grace period before a claim counts from when the player
    /// left, across reloads of the room and restarts of the server (RULES.md section 4).
    #[serde(default)]
    pub away_since: [Option<i64>; 2],
    /// The room's revision: one more with every change stored ([`Core::save_ops`]). A storage
    /// shared by several nodes replaces a room only from the revision it was read at.
    #[serde(default)]
    pub rev: u64,
    /// The decline that made this revision, if one did; any other change clears it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declined: Option<protocol::DeclinedJson>,
}

/// The JSON of `rooms.meta`: the current game's offers and the room's [`Meta`], in one flat
/// object (`draw_offer`, `takeback`, `rematch`, `recent`, `away_since`). The clock is the
/// game's, in its row.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct StoredMeta {
    #[serde(flatten)]
    pub offers: Offers,
    #[serde(flatten)]
    pub meta: Meta,
}

/// A room's stored state.
#[derive(Clone, Debug)]
pub(crate) struct Core {
    pub id: String,
    pub variant: Variant,
    pub created_at: i64,
    /// Each player's seat token as stored, hashed ([`super::token_hash`]); player 0 created
    /// the room; `None` while the seat is free.
    pub tokens: [Option<String>; 2],
    /// The current game's number, 1 first; each rematch adds one.
    pub game_no: u32,
    /// The player who has Light in the current game (colours swap on each rematch).
    pub light_player: u8,
    /// The current game, with its clock and the players' offers.
    pub seated: SeatedGame,
    pub meta: Meta,
}

fn color_side(c: Color) -> Side {
    c.into()
}

impl Core {
    /// The current game.
    pub(crate) fn game(&self) -> &Game {
        self.seated.game()
    }

    /// A new room with its first game `first` (not begun; its rule set and draw rules are the
    /// room's): the creator (player 0) gets `creator_color`.
    pub(crate) fn new(id: String, first: Game, creator_color: Color, token: String, now: i64) -> Core {
        Core {
            id,
            variant: first.variant(),
            created_at: now,
            tokens: [Some(token), None],
            game_no: 1,
            light_player: if creator_color == Color::Light { 0 } else { 1 },
            seated: SeatedGame::new(first),
            meta: Meta::default(),
        }
    }

    pub(crate) fn color_of(&self, player: u8) -> Color {
        if player == self.light_player {
            Color::Light
        } else {
            Color::Dark
        }
    }

    pub(crate) fn player_of(&self, c: Color) -> u8 {
        if c == Color::Light {
            self.light_player
        } else {
            1 - self.light_player
        }
    }

    /// Both seats are taken: the game is on (moves allowed, clock running).
    pub(crate) fn started(&self) -> bool {
        self.tokens.iter().all(Option::is_some)
    }

    /// The clock runs while the game is on and not over.
    pub(crate) fn run_clock(&mut self, now: i64) {
        if self.started() {
            self.seated.start_clock(now);
        }
    }

    /// The current game's key in the storage.
    pub(crate) fn game_key(&self) -> GameKey {
        GameKey { owner: room_owner(&self.id), game_no: self.game_no }
    }

    /// Stores the room's row and its current game's clock and result, as the next revision
    /// ([`Meta::rev`]): call it once per change, on the state that replaces this one.
    pub(crate) fn save_ops(&mut self) -> Vec<Op> {
        self.meta.rev += 1;
        vec![
            Op::SaveRoom {
                id: self.id.clone(),
                variant: self.variant.id(),
                created_at: self.created_at,
                tokens: self.tokens.clone(),
                game_no: self.game_no,
                meta: serde_json::to_string(&StoredMeta { offers: self.seated.offers(), meta: self.meta.clone() }).expect("meta serialises"),
                create_key: None,
            },
            self.save_game_op(),
        ]
    }

    fn save_game_op(&self) -> Op {
        Op::SaveGame { key: self.game_key(), clock: self.seated.clock(), result: self.seated.stored_result(), settings: None }
    }

    /// Begins the current game in the storage (its clock and result follow with
    /// [`Core::save_ops`]).
    pub(crate) fn new_game_op(&self, now: i64) -> Op {
        Op::NewGame {
            key: self.game_key(),
            variant: self.variant.id(),
            draw_rules: self.game().draw_rules().code(),
            start_fen: fen::write(self.game().start()),
            light_player: self.light_player,
            started_at: now,
            replace: false,
        }
    }

    fn remember(&mut self, player: u8, id: &str) {
        let r = &mut self.meta.recent[player as usize];
        r.push_back(id.to_string());
        while r.len() > RECENT_IDS {
            r.pop_front();
        }
    }

    pub(crate) fn seen(&self, player: u8, id: &str) -> bool {
        self.meta.recent[player as usize].iter().any(|x| x == id)
    }

    fn in_progress(&self, game: u32) -> Result<(), ProtoError> {
        if game != self.game_no {
            return Err(ProtoError::new(ErrorCode::Stale, format!("this is about game {game}, but the room is at game {}", self.game_no)));
        }
        if let Some(o) = self.game().outcome() {
            return Err(ProtoError::new(ErrorCode::GameOver, format!("the game is over: {o}")));
        }
        if !self.started() {
            return Err(ProtoError::new(ErrorCode::NotStarted, "the game starts when the other player has joined"));
        }
        Ok(())
    }

    /// The legal move a move message names ([`MoveInput`], as over HTTP). Unreadable input is
    /// `bad_message`; an illegal, ambiguous or cut-short move is `illegal`.
    pub(crate) fn move_of(&self, input: &MoveInput) -> Result<Move, ProtoError> {
        input.resolve(self.game().position()).map_err(|e| {
            let code = if e.unreadable() { ErrorCode::BadMessage } else { ErrorCode::Illegal };
            ProtoError { reason: Some((e.code(), e.args())), ..ProtoError::new(code, e.to_string()) }
        })
    }

    /// Works out an action of `player` at time `now`: the new state, what to store, and what
    /// to announce. Nothing is changed here.
    pub(crate) fn act(&self, player: u8, action: &Action, cfg: &RoomsConfig, now: i64) -> Result<Transition, ProtoError> {
        let me = self.color_of(player);
        let them = !me;
        let mut next = self.clone();
        // Only a decline sets it again: the decline is news of this change alone.
        next.meta.declined = None;
        let mut ops = Vec::new();
        let announce;
        let over = |e: draughts_rules::PlayError| ProtoError::new(ErrorCode::GameOver, e.to_string());
        let offers = self.seated.offers();
        match action {
            Action::Move { game, ply, mv, .. } => {
                // An unreadable message is answered as such before the game's state is checked.
                let found = self.move_of(mv);
                if let Err(e) = &found {
                    if e.code == ErrorCode::BadMessage {
                        return Err(e.clone());
                    }
                }
                self.in_progress(*game)?;
                if *ply != self.game().ply() {
                    return Err(ProtoError::new(
                        ErrorCode::Stale,
                        format!("the game is at ply {}, not {ply}: a move was played since", self.game().ply()),
                    ));
                }
                if self.seated.to_move() != me {
                    return Err(ProtoError::new(ErrorCode::NotYourTurn, format!("it is {}'s turn", self.seated.to_move())));
                }
                let mv = found?;
                next.seated.play(&mv, now).map_err(|e| ProtoError::new(ErrorCode::Illegal, e.to_string()))?;
                let ply = next.game().ply();
                let m = next.seated.stored_move(ply, Some(action.id().to_string()));
                ops.push(Op::AddMove { key: self.game_key(), ply, text: m.text, spent_ms: m.spent_ms, msg_id: m.msg_id });
                announce = Announce::Moved;
            }
            Action::OfferDraw { game, .. } => {
                self.in_progress(*game)?;
                match offers.draw_offer {
                    Some(s) if s == color_side(me) => return Err(ProtoError::new(ErrorCode::NoOffer, "you already offer a draw")),
                    // Both want a draw: that is agreement.
                    Some(_) => {
                        next.seated.finish(Outcome::Draw(Reason::Agreement), now).map_err(over)?;
                    }
                    None => next.seated.set_offers(Offers { draw_offer: Some(color_side(me)), ..offers }),
                }
                announce = Announce::State;
            }
            Action::AcceptDraw { game, .. } | Action::DeclineDraw { game, .. } => {
                self.in_progress(*game)?;
                if offers.draw_offer != Some(color_side(them)) {
                    return Err(ProtoError::new(ErrorCode::NoOffer, "there is no draw offer from the other player"));
                }
                if matches!(action, Action::AcceptDraw { .. }) {
                    next.seated.finish(Outcome::Draw(Reason::Agreement), now).map_err(over)?;
                    announce = Announce::State;
                } else {
                    next.seated.set_offers(Offers { draw_offer: None, ..offers });
                    next.meta.declined = Some(protocol::DeclinedJson { what: protocol::Declinable::Draw, by: color_side(me) });
                    announce = Announce::State;
                }
            }
            Action::WithdrawDraw { game, .. } => {
                self.in_progress(*game)?;
                if offers.draw_offer != Some(color_side(me)) {
                    return Err(ProtoError::new(ErrorCode::NoOffer, "you have no draw offer to withdraw"));
                }
                next.seated.set_offers(Offers { draw_offer: None, ..offers });
                announce = Announce::State;
            }
            Action::WithdrawTakeback { game, .. } => {
                self.in_progress(*game)?;
                if offers.takeback != Some(color_side(me)) {
                    return Err(ProtoError::new(ErrorCode::NoOffer, "you have no takeback request to withdraw"));
                }
                next.seated.set_offers(Offers { takeback: None, ..offers });
                announce = Announce::State;
            }
            Action::Resign { game, .. } => {
                self.in_progress(*game)?;
                next.seated.finish(Outcome::Win(them, Reason::Resignation), now).map_err(over)?;
                announce = Announce::State;
            }
            Action::AskTakeback { game, ply, .. } => {
                self.in_progress(*game)?;
                if *ply != self.game().ply() {
                    return Err(ProtoError::new(ErrorCode::Stale, format!("the game is at ply {}, not {ply}", self.game().ply())));
                }
                if offers.takeback.is_some() {
                    return Err(ProtoError::new(ErrorCode::NoOffer, "a takeback is already asked for"));
                }
                if self.seated.takeback_plies(me).is_none() {
                    return Err(ProtoError::new(ErrorCode::NoOffer, "you have no move to take back"));
                }
                next.seated.set_offers(Offers { takeback: Some(color_side(me)), ..offers });
                announce = Announce::State;
            }
            Action::GrantTakeback { game, .. } | Action::DeclineTakeback { game, .. } => {
                self.in_progress(*game)?;
                let Some(asker) = offers.takeback.filter(|&s| s == color_side(them)) else {
                    return Err(ProtoError::new(ErrorCode::NoOffer, "the other player has not asked for a takeback"));
                };
                if matches!(action, Action::GrantTakeback { .. }) {
                    let n = self.seated.takeback_plies(asker.into()).ok_or_else(|| ProtoError::new(ErrorCode::NoOffer, "no move to take back"))?;
                    next.seated.take_back(n, now, true).map_err(|e| ProtoError::new(ErrorCode::NoOffer, e.to_string()))?;
                    ops.push(Op::Truncate { key: self.game_key(), ply: next.game().ply() });
                    announce = Announce::State;
                } else {
                    next.seated.set_offers(Offers { takeback: None, ..offers });
                    next.meta.declined = Some(protocol::DeclinedJson { what: protocol::Declinable::Takeback, by: color_side(me) });
                    announce = Announce::State;
                }
            }
            Action::Claim { game, result, .. } => {
                self.in_progress(*game)?;
                // RULES.md section 4: only while the absent player is to move (they let their
                // own clock run; the claimant cannot leave on their own turn and win).
                if self.seated.to_move() != them {
                    return Err(ProtoError::new(ErrorCode::NotAllowed, "you can claim only while it is the other player's turn: make your move first"));
                }
                let other = self.player_of(them);
                let gone_since = self.meta.away_since[other as usize].ok_or_else(|| ProtoError::new(ErrorCode::NotAllowed, "the other player is connected"))?;
                let wait = gone_since + cfg.grace.as_millis() as i64 - now;
                if wait > 0 {
                    return Err(ProtoError::new(
                        ErrorCode::NotAllowed,
                        format!("the other player may still come back: wait {} more seconds", (wait + 999) / 1000),
                    ));
                }
                let outcome = match result {
                    ClaimResult::Win => Outcome::Win(me, Reason::Abandonment),
                    ClaimResult::Draw => Outcome::Draw(Reason::Abandonment),
                };
                next.seated.finish(outcome, now).map_err(over)?;
                announce = Announce::State;
            }
            Action::Rematch { game, .. } => {
                if *game != self.game_no {
                    return Err(ProtoError::new(ErrorCode::Stale, format!("this is about game {game}, but the room is at game {}", self.game_no)));
                }
                if self.game().outcome().is_none() {
                    return Err(ProtoError::new(ErrorCode::NotAllowed, "a rematch can start only when this game is over"));
                }
                if self.meta.rematch[player as usize] {
                    return Err(ProtoError::new(ErrorCode::NoOffer, "you already asked for a rematch"));
                }
                next.meta.rematch[player as usize] = true;
                if next.meta.rematch == [true, true] {
                    // Both asked: a new game with colours swapped, under the room's draw rules.
                    let game = Game::new_with(self.variant, self.game().draw_rules()).map_err(|e| ProtoError::new(ErrorCode::NotAllowed, e.to_string()))?;
                    next.game_no += 1;
                    next.light_player = 1 - self.light_player;
                    next.seated = SeatedGame::new(game);
                    next.meta = Meta { recent: next.meta.recent.clone(), away_since: next.meta.away_since, rev: next.meta.rev, ..Meta::default() };
                    next.run_clock(now);
                    ops.push(next.new_game_op(now));
                }
                announce = Announce::State;
            }
        }
        next.remember(player, action.id());
        // The room row first, the game's clock and result last (after a rematch's new game).
        let mut all = next.save_ops();
        let save_game = all.pop().expect("two ops");
        all.extend(ops);
        all.push(save_game);
        Ok(Transition { next, ops: all, announce })
    }
}

/// What an action does: the room's next state, what to store, and what to announce.
pub(crate) struct Transition {
    pub next: Core,
    pub ops: Vec<Op>,
    pub announce: Announce,
}

/// What is announced after an action.
pub(crate) enum Announce {
    /// A move: the short `moved` message.
    Moved,
    /// Anything else: the whole `state` (saying what was declined after a decline,
    /// [`Meta::declined`]).
    State,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rooms::protocol::{ClaimResult, ErrorCode};

    fn core_at(variant: Variant, fen_text: &str) -> Core {
        let mut c = Core::new("r".into(), Game::new(variant), Color::Light, "t".into(), 0);
        c.seated = SeatedGame::new(Game::from_position(fen::parse(variant, fen_text).unwrap()));
        c.tokens[1] = Some("u".into());
        c
    }

    fn route(from: &str, path: &[&str]) -> MoveInput {
        MoveInput { from: Some(from.into()), path: Some(path.iter().map(|s| s.to_string()).collect()), ..MoveInput::default() }
    }

    #[test]
    fn a_capture_chain_must_be_complete() {
        // Dark to move with a double jump (RULES.md section 3: a chain is played to its end).
        let v = Variant::English;
        let c = core_at(v, "B:W14,23:B9");
        let legal = c.game().position().legal_routes();
        let chain = legal.iter().find(|m| m.landings().len() >= 2).expect("a double jump");
        let from = chain.from().name(v);
        let landings: Vec<String> = chain.landings().map(|s| s.name(v)).collect();
        let landings: Vec<&str> = landings.iter().map(String::as_str).collect();
        assert!(c.move_of(&route(&from, &landings)).is_ok());
        let e = c.move_of(&route(&from, &landings[..1])).err().unwrap();
        assert_eq!(e.code, ErrorCode::Illegal);
        assert!(e.message.contains("chain must go on"), "{}", e.message);
        let e = c.move_of(&route("9", &["13"])).err().unwrap();
        assert!(e.message.contains("legal moves are"), "{}", e.message);
        let e = c.move_of(&route("9", &["x"])).err().unwrap();
        assert_eq!(e.code, ErrorCode::BadMessage);
        // Text is read as over HTTP; a message with neither form is unreadable.
        assert!(c.move_of(&MoveInput { text: Some(format!("{from}x{}", landings[1])), ..MoveInput::default() }).is_ok());
        assert_eq!(c.move_of(&MoveInput::default()).err().unwrap().code, ErrorCode::BadMessage);
    }

    fn act(c: &Core, player: u8, a: Action, away: [Option<i64>; 2]) -> Result<Core, ProtoError> {
        let cfg = RoomsConfig { grace: std::time::Duration::from_millis(1_000), ..RoomsConfig::default() };
        let mut c = c.clone();
        c.meta.away_since = away;
        c.act(player, &a, &cfg, 10_000).map(|t| t.next)
    }

    fn play(c: &Core, player: u8, text: &str) -> Core {
        let mv = MoveInput { text: Some(text.into()), ..MoveInput::default() };
        act(c, player, Action::Move { id: format!("m{}", c.game().ply()), game: 1, ply: c.game().ply(), mv }, [None, None]).unwrap()
    }

    #[test]
    fn a_draw_offer_stands_through_the_offerers_own_move_and_can_be_withdrawn() {
        // English: Dark moves first; player 1 (the guest) has Dark.
        let c = core_at(Variant::English, "B:W21-32:B1-12");
        let offered = act(&c, 1, Action::OfferDraw { id: "o".into(), game: 1 }, [None, None]).unwrap();
        let moved = play(&offered, 1, "11-15");
        assert_eq!(moved.seated.offers().draw_offer, Some(Side::Dark), "the offerer's own move does not withdraw it");
        let withdrawn = act(&moved, 1, Action::WithdrawDraw { id: "w".into(), game: 1 }, [None, None]).unwrap();
        assert_eq!(withdrawn.seated.offers().draw_offer, None);
        let e = act(&withdrawn, 1, Action::WithdrawDraw { id: "w2".into(), game: 1 }, [None, None]).err().unwrap();
        assert_eq!(e.code, ErrorCode::NoOffer);
        // The opponent's move answers it.
        let answered = play(&moved, 0, "22-18");
        assert_eq!(answered.seated.offers().draw_offer, None);
    }

    #[test]
    fn a_decline_tells_the_asker_and_a_takeback_request_can_be_withdrawn() {
        let c = play(&core_at(Variant::English, "B:W21-32:B1-12"), 1, "11-15");
        let asked = act(&c, 1, Action::AskTakeback { id: "a".into(), game: 1, ply: 1 }, [None, None]).unwrap();
        assert_eq!(asked.seated.offers().takeback, Some(Side::Dark));
        let cfg = RoomsConfig::default();
        let t = asked.act(0, &Action::DeclineTakeback { id: "d".into(), game: 1 }, &cfg, 10_000).unwrap();
        assert!(matches!(t.announce, Announce::State));
        assert_eq!(t.next.meta.declined, Some(protocol::DeclinedJson { what: protocol::Declinable::Takeback, by: Side::Light }));
        let withdrawn = act(&asked, 1, Action::WithdrawTakeback { id: "w".into(), game: 1 }, [None, None]).unwrap();
        assert_eq!(withdrawn.seated.offers().takeback, None);
        let e = act(&asked, 0, Action::WithdrawTakeback { id: "w".into(), game: 1 }, [None, None]).err().unwrap();
        assert_eq!(e.code, ErrorCode::NoOffer, "only the asker withdraws");
    }

    #[test]
    fn abandonment_is_claimed_only_on_the_absent_players_turn() {
        // Dark (player 1) to move; Light (player 0) left long ago.
        let c = core_at(Variant::English, "B:W21-32:B1-12");
        let gone = [Some(0), None];
        let e = act(&c, 1, Action::Claim { id: "c".into(), game: 1, result: ClaimResult::Win }, gone).err().unwrap();
        assert_eq!(e.code, ErrorCode::NotAllowed);
        assert!(e.message.contains("other player's turn"), "{}", e.message);
        let c = play(&c, 1, "11-15");
        let won = act(&c, 1, Action::Claim { id: "c".into(), game: 1, result: ClaimResult::Win }, gone).unwrap();
        assert_eq!(won.game().outcome(), Some(Outcome::Win(Color::Dark, Reason::Abandonment)));
    }
}

