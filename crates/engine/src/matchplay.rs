//! Matches between engines: our strength levels or any Hub engine ([`crate::hub::HubClient`]),
//! from balanced openings with colours reversed, with the score, its error margin, an Elo
//! estimate, the pairs' tally for a sequential test ([`crate::sprt`]) and PDN records. Used by
//! `draughts match` and the strength tests. [`play_out`] is the one game loop: of matches, of
//! self-play ([`crate::tune`]) and of DXP games ([`crate::dxp`]).

use crate::hub::HubClient;
use crate::level::Level;
use crate::search::{Limits, Searcher};
use crate::sprt::{elo_of, Pentanomial, Sprt, Verdict};
use draughts_rules::notation::pdn::replay::{self, RecordOptions};
use draughts_rules::{Color, DrawRules, Game, Move, Outcome, Reason, Variant};
use std::time::Duration;

/// A player of a match.
pub trait Player: Send {
    /// The name written in PDN records and reports.
    fn name(&self) -> String;
    /// A new, unrelated game starts.
    fn new_game(&mut self) -> Result<(), String>;
    /// The move to play in `game` (which is not over).
    fn best_move(&mut self, game: &Game) -> Result<Move, String>;
    /// What the match report should say about how this player plays (e.g. a Hub engine that
    /// could not be told the match's draw rules); `None` when nothing.
    fn caveat(&self) -> Option<String> {
        None
    }
}

/// Our engine at a strength level; with `movetime`, levels with no randomness think for that
/// time instead of the level's own.
pub struct EnginePlayer {
    /// Strength level, 1 (beginner) to 8 (full strength).
    pub level: Level,
    /// Thinking time per move replacing the level's own (levels 6 to 8; the others keep their
    /// depth and use it as a cap); `None`: the level's time.
    pub movetime: Option<Duration>,
    searcher: Searcher,
    seed: u64,
    label: Option<String>,
    depth: Option<u32>,
    book: bool,
}

impl EnginePlayer {
    /// A player at `level`; `seed` makes its random choices reproducible.
    pub fn new(level: Level, movetime: Option<Duration>, seed: u64) -> EnginePlayer {
        EnginePlayer { level, movetime, searcher: Searcher::new(16), seed, label: None, depth: None, book: true }
    }

    /// Our engine at full strength searching every move to a fixed depth (independent of the
    /// machine's speed and load: reproducible matches).
    pub fn fixed_depth(depth: u32) -> EnginePlayer {
        let mut p = EnginePlayer::new(Level::MAX, None, 0);
        p.depth = Some(depth.max(1));
        p
    }

    /// The same player with these endgame databases, read by the levels that use them
    /// ([`crate::LevelSpec::egdb`]).
    pub fn with_egdbs(mut self, dbs: Vec<std::sync::Arc<crate::egdb::Egdb>>) -> EnginePlayer {
        self.searcher.set_egdbs(dbs);
        self
    }

