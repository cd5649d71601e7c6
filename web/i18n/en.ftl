# The interface in English: the fallback of every other language (web/js/i18n.js).
# Keys: the id of the element in web/index.html where it has one; how to add one: docs/web.md.

## The static text of web/index.html

skip = Skip to the board
header-draughts = Draughts
header-main =
    .aria-label = Main
nav-play = Play
nav-guide = Rules guides
nav-pdn = Open a PDN game
open-looks =
    .aria-label = Appearance
header-appearance = Appearance
home-title = Play draughts
home-variant-label = Rule set
home-guide = How to play
home-analysis = Analysis board
home-official-fmjd-draw-rules = Official FMJD draw rules
way-computer = Play the computer
home-eight-levels-from-a = Eight levels, from a beginner to the full strength of the engine.
home-level = Level
home-you-play = You play
home-computer = Play the computer
way-online = Play a friend online
home-a-private-room-with = A private room, with a link to send to your friend. Others with the link may watch.
home-you-play-2 = You play
home-online = Create a room
way-two = Two players here
home-take-turns-on-this = Take turns on this device, Light and Dark.
home-turn-the-board-towards = Turn the board towards the side to move
home-two = Play on this device
home-ask-yes = Start the new game
home-ask-no = Keep it
view-game =
    .aria-label = Game
missing-title = This room does not exist
game-the-link-may-be = The link may be mistyped or cut short, or the room has expired. Ask your friend to send the link again, or start a game of your own.
game-start-a-game = Start a game
game-board =
    .aria-label = Board
name-dark = Dark
clock-dark =
    .aria-label = Dark's time
rematch = Rematch
result-new = New game
result-analyse = Analyse
result-review = Review
result-step = Step through
result-close = Hide
    .aria-label = Hide the result to see the board
name-light = Light
clock-light =
    .aria-label = Light's time
game-game =
    .aria-label = Game
game-title = Draughts
game-rule-set = Rule set
room-title = Online room
sound-note = Move sounds start after your first click or key press on this page (a rule of the browser).
room-link-label = Send this link to your friend:
room-copy = Copy link
thinking = Computer is thinking
game-game-time = Game time
confirm-yes = Play it
confirm-no = Take back
resign-text = Resign this game?
resign-yes = Yes, resign
resign-no = No
claim-win = Claim the win
claim-draw = Call it a draw
restore-new = Start a new game (replaces the saved one)
game-game-controls =
    .aria-label = Game controls
undo = Undo
hint = Hint
draw = Offer a draw
takeback = Ask to take back
flip = Flip board
resign = Resign
open-settings = Settings
new-game = New game
game-game-panels =
    .aria-label = Game panels
tab-moves = Moves
tab-tools = Position
tab-rules = Rules
moves =
    .aria-label = Move list
move-input-label = Type a move
move-input =
    .placeholder = e.g. 11-15 or 32x23x14
game-play = Play
open-setup = Set up a position…
copy-fen = Copy FEN
copy-text = Copy as text
download-pdn = Download PDN
position-out-label = Current position
rules-title = Rules in short
rules-link = The full guide with examples
view-guide =
    .aria-label = Rules guides
guide-tabs =
    .aria-label = Rule sets
view-pdn =
    .aria-label = Open a PDN game
pdn-open-a-pdn-game = Open a PDN game
pdn-text-label = Paste PDN text
pdn-or-choose-a-file = or choose a file
pdn-rule-set-when-the = Rule set when the file does not say
pdn-open = Open
pdn-game = Game
pdn-moves =
    .aria-label = Moves of the game
pdn-continue = Play on from this position
pdn-analyse = Analyse this position
pdn-review = Review this game
analysis-board =
    .aria-label = Board
analysis-steps =
    .aria-label = Step through the moves
an-first =
    .aria-label = To the start (Home)
    .title = To the start (Home)
an-prev =
    .aria-label = Back one move (Left arrow)
    .title = Back one move (Left arrow)
an-next =
    .aria-label = Forward one move (Right arrow)
    .title = Forward one move (Right arrow)
an-last =
    .aria-label = To the end of the line (End)
    .title = To the end of the line (End)
an-flip = Flip board
analysis-analysis =
    .aria-label = Analysis
