// @ts-check
// The shapes the server sends and reads (docs/api.md, docs/rooms-protocol.md), as JSDoc types.
// Nothing runs here: modules import the types with `import('./types.js').Game` and the like.

/** @typedef {'light' | 'dark'} Side */

/**
 * One route of a move. `path` lists the landing squares in order, `captured` the taken pieces in
 * the order they are jumped; routes of one move share `key`.
 * @typedef {object} Move
 * @property {string} text
 * @property {string} from
 * @property {string[]} path
 * @property {string[]} captured
 * @property {boolean} [promotes]
 * @property {string} [key]
 */

/**
 * How a client names a move: `text`, or `from` and every landing square.
 * @typedef {object} MoveInput
 * @property {string} [text]
 * @property {string} [from]
 * @property {string[]} [path]
 * @property {string[]} [captured]
 * @property {number} [ply]
 */

/**
 * @typedef {object} Piece
 * @property {string} square
 * @property {Side} color
 * @property {'man' | 'king'} kind
 */

/**
 * @typedef {object} Position
 * @property {string} fen
 * @property {string} text
 * @property {Side} side_to_move
 * @property {Piece[]} pieces
 * @property {Move[]} legal
 * @property {boolean} must_capture
 * @property {string[]} [outranked] pieces that could capture, but another capture takes more (or comes first)
 */

/**
 * One played move in a game's list, with its PDN move number and its mover.
 * @typedef {object} MoveEntry
 * @property {number} ply
 * @property {number} number
 * @property {Side} side
 * @property {number} spent_ms
 * @property {Move} move
 */

/**
 * @typedef {object} Outcome
 * @property {string} text
 * @property {string} result
 * @property {Side | null} winner
 * @property {string} reason
 */

/**
 * Elapsed time per side, as of the answer; the `running` side's time goes on counting.
 * @typedef {object} Clock
 * @property {number} light_ms
 * @property {number} dark_ms
 * @property {number} total_ms
 * @property {Side | null} running
 */

/**
 * A seated game: the same in a local table and in a room's `state`.
 * @typedef {object} Game
 * @property {string} variant
 * @property {string} start_fen
 * @property {number} ply
 * @property {Side} side_to_move
 * @property {MoveEntry[]} moves
 * @property {Position} position
 * @property {Move | null} last_move
 * @property {Outcome | null} outcome
 * @property {Clock} clock
 * @property {number} quiet_count
 * @property {number} quiet_limit
 * @property {'man-move' | 'promotion'} quiet_reset what resets `quiet_count`: a capture or a man move, or a capture or a promotion
 * @property {number} repetitions
 * @property {'simplified' | 'fmjd'} draw_rules the draw rules the game is judged by, fixed when it starts
 * @property {{ count: number, limit: number } | null} lone_king FMJD lone-king ending: half-moves played and allowed
 * @property {boolean} [started] rooms only: both seats taken
 */

/**
 * @typedef {object} Settings
 * @property {'computer' | 'two-player'} mode
 * @property {number} level
 * @property {Side} human_side
 * @property {boolean} turn_board
 * @property {'simplified' | 'fmjd'} draw_rules taken when a new game starts
 */

/**
 * A saved local game: the Game fields and the table's settings.
 * @typedef {Game & { settings: Settings, computer_to_move: boolean }} Table
 */

/**
 * @typedef {object} Seat
 * @property {boolean} taken
 * @property {boolean} connected
 * @property {number | null} away_since server time (Unix ms) when the player left
 */

/**
 * A room's `state` message: the Game fields and the room's own.
 * @typedef {Game & {
 *   seq: number, now: number, room: string, game: number, light_player: number, started: boolean,
 *   seats: { light: Seat, dark: Seat }, watchers: number, grace_ms: number,
 *   draw_offer: Side | null, takeback: Side | null, rematch: { light: boolean, dark: boolean } | null,
 *   declined?: { what: 'draw' | 'takeback', by: Side } | null
 * }} RoomState
 */

/**
 * A room's `moved` message.
 * @typedef {object} Moved
 * @property {number} game
 * @property {number} ply
 * @property {number} number
 * @property {Side} side
 * @property {number} spent_ms
 * @property {Move} move
 * @property {Position} position
 * @property {Outcome | null} outcome
 * @property {Clock} clock
 */

/**
 * @typedef {object} SquareInfo
 * @property {string} name
 * @property {number} row
 * @property {number} col
 * @property {number} number
 * @property {string} algebraic
 */

/**
 * A rule set, as `GET /api/variants` lists it.
 * @typedef {object} Variant
 * @property {string} id
 * @property {string} name
 * @property {'diagonal' | 'orthogonal'} board
 * @property {number} size
 * @property {boolean} mirrored
 * @property {'numeric' | 'algebraic'} notation
 * @property {Side} first_mover
 * @property {boolean} immediate_removal
 * @property {SquareInfo[]} squares
 * @property {string} start_fen
 * @property {string[]} summary
 * @property {string[]} draw_rules the draw rules a game may be played under (`fmjd`: international only)
 * @property {string[] | null} summary_fmjd the summary under the FMJD's draw rules
 * @property {SummaryPhrase[][]} [summary_keys] `summary` line by line as phrases, which the page words in its language
 * @property {SummaryPhrase[][] | null} [summary_fmjd_keys] `summary_fmjd` as phrases
 */

