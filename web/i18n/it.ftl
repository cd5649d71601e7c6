# L'interfaccia in italiano. Le chiavi sono quelle di en.ftl (docs/web.md, "Languages").

## Il testo fisso di web/index.html

skip = Vai alla damiera
header-draughts = Dama
header-main =
    .aria-label = Menu principale
nav-play = Gioca
nav-guide = Regolamenti
nav-pdn = Apri una partita PDN
open-looks =
    .aria-label = Aspetto
header-appearance = Aspetto
home-title = Gioca a dama
home-variant-label = Regolamento
home-guide = Come si gioca
home-analysis = Damiera di analisi
home-official-fmjd-draw-rules = Regole ufficiali FMJD sulla patta
way-computer = Gioca contro il computer
home-eight-levels-from-a = Otto livelli, dal principiante alla piena forza del motore.
home-level = Livello
home-you-play = Giochi con
home-computer = Gioca contro il computer
way-online = Gioca online con un amico
home-a-private-room-with = Una stanza privata, con un link da mandare al tuo amico. Chi ha il link può guardare.
home-you-play-2 = Giochi con
home-online = Crea una stanza
way-two = Due giocatori qui
home-take-turns-on-this = Giocate a turno su questo dispositivo, bianco e nero.
home-turn-the-board-towards = Gira la damiera verso chi deve muovere
home-two = Gioca su questo dispositivo
home-ask-yes = Inizia la nuova partita
home-ask-no = Tienila
view-game =
    .aria-label = Partita
missing-title = Questa stanza non esiste
game-the-link-may-be = Il link potrebbe essere scritto male o troncato, oppure la stanza è scaduta. Chiedi al tuo amico di rimandarlo, o inizia una partita tua.
game-start-a-game = Inizia una partita
game-board =
    .aria-label = Damiera
name-dark = Nero
clock-dark =
    .aria-label = Tempo del nero
rematch = Rivincita
result-new = Nuova partita
result-analyse = Analizza
result-review = Revisione
result-step = Rivedi mossa per mossa
result-close = Nascondi
    .aria-label = Nascondi il risultato per vedere la damiera
name-light = Bianco
clock-light =
    .aria-label = Tempo del bianco
game-game =
    .aria-label = Partita
game-title = Dama
game-rule-set = Regolamento
room-title = Stanza online
sound-note = I suoni delle mosse partono dopo il tuo primo clic o tasto su questa pagina (una regola del browser).
room-link-label = Manda questo link al tuo amico:
room-copy = Copia il link
thinking = Il computer pensa
game-game-time = Tempo di gioco
confirm-yes = Giocala
confirm-no = Ritira
resign-text = Abbandonare questa partita?
resign-yes = Sì, abbandono
resign-no = No
claim-win = Reclama la vittoria
claim-draw = Dichiara patta
restore-new = Inizia una nuova partita (sostituisce quella salvata)
game-game-controls =
    .aria-label = Comandi della partita
undo = Annulla
hint = Suggerimento
draw = Proponi la patta
takeback = Chiedi di ritirare
flip = Gira la damiera
resign = Abbandona
open-settings = Impostazioni
new-game = Nuova partita
game-game-panels =
    .aria-label = Pannelli della partita
tab-moves = Mosse
tab-tools = Posizione
tab-rules = Regole
moves =
    .aria-label = Elenco delle mosse
move-input-label = Scrivi una mossa
move-input =
    .placeholder = es. 11-15 o 32x23x14
game-play = Gioca
open-setup = Imposta una posizione…
copy-fen = Copia il FEN
copy-text = Copia come testo
download-pdn = Scarica il PDN
position-out-label = Posizione attuale
rules-title = Le regole in breve
rules-link = La guida completa con esempi
view-guide =
    .aria-label = Regolamenti
guide-tabs =
    .aria-label = Regolamenti
view-pdn =
    .aria-label = Apri una partita PDN
pdn-open-a-pdn-game = Apri una partita PDN
pdn-text-label = Incolla il testo PDN
pdn-or-choose-a-file = oppure scegli un file
pdn-rule-set-when-the = Regolamento se il file non lo dice
pdn-open = Apri
pdn-game = Partita
pdn-moves =
    .aria-label = Mosse della partita
pdn-continue = Continua a giocare da questa posizione
pdn-analyse = Analizza questa posizione
pdn-review = Revisiona questa partita
analysis-board =
    .aria-label = Damiera