analysis-title = Analysis board
analysis-rules = Draws are judged by the FMJD's official rules.
analysis-rule-set = Rule set
eval-number =
    .aria-label = Evaluation
analysis-engine = Engine
engine-lines =
    .aria-label = The engine's best lines
review-title = Game review
review-note = Reviewing the game…
review-stop = Stop
review-marked =
    .aria-label = Marked moves
analysis-tree =
    .aria-label = Moves and variations
analysis-analysis-tools =
    .aria-label = Analysis tools
an-copy = Copy link
an-edit = Set up a position
an-review = Review the game
an-promote = Make it the main line
an-delete = Delete from here
an-link =
    .aria-label = Link to this position
editor-title = Set up a position
analysis-choose-a-piece-then = Choose a piece, then click squares on the board (click again to take it off).
editor-palette =
    .aria-label = Piece to place
analysis-side-to-move = Side to move
analysis-light = Light
analysis-dark = Dark
editor-clear = Clear the board
editor-start = Start position
editor-go = Analyse this position
editor-cancel = Cancel
settings-title = Table settings
settings-players = Players
settings-against-the-computer = Against the computer
settings-two-players-on-this = Two players on this device
settings-the-computer = The computer
settings-level = Level
settings-you-play = You play
settings-two-players = Two players
settings-turn-the-board-towards = Turn the board towards the side to move
settings-draw-rules = Draw rules
settings-official-fmjd-draw-rules = Official FMJD draw rules
settings-off-our-simplified-draw = Off: our simplified draw rules. Taken when a new game starts: the game in progress keeps its rules.
settings-display = Display
settings-coordinates = Coordinates
settings-moves = Moves written as
moves-own = As the rule set writes them
moves-numbers = Square numbers (22-18)
moves-algebraic = Algebraic (c3-d4)
settings-results = Results written as
results-auto = As the rule set's players write them
results-1-0 = 1-0, ½-½, 0-1
results-2-0 = 2-0, 1-1, 0-2
settings-confirm-each-move-before = Confirm each move before it is played
settings-mute-sounds = Mute sounds
set-looks = Colours, board and pieces…
settings-level-and-board-turning = Level and board turning apply at once; players, sides and draw rules apply to a new game.
settings-apply = Apply to this game
settings-new = Start a new game
settings-close = Close
looks-title = Appearance
look-scheme-label = Colours
look-board-label = Board
look-pieces-label = Pieces
looks-each-choice-applies-at = Each choice applies at once and is remembered on this device. "Follow the system" uses your device's light or dark setting.
looks-close = Close
setup-title = Set up a position
setup-input-label = Position
setup-go = Set up
setup-cancel = Cancel
coords-numbers = Square numbers (PDN)
coords-algebraic = Algebraic (a1–h8)
coords-hidden = Hidden
setup-help = Paste a position as text (<code>Light c3; Light g3; Dark d4; Dark b8. Light to move.</code>, kings as <code>Light king e5</code>) or as FEN (<code>W:W21,22,K30:B1-12</code>). It starts a new game in the current rule set.

## Words shared by the views

# A side's name: the community's word for the side (Light = the side that moves second in
# English draughts; white in the other rule sets' communities).
side-name = { $side ->
    [light] Light
   *[dark] Dark
  }
side-random = Random side
level-choice = { $level ->
    [1] 1 (beginner)
    [8] 8 (full strength)
   *[other] { $level }
  }
name-you = You
name-computer = Computer, level { $level }
name-friend = Your friend
name-side-player = { $side ->
    [light] Light player
   *[dark] Dark player
  }

## What the live region says (accessibility)

speak-played = { $who } played { $move }
speak-takes = { $you ->
    [yes] { $who } take { speak-count }: { $move }
   *[no] { $who } takes { speak-count }: { $move }
  }
# How many pieces a capture takes, in words (a message of its own, shared by speak-takes).
speak-count = { $n ->
    [1] one
    [2] two
    [3] three
    [4] four
    [5] five
    [6] six
    [7] seven
    [8] eight
    [9] nine
    [10] ten
    [11] eleven
    [12] twelve
   *[other] { $n }
  }
speak-crowned = { $you ->
    [yes] ; your man is crowned
   *[no] ; the man is crowned
  }