/**
 * One phrase of a rule set's summary: its key in web/i18n/*.ftl (`summary-*`) and arguments.
 * @typedef {object} SummaryPhrase
 * @property {string} key
 * @property {Record<string, string | number>} args
 */

/**
 * Who looks at a game, as the predicates see it: the sides this viewer moves for (both at a
 * table of two players, one against the computer or in a room, none for a watcher), who sits
 * opposite in words, and whether the viewer's actions can reach the referee now.
 * @typedef {object} Viewer
 * @property {Side[]} sides
 * @property {string | null} opponent "Computer", "Your friend", or null
 * @property {boolean} connected
 */

/**
 * The answer of `POST /api/position` (guide diagrams).
 * @typedef {object} PositionAnswer
 * @property {Position} position
 * @property {Move | null} played
 * @property {Outcome | null} outcome
 */

/**
 * @typedef {object} PdnFrame
 * @property {string} fen
 * @property {Piece[]} pieces
 * @property {Move | null} move
 */

/**
 * @typedef {object} PdnGame
 * @property {number} number
 * @property {string | null} variant
 * @property {[string, string][]} tags
 * @property {string | null} result
 * @property {number} plies the moves that replayed
 * @property {PdnFrame[]} frames the start and each move's position: only for the game asked for (`framed`), empty for the others until asked
 * @property {string | null} error
 * @property {string | null} outcome
 */

/**
 * An engine's score (centi-men: 100 is one man), or a win or a loss in so many half-moves;
 * each message says whose point of view it is.
 * @typedef {{ cp: number } | { win: number } | { loss: number }} Score
 */

/**
 * The body of `POST /api/analysis`.
 * @typedef {object} AnalysisRequest
 * @property {string} variant
 * @property {string} [fen] absent: the rule set's start
 * @property {string[]} [moves] played from the FEN first (they count for repetitions)
 * @property {number} [lines] 1 to 5
 * @property {number} [max_ms] 100 to 60000
 * @property {'simplified' | 'fmjd'} [draw_rules]
 */

/**
 * One of the engine's lines: its score for the side to move and its moves.
 * @typedef {object} EngineLine
 * @property {Score} score
 * @property {Move[]} moves
 */

/**
 * A line of the analysis stream.
 * @typedef {{ type: 'position', position: Position, outcome: Outcome | null }
 *   | { type: 'lines', depth: number, nodes: number, elapsed_ms: number, side_to_move: Side, lines: EngineLine[] }
 *   | { type: 'done', reason: 'depth' | 'time' | 'stopped' | 'over' }} AnalysisEvent
 */

/**
 * The body of `POST /api/review`: a game by its start and moves, or a PDN text.
 * @typedef {{ variant: string, fen?: string, moves: string[], ms_per_move?: number, draw_rules?: 'simplified' | 'fmjd' }
 *   | { pdn: string, game?: number, ms_per_move?: number, draw_rules?: 'simplified' | 'fmjd' }} ReviewRequest
 */

/** @typedef {'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder' | 'forced'} MoveClass */

/**
 * One reviewed move: scores are for the side that played it (`side`); `loss` is the drop in
 * that side's winning chance (0 to 1).
 * @typedef {object} ReviewPly
 * @property {number} ply
 * @property {number} number the PDN move number
 * @property {Side} side
 * @property {Move} played
 * @property {Move} best
 * @property {Move[]} best_line
 * @property {Score} eval_before
 * @property {Score} eval_after
 * @property {number} loss
 * @property {MoveClass} class
 */

/**
 * A finished review: one entry per move; `evals` and `chances` per position (the start and
 * after each move), from Light's point of view.
 * @typedef {object} Review
 * @property {string} variant
 * @property {string} start_fen
 * @property {ReviewPly[]} plies
 * @property {Score[]} evals
 * @property {number[]} chances
 * @property {{ light: number, dark: number }} accuracy
 */

/**
 * A line of the review stream.
 * @typedef {{ type: 'progress', done: number, total: number }
 *   | ({ type: 'review' } & Review)
 *   | { type: 'done' }} ReviewEvent
 */

export {};

/**
 * The player's puzzle standing in one rule set (Glicko-2).
 * @typedef {{ rating: number, deviation: number, streak: number, solved: number, attempts: number }} PuzzleStanding
 */

/**
 * A puzzle as the server sends it: everything but its solution.
 * @typedef {object} Puzzle
 * @property {string} id
 * @property {string} variant
 * @property {Side} side who solves it, the side to move
 * @property {Position} position
 * @property {number} rating
 * @property {number} difficulty 1 to 5
 * @property {number} moves the solver's moves in the solution
 * @property {{ material?: number, win?: number }} gain
 * @property {boolean} played_solution
 * @property {{ file: string, game: number, ply: number, white: string | null, black: string | null, event: string | null }} source
 * @property {number} of how many puzzles the rule set has
 */

/** @typedef {{ puzzle: Puzzle, standing: PuzzleStanding }} PuzzleReply */

/**
 * The server's judgement of the solver's moves.
 * @typedef {object} PuzzleAttempt
 * @property {'right' | 'wrong' | 'solved' | 'shown'} verdict
 * @property {Move[]} played
 * @property {Move | null} reply
 * @property {Position} position
 * @property {Move[] | null} solution
 * @property {PuzzleStanding} standing
 * @property {boolean} rated
 * @property {number} change
 */