analysis-steps =
    .aria-label = Scorri le mosse
an-first =
    .aria-label = All'inizio (Home)
    .title = All'inizio (Home)
an-prev =
    .aria-label = Una mossa indietro (freccia sinistra)
    .title = Una mossa indietro (freccia sinistra)
an-next =
    .aria-label = Una mossa avanti (freccia destra)
    .title = Una mossa avanti (freccia destra)
an-last =
    .aria-label = Alla fine della variante (End)
    .title = Alla fine della variante (End)
an-flip = Gira la damiera
analysis-analysis =
    .aria-label = Analisi
analysis-title = Damiera di analisi
analysis-rules = Le patte seguono le regole ufficiali della FMJD.
analysis-rule-set = Regolamento
eval-number =
    .aria-label = Valutazione
analysis-engine = Motore
engine-lines =
    .aria-label = Le migliori varianti del motore
review-title = Revisione della partita
review-note = Revisione della partita…
review-stop = Ferma
review-marked =
    .aria-label = Mosse segnalate
analysis-tree =
    .aria-label = Mosse e varianti
analysis-analysis-tools =
    .aria-label = Strumenti di analisi
an-copy = Copia il link
an-edit = Imposta una posizione
an-review = Revisiona la partita
an-promote = Rendila la variante principale
an-delete = Cancella da qui
an-link =
    .aria-label = Link a questa posizione
editor-title = Imposta una posizione
analysis-choose-a-piece-then = Scegli un pezzo, poi clicca le caselle della damiera (un altro clic lo toglie).
editor-palette =
    .aria-label = Pezzo da mettere
analysis-side-to-move = Chi muove
analysis-light = Bianco
analysis-dark = Nero
editor-clear = Svuota la damiera
editor-start = Posizione iniziale
editor-go = Analizza questa posizione
editor-cancel = Annulla
settings-title = Impostazioni del tavolo
settings-players = Giocatori
settings-against-the-computer = Contro il computer
settings-two-players-on-this = Due giocatori su questo dispositivo
settings-the-computer = Il computer
settings-level = Livello
settings-you-play = Giochi con
settings-two-players = Due giocatori
settings-turn-the-board-towards = Gira la damiera verso chi deve muovere
settings-draw-rules = Regole sulla patta
settings-official-fmjd-draw-rules = Regole ufficiali FMJD sulla patta
settings-off-our-simplified-draw = Spento: le nostre regole semplificate sulla patta. Vale dalla prossima partita: quella in corso tiene le sue regole.
settings-display = Visualizzazione
settings-coordinates = Coordinate
settings-moves = Mosse scritte come
moves-own = Come le scrive il regolamento
moves-numbers = Numeri delle caselle (22-18)
moves-algebraic = Algebrica (c3-d4)
settings-results = Risultati scritti come
results-auto = Come li scrivono i giocatori del regolamento
results-1-0 = 1-0, ½-½, 0-1
results-2-0 = 2-0, 1-1, 0-2
settings-confirm-each-move-before = Conferma ogni mossa prima di giocarla
settings-mute-sounds = Silenzia i suoni
set-looks = Colori, damiera e pezzi…
settings-level-and-board-turning = Livello e rotazione della damiera valgono subito; giocatori, colori e regole sulla patta dalla nuova partita.
settings-apply = Applica a questa partita
settings-new = Inizia una nuova partita
settings-close = Chiudi
looks-title = Aspetto
look-scheme-label = Colori
look-board-label = Damiera
look-pieces-label = Pezzi
looks-each-choice-applies-at = Ogni scelta vale subito ed è ricordata su questo dispositivo. "Segui il sistema" usa l'impostazione chiara o scura del dispositivo.
looks-close = Chiudi
setup-title = Imposta una posizione
setup-input-label = Posizione
setup-go = Imposta
setup-cancel = Annulla
coords-numbers = Numeri delle caselle (PDN)
coords-algebraic = Algebrica (a1–h8)
coords-hidden = Nascoste
setup-help = Incolla una posizione come testo (<code>Light c3; Light g3; Dark d4; Dark b8. Light to move.</code>, le dame come <code>Light king e5</code>; Light è il bianco, Dark il nero) o come FEN (<code>W:W21,22,K30:B1-12</code>). Inizia una nuova partita con il regolamento attuale.

## Parole comuni