speak-game-over = Game over. { $result }.

## Whose turn

turn-game-over = Game over
turn-waiting-friend = Waiting for your friend to open the link…
turn-waiting-second = Waiting for the second player…
turn-yours = Your move ({ side-name })
turn-opponent = { $who }'s move ({ side-name })
turn-side = { $side ->
    [light] Light to move
   *[dark] Dark to move
  }

## How a game ended (by the reason code of RULES.md section 4)

outcome-win-no-pieces = { $winner ->
    [light] Light wins: Dark has no pieces left
   *[dark] Dark wins: Light has no pieces left
  }
outcome-win-no-legal-move = { $winner ->
    [light] Light wins: Dark has no legal move
   *[dark] Dark wins: Light has no legal move
  }
outcome-win-resignation = { $winner ->
    [light] Light wins: Dark resigned
   *[dark] Dark wins: Light resigned
  }
outcome-win-one-piece-each = { $winner ->
    [light] Light wins: one piece each, and Light's king beats Dark's man
   *[dark] Dark wins: one piece each, and Dark's king beats Light's man
  }
outcome-win-abandonment = { $winner ->
    [light] Light wins: Dark left the game
   *[dark] Dark wins: Light left the game
  }
outcome-draw-threefold = Draw: the same position occurred for the third time
outcome-draw-quiet-moves = Draw: { $n } moves in a row (both sides counted) without a capture or a man moving
outcome-draw-agreement = Draw: agreed by the players
outcome-draw-one-piece-each = Draw: one piece each of the same kind
outcome-draw-abandonment = Draw: a player left the game and the other claimed a draw
outcome-draw-adjudication = Draw: adjudicated at the match's length limit
outcome-draw-fmjd-king-moves = Draw: 25 moves each made only by kings, without a man move or a capture (FMJD rule 6.3)
outcome-draw-fmjd-lone-king = { $n ->
    [16] Draw: a lone king held out for 16 moves each against three pieces (FMJD rule 6.4)
   *[other] Draw: a lone king held out for { $n } moves each against two pieces or one (FMJD rule 6.5)
  }
draw-count-quiet = { $count } of { $limit } half-moves without { $reset ->
    [promotion] a capture or a promotion
   *[man-move] a capture or a man move
  }: at { $limit } the game is drawn.
draw-count-kings = { $count } of { $limit } half-moves made only by kings, without a man move or a capture: at { $limit } the game is drawn.
draw-count-lone-king = Lone king: { $count } of { $limit } half-moves ({ $moves } moves each) before the game is drawn.
draw-count-repetition = This position has occurred twice: a third time draws.

## The home page

home-how-to-play = How to play { $variant }
home-resume = Back to your { $variant } game in progress ({ $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
  })
home-replace = Your { $variant } game in progress ({ $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
  }) will be replaced by the new one.
home-start-failed = Could not start the game: { $error }
home-room-failed = Could not create the room: { $error }

## The game page: a local table

play-mode-computer = { $side ->
    [light] You play Light against the computer, level { $level }
   *[dark] You play Dark against the computer, level { $level }
  }
play-mode-two = Two players on this device
play-new-game = New game.
play-hint = Hint: { $move }
setup-replaces = This replaces your game in progress ({ $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
  }).
setup-replace-go = Replace it and set up
setup-done = Position set up.

## The game page: every game

app-name = Draughts
board-label-game = Game board
confirm-play = Play { $move }?
move-example = e.g. { $move }
copied-fen = Copied FEN: { $fen }
copied-text = Copied: { $text }
moves-none-yet = { $side ->
    [light] No moves yet. Light to move.
   *[dark] No moves yet. Dark to move.
  }
taken-short = took { $n }
taken-long = { $side ->
    [light] Light has taken { $n ->
        [one] { $n } piece
       *[other] { $n } pieces
      }
   *[dark] Dark has taken { $n ->
        [one] { $n } piece
       *[other] { $n } pieces
      }
  }
steps-failed = This game cannot be stepped through: { $error }
speak-taken-back = { $n ->
    [0] Taken back to the start.
   *[other] Taken back to move { $n }.
  }

## The game page: an online room

