//! A second move generator, written straight from RULES.md sections 1 to 3 and kept deliberately
//! plain: a board of cells indexed by (row, column), one recursive search for capture chains, and
//! the rule sets spelled out again here rather than read from `draughts_rules::Rules`. It shares
//! nothing with the crate's generator but the square names, so the two can check each other on
//! random positions and in perft (tests/reference.rs). Slow by design.

use draughts_rules::notation::square;
use draughts_rules::{Color, Position, Variant};
use std::collections::BTreeMap;

/// Capture choice (RULES.md section 2, column "capture choice"; section 3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Choice {
    Free,
    Maximum,
    Italian,
}

/// A man reaching the far row during a chain (column "promotion inside a chain").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Crowning {
    EndsMove,
    GoesOnAsKing,
    OnlyAtEnd,
}

/// One row of RULES.md's table, written out again.
#[derive(Clone, Copy, Debug)]
struct Spec {
    orthogonal: bool,
    /// Italian: h1 dark, so the dark squares are the other colour.
    turned: bool,
    men_capture_back: bool,
    men_sideways: bool,
    men_take_kings: bool,
    flying: bool,
    choice: Choice,
    crowning: Crowning,
    /// Taken pieces vanish at once (turkish).
    vanish: bool,
    /// A king may not turn 180 degrees between captures (turkish).
    no_reversal: bool,
}

fn spec(v: Variant) -> Spec {
    let english = Spec {
        orthogonal: false,
        turned: false,
        men_capture_back: false,
        men_sideways: false,
        men_take_kings: true,
        flying: false,
        choice: Choice::Free,
        crowning: Crowning::EndsMove,
        vanish: false,
        no_reversal: false,
    };
    match v {
        Variant::English | Variant::American => english,
        Variant::German => Spec { flying: true, ..english },
        Variant::Russian => Spec { men_capture_back: true, flying: true, crowning: Crowning::GoesOnAsKing, ..english },
        Variant::International | Variant::Brazilian => Spec {
            men_capture_back: true,
            flying: true,
            choice: Choice::Maximum,
            crowning: Crowning::OnlyAtEnd,
            ..english
        },
        Variant::Turkish => Spec {
            orthogonal: true,
            men_sideways: true,
            flying: true,
            choice: Choice::Maximum,
            crowning: Crowning::OnlyAtEnd,
            vanish: true,
            no_reversal: true,
            ..english
        },
        Variant::Italian => Spec { turned: true, men_take_kings: false, choice: Choice::Italian, ..english },
    }
}

type Sq = (i32, i32);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub light: bool,
    pub king: bool,
}

/// A position as a plain board. Row 0 is the top (Dark's side), column 0 the left.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    pub variant: Variant,
    pub size: i32,
    pub cells: Vec<Option<Piece>>,
    pub light_to_move: bool,
}

/// A move found by the reference: origin, landing squares, pieces taken in order, and whether
/// the moving man is crowned.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefMove {
    pub from: Sq,
    pub path: Vec<Sq>,
    pub taken: Vec<Sq>,
    pub promotes: bool,
    /// Steps (0-based) at which kings were taken.
    king_steps: Vec<usize>,
    by_king: bool,
}

impl RefMove {
    pub fn to(&self) -> Sq {
        *self.path.last().unwrap()
    }

    /// The identity of perft.md: origin, destination, captured set, and in Italian the order of
    /// the kings taken.
    pub fn identity(&self, italian: bool, board: &Board) -> (Sq, Sq, Vec<Sq>, Vec<Sq>) {
        let mut set = self.taken.clone();
        set.sort();
        let kings: Vec<Sq> = if italian { self.taken.iter().copied().filter(|&s| board.at(s).is_some_and(|p| p.king)).collect() } else { Vec::new() };
        (self.from, self.to(), set, kings)
    }
}

impl Board {
    pub fn from_position(p: &Position) -> Board {
        let v = p.variant();
        let size = v.geometry().size as i32;
        let mut cells = vec![None; (size * size) as usize];
        for r in 0..size {
            for c in 0..size {
                if let Some(sq) = square::from_row_col(v, r as u32 + 1, c as u32 + 1) {
                    if let Some(pc) = p.piece_at(sq.bit()) {
                        cells[(r * size + c) as usize] =
                            Some(Piece { light: pc.color == Color::Light, king: pc.kind == draughts_rules::PieceKind::King });
                    }
                }
            }
        }
        Board { variant: v, size, cells, light_to_move: p.side_to_move() == Color::Light }
    }

    /// Back to a crate position (for comparing after-positions).
    pub fn to_position(&self) -> Position {
        let v = self.variant;
        let (mut light, mut dark, mut kings) = (0u64, 0u64, 0u64);
        for r in 0..self.size {
            for c in 0..self.size {
                if let Some(pc) = self.at((r, c)) {
                    let bit = square::from_row_col(v, r as u32 + 1, c as u32 + 1).expect("a playable square").mask();
                    if pc.light {
                        light |= bit;
                    } else {
                        dark |= bit;
                    }
                    if pc.king {
                        kings |= bit;
                    }
                }
            }
        }
        let side = if self.light_to_move { Color::Light } else { Color::Dark };
        Position::new(v, light, dark, kings, side).expect("the reference keeps positions valid")
    }