side-name = { $side ->
    [light] Bianco
   *[dark] Nero
  }
side-random = Colore a caso
level-choice = { $level ->
    [1] 1 (principiante)
    [8] 8 (piena forza)
   *[other] { $level }
  }
name-you = Tu
name-computer = Computer, livello { $level }
name-friend = Il tuo amico
name-side-player = { $side ->
    [light] Giocatore col bianco
   *[dark] Giocatore col nero
  }

## Ciò che dice il lettore di schermo

speak-played = { $who }: { $move }
speak-takes = { $who } prende { $n }: { $move }
speak-count = { $n }
speak-crowned = ; la pedina diventa dama
speak-game-over = Partita finita. { $result }.

## A chi tocca

turn-game-over = Partita finita
turn-waiting-friend = In attesa che il tuo amico apra il link…
turn-waiting-second = In attesa del secondo giocatore…
turn-yours = Tocca a te ({ side-name })
turn-opponent = Tocca a: { $who } ({ side-name })
turn-side = { $side ->
    [light] Muove il bianco
   *[dark] Muove il nero
  }

## Come è finita la partita

outcome-win-no-pieces = { $winner ->
    [light] Vince il bianco: il nero non ha più pezzi
   *[dark] Vince il nero: il bianco non ha più pezzi
  }
outcome-win-no-legal-move = { $winner ->
    [light] Vince il bianco: il nero non ha mosse
   *[dark] Vince il nero: il bianco non ha mosse
  }
outcome-win-resignation = { $winner ->
    [light] Vince il bianco: il nero ha abbandonato
   *[dark] Vince il nero: il bianco ha abbandonato
  }
outcome-win-one-piece-each = { $winner ->
    [light] Vince il bianco: un pezzo ciascuno, e la dama del bianco batte la pedina del nero
   *[dark] Vince il nero: un pezzo ciascuno, e la dama del nero batte la pedina del bianco
  }
outcome-win-abandonment = { $winner ->
    [light] Vince il bianco: il nero ha lasciato la partita
   *[dark] Vince il nero: il bianco ha lasciato la partita
  }
outcome-draw-threefold = Patta: la stessa posizione si è ripetuta per la terza volta
outcome-draw-quiet-moves = Patta: { $n } mosse di fila (contando entrambi) senza prese né mosse di pedina
outcome-draw-agreement = Patta: d'accordo fra i giocatori
outcome-draw-one-piece-each = Patta: un pezzo ciascuno dello stesso tipo
outcome-draw-abandonment = Patta: un giocatore ha lasciato la partita e l'altro ha chiesto la patta
outcome-draw-adjudication = Patta: aggiudicata al limite di lunghezza dell'incontro
outcome-draw-fmjd-king-moves = Patta: 25 mosse ciascuno solo di dame, senza mosse di pedina né prese (regola FMJD 6.3)
outcome-draw-fmjd-lone-king = { $n ->
    [16] Patta: una dama sola ha resistito 16 mosse ciascuno contro tre pezzi (regola FMJD 6.4)
   *[other] Patta: una dama sola ha resistito { $n } mosse ciascuno contro due pezzi o uno (regola FMJD 6.5)
  }
draw-count-quiet = { $count } di { $limit } semimosse senza { $reset ->
    [promotion] prese né promozioni
   *[man-move] prese né mosse di pedina
  }: a { $limit } è patta.
draw-count-kings = { $count } di { $limit } semimosse fatte solo con dame, senza mosse di pedina né prese: a { $limit } è patta.
draw-count-lone-king = Dama sola: { $count } di { $limit } semimosse ({ $moves } mosse ciascuno) prima della patta.
draw-count-repetition = Questa posizione si è già presentata due volte: alla terza è patta.

## La pagina iniziale

home-how-to-play = Come si gioca: { $variant }
home-resume = Torna alla tua partita di { $variant } in corso ({ $moves ->
    [one] { $moves } mossa
   *[other] { $moves } mosse
  })
home-replace = La tua partita di { $variant } in corso ({ $moves ->
    [one] { $moves } mossa
   *[other] { $moves } mosse
  }) sarà sostituita dalla nuova.
home-start-failed = Impossibile iniziare la partita: { $error }
home-room-failed = Impossibile creare la stanza: { $error }

## La partita: un tavolo qui

play-mode-computer = { $side ->
    [light] Giochi col bianco contro il computer, livello { $level }
   *[dark] Giochi col nero contro il computer, livello { $level }
  }