room-opening = Opening the room…
room-connecting = Connecting…
room-lost = Connection lost; reconnecting…
room-draw-declined = Your draw offer was declined.
room-takeback-declined = Your friend refused to take back your move.
room-title-player = { $game ->
    [1] Online room: { $variant }
   *[other] Online room: { $variant }, game { $game }
  }
room-title-watcher = { $game ->
    [1] Watching: { $variant }
   *[other] Watching: { $variant }, game { $game }
  }
room-accept-draw = Accept the draw
room-accept-rematch = Accept the rematch
room-rematch = Rematch (colours swap)
room-rematch-asked = Rematch asked; waiting for your friend.
room-rematch-wanted = Your friend wants a rematch.
room-role-watcher = { $others ->
    [0] You are watching this game.
    [one] You are watching this game, with { $others } other person.
   *[other] You are watching this game, with { $others } others.
  }
room-role-player = { $side ->
    [light] You play Light.
   *[dark] You play Dark.
  }{ $watchers ->
    [0] {""}
    [one] { " " }{ $watchers } person is watching.
   *[other] { " " }{ $watchers } people are watching.
  }
seat-free = free seat
seat-connected = connected
seat-away = away
room-draw-offered = Your friend offers a draw.
room-takeback-asked = Your friend asks to take back their last move.
room-decline = Decline
room-allow = Allow it
room-refuse = Refuse
room-you-offered-draw = You offered a draw.
room-you-asked-takeback = You asked to take back your move.
room-friend-away = Your friend is away. If they are not back in { $time }, you may claim the game on their move.
room-friend-left-move = Your friend has left the game. Make your move; then you may claim the game.
room-friend-left = Your friend has left the game.
room-link-copied = Link copied. Send it to your friend.

## Page titles (the tab)

title-home = Play draughts
title-room = Online room · Draughts
title-room-missing = Room not found · Draughts
title-guide = Rules guides · Draughts
title-pdn = Open a PDN game · Draughts
title-analysis = Analysis board · Draughts

## Rule sets (the server's names, by id)

variant-english = English draughts
variant-american = American checkers (local setting)
variant-german = German draughts (local setting)
variant-russian = Russian draughts
variant-international = International draughts
variant-turkish = Turkish draughts
variant-italian = Italian draughts
variant-brazilian = Brazilian draughts

## Errors by the server's code (docs/api.md and docs/rooms-protocol.md), and the page's own

error-unreachable = The game server cannot be reached. Check the connection, then reload the page.
error-not_your_turn = It is not your turn.
error-game_over = The game is over.
error-not_started = The game has not started: your friend has not opened the link yet.
error-not_a_player = You are watching: only the players can do this.
error-no_offer = There is nothing to answer: the offer or request was withdrawn.
error-not_allowed = That is not allowed now.
error-unavailable = The server is shutting down; nothing was changed. Try again in a moment.
error-rate_limited = Too many messages at once; slow down a little.
error-internal = The server could not store this; nothing was changed. Try again.
error-stale = The game had moved on (perhaps in another tab); it is shown as it stands now.
error-unreadable = The saved game cannot be read; start a new game to replace it.
error-busy = The computer is busy with other games; try again in a few seconds.
error-too_many_rooms = Too many rooms were created from your address (at most { $per_minute } a minute); try again in { $secs } s.
error-empty_answer = The server sent an empty answer.
error-connection_lost = The connection to the server was lost before the answer was complete. Try again.
error-answer_cut = The server stopped before the answer was complete. Try again.
error-move_shape = A move is sent as its text (like 11-15) or as its start and landing squares.
error-move_bad_square = { $asked } is not a playable square of this board.
error-move_syntax = { $asked } cannot be read as a move: write its squares joined by - for a step or x for a capture (like 11-15 or 22x15).
error-move_illegal = { $asked } is an illegal move here; the legal moves are { $moves }.
error-move_no_legal_move = There is no legal move in this position.
error-move_quiet_as_capture = { $asked } takes nothing: write a quiet move with -, not with x or :.
error-move_captured_mismatch = { $asked } does not take those pieces; the moves along that route: { $moves }.
error-move_ambiguous = { $asked } could be more than one move: { $moves }. Give more of its squares.
error-move_incomplete = { $asked } stops in the middle of a capture: the chain must go on ({ $moves }).
language-label = Language