    /// The same player never playing from the opening book (levels 6 to 8 otherwise do while
    /// the position is in it; [`crate::book_move`]); `(no book)` is added to its name.
    pub fn without_book(mut self) -> EnginePlayer {
        self.book = false;
        self
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> String {
        let base = match self.depth {
            Some(d) => format!("draughts depth {d}"),
            None => format!("draughts level {}", self.level),
        };
        let base = if self.book || self.depth.is_some() || !self.level.spec().book { base } else { format!("{base} (no book)") };
        match &self.label {
            Some(l) => format!("{base} ({l})"),
            None => base,
        }
    }
    fn new_game(&mut self) -> Result<(), String> {
        self.searcher.clear();
        self.seed = crate::splitmix(self.seed);
        Ok(())
    }
    fn best_move(&mut self, game: &Game) -> Result<Move, String> {
        if let Some(d) = self.depth {
            return self.searcher.search(game, &Limits::depth(d), None, &mut |_| {}).best.ok_or_else(|| "no legal move".to_string());
        }
        crate::choose_move_timed(&mut self.searcher, game, self.level, self.seed, self.movetime, self.book)
            .ok_or_else(|| "no legal move".to_string())
    }
}

/// A Hub engine as a match player, thinking `movetime` per move.
pub struct HubPlayer {
    /// The engine process, past its `hub`/`init` handshake.
    pub client: HubClient,
    /// Thinking time per move given to the engine.
    pub movetime: Duration,
    /// The draw rules the match is judged by.
    pub draws: DrawRules,
}

impl Player for HubPlayer {
    fn name(&self) -> String {
        self.client.name.clone()
    }
    fn new_game(&mut self) -> Result<(), String> {
        self.client.new_game()
    }
    fn best_move(&mut self, game: &Game) -> Result<Move, String> {
        self.client.best_move(game, self.movetime)
    }
    fn caveat(&self) -> Option<String> {
        match self.client.draw_rules {
            None if self.draws != DrawRules::Simplified => Some(format!(
                "{} declares no draw-rules parameter with {}: it plays by its own draw rules; the games are judged by the {} rules",
                self.client.name,
                self.draws.code(),
                self.draws.code()
            )),
            _ => None,
        }
    }
}

/// One side of a match as the command line gives it: the player ([`player_from_spec`]), the
/// seed of its random choices, and for our engine its evaluation files and whether it may play
/// from the opening book.
#[derive(Clone, Copy, Debug)]
pub struct PlayerSpec<'a> {
    /// A level 1..8 of our engine (`"8"`, `"level:8"`), our engine at a fixed depth
    /// (`"depth:10"`, 1..60), or a Hub engine command (`"hub:./scan hub"`).
    pub spec: &'a str,
    /// Makes the level's random choices reproducible.
    pub seed: u64,
    /// Our engine evaluates with these files when given (their names are added to its name).
    pub eval: EvalFiles<'a>,
    /// False: our engine never plays from the opening book ([`EnginePlayer::without_book`]; a
    /// Hub engine keeps its own setting).
    pub book: bool,
}

/// A match player from its spec ([`PlayerSpec`]): our engine (thinking `movetime` per move at
/// levels 6..8), with the endgame databases `egdbs` (read at levels 7 and 8, as in play), or a
/// Hub engine (thinking `movetime` per move, 1 second without it) started for `variant` and told
/// `draws` when it declares the parameter ([`HubClient::draw_rules`]). Errors say which spec or
/// file is wrong.
pub fn player_from_spec(
    player: PlayerSpec<'_>,
    variant: Variant,
    draws: DrawRules,
    movetime: Option<Duration>,
    egdbs: &[std::sync::Arc<crate::egdb::Egdb>],
) -> Result<Box<dyn Player>, String> {
    let PlayerSpec { spec, seed, eval, book } = player;
    if let Some(cmd) = spec.strip_prefix("hub:") {
        if eval.weights.is_some() || eval.patterns.is_some() {
            return Err(format!("weight and pattern files apply to our engine, not to the Hub engine {cmd:?}"));
        }
        let client = HubClient::spawn(cmd, variant, draws)?;
        return Ok(Box::new(HubPlayer { client, movetime: movetime.unwrap_or(Duration::from_millis(1000)), draws }));
    }
    let p = if let Some(d) = spec.strip_prefix("depth:") {
        let d: u32 = d.parse().map_err(|_| format!("player {spec:?}: depth must be a number"))?;
        if d == 0 || d > 60 {
            return Err(format!("player {spec:?}: depth must be 1..60"));
        }
        EnginePlayer::fixed_depth(d)
    } else {
        let n = spec.strip_prefix("level:").unwrap_or(spec);
        let level: Level = n.parse().map_err(|e: String| format!("player {spec:?}: {e}; or use depth:N or hub:COMMAND"))?;
        EnginePlayer::new(level, movetime, seed)
    }
    .with_egdbs(egdbs.to_vec());
    let mut p = if book { p } else { p.without_book() };
    if p.depth.is_none() {
        // A level plays on a clock (`movetime`, else the level's own time): its first moves
        // would otherwise spend that time on the system's zeroing of the table's fresh pages.
        p.searcher.prefault();
    }
    let mut labels = Vec::new();
    let file_name = |path: &std::path::Path| path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if let Some(path) = eval.weights {
        p.searcher.set_weights(crate::eval::Weights::read_file(path)?);
        labels.push(file_name(path));
    }
    if let Some(arg) = eval.patterns {
        p.searcher.set_patterns(crate::patterns::Patterns::from_arg(arg, variant)?);
        labels.push(if arg == "none" { "no patterns".to_string() } else { file_name(std::path::Path::new(arg)) });
    }
    if let Some(arg) = eval.network {
        p.searcher.set_networks(crate::network::Network::from_arg(arg, Some(variant))?);
        let files = crate::network::Network::arg_files(arg);
        labels.push(if files.is_empty() { "no network".to_string() } else { files.iter().map(|p| file_name(p)).collect::<Vec<_>>().join("+") });
    }
    if !labels.is_empty() {
        p.label = Some(labels.join(", "));
    }
    Ok(Box::new(p))
}