play-mode-two = Due giocatori su questo dispositivo
play-new-game = Nuova partita.
play-hint = Suggerimento: { $move }
setup-replaces = Questo sostituisce la tua partita in corso ({ $moves ->
    [one] { $moves } mossa
   *[other] { $moves } mosse
  }).
setup-replace-go = Sostituiscila e imposta
setup-done = Posizione impostata.

## La partita: ogni partita

app-name = Dama
board-label-game = Damiera della partita
confirm-play = Giocare { $move }?
move-example = es. { $move }
copied-fen = FEN copiato: { $fen }
copied-text = Copiato: { $text }
moves-none-yet = { $side ->
    [light] Ancora nessuna mossa. Muove il bianco.
   *[dark] Ancora nessuna mossa. Muove il nero.
  }
taken-short = presi { $n }
taken-long = { $side ->
    [light] Il bianco ha preso { $n ->
        [one] { $n } pezzo
       *[other] { $n } pezzi
      }
   *[dark] Il nero ha preso { $n ->
        [one] { $n } pezzo
       *[other] { $n } pezzi
      }
  }
steps-failed = Questa partita non si può rivedere mossa per mossa: { $error }
speak-taken-back = { $n ->
    [0] Ritirato fino all'inizio.
   *[other] Ritirato fino alla mossa { $n }.
  }

## La partita: una stanza online

room-opening = Apertura della stanza…
room-connecting = Connessione…
room-lost = Connessione persa; riconnessione…
room-draw-declined = La tua proposta di patta è stata rifiutata.
room-takeback-declined = Il tuo amico non ti ha concesso di ritirare la mossa.
room-title-player = { $game ->
    [1] Stanza online: { $variant }
   *[other] Stanza online: { $variant }, partita { $game }
  }
room-title-watcher = { $game ->
    [1] Spettatore: { $variant }
   *[other] Spettatore: { $variant }, partita { $game }
  }
room-accept-draw = Accetta la patta
room-accept-rematch = Accetta la rivincita
room-rematch = Rivincita (colori scambiati)
room-rematch-asked = Rivincita chiesta; in attesa del tuo amico.
room-rematch-wanted = Il tuo amico vuole la rivincita.
room-role-watcher = { $others ->
    [0] Stai guardando questa partita.
    [one] Stai guardando questa partita, con { $others } altra persona.
   *[other] Stai guardando questa partita, con altre { $others } persone.
  }
room-role-player = { $side ->
    [light] Giochi col bianco.
   *[dark] Giochi col nero.
  }{ $watchers ->
    [0] {""}
    [one] { " " }{ $watchers } persona guarda.
   *[other] { " " }{ $watchers } persone guardano.
  }
seat-free = posto libero
seat-connected = connesso
seat-away = assente
room-draw-offered = Il tuo amico propone la patta.
room-takeback-asked = Il tuo amico chiede di ritirare la sua ultima mossa.
room-decline = Rifiuta
room-allow = Concedi
room-refuse = Non concedere
room-you-offered-draw = Hai proposto la patta.
room-you-asked-takeback = Hai chiesto di ritirare la tua mossa.
room-friend-away = Il tuo amico è assente. Se non torna entro { $time }, potrai reclamare la partita quando tocca a lui.
room-friend-left-move = Il tuo amico ha lasciato la partita. Fai la tua mossa; poi potrai reclamare la partita.
room-friend-left = Il tuo amico ha lasciato la partita.
room-link-copied = Link copiato. Mandalo al tuo amico.

## I titoli della scheda

title-home = Gioca a dama
title-room = Stanza online · Dama
title-room-missing = Stanza non trovata · Dama
title-guide = Regolamenti · Dama
title-pdn = Apri una partita PDN · Dama
title-analysis = Damiera di analisi · Dama

## I regolamenti

variant-english = Dama inglese
variant-american = Dama americana (disposizione locale)
variant-german = Dama tedesca (disposizione locale)
variant-russian = Dama russa
variant-international = Dama internazionale
variant-turkish = Dama turca
variant-italian = Dama italiana
variant-brazilian = Dama brasiliana

## Errori secondo il codice del server