## The analysis board

review-stopped = The review was stopped.
review-stopped-left = The review was stopped when you left the page.
analysis-resumed = Analysis resumed.
analysis-paused = Analysis paused.
analysis-link-copied = Link copied: it opens this position.
analysis-link-copy-below = Copy the link from the box below.
analysis-main-line = This line is now the main line.
analysis-unknown-variant = There is no rule set called "{ $id }"; this is { $variant }.
analysis-link-position-bad = The position of this link cannot be set up ({ $error }); this is the start position.
analysis-link-move-bad = Move { $n } of the link ({ $move }) cannot be played here: { $error } The moves before it are shown.
analysis-over = The game is over
analysis-over-here = The game is over here: { $result }
analysis-bar-paused = Paused
analysis-engine-paused = The engine is paused. Switch it on to see its lines.
analysis-engine-reviewing = The engine is reviewing the game; its lines come back when the review is done.
analysis-thinking = Thinking…
analysis-finished = finished
analysis-setting-up = Setting up
review-no-moves = There are no moves to review: play some moves or open a game first.
review-no-results = The review ended without its results. Try again.
review-failed = The review could not be finished: { $error }
review-finished = The review is finished. Light's accuracy { $light }%, Dark's { $dark }%.
editor-failed = This position cannot be analysed: { $error }

## Scores in words (Light's point of view)

score-has-won = { $side ->
    [light] Light has won
   *[dark] Dark has won
  }
score-wins-in = { $side ->
    [light] Light wins in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
      }
   *[dark] Dark wins in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
      }
  }
score-even = Even
score-slightly-better = { $side ->
    [light] Light is slightly better
   *[dark] Dark is slightly better
  }
score-ahead-man = { $side ->
    [light] Light is ahead by about a man
   *[dark] Dark is ahead by about a man
  }
score-ahead-men = { $side ->
    [light] Light is ahead by about { $men } men
   *[dark] Dark is ahead by about { $men } men
  }
eval-label = Evaluation: { $words }
eval-label-none = Evaluation
engine-depth = Depth { $depth }
tree-empty = No moves yet: play a move on the board.

## The board editor's pieces

tool-light-man = Light man
tool-light-king = Light king
tool-dark-man = Dark man
tool-dark-king = Dark king
tool-eraser = Eraser

## The game review

mark-words = { $cls ->
    [best] a best move
    [forced] the only move
    [inaccuracy] an inaccuracy
    [mistake] a mistake
    [blunder] a blunder
   *[good] a good move
  }
mark-said = { $side ->
    [light] Light's { $move } was { $mark }; better was { $best }.
   *[dark] Dark's { $move } was { $mark }; better was { $best }.
  }
review-said = { $side ->
    [light] Light's { $move } was { $mark }.
   *[dark] Dark's { $move } was { $mark }.
  }
review-detail = { $said } { $score } after it. { $same ->
    [yes] The engine's line
   *[no] The engine's line instead
  }: { $line }.
review-progress = Reviewing the game… ({ $done } of { $total } positions)
review-accuracy = { $side ->
    [light] Light: { $accuracy }% accuracy
   *[dark] Dark: { $accuracy }% accuracy
  }
review-counts = { $inaccuracies ->
    [0] no inaccuracies
    [one] { $inaccuracies } inaccuracy
   *[other] { $inaccuracies } inaccuracies
  }, { $mistakes ->
    [0] no mistakes
    [one] { $mistakes } mistake
   *[other] { $mistakes } mistakes
  }, { $blunders ->
    [0] no blunders
    [one] { $blunders } blunder
   *[other] { $blunders } blunders
  }
review-graph = Light's winning chance over the game, from { $first }% at the start to { $last }% at the end. The list of marked moves below goes to each of them.
review-clean = No inaccuracies, mistakes or blunders: well played by both sides.
review-start = The start of the game. Choose a move to see what the review says of it.

## Stepping through a game

nav-steps = Step through the game
nav-first = To the start
nav-prev = Back one move (Left arrow)
nav-next = Forward one move (Right arrow)
nav-last = To the last move
nav-live = Back to the game
nav-start = Start
nav-ply = Move { $k } of { $n }: { $move }