    fn on_board(&self, (r, c): Sq) -> bool {
        if r < 0 || c < 0 || r >= self.size || c >= self.size {
            return false;
        }
        let s = spec(self.variant);
        s.orthogonal || ((r + c) % 2 == 1) != s.turned
    }

    pub fn at(&self, (r, c): Sq) -> Option<Piece> {
        self.cells[(r * self.size + c) as usize]
    }

    fn set(&mut self, (r, c): Sq, p: Option<Piece>) {
        self.cells[(r * self.size + c) as usize] = p;
    }

    fn far_row(&self, light: bool) -> i32 {
        if light {
            0
        } else {
            self.size - 1
        }
    }

    fn dirs(&self) -> [Sq; 4] {
        if spec(self.variant).orthogonal {
            [(-1, 0), (0, -1), (0, 1), (1, 0)]
        } else {
            [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        }
    }

    /// All legal moves, one per identity (the first route found is kept).
    pub fn legal_moves(&self) -> Vec<RefMove> {
        let caps = self.captures();
        if !caps.is_empty() {
            return caps;
        }
        self.quiet_moves()
    }

    fn quiet_moves(&self) -> Vec<RefMove> {
        let s = spec(self.variant);
        let fwd = if self.light_to_move { -1 } else { 1 };
        let mut out = Vec::new();
        for r in 0..self.size {
            for c in 0..self.size {
                let Some(p) = self.at((r, c)) else { continue };
                if p.light != self.light_to_move {
                    continue;
                }
                if p.king {
                    for (dr, dc) in self.dirs() {
                        let mut t = (r + dr, c + dc);
                        while self.on_board(t) && self.at(t).is_none() {
                            out.push(RefMove { from: (r, c), path: vec![t], taken: vec![], promotes: false, king_steps: vec![], by_king: true });
                            if !s.flying {
                                break;
                            }
                            t = (t.0 + dr, t.1 + dc);
                        }
                    }
                } else {
                    let steps: Vec<Sq> = if s.orthogonal { vec![(fwd, 0), (0, -1), (0, 1)] } else { vec![(fwd, -1), (fwd, 1)] };
                    for (dr, dc) in steps {
                        let t = (r + dr, c + dc);
                        if self.on_board(t) && self.at(t).is_none() {
                            let promotes = t.0 == self.far_row(self.light_to_move);
                            out.push(RefMove { from: (r, c), path: vec![t], taken: vec![], promotes, king_steps: vec![], by_king: false });
                        }
                    }
                }
            }
        }
        out
    }

    fn captures(&self) -> Vec<RefMove> {
        let mut all = self.chains();
        // One move per identity.
        let italian = spec(self.variant).choice == Choice::Italian;
        let mut seen: BTreeMap<(Sq, Sq, Vec<Sq>, Vec<Sq>), ()> = BTreeMap::new();
        all.retain(|m| seen.insert(m.identity(italian, self), ()).is_none());
        all
    }

    /// Every complete capture chain that the capture choice allows, route by route.
    fn chains(&self) -> Vec<RefMove> {
        let s = spec(self.variant);
        let mut all = Vec::new();
        for r in 0..self.size {
            for c in 0..self.size {
                let Some(p) = self.at((r, c)) else { continue };
                if p.light != self.light_to_move {
                    continue;
                }
                let mut b = self.clone();
                b.set((r, c), None);
                let mut chain = Chain { from: (r, c), by_king: p.king, path: vec![], taken: vec![], crowned: false, out: &mut all };
                chain.search(&b, self, (r, c), p.king, None);
            }
        }
        // Capture choice.
        match s.choice {
            Choice::Free => {}
            Choice::Maximum => {
                let most = all.iter().map(|m| m.taken.len()).max().unwrap_or(0);
                all.retain(|m| m.taken.len() == most);
            }
            Choice::Italian => {
                // Step 4 compares the lists of king positions king by king (equal lengths after step 3).
                let key = |m: &RefMove| (m.taken.len(), m.by_king, m.king_steps.len(), std::cmp::Reverse(m.king_steps.clone()));
                if let Some(best) = all.iter().map(key).max() {
                    all.retain(|m| key(m) == best);
                }
            }
        }
        all
    }

    /// Every route of every legal move, before merging routes of one identity.
    pub fn all_routes(&self) -> Vec<RefMove> {
        let caps = self.chains();
        if caps.is_empty() {
            self.quiet_moves()
        } else {
            caps
        }
    }

    /// The position after a move.
    pub fn after(&self, m: &RefMove) -> Board {
        let mut b = self.clone();
        let mut p = b.at(m.from).expect("a piece to move");
        b.set(m.from, None);
        for &t in &m.taken {
            b.set(t, None);
        }
        if m.promotes {
            p.king = true;
        }
        b.set(m.to(), Some(p));
        b.light_to_move = !b.light_to_move;
        b
    }
}

struct Chain<'a> {
    from: Sq,
    by_king: bool,
    path: Vec<Sq>,
    taken: Vec<Sq>,
    crowned: bool,
    out: &'a mut Vec<RefMove>,
}