/// Evaluation files for our engine in a match, in place of the built-in ones.
#[derive(Clone, Copy, Debug, Default)]
pub struct EvalFiles<'a> {
    /// A weight file (as `draughts tune` writes it).
    pub weights: Option<&'a std::path::Path>,
    /// A pattern file (as `draughts tune --patterns` writes it), or `none`: the linear
    /// evaluation alone (see [`crate::patterns::Patterns::from_arg`]).
    pub patterns: Option<&'a str>,
    /// Network files (as `draughts tune --network` writes them; several of separate stages
    /// separated by commas) whose output is added to the evaluation, or `none` (see
    /// [`crate::network::Network::from_arg`]).
    pub network: Option<&'a str>,
}

/// A finished game of a match.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The game as played, from the start position (opening plies included).
    pub game: Game,
    /// Names of the Light and Dark players.
    pub light: String,
    /// Name of the Dark player (PDN `Black`).
    pub dark: String,
    /// The result (adjudicated as a draw by agreement when the game reached the ply limit).
    pub outcome: Outcome,
    /// Number of the game in the match, from 1.
    pub round: usize,
    /// Plies of the opening that were given, not chosen by the players.
    pub opening_plies: usize,
}

impl GameRecord {
    /// The game as PDN (RULES.md section 6) by the one writer ([`replay::write_pdn_with`]):
    /// Event, Round and the players, the match's result with its Termination, a comment where
    /// the given opening ends.
    pub fn to_pdn(&self, event: &str) -> String {
        let tags = [("Event", event.to_string()), ("Round", self.round.to_string()), ("White", self.light.clone()), ("Black", self.dark.clone())];
        let comments = match self.opening_plies {
            0 => Vec::new(),
            n => vec![(n - 1, "end of opening".to_string())],
        };
        replay::write_pdn_with(
            &self.game,
            &RecordOptions {
                tags: tags.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
                outcome: Some(self.outcome),
                comments,
            },
        )
    }
}

/// Wins, draws and losses from the first player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games the first player won.
    pub wins: u32,
    /// Games drawn (adjudicated draws at the ply limit included).
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

impl Score {
    /// Games played: wins, draws and losses together.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score as a fraction 0..=1 (a draw counts one half).
    pub fn fraction(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
    }

    /// The 95% error margin of [`Score::fraction`] (1.96 standard errors of the mean result).
    pub fn margin(&self) -> f64 {
        let n = self.games() as f64;
        if n < 2.0 {
            return 0.5;
        }
        let p = self.fraction();
        let var = (self.wins as f64 * (1.0 - p).powi(2) + self.draws as f64 * (0.5 - p).powi(2) + self.losses as f64 * p.powi(2)) / n;
        1.96 * (var / n).sqrt()
    }

    /// Elo estimate and its 95% interval `(estimate, low, high)` ([`crate::sprt::elo_of`]).
    pub fn elo(&self) -> (f64, f64, f64) {
        let p = self.fraction();
        let m = self.margin();
        (elo_of(p), elo_of(p - m), elo_of(p + m))
    }
}