## The board

board-label = Board
board-piece = { $color ->
    [light] { $kind ->
        [king] Light king
       *[man] Light man
      }
   *[dark] { $kind ->
        [king] Dark king
       *[man] Dark man
      }
  }
board-empty = empty
board-can-move = can move
board-selected = selected
board-destination = legal destination
board-finish-capture = Finish the capture: jump on to one of the marked squares (Escape takes it back).
board-outranked-italian = This piece can capture, but another capture comes first (it takes more pieces, or is made by a king, or takes more kings, or takes a king sooner): one of the marked pieces must capture.
board-outranked = This piece can capture, but another capture takes more pieces, and the one that takes the most must be played: one of the marked pieces must capture.
board-no-move = That piece has no legal move.
board-capture-on = Capture on: { $squares }.
board-or = { " " }or{ " " }
board-choose-capture = Choose the capture
board-same-square = These captures end on the same square. Which pieces do you take?
board-takes = { $move } (takes { $squares })
board-not-destination = That square is not a legal destination.

## The PDN viewer

pdn-too-big = This file is too big to open here: it is { $size } MiB, and the most is { $most } MiB. Open a part of it (a few thousand games).
pdn-replace = Your { $variant } game in progress ({ $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
  }) will be replaced by this position.
pdn-replace-yes = Replace it and play on
pdn-unknown-rules = unknown rules
pdn-skipped = Skipped: { $warnings }
pdn-stops-early = This game stops early: { $error }
pdn-by-our-rules = by our rules: { $result }
pdn-no-moves = No moves in this game.

## The rules guides (the page's own words; the guides' text is guides.json's)

guide-setup = Setup
guide-moves = Moves
guide-captures = Captures
guide-kings = Kings
guide-draws = Draws and the end of the game
guide-examples = Worked examples
guide-examples-note = Each diagram is live: press “Play the example”, or move the pieces yourself. The server checks every move.
guide-play = Play { $variant }
guide-switch = To play another rule set, choose it under “Rule set” on the home screen, or above the moves on the game page. Each rule set keeps its own saved game.
guide-play-example = Play the example
guide-reset = Reset
guide-legal = Legal moves: { $moves }
guide-example-label = Example: { $title }
guide-tactics = Tactics worth learning
guide-tactics-note = Shots from real games. Press “Play the shot” to see the winning line, or find it yourself first.
guide-play-shot = Play the shot
guide-mistakes = Mistakes the computer will punish
guide-mistakes-note = Each diagram plays a natural-looking move that loses, then the reply that punishes it.
guide-play-mistake = Play the mistake
guide-common = A common mistake
guide-questions = Questions at the table
guide-differences = Where the rule sets differ
guide-diagram-label = Diagram: { $title }
guide-line = The line: { $line }.
guide-mistake-line = The mistake: { $mistake }. The punishment: { $punish }.
guide-composed = A composed position, not taken from a recorded game.
guide-source = From the game { $white } (Light) – { $black } (Dark){ $where }.
guide-gain-game = It wins the game.
guide-loss-game = It loses the game.
guide-gain = Net gain: { $material }.
guide-loss = Net loss: { $material }.
guide-pieces = { $n ->
    [one] { $n } piece
   *[other] { $n } pieces
}
guide-kings-count = { $n ->
    [one] { $n } king
   *[other] { $n } kings
}
guide-and = { $a } and { $b }
guide-nothing = nothing
guide-you-played = You played { $move }.
guide-played = Played { $move }.

## The Appearance dialog's choices

look-system = Follow the system
look-light = Light
look-dark = Dark
look-wood = Wood
look-green = Tournament green
look-slate = Slate blue
look-contrast = High contrast
look-classic = Ivory and ebony
look-red = Ivory and red
look-amber = Amber and walnut

## The rule sets' summaries (the server's summary_keys: a phrase each)

summary-board = { $board ->
    [orthogonal] 8x8 board, all 64 squares; pieces move along rows and columns
    [ten] 10x10 board, the 50 dark squares
    [mirrored] 8x8 board turned so that h1 is dark (dark corner on the right)
   *[eight] 8x8 board, the 32 dark squares
  }; { $men } men each. { $first ->
    [light] Light moves first.
   *[dark] Dark moves first.
  }