impl Chain<'_> {
    /// The captures a piece on `at` could make next: (direction index, victim, landing squares).
    /// `board` has the mover lifted off and, when taken pieces vanish, those removed too;
    /// `start` is the position before the move (for kinds of victims).
    fn options(&self, board: &Board, at: Sq, king: bool, last: Option<usize>) -> Vec<(usize, Sq, Vec<Sq>)> {
        let s = spec(board.variant);
        let light = board.light_to_move;
        let dirs = board.dirs();
        let mut out = Vec::new();
        for (i, &(dr, dc)) in dirs.iter().enumerate() {
            if king {
                if s.no_reversal && last == Some(3 - i) {
                    continue;
                }
                let mut t = (at.0 + dr, at.1 + dc);
                if s.flying {
                    while board.on_board(t) && board.at(t).is_none() {
                        t = (t.0 + dr, t.1 + dc);
                    }
                }
                if !board.on_board(t) {
                    continue;
                }
                let Some(victim) = board.at(t) else { continue };
                if victim.light == light || self.taken.contains(&t) {
                    continue;
                }
                let mut landings = Vec::new();
                let mut l = (t.0 + dr, t.1 + dc);
                while board.on_board(l) && board.at(l).is_none() {
                    landings.push(l);
                    if !s.flying {
                        break;
                    }
                    l = (l.0 + dr, l.1 + dc);
                }
                if !landings.is_empty() {
                    out.push((i, t, landings));
                }
            } else {
                let fwd = if light { -1 } else { 1 };
                let allowed = if s.orthogonal { dr == fwd || (dr == 0 && s.men_sideways) } else { dr == fwd || s.men_capture_back };
                if !allowed {
                    continue;
                }
                let t = (at.0 + dr, at.1 + dc);
                let l = (t.0 + dr, t.1 + dc);
                if !board.on_board(t) || !board.on_board(l) || board.at(l).is_some() {
                    continue;
                }
                let Some(victim) = board.at(t) else { continue };
                if victim.light == light || self.taken.contains(&t) || (victim.king && !s.men_take_kings) {
                    continue;
                }
                out.push((i, t, vec![l]));
            }
        }
        out
    }

    fn record(&mut self, start: &Board, end: Sq, king: bool) {
        // Men end crowned when they were crowned on the way (russian) or end on the far row.
        let _ = king;
        let promotes = !self.by_king && (self.crowned || end.0 == start.far_row(start.light_to_move));
        let king_steps = self.taken.iter().enumerate().filter(|(_, &t)| start.at(t).is_some_and(|p| p.king)).map(|(i, _)| i).collect();
        self.out.push(RefMove { from: self.from, path: self.path.clone(), taken: self.taken.clone(), promotes, king_steps, by_king: self.by_king });
    }

    fn search(&mut self, board: &Board, start: &Board, at: Sq, king: bool, last: Option<usize>) {
        let s = spec(board.variant);
        let options = self.options(board, at, king, last);
        if options.is_empty() {
            if !self.taken.is_empty() {
                self.record(start, at, king);
            }
            return;
        }
        for (dir, victim, landings) in options {
            let mut next = board.clone();
            if s.vanish {
                next.set(victim, None);
            }
            self.taken.push(victim);
            // A flying king must land where the chain can go on, if it can anywhere.
            let chosen: Vec<Sq> = if king && landings.len() > 1 {
                let going_on: Vec<Sq> = landings.iter().copied().filter(|&l| !self.options(&next, l, true, Some(dir)).is_empty()).collect();
                if going_on.is_empty() {
                    landings
                } else {
                    going_on
                }
            } else {
                landings
            };
            for l in chosen {
                self.path.push(l);
                let reaches_far_row = !king && l.0 == board.far_row(board.light_to_move);
                if reaches_far_row && s.crowning == Crowning::EndsMove {
                    self.record(start, l, false);
                } else if reaches_far_row && s.crowning == Crowning::GoesOnAsKing {
                    let was = self.crowned;
                    self.crowned = true;
                    self.search(&next, start, l, true, Some(dir));
                    self.crowned = was;
                } else {
                    self.search(&next, start, l, king, Some(dir));
                }
                self.path.pop();
            }
            self.taken.pop();
        }
    }
}

/// Perft by the reference generator.
pub fn perft(b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = b.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&b.after(m), depth - 1)).sum()
}