/// A match's running result: its games, and its finished pairs by the first player's score in
/// the pair (what [`Sprt`] tests).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Wins, draws and losses of the first player.
    pub score: Score,
    /// Finished pairs (each opening with both colours) by the first player's half-points.
    pub pairs: Pentanomial,
}

/// What [`run_match`] returns.
#[derive(Debug)]
pub struct MatchResult {
    /// The result from the first player's point of view.
    pub tally: Tally,
    /// Every game, in the order played.
    pub records: Vec<GameRecord>,
    /// With a test ([`MatchConfig::sprt`]): its verdict when the match ended
    /// ([`Verdict::Continue`]: the games ran out first).
    pub verdict: Option<Verdict>,
}

/// Match settings.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Rule set of every game of the match.
    pub variant: Variant,
    /// The draw rules every game is judged (and our engine searches) by; the FMJD's only in
    /// international.
    pub draws: DrawRules,
    /// Number of games (rounded up to pairs: each opening is played with both colours).
    pub games: usize,
    /// Games longer than this many plies are adjudicated drawn.
    pub max_plies: usize,
    /// Seed of the opening choice.
    pub seed: u64,
    /// Given openings (a ballot, see [`crate::ballot`]): pair `k` plays the `k`-th of them in
    /// an order shuffled by `seed`, and the list starts over when the match has more pairs.
    /// Empty: each pair plays a [`balanced_opening`].
    pub openings: Vec<Vec<Move>>,
    /// A sequential test of the first player against the second: the match stops after the
    /// first pair that decides it (`games` is then the most it plays). `None`: all the games.
    pub sprt: Option<Sprt>,
}

/// The opening of pair `pair`: from the ballot in `cfg.openings` in an order shuffled by the
/// seed, or a balanced opening when there is no ballot.
pub fn pair_opening(cfg: &MatchConfig, pair: usize) -> Vec<Move> {
    if cfg.openings.is_empty() {
        return balanced_opening(cfg.variant, 4, cfg.seed.wrapping_add(pair as u64 * 7919));
    }
    ballot_opening(&cfg.openings, cfg.seed, pair).to_vec()
}

/// The `k`-th of `openings` (a ballot) in an order shuffled by `seed`: each opening once before
/// any twice, the list starting over when `k` passes its end. `openings` is not empty.
pub fn ballot_opening(openings: &[Vec<Move>], seed: u64, k: usize) -> &[Move] {
    let mut order: Vec<usize> = (0..openings.len()).collect();
    order.sort_by_key(|&i| crate::splitmix(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)));
    &openings[order[k % order.len()]]
}

/// A balanced opening: `plies` moves from the start chosen at random among moves scoring within
/// a small margin of the best at a shallow depth, kept only if a deeper search finds the result
/// roughly level. Deterministic for a seed.
pub fn balanced_opening(variant: Variant, plies: usize, seed: u64) -> Vec<Move> {
    opening_after(variant, &[], plies, seed, true)
}

/// `prefix` (legal moves from the start, such as a ballot's opening) continued to `plies` moves
/// as [`balanced_opening`] chooses them: at random among the moves within 0.2 man of the best at
/// depth 4. With `level`, a continuation is tried again (up to 8 times) until a search to depth 8
/// finds the result within 0.4 man of level; without, the prefix keeps whatever balance it has
/// (a ballot's openings are not all level, and play from them is what a match plays).
/// Deterministic for a seed.
pub fn opening_after(variant: Variant, prefix: &[Move], plies: usize, seed: u64, level: bool) -> Vec<Move> {
    // The linear evaluation alone: the openings of a seed stay the same when pattern values or
    // networks are refitted or built in, so match results before and after compare on the same
    // games.
    let mut searcher = Searcher::new(4);
    searcher.set_patterns(None);
    searcher.set_networks(Vec::new());
    let mut attempt = 0u64;
    loop {
        let mut game = Game::new(variant);
        let mut moves = Vec::new();
        for mv in prefix {
            if game.play(mv).is_err() {
                return moves;
            }
            moves.push(*mv);
        }
        for i in prefix.len()..plies {
            let scored = searcher.score_root_moves(&game, 4, &Limits::default(), None);
            let Some(best) = scored.first().map(|s| s.1) else { break };
            let ok: Vec<&(Move, i32)> = scored.iter().filter(|(_, s)| best - s <= 20).collect();
            let r = crate::splitmix(seed ^ (attempt << 32) ^ ((i as u64 + 1) * 0x9E37)) as usize % ok.len();
            let mv = ok[r].0;
            if game.play(&mv).is_err() {
                break;
            }
            moves.push(mv);
        }
        if !level {
            return moves;
        }
        let check = searcher.search(&game, &Limits::depth(8), None, &mut |_| {});
        attempt += 1;
        if check.score.0.abs() <= 40 || attempt >= 8 {
            return moves;
        }
    }
}