summary-men = Men step { $step ->
    [sideways] one square forward or sideways
   *[diagonal] one square diagonally forward
  } and capture { $capture ->
    [backward] forwards and backwards
    [sideways] forwards and sideways, never backwards
   *[forward] forwards only
  }.
summary-men-no-kings = A man may never capture a king.
summary-capture = { $choice ->
    [free] Capture is compulsory; you may choose any capture, not necessarily the longest, but must finish its chain.
    [maximum] Capture is compulsory and you must take the largest number of pieces (kings count as one).
   *[italian] Capture is compulsory: take the most pieces; then capture with a king if possible; then take the most kings; then meet a king earliest.
  }
summary-removal = { $removal ->
    [immediate] Taken pieces vanish at once; a king may turn 90 degrees between captures but never reverse.
   *[end] Taken pieces are removed when the chain ends and cannot be jumped twice.
  }
summary-kings = { $range ->
    [flying] Kings fly: they slide any distance on a clear line and may land on any free square beyond a captured piece.
   *[short] Kings move and capture one square in any direction; they do not fly.
  }
summary-promotion = { $promotion ->
    [continues] A man reaching the far row in a capture is crowned at once and goes on capturing as a king.
    [end-only] A man is crowned only if its move ends on the far row.
   *[ends] A man reaching the far row is crowned and the move ends there.
  }
summary-draws = Draw on the third occurrence of a position, or after { $limit } half-moves in a row without { $reset ->
    [promotion] a capture or a promotion
   *[man-move] a capture or a man move
  }.
summary-draws-fmjd = Draws: the FMJD's rules (article 6): on the third occurrence of a position; after { $kings } moves each made only by kings, without a man move or a capture; and when a lone king holds out against three pieces (at least one a king) for { $three } moves each, or against two pieces or one with a king for { $two } moves each.
summary-one-piece-each = With one piece each the game ends at once: king beats man, equal pieces draw.
summary-italian-draws = (The guide gives these draw rules for English; we use them for Italian too.)
summary-simplified-draws = (Our simplified draw rules; a game may be played under the FMJD's official ones instead.)
summary-lose = You lose when you have no pieces or no legal move.

## Puzzles (pages/puzzles.js)

nav-puzzles = Puzzles
home-puzzles = Puzzles
home-puzzles-of = { $variant } puzzles
title-puzzles = Puzzles · Draughts
puzzles-title = Puzzles
puzzles-tabs =
    .aria-label = Rule sets
puzzles-intro = Positions from real games where one move wins. Play it on the board; the opponent's forced replies are played for you.
puzzles-board-label = Puzzle board
puzzles-find = { $moves ->
    [one] Find the winning move.
   *[other] Find the winning line: { $moves } moves.
  }
puzzles-puzzle = Puzzle rating { $rating } · { $of ->
    [one] { $of } puzzle in this rule set
   *[other] { $of } puzzles in this rule set
  }
puzzles-source-file = From game { $game } of the collection { $file }.
puzzles-standing = Your rating { $rating } ± { $deviation } · streak { $streak } · solved { $solved } of { $attempts }
puzzles-right = Right!
puzzles-reply = Right! The reply: { $move }. Your move.
puzzles-solved = Solved!
puzzles-solved-hinted = Solved, with a hint.
puzzles-wrong = Not the move: { $move } does not win. Try again, or see the solution.
puzzles-change = Rating { $rating } ({ $change }).
puzzles-unrated = A retry: the rating stays as it was.
puzzles-hint-shown = The highlighted piece moves next.
puzzles-solution = The solution: { $line }
puzzles-none = There are no { $variant } puzzles yet. Choose another rule set above.
puzzles-hint = Hint
puzzles-retry = Try again
puzzles-show = Show the solution
puzzles-next = Next puzzle
guide-puzzles = Practise with { $variant } puzzles
error-no_puzzles = There are no puzzles for this rule set yet.
error-no_such_puzzle = This puzzle is not in the set any more. Press “Next puzzle”.
error-puzzle_off_line = A hint is only for a line still being solved.
error-puzzles_broken = The puzzle set of this server cannot be read; rebuild it with “draughts puzzles build”.