error-unreachable = Il server di gioco non risponde. Controlla la connessione, poi ricarica la pagina.
error-not_your_turn = Non tocca a te.
error-game_over = La partita è finita.
error-not_started = La partita non è iniziata: il tuo amico non ha ancora aperto il link.
error-not_a_player = Stai guardando: solo i giocatori possono farlo.
error-no_offer = Non c'è niente a cui rispondere: la proposta o la richiesta è stata ritirata.
error-not_allowed = Ora non è permesso.
error-unavailable = Il server si sta fermando; non è cambiato nulla. Riprova fra un momento.
error-rate_limited = Troppi messaggi insieme; rallenta un po'.
error-internal = Il server non ha potuto salvare; non è cambiato nulla. Riprova.
error-stale = La partita era andata avanti (forse in un'altra scheda); è mostrata com'è ora.
error-unreadable = La partita salvata non si può leggere; inizia una nuova partita per sostituirla.
error-busy = Il computer è occupato con altre partite; riprova fra qualche secondo.
error-too_many_rooms = Troppe stanze create dal tuo indirizzo (al massimo { $per_minute } al minuto); riprova fra { $secs } s.
error-empty_answer = Il server ha mandato una risposta vuota.
error-connection_lost = La connessione al server si è interrotta prima della fine della risposta. Riprova.
error-answer_cut = Il server si è fermato prima della fine della risposta. Riprova.
error-move_shape = Una mossa si invia come testo (ad esempio 11-15) o come casella di partenza e caselle di arrivo.
error-move_bad_square = { $asked } non è una casella giocabile di questa damiera.
error-move_syntax = { $asked } non si legge come una mossa: scrivi le caselle unite da - per un passo o da x per una presa (ad esempio 11-15 o 22x15).
error-move_illegal = { $asked } qui non è una mossa regolare; le mosse possibili sono { $moves }.
error-move_no_legal_move = In questa posizione non c'è nessuna mossa possibile.
error-move_quiet_as_capture = { $asked } non prende nulla: una mossa semplice si scrive con -, non con x o :.
error-move_captured_mismatch = { $asked } non prende quei pezzi; le mosse lungo quel percorso: { $moves }.
error-move_ambiguous = { $asked } può essere più di una mossa: { $moves }. Indica altre caselle.
error-move_incomplete = { $asked } si ferma a metà di una presa: la presa deve continuare ({ $moves }).

language-label = Lingua

## La damiera di analisi

review-stopped = La revisione è stata fermata.
review-stopped-left = La revisione è stata fermata quando hai lasciato la pagina.
analysis-resumed = Analisi ripresa.
analysis-paused = Analisi in pausa.
analysis-link-copied = Link copiato: apre questa posizione.
analysis-link-copy-below = Copia il link dal riquadro qui sotto.
analysis-main-line = Questa variante ora è la principale.
analysis-unknown-variant = Non esiste un regolamento chiamato "{ $id }"; questa è { $variant }.
analysis-link-position-bad = La posizione di questo link non si può impostare ({ $error }); questa è la posizione iniziale.
analysis-link-move-bad = La mossa { $n } del link ({ $move }) qui non si può giocare: { $error } Sono mostrate le mosse precedenti.
analysis-over = La partita è finita
analysis-over-here = Qui la partita è finita: { $result }
analysis-bar-paused = In pausa
analysis-engine-paused = Il motore è in pausa. Accendilo per vedere le sue varianti.
analysis-engine-reviewing = Il motore sta revisionando la partita; le varianti tornano a revisione finita.
analysis-thinking = Sto pensando…
analysis-finished = finito
analysis-setting-up = Impostazione
review-no-moves = Non ci sono mosse da revisionare: gioca qualche mossa o apri prima una partita.
review-no-results = La revisione è finita senza risultati. Riprova.
review-failed = La revisione non si è potuta completare: { $error }
review-finished = Revisione finita. Precisione del bianco { $light }%, del nero { $dark }%.
editor-failed = Questa posizione non si può analizzare: { $error }

## La valutazione a parole (dal punto di vista del bianco)

score-has-won = { $side ->
    [light] Il bianco ha vinto
   *[dark] Il nero ha vinto
  }
score-wins-in = { $side ->
    [light] Il bianco vince in { $moves ->
        [one] { $moves } mossa
       *[other] { $moves } mosse
      }
   *[dark] Il nero vince in { $moves ->
        [one] { $moves } mossa
       *[other] { $moves } mosse
      }
  }
score-even = Pari
score-slightly-better = { $side ->
    [light] Il bianco sta un po' meglio
   *[dark] Il nero sta un po' meglio
  }
score-ahead-man = { $side ->
    [light] Il bianco è avanti di circa una pedina
   *[dark] Il nero è avanti di circa una pedina
  }
score-ahead-men = { $side ->
    [light] Il bianco è avanti di circa { $men } pedine
   *[dark] Il nero è avanti di circa { $men } pedine
  }
eval-label = Valutazione: { $words }
eval-label-none = Valutazione
engine-depth = Profondità { $depth }
tree-empty = Ancora nessuna mossa: gioca una mossa sulla damiera.

## I pezzi dell'editor

tool-light-man = Pedina bianca
tool-light-king = Dama bianca
tool-dark-man = Pedina nera
tool-dark-king = Dama nera
tool-eraser = Gomma

## La revisione della partita

mark-words = { $cls ->
    [best] la mossa migliore
    [forced] l'unica mossa
    [inaccuracy] un'imprecisione
    [mistake] un errore
    [blunder] un grave errore
   *[good] una buona mossa
  }
mark-said = { $side ->
    [light] La { $move } del bianco è stata { $mark }; meglio era { $best }.
   *[dark] La { $move } del nero è stata { $mark }; meglio era { $best }.
  }
review-said = { $side ->
    [light] La { $move } del bianco è stata { $mark }.
   *[dark] La { $move } del nero è stata { $mark }.
  }
review-detail = { $said } Dopo: { $score }. { $same ->
    [yes] La variante del motore
   *[no] La variante del motore invece
  }: { $line }.
review-progress = Revisione della partita… ({ $done } di { $total } posizioni)
review-accuracy = { $side ->
    [light] Bianco: precisione { $accuracy }%
   *[dark] Nero: precisione { $accuracy }%
  }
review-counts = { $inaccuracies ->
    [0] nessuna imprecisione
    [one] { $inaccuracies } imprecisione
   *[other] { $inaccuracies } imprecisioni
  }, { $mistakes ->
    [0] nessun errore
    [one] { $mistakes } errore
   *[other] { $mistakes } errori
  }, { $blunders ->
    [0] nessun grave errore
    [one] { $blunders } grave errore
   *[other] { $blunders } gravi errori
  }
review-graph = La probabilità di vittoria del bianco durante la partita, dal { $first }% all'inizio al { $last }% alla fine. L'elenco delle mosse segnalate qui sotto porta a ciascuna.
review-clean = Nessuna imprecisione, nessun errore: ben giocata da entrambi.
review-start = L'inizio della partita. Scegli una mossa per vedere cosa ne dice la revisione.

## Scorrere una partita

nav-steps = Scorri la partita
nav-first = All'inizio
nav-prev = Una mossa indietro (freccia sinistra)
nav-next = Una mossa avanti (freccia destra)
nav-last = All'ultima mossa
nav-live = Torna alla partita
nav-start = Inizio
nav-ply = Mossa { $k } di { $n }: { $move }

## La damiera

board-label = Damiera
board-piece = { $color ->
    [light] { $kind ->
        [king] dama bianca
       *[man] pedina bianca
      }
   *[dark] { $kind ->
        [king] dama nera
       *[man] pedina nera
      }
  }
board-empty = vuota
board-can-move = può muovere
board-selected = selezionata
board-destination = destinazione possibile
board-finish-capture = Completa la presa: salta su una delle caselle segnate (Esc la ritira).
board-outranked-italian = Questo pezzo può prendere, ma un'altra presa ha la precedenza (prende più pezzi, o la fa una dama, o prende più dame, o prende prima una dama): deve prendere uno dei pezzi segnati.
board-outranked = Questo pezzo può prendere, ma un'altra presa prende più pezzi, e va giocata quella che ne prende di più: deve prendere uno dei pezzi segnati.
board-no-move = Quel pezzo non ha mosse.
board-capture-on = Continua la presa: { $squares }.
board-or = { " " }o{ " " }
board-choose-capture = Scegli la presa
board-same-square = Queste prese finiscono sulla stessa casella. Quali pezzi prendi?
board-takes = { $move } (prende { $squares })
board-not-destination = Quella casella non è una destinazione possibile.

## Il visore PDN

pdn-too-big = Questo file è troppo grande per aprirlo qui: { $size } MiB, e il massimo è { $most } MiB. Aprine una parte (qualche migliaio di partite).
pdn-replace = La tua partita di { $variant } in corso ({ $moves ->
    [one] { $moves } mossa
   *[other] { $moves } mosse
  }) sarà sostituita da questa posizione.
pdn-replace-yes = Sostituiscila e continua
pdn-unknown-rules = regolamento sconosciuto
pdn-skipped = Saltato: { $warnings }
pdn-stops-early = Questa partita si ferma prima: { $error }
pdn-by-our-rules = secondo le nostre regole: { $result }
pdn-no-moves = Nessuna mossa in questa partita.

## I regolamenti (le parole della pagina; i testi sono di guides.json)

guide-setup = Disposizione
guide-moves = Mosse
guide-captures = Prese
guide-kings = Dame
guide-draws = La patta e la fine della partita
guide-examples = Esempi svolti
guide-examples-note = Ogni diagramma è vivo: premi "Gioca l'esempio" o muovi tu i pezzi. Il server controlla ogni mossa.
guide-play = Gioca a { $variant }
guide-switch = Per giocare con un altro regolamento, sceglilo sotto "Regolamento" nella pagina iniziale, o sopra le mosse nella pagina della partita. Ogni regolamento tiene la sua partita salvata.
guide-play-example = Gioca l'esempio
guide-reset = Da capo
guide-legal = Mosse possibili: { $moves }
guide-example-label = Esempio: { $title }
guide-tactics = Tattiche da conoscere
guide-tactics-note = Colpi tratti da partite vere. Premi «Gioca il colpo» per vedere la linea vincente, o prima cercala da solo.
guide-play-shot = Gioca il colpo
guide-mistakes = Errori che il computer punisce
guide-mistakes-note = Ogni diagramma gioca una mossa dall’aria naturale che perde, poi la risposta che la punisce.
guide-play-mistake = Gioca l’errore
guide-common = Un errore comune
guide-questions = Domande al tavolo
guide-differences = In che cosa differiscono le regole
guide-diagram-label = Diagramma: { $title }
guide-line = La linea: { $line }.
guide-mistake-line = L’errore: { $mistake }. La punizione: { $punish }.
guide-composed = Una posizione composta, non tratta da una partita registrata.
guide-source = Dalla partita { $white } (bianco) – { $black } (nero){ $where }.
guide-gain-game = Vince la partita.
guide-loss-game = Perde la partita.
guide-gain = Guadagno netto: { $material }.
guide-loss = Perdita netta: { $material }.
guide-pieces = { $n ->
    [one] { $n } pezzo
   *[other] { $n } pezzi
}
guide-kings-count = { $n ->
    [one] { $n } dama
   *[other] { $n } dame
}
guide-and = { $a } e { $b }
guide-nothing = niente
guide-you-played = Hai giocato { $move }.
guide-played = Giocata { $move }.

## Le scelte dell'aspetto

look-system = Segui il sistema
look-light = Chiaro
look-dark = Scuro
look-wood = Legno
look-green = Verde da torneo
look-slate = Blu ardesia
look-contrast = Alto contrasto
look-classic = Avorio ed ebano
look-red = Avorio e rosso
look-amber = Ambra e noce

## Le regole in breve (le frasi del server)

summary-board = { $board ->
    [orthogonal] Damiera 8x8, tutte le 64 caselle; i pezzi si muovono lungo righe e colonne
    [ten] Damiera 10x10, le 50 caselle scure
    [mirrored] Damiera 8x8 girata in modo che h1 sia scura (angolo scuro a destra)
   *[eight] Damiera 8x8, le 32 caselle scure
  }; { $men } pedine ciascuno. { $first ->
    [light] Muove per primo il bianco.
   *[dark] Muove per primo il nero.
  }
summary-men = Le pedine avanzano { $step ->
    [sideways] di una casella in avanti o di lato
   *[diagonal] di una casella in diagonale in avanti
  } e prendono { $capture ->
    [backward] in avanti e all'indietro
    [sideways] in avanti e di lato, mai all'indietro
   *[forward] solo in avanti
  }.
summary-men-no-kings = Una pedina non può mai prendere una dama.
summary-capture = { $choice ->
    [free] La presa è obbligatoria; puoi scegliere qualsiasi presa, non per forza la più lunga, ma devi completarne la catena.
    [maximum] La presa è obbligatoria e devi prendere il maggior numero di pezzi (la dama conta uno).
   *[italian] La presa è obbligatoria: prendi più pezzi; poi prendi con la dama, se puoi; poi prendi più dame; poi incontra prima una dama.
  }
summary-removal = { $removal ->
    [immediate] I pezzi presi spariscono subito; una dama può girare di 90 gradi fra una presa e l'altra, ma mai tornare indietro.
   *[end] I pezzi presi si tolgono alla fine della catena e non si possono saltare due volte.
  }
summary-kings = { $range ->
    [flying] Le dame volano: scorrono di quante caselle vogliono su una linea libera e possono fermarsi su qualsiasi casella libera oltre il pezzo preso.
   *[short] Le dame muovono e prendono di una casella in ogni direzione; non volano.
  }
summary-promotion = { $promotion ->
    [continues] Una pedina che arriva all'ultima riga durante una presa diventa subito dama e continua a prendere come dama.
    [end-only] Una pedina diventa dama solo se la sua mossa finisce sull'ultima riga.
   *[ends] Una pedina che arriva all'ultima riga diventa dama e la mossa finisce lì.
  }
summary-draws = Patta alla terza ripetizione di una posizione, o dopo { $limit } semimosse di fila senza { $reset ->
    [promotion] prese né promozioni
   *[man-move] prese né mosse di pedina
  }.
summary-draws-fmjd = Patte secondo le regole FMJD (articolo 6): alla terza ripetizione di una posizione; dopo { $kings } mosse ciascuno fatte solo con dame, senza mosse di pedina né prese; e quando una dama sola resiste contro tre pezzi (almeno una dama) per { $three } mosse ciascuno, o contro due pezzi o uno con una dama per { $two } mosse ciascuno.
summary-one-piece-each = Con un pezzo ciascuno la partita finisce subito: la dama batte la pedina, pezzi uguali fanno patta.
summary-italian-draws = (La guida dà queste regole sulla patta per la dama inglese; le usiamo anche per l'italiana.)
summary-simplified-draws = (Le nostre regole semplificate sulla patta; una partita si può giocare invece con quelle ufficiali della FMJD.)
summary-lose = Perdi quando non hai più pezzi o mosse.

## Problemi (pages/puzzles.js)

nav-puzzles = Problemi
home-puzzles = Problemi
home-puzzles-of = Problemi di { $variant }
title-puzzles = Problemi · Dama
puzzles-title = Problemi
puzzles-tabs =
    .aria-label = Varianti
puzzles-intro = Posizioni tratte da partite vere in cui una sola mossa vince. Giocala sulla damiera; le risposte forzate dell'avversario vengono giocate per te.
puzzles-board-label = Damiera del problema
puzzles-find = { $moves ->
    [one] Trova la mossa vincente.
   *[other] Trova la combinazione vincente: { $moves } mosse.
  }
puzzles-puzzle = Punteggio del problema { $rating } · { $of } problemi in questa variante
puzzles-source-file = Dalla partita { $game } della raccolta { $file }.
puzzles-standing = Il tuo punteggio { $rating } ± { $deviation } · serie { $streak } · risolti { $solved } su { $attempts }
puzzles-right = Giusto!
puzzles-reply = Giusto! La risposta: { $move }. Tocca a te.
puzzles-solved = Risolto!
puzzles-solved-hinted = Risolto con un suggerimento.
puzzles-wrong = Non è la mossa: { $move } non vince. Riprova o guarda la soluzione.
puzzles-change = Punteggio { $rating } ({ $change }).
puzzles-unrated = Un nuovo tentativo: il punteggio resta com'era.
puzzles-hint-shown = La pedina evidenziata muove per prima.
puzzles-solution = La soluzione: { $line }
puzzles-none = Non ci sono ancora problemi di { $variant }. Scegli un'altra variante qui sopra.
puzzles-hint = Suggerimento
puzzles-retry = Riprova
puzzles-show = Mostra la soluzione
puzzles-next = Problema successivo
guide-puzzles = Esercitati con i problemi di { $variant }
error-no_puzzles = Non ci sono ancora problemi per questa variante.
error-no_such_puzzle = Questo problema non è più nella raccolta. Premi “Problema successivo”.
error-puzzle_off_line = Il suggerimento vale solo per un problema ancora da risolvere.
error-puzzles_broken = La raccolta di problemi di questo server non si legge; ricostruiscila con “draughts puzzles build”.