/// When [`play_out`] ends a game by itself, before asking the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlyCap {
    /// When the rules give a result; at this many plies the game is adjudicated drawn
    /// (matches and self-play).
    Adjudicate(usize),
    /// Never: the sides end the game by [`Turn::Stop`] (DXP, where the protocol ends games,
    /// and a game over by our rules may still await the opponent's message).
    Never,
}

/// What the side to move does in [`play_out`].
#[derive(Clone, Debug)]
pub enum Turn<S> {
    /// Plays this move.
    Play(Move),
    /// Ends the game here, for this reason.
    Stop(S),
}

/// How [`play_out`] ended a game.
#[derive(Clone, Debug)]
pub enum PlayedOut<S> {
    /// The rules gave a result, or the game was adjudicated at the ply cap
    /// ([`Game::outcome`] says which).
    Over,
    /// The side to move stopped the game ([`Turn::Stop`]).
    Stopped(S),
    /// The side to move answered a move the rules refuse; the game is left before it.
    Illegal {
        /// The side that answered it.
        side: Color,
        /// Why the rules refused it.
        error: String,
    },
}

/// The one game loop (matches, self-play, DXP games): asks `turn` for the move of the side to
/// move and plays it, calling `on_move` after each, until `cap` ends the game, `turn` stops it
/// or answers an illegal move. Errors are `turn`'s own.
pub fn play_out<S, E>(
    game: &mut Game,
    cap: PlyCap,
    mut turn: impl FnMut(&Game) -> Result<Turn<S>, E>,
    on_move: &mut dyn FnMut(&Game),
) -> Result<PlayedOut<S>, E> {
    loop {
        if let PlyCap::Adjudicate(max_plies) = cap {
            if game.outcome().is_some() {
                return Ok(PlayedOut::Over);
            }
            if game.ply() >= max_plies {
                let _ = game.finish(Outcome::Draw(Reason::Adjudication));
                return Ok(PlayedOut::Over);
            }
        }
        let side = game.position().side_to_move();
        match turn(game)? {
            Turn::Stop(s) => return Ok(PlayedOut::Stopped(s)),
            Turn::Play(mv) => {
                if let Err(e) = game.play(&mv) {
                    return Ok(PlayedOut::Illegal { side, error: e.to_string() });
                }
                on_move(game);
            }
        }
    }
}

/// Plays one game from the start position of `variant` after `opening`.
pub fn play_game(
    light: &mut dyn Player,
    dark: &mut dyn Player,
    variant: Variant,
    draws: DrawRules,
    opening: &[Move],
    max_plies: usize,
    round: usize,
) -> Result<GameRecord, String> {
    light.new_game()?;
    dark.new_game()?;
    let mut game = Game::new_with(variant, draws).map_err(|e| e.to_string())?;
    for m in opening {
        game.play(m).map_err(|e| format!("opening move: {e}"))?;
    }
    let ended = play_out(
        &mut game,
        PlyCap::Adjudicate(max_plies),
        |game| {
            let player: &mut dyn Player = if game.position().side_to_move() == Color::Light { &mut *light } else { &mut *dark };
            player.best_move(game).map(Turn::<std::convert::Infallible>::Play)
        },
        &mut |_| {},
    )?;
    if let PlayedOut::Illegal { side, error } = ended {
        let name = if side == Color::Light { light.name() } else { dark.name() };
        return Err(format!("{name} played an illegal move: {error}"));
    }
    let outcome = game.outcome().expect("the loop ends with a result");
    Ok(GameRecord { light: light.name(), dark: dark.name(), outcome, round, opening_plies: opening.len(), game })
}

/// Plays a match of `a` against `b`: openings in pairs, `a` with Light in the first game of each
/// pair and Dark in the second, until `cfg.games` are played or `cfg.sprt` decides. Calls
/// `on_game` after each game with the record and the running tally (from `a`'s point of view;
/// after a pair's second game its pairs include that pair). [`run_match_on`] with one table.
pub fn run_match(a: &mut dyn Player, b: &mut dyn Player, cfg: &MatchConfig, on_game: impl FnMut(&GameRecord, &Tally)) -> Result<MatchResult, String> {
    run_match_on(vec![(a, b)], cfg, on_game)
}

/// [`run_match`] at several tables at once, one thread each: each `(a, b)` of `tables` (the
/// same two players, started once a table) takes the next pair of the match when it has
/// finished one, so the pairs are those of [`run_match`] (pair `k` plays [`pair_opening`]`(cfg,
/// k)`, its games are rounds `2k + 1` and `2k + 2`) and only the order they finish in changes.
/// `on_game` is called on this thread, a pair's two games together, in the order the pairs
/// finish; the records are in that order too. Once `cfg.sprt` decides, no table starts another
/// pair, and the pairs still being played are finished but left out of the result, so the
/// match ends at the first pair that decided it. The first error (a game that could not be
/// played) stops the match the same way and is returned.
pub fn run_match_on(
    tables: Vec<(&mut dyn Player, &mut dyn Player)>,
    cfg: &MatchConfig,
    mut on_game: impl FnMut(&GameRecord, &Tally),
) -> Result<MatchResult, String> {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let pairs = cfg.games.div_ceil(2);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let mut tally = Tally::default();
    let mut records = Vec::new();
    let mut verdict = cfg.sprt.map(|_| Verdict::Continue);
    let mut error = None;
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::channel();
        for (a, b) in tables {
            let (tx, next, stop) = (tx.clone(), &next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let pair = next.fetch_add(1, Ordering::Relaxed);
                    if pair >= pairs {
                        break;
                    }
                    let opening = pair_opening(cfg, pair);
                    let played = play_game(a, b, cfg.variant, cfg.draws, &opening, cfg.max_plies, 2 * pair + 1)
                        .and_then(|first| Ok((first, play_game(b, a, cfg.variant, cfg.draws, &opening, cfg.max_plies, 2 * pair + 2)?)));
                    let failed = played.is_err();
                    if tx.send(played).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for played in rx {
            if error.is_some() || verdict.is_some_and(|v| v != Verdict::Continue) {
                continue;
            }
            let (first, second) = match played {
                Ok(games) => games,
                Err(e) => {
                    error = Some(e);
                    stop.store(true, Ordering::Relaxed);
                    continue;
                }
            };
            let mut half_points = 0;
            for (rec, a_color) in [(first, Color::Light), (second, Color::Dark)] {
                match rec.outcome.winner() {
                    Some(c) if c == a_color => {
                        tally.score.wins += 1;
                        half_points += 2;
                    }
                    Some(_) => tally.score.losses += 1,
                    None => {
                        tally.score.draws += 1;
                        half_points += 1;
                    }
                }
                if a_color == Color::Dark {
                    tally.pairs.add(half_points);
                }
                on_game(&rec, &tally);
                records.push(rec);
            }
            if let Some(test) = &cfg.sprt {
                let v = test.verdict(&tally.pairs);
                verdict = Some(v);
                if v != Verdict::Continue {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    match error {
        Some(e) => Err(e),
        None => Ok(MatchResult { tally, records, verdict }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_statistics() {
        let s = Score { wins: 10, draws: 0, losses: 10 };
        assert!((s.fraction() - 0.5).abs() < 1e-9);
        assert!(s.elo().0.abs() < 1e-6);
        assert!(s.margin() > 0.1);
        let s = Score { wins: 3, draws: 1, losses: 0 };
        assert!(s.elo().0 > 200.0);
        assert!((elo_of(0.75) - 190.8).abs() < 0.5);
    }

    #[test]
    fn a_ballot_is_played_in_a_seeded_order_each_opening_once_before_any_twice() {
        let openings = crate::ballot::read_ballot(Variant::English, "9-13 21-17 5-9\n11-15 23-19 8-11\n10-14 22-17 11-15\n").unwrap();
        let cfg = |seed| MatchConfig { variant: Variant::English, draws: DrawRules::Simplified, games: 8, max_plies: 100, seed, openings: openings.clone(), sprt: None };
        let round: Vec<Vec<Move>> = (0..3).map(|k| pair_opening(&cfg(1), k)).collect();
        for o in &openings {
            assert_eq!(round.iter().filter(|r| *r == o).count(), 1);
        }
        assert_eq!(pair_opening(&cfg(1), 3), round[0]);
        let orders: std::collections::HashSet<Vec<Vec<Move>>> = (0..8).map(|s| (0..3).map(|k| pair_opening(&cfg(s), k)).collect()).collect();
        assert!(orders.len() > 1, "the seed shuffles the ballot");
    }

    #[test]
    fn openings_are_reproducible() {
        let a = balanced_opening(Variant::English, 4, 5);
        let b = balanced_opening(Variant::English, 4, 5);
        assert_eq!(a, b);
        assert_eq!(a.len(), 4);
    }

    #[test]
    fn a_ballot_opening_is_continued_by_near_best_moves() {
        let ballot = crate::ballot::read_ballot(Variant::English, "11-15 23-19 8-11\n9-13 21-17 5-9\n").unwrap();
        // Each once before any twice, then round again.
        let firsts: Vec<&[Move]> = (0..4).map(|k| ballot_opening(&ballot, 7, k)).collect();
        assert_ne!(firsts[0], firsts[1]);
        assert_eq!((firsts[0], firsts[1]), (firsts[2], firsts[3]));
        let a = opening_after(Variant::English, &ballot[0], 8, 5, false);
        assert_eq!(a.len(), 8);
        assert_eq!(&a[..3], &ballot[0][..], "the ballot's moves come first");
        assert_eq!(a, opening_after(Variant::English, &ballot[0], 8, 5, false), "a seed gives one continuation");
        let continuations: std::collections::HashSet<Vec<Move>> = (0..6).map(|seed| opening_after(Variant::English, &ballot[0], 8, seed, false)).collect();
        assert!(continuations.len() > 1, "seeds continue an opening differently");
        // Without a prefix, with the level check: the balanced opening itself.
        assert_eq!(opening_after(Variant::English, &[], 4, 5, true), balanced_opening(Variant::English, 4, 5));
    }

    #[test]
    fn a_match_game_is_written_by_the_one_pdn_writer_and_reads_back() {
        use draughts_rules::notation::pdn::{self, replay};
        let opening = balanced_opening(Variant::Russian, 4, 3);
        let mut a = EnginePlayer::fixed_depth(2);
        let mut b = EnginePlayer::fixed_depth(1);
        // Stopped at 20 plies: a result decided by the match, not by the rules.
        let rec = play_game(&mut a, &mut b, Variant::Russian, DrawRules::Simplified, &opening, 20, 2).unwrap();
        let text = rec.to_pdn("unit \"test\"");
        assert!(text.contains("[Event \"unit \\\"test\\\"\"]") && text.contains("[Round \"2\"]"), "{text}");
        assert!(text.contains(&format!("[Termination \"{}\"]", rec.outcome.reason().code())), "{text}");
        assert!(text.contains("{end of opening}"), "{text}");
        let file = pdn::parse(&text);
        assert_eq!(file.games.len(), 1, "{text}");
        let back = replay::replay(&file.games[0], Variant::Russian).unwrap();
        assert_eq!(back.moves, rec.game.moves(), "{text}");
        assert_eq!(file.games[0].result.as_deref(), Some(rec.outcome.pdn()));
    }
}
