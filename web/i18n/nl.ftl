# De interface in het Nederlands. De sleutels zijn die van en.ftl (docs/web.md, "Languages").

## De vaste tekst van web/index.html

skip = Naar het bord
header-draughts = Dammen
header-main =
    .aria-label = Hoofdmenu
nav-play = Spelen
nav-guide = Spelregels
nav-pdn = Een PDN-partij openen
open-looks =
    .aria-label = Weergave
header-appearance = Weergave
home-title = Dammen
home-variant-label = Spelregels
home-guide = Hoe speel je het
home-analysis = Analysebord
home-official-fmjd-draw-rules = Officiële remiseregels van de FMJD
way-computer = Speel tegen de computer
home-eight-levels-from-a = Acht niveaus, van beginner tot de volle kracht van de engine.
home-level = Niveau
home-you-play = Jij speelt
home-computer = Speel tegen de computer
way-online = Speel online met een vriend
home-a-private-room-with = Een privékamer, met een link om naar je vriend te sturen. Anderen met de link kunnen meekijken.
home-you-play-2 = Jij speelt
home-online = Kamer maken
way-two = Twee spelers hier
home-take-turns-on-this = Speel om beurten op dit apparaat, wit en zwart.
home-turn-the-board-towards = Draai het bord naar de kant die aan zet is
home-two = Speel op dit apparaat
home-ask-yes = Nieuwe partij beginnen
home-ask-no = Bewaren
view-game =
    .aria-label = Partij
missing-title = Deze kamer bestaat niet
game-the-link-may-be = De link is misschien verkeerd getypt of afgebroken, of de kamer is verlopen. Vraag je vriend de link opnieuw te sturen, of begin zelf een partij.
game-start-a-game = Een partij beginnen
game-board =
    .aria-label = Bord
name-dark = Zwart
clock-dark =
    .aria-label = Tijd van zwart
rematch = Revanche
result-new = Nieuwe partij
result-analyse = Analyseren
result-review = Nabespreking
result-step = Zet voor zet bekijken
result-close = Verbergen
    .aria-label = Verberg de uitslag om het bord te zien
name-light = Wit
clock-light =
    .aria-label = Tijd van wit
game-game =
    .aria-label = Partij
game-title = Dammen
game-rule-set = Spelregels
room-title = Online kamer
sound-note = Zetgeluiden starten na je eerste klik of toetsaanslag op deze pagina (een regel van de browser).
room-link-label = Stuur deze link naar je vriend:
room-copy = Link kopiëren
thinking = De computer denkt na
game-game-time = Speeltijd
confirm-yes = Spelen
confirm-no = Terugnemen
resign-text = Deze partij opgeven?
resign-yes = Ja, opgeven
resign-no = Nee
claim-win = De winst opeisen
claim-draw = Remise verklaren
restore-new = Nieuwe partij beginnen (vervangt de bewaarde)
game-game-controls =
    .aria-label = Bediening van de partij
undo = Ongedaan maken
hint = Tip
draw = Remise aanbieden
takeback = Vragen om terug te nemen
flip = Bord draaien
resign = Opgeven
open-settings = Instellingen
new-game = Nieuwe partij
game-game-panels =
    .aria-label = Panelen van de partij
tab-moves = Zetten
tab-tools = Stelling
tab-rules = Regels
moves =
    .aria-label = Zettenlijst
move-input-label = Typ een zet
move-input =
    .placeholder = bijv. 11-15 of 32x23x14
game-play = Spelen
open-setup = Stelling opzetten…
copy-fen = FEN kopiëren
copy-text = Als tekst kopiëren
download-pdn = PDN downloaden
position-out-label = Huidige stelling
rules-title = De regels in het kort
rules-link = De volledige gids met voorbeelden
view-guide =
    .aria-label = Spelregels
guide-tabs =
    .aria-label = Spelvarianten
view-pdn =
    .aria-label = Een PDN-partij openen
pdn-open-a-pdn-game = Een PDN-partij openen
pdn-text-label = PDN-tekst plakken
pdn-or-choose-a-file = of kies een bestand
pdn-rule-set-when-the = Spelregels als het bestand ze niet noemt
pdn-open = Openen
pdn-game = Partij
pdn-moves =
    .aria-label = Zetten van de partij
pdn-continue = Verder spelen vanaf deze stelling
pdn-analyse = Deze stelling analyseren
pdn-review = Deze partij nabespreken
analysis-board =
    .aria-label = Bord
analysis-steps =
    .aria-label = Door de zetten stappen
an-first =
    .aria-label = Naar het begin (Home)
    .title = Naar het begin (Home)
an-prev =
    .aria-label = Eén zet terug (pijl links)
    .title = Eén zet terug (pijl links)
an-next =
    .aria-label = Eén zet vooruit (pijl rechts)
    .title = Eén zet vooruit (pijl rechts)
an-last =
    .aria-label = Naar het eind van de variant (End)
    .title = Naar het eind van de variant (End)
an-flip = Bord draaien
analysis-analysis =
    .aria-label = Analyse
analysis-title = Analysebord
analysis-rules = Remises worden beoordeeld volgens de officiële regels van de FMJD.
analysis-rule-set = Spelregels
eval-number =
    .aria-label = Evaluatie
analysis-engine = Engine
engine-lines =
    .aria-label = De beste varianten van de engine
review-title = Nabespreking van de partij
review-note = De partij wordt nabesproken…
review-stop = Stoppen
review-marked =
    .aria-label = Gemarkeerde zetten
analysis-tree =
    .aria-label = Zetten en varianten
analysis-analysis-tools =
    .aria-label = Analysegereedschap
an-copy = Link kopiëren
an-edit = Stelling opzetten
an-review = De partij nabespreken
an-promote = Tot hoofdvariant maken
an-delete = Vanaf hier wissen
an-link =
    .aria-label = Link naar deze stelling
editor-title = Stelling opzetten
analysis-choose-a-piece-then = Kies een stuk en klik dan op velden van het bord (nog eens klikken haalt het weg).
editor-palette =
    .aria-label = Stuk om te plaatsen
analysis-side-to-move = Aan zet
analysis-light = Wit
analysis-dark = Zwart
editor-clear = Bord leegmaken
editor-start = Beginstelling
editor-go = Deze stelling analyseren
editor-cancel = Annuleren
settings-title = Tafelinstellingen
settings-players = Spelers
settings-against-the-computer = Tegen de computer
settings-two-players-on-this = Twee spelers op dit apparaat
settings-the-computer = De computer
settings-level = Niveau
settings-you-play = Jij speelt
settings-two-players = Twee spelers
settings-turn-the-board-towards = Draai het bord naar de kant die aan zet is
settings-draw-rules = Remiseregels
settings-official-fmjd-draw-rules = Officiële remiseregels van de FMJD
settings-off-our-simplified-draw = Uit: onze vereenvoudigde remiseregels. Geldt vanaf een nieuwe partij: de lopende partij houdt haar regels.
settings-display = Weergave
settings-coordinates = Coördinaten
settings-moves = Zetten geschreven als
moves-own = Zoals de spelregels ze schrijven
moves-numbers = Veldnummers (22-18)
moves-algebraic = Algebraïsch (c3-d4)
settings-results = Uitslagen geschreven als
results-auto = Zoals de spelers van deze variant ze schrijven
results-1-0 = 1-0, ½-½, 0-1
results-2-0 = 2-0, 1-1, 0-2
settings-confirm-each-move-before = Elke zet bevestigen voordat hij gespeeld wordt
settings-mute-sounds = Geluid uit
set-looks = Kleuren, bord en stukken…
settings-level-and-board-turning = Niveau en bord draaien gelden meteen; spelers, kleuren en remiseregels vanaf een nieuwe partij.
settings-apply = Op deze partij toepassen
settings-new = Nieuwe partij beginnen
settings-close = Sluiten
looks-title = Weergave
look-scheme-label = Kleuren
look-board-label = Bord
look-pieces-label = Stukken
looks-each-choice-applies-at = Elke keuze geldt meteen en wordt op dit apparaat onthouden. "Systeem volgen" gebruikt de lichte of donkere instelling van je apparaat.
looks-close = Sluiten
setup-title = Stelling opzetten
setup-input-label = Stelling
setup-go = Opzetten
setup-cancel = Annuleren
coords-numbers = Veldnummers (PDN)
coords-algebraic = Algebraïsch (a1–h8)
coords-hidden = Verborgen
setup-help = Plak een stelling als tekst (<code>Light c3; Light g3; Dark d4; Dark b8. Light to move.</code>, dammen als <code>Light king e5</code>; Light is wit, Dark is zwart) of als FEN (<code>W:W21,22,K30:B1-12</code>). Er begint een nieuwe partij met de huidige spelregels.

## Gedeelde woorden

side-name = { $side ->
    [light] Wit
   *[dark] Zwart
  }
side-random = Willekeurige kleur
level-choice = { $level ->
    [1] 1 (beginner)
    [8] 8 (volle kracht)
   *[other] { $level }
  }
name-you = Jij
name-computer = Computer, niveau { $level }
name-friend = Je vriend
name-side-player = { $side ->
    [light] Speler met wit
   *[dark] Speler met zwart
  }

## Wat de schermlezer zegt

speak-played = { $who }: { $move }
speak-takes = { $who } slaat { $n }: { $move }
speak-count = { $n }
speak-crowned = ; de schijf promoveert tot dam
speak-game-over = Partij voorbij. { $result }.

## Wie aan zet is

turn-game-over = Partij voorbij
turn-waiting-friend = Wachten tot je vriend de link opent…
turn-waiting-second = Wachten op de tweede speler…
turn-yours = Jij bent aan zet ({ side-name })
turn-opponent = Aan zet: { $who } ({ side-name })
turn-side = { $side ->
    [light] Wit is aan zet
   *[dark] Zwart is aan zet
  }

## Hoe de partij eindigde

outcome-win-no-pieces = { $winner ->
    [light] Wit wint: zwart heeft geen stukken meer
   *[dark] Zwart wint: wit heeft geen stukken meer
  }
outcome-win-no-legal-move = { $winner ->
    [light] Wit wint: zwart kan geen zet doen
   *[dark] Zwart wint: wit kan geen zet doen
  }
outcome-win-resignation = { $winner ->
    [light] Wit wint: zwart gaf op
   *[dark] Zwart wint: wit gaf op
  }
outcome-win-one-piece-each = { $winner ->
    [light] Wit wint: elk één stuk, en de dam van wit verslaat de schijf van zwart
   *[dark] Zwart wint: elk één stuk, en de dam van zwart verslaat de schijf van wit
  }
outcome-win-abandonment = { $winner ->
    [light] Wit wint: zwart verliet de partij
   *[dark] Zwart wint: wit verliet de partij
  }
outcome-draw-threefold = Remise: dezelfde stelling kwam voor de derde keer voor
outcome-draw-quiet-moves = Remise: { $n } zetten achter elkaar (beide kanten geteld) zonder slag of schijfzet
outcome-draw-agreement = Remise: overeengekomen door de spelers
outcome-draw-one-piece-each = Remise: elk één stuk van dezelfde soort
outcome-draw-abandonment = Remise: een speler verliet de partij en de ander eiste remise
outcome-draw-adjudication = Remise: beslist bij de lengtegrens van de match
outcome-draw-fmjd-king-moves = Remise: elk 25 zetten alleen met dammen, zonder schijfzet of slag (FMJD-regel 6.3)
outcome-draw-fmjd-lone-king = { $n ->
    [16] Remise: een eenzame dam hield elk 16 zetten stand tegen drie stukken (FMJD-regel 6.4)
   *[other] Remise: een eenzame dam hield elk { $n } zetten stand tegen twee stukken of één (FMJD-regel 6.5)
  }
draw-count-quiet = { $count } van { $limit } halve zetten zonder { $reset ->
    [promotion] slag of promotie
   *[man-move] slag of schijfzet
  }: bij { $limit } is het remise.
draw-count-kings = { $count } van { $limit } halve zetten alleen met dammen, zonder schijfzet of slag: bij { $limit } is het remise.
draw-count-lone-king = Eenzame dam: { $count } van { $limit } halve zetten (elk { $moves } zetten) tot remise.
draw-count-repetition = Deze stelling kwam al twee keer voor: de derde keer is remise.

## De beginpagina

home-how-to-play = Hoe speel je { $variant }
home-resume = Terug naar je lopende partij { $variant } ({ $moves ->
    [one] { $moves } zet
   *[other] { $moves } zetten
  })
home-replace = Je lopende partij { $variant } ({ $moves ->
    [one] { $moves } zet
   *[other] { $moves } zetten
  }) wordt vervangen door de nieuwe.
home-start-failed = De partij kon niet beginnen: { $error }
home-room-failed = De kamer kon niet gemaakt worden: { $error }

## De partij: een tafel hier

play-mode-computer = { $side ->
    [light] Je speelt met wit tegen de computer, niveau { $level }
   *[dark] Je speelt met zwart tegen de computer, niveau { $level }
  }
play-mode-two = Twee spelers op dit apparaat
play-new-game = Nieuwe partij.
play-hint = Tip: { $move }
setup-replaces = Dit vervangt je lopende partij ({ $moves ->
    [one] { $moves } zet
   *[other] { $moves } zetten
  }).
setup-replace-go = Vervangen en opzetten
setup-done = Stelling opgezet.

## De partij: elke partij

app-name = Dammen
board-label-game = Speelbord
confirm-play = { $move } spelen?
move-example = bijv. { $move }
copied-fen = FEN gekopieerd: { $fen }
copied-text = Gekopieerd: { $text }
moves-none-yet = { $side ->
    [light] Nog geen zetten. Wit is aan zet.
   *[dark] Nog geen zetten. Zwart is aan zet.
  }
taken-short = { $n } geslagen
taken-long = { $side ->
    [light] Wit heeft { $n ->
        [one] { $n } stuk
       *[other] { $n } stukken
      } geslagen
   *[dark] Zwart heeft { $n ->
        [one] { $n } stuk
       *[other] { $n } stukken
      } geslagen
  }
steps-failed = Deze partij kan niet zet voor zet bekeken worden: { $error }
speak-taken-back = { $n ->
    [0] Teruggenomen tot het begin.
   *[other] Teruggenomen tot zet { $n }.
  }

## De partij: een online kamer

room-opening = De kamer wordt geopend…
room-connecting = Verbinden…
room-lost = Verbinding verbroken; opnieuw verbinden…
room-draw-declined = Je remiseaanbod is afgewezen.
room-takeback-declined = Je vriend weigerde je zet terug te laten nemen.
room-title-player = { $game ->
    [1] Online kamer: { $variant }
   *[other] Online kamer: { $variant }, partij { $game }
  }
room-title-watcher = { $game ->
    [1] Meekijken: { $variant }
   *[other] Meekijken: { $variant }, partij { $game }
  }
room-accept-draw = Remise aannemen
room-accept-rematch = Revanche aannemen
room-rematch = Revanche (kleuren wisselen)
room-rematch-asked = Revanche gevraagd; wachten op je vriend.
room-rematch-wanted = Je vriend wil revanche.
room-role-watcher = { $others ->
    [0] Je kijkt naar deze partij.
    [one] Je kijkt naar deze partij, met { $others } ander.
   *[other] Je kijkt naar deze partij, met { $others } anderen.
  }
room-role-player = { $side ->
    [light] Je speelt met wit.
   *[dark] Je speelt met zwart.
  }{ $watchers ->
    [0] {""}
    [one] { " " }{ $watchers } persoon kijkt mee.
   *[other] { " " }{ $watchers } mensen kijken mee.
  }
seat-free = vrije plaats
seat-connected = verbonden
seat-away = weg
room-draw-offered = Je vriend biedt remise aan.
room-takeback-asked = Je vriend vraagt zijn laatste zet terug te nemen.
room-decline = Afwijzen
room-allow = Toestaan
room-refuse = Weigeren
room-you-offered-draw = Je bood remise aan.
room-you-asked-takeback = Je vroeg je zet terug te nemen.
room-friend-away = Je vriend is weg. Als hij niet binnen { $time } terug is, mag je de partij opeisen als hij aan zet is.
room-friend-left-move = Je vriend heeft de partij verlaten. Doe je zet; daarna mag je de partij opeisen.
room-friend-left = Je vriend heeft de partij verlaten.
room-link-copied = Link gekopieerd. Stuur hem naar je vriend.

## De titels van het tabblad

title-home = Dammen
title-room = Online kamer · Dammen
title-room-missing = Kamer niet gevonden · Dammen
title-guide = Spelregels · Dammen
title-pdn = Een PDN-partij openen · Dammen
title-analysis = Analysebord · Dammen

## De spelvarianten

variant-english = Engels dammen
variant-american = Amerikaans dammen (lokale opstelling)
variant-german = Duits dammen (lokale opstelling)
variant-russian = Russisch dammen
variant-international = Internationaal dammen
variant-turkish = Turks dammen
variant-italian = Italiaans dammen
variant-brazilian = Braziliaans dammen

## Fouten volgens de code van de server

error-unreachable = De spelserver is niet bereikbaar. Controleer de verbinding en laad de pagina opnieuw.
error-not_your_turn = Je bent niet aan zet.
error-game_over = De partij is voorbij.
error-not_started = De partij is niet begonnen: je vriend heeft de link nog niet geopend.
error-not_a_player = Je kijkt mee: alleen de spelers kunnen dit.
error-no_offer = Er valt niets te beantwoorden: het aanbod of verzoek is ingetrokken.
error-not_allowed = Dat mag nu niet.
error-unavailable = De server stopt; er is niets veranderd. Probeer het zo opnieuw.
error-rate_limited = Te veel berichten tegelijk; doe iets rustiger.
error-internal = De server kon dit niet bewaren; er is niets veranderd. Probeer het opnieuw.
error-stale = De partij was verder gegaan (misschien in een ander tabblad); ze wordt getoond zoals ze nu is.
error-unreadable = De bewaarde partij kan niet gelezen worden; begin een nieuwe partij om haar te vervangen.
error-busy = De computer is bezig met andere partijen; probeer het over een paar seconden opnieuw.
error-too_many_rooms = Er zijn te veel kamers gemaakt vanaf je adres (hoogstens { $per_minute } per minuut); probeer het over { $secs } s opnieuw.
error-empty_answer = De server stuurde een leeg antwoord.
error-connection_lost = De verbinding met de server viel weg voordat het antwoord compleet was. Probeer het opnieuw.
error-answer_cut = De server stopte voordat het antwoord compleet was. Probeer het opnieuw.
error-move_shape = Een zet wordt gestuurd als tekst (zoals 11-15) of als beginveld en de velden waar hij neerkomt.
error-move_bad_square = { $asked } is geen speelveld van dit bord.
error-move_syntax = { $asked } is niet te lezen als zet: schrijf de velden met - voor een gewone zet of x voor een slag (zoals 11-15 of 22x15).
error-move_illegal = { $asked } is hier geen geldige zet; de mogelijke zetten zijn { $moves }.
error-move_no_legal_move = In deze stelling is geen enkele zet mogelijk.
error-move_quiet_as_capture = { $asked } slaat niets: een gewone zet schrijf je met -, niet met x of :.
error-move_captured_mismatch = { $asked } slaat die stukken niet; de zetten langs die weg: { $moves }.
error-move_ambiguous = { $asked } kan meer dan één zet zijn: { $moves }. Geef meer van zijn velden.
error-move_incomplete = { $asked } stopt midden in een slag: de slag moet verder ({ $moves }).

language-label = Taal

## Het analysebord

review-stopped = De nabespreking is gestopt.
review-stopped-left = De nabespreking is gestopt toen je de pagina verliet.
analysis-resumed = Analyse hervat.
analysis-paused = Analyse gepauzeerd.
analysis-link-copied = Link gekopieerd: hij opent deze stelling.
analysis-link-copy-below = Kopieer de link uit het vak hieronder.
analysis-main-line = Deze variant is nu de hoofdvariant.
analysis-unknown-variant = Er is geen spelvariant "{ $id }"; dit is { $variant }.
analysis-link-position-bad = De stelling van deze link kan niet opgezet worden ({ $error }); dit is de beginstelling.
analysis-link-move-bad = Zet { $n } van de link ({ $move }) kan hier niet gespeeld worden: { $error } De zetten ervoor worden getoond.
analysis-over = De partij is voorbij
analysis-over-here = De partij is hier voorbij: { $result }
analysis-bar-paused = Gepauzeerd
analysis-engine-paused = De engine is gepauzeerd. Zet hem aan om zijn varianten te zien.
analysis-engine-reviewing = De engine bespreekt de partij na; zijn varianten komen terug als dat klaar is.
analysis-thinking = Denkt na…
analysis-finished = klaar
analysis-setting-up = Opzetten
review-no-moves = Er zijn geen zetten om na te bespreken: speel eerst wat zetten of open een partij.
review-no-results = De nabespreking eindigde zonder uitkomst. Probeer het opnieuw.
review-failed = De nabespreking kon niet afgemaakt worden: { $error }
review-finished = De nabespreking is klaar. Nauwkeurigheid van wit { $light }%, van zwart { $dark }%.
editor-failed = Deze stelling kan niet geanalyseerd worden: { $error }

## De evaluatie in woorden (vanuit wit)

score-has-won = { $side ->
    [light] Wit heeft gewonnen
   *[dark] Zwart heeft gewonnen
  }
score-wins-in = { $side ->
    [light] Wit wint in { $moves ->
        [one] { $moves } zet
       *[other] { $moves } zetten
      }
   *[dark] Zwart wint in { $moves ->
        [one] { $moves } zet
       *[other] { $moves } zetten
      }
  }
score-even = Gelijk
score-slightly-better = { $side ->
    [light] Wit staat iets beter
   *[dark] Zwart staat iets beter
  }
score-ahead-man = { $side ->
    [light] Wit staat ongeveer een schijf voor
   *[dark] Zwart staat ongeveer een schijf voor
  }
score-ahead-men = { $side ->
    [light] Wit staat ongeveer { $men } schijven voor
   *[dark] Zwart staat ongeveer { $men } schijven voor
  }
eval-label = Evaluatie: { $words }
eval-label-none = Evaluatie
engine-depth = Diepte { $depth }
tree-empty = Nog geen zetten: speel een zet op het bord.

## De stukken van de editor

tool-light-man = Witte schijf
tool-light-king = Witte dam
tool-dark-man = Zwarte schijf
tool-dark-king = Zwarte dam
tool-eraser = Gum

## De nabespreking

mark-words = { $cls ->
    [best] de beste zet
    [forced] de enige zet
    [inaccuracy] een onnauwkeurigheid
    [mistake] een fout
    [blunder] een blunder
   *[good] een goede zet
  }
mark-said = { $side ->
    [light] Wits { $move } was { $mark }; beter was { $best }.
   *[dark] Zwarts { $move } was { $mark }; beter was { $best }.
  }
review-said = { $side ->
    [light] Wits { $move } was { $mark }.
   *[dark] Zwarts { $move } was { $mark }.
  }
review-detail = { $said } Daarna: { $score }. { $same ->
    [yes] De variant van de engine
   *[no] De variant van de engine in plaats daarvan
  }: { $line }.
review-progress = De partij wordt nabesproken… ({ $done } van { $total } stellingen)
review-accuracy = { $side ->
    [light] Wit: { $accuracy }% nauwkeurigheid
   *[dark] Zwart: { $accuracy }% nauwkeurigheid
  }
review-counts = { $inaccuracies ->
    [0] geen onnauwkeurigheden
    [one] { $inaccuracies } onnauwkeurigheid
   *[other] { $inaccuracies } onnauwkeurigheden
  }, { $mistakes ->
    [0] geen fouten
    [one] { $mistakes } fout
   *[other] { $mistakes } fouten
  }, { $blunders ->
    [0] geen blunders
    [one] { $blunders } blunder
   *[other] { $blunders } blunders
  }
review-graph = De winstkans van wit door de partij heen, van { $first }% aan het begin tot { $last }% aan het eind. De lijst van gemarkeerde zetten hieronder gaat naar elk ervan.
review-clean = Geen onnauwkeurigheden, fouten of blunders: goed gespeeld door beide kanten.
review-start = Het begin van de partij. Kies een zet om te zien wat de nabespreking erover zegt.

## Door een partij stappen

nav-steps = Door de partij stappen
nav-first = Naar het begin
nav-prev = Eén zet terug (pijl links)
nav-next = Eén zet vooruit (pijl rechts)
nav-last = Naar de laatste zet
nav-live = Terug naar de partij
nav-start = Begin
nav-ply = Zet { $k } van { $n }: { $move }

## Het bord

board-label = Bord
board-piece = { $color ->
    [light] { $kind ->
        [king] witte dam
       *[man] witte schijf
      }
   *[dark] { $kind ->
        [king] zwarte dam
       *[man] zwarte schijf
      }
  }
board-empty = leeg
board-can-move = kan zetten
board-selected = gekozen
board-destination = mogelijke bestemming
board-finish-capture = Maak de slag af: spring verder naar een van de gemarkeerde velden (Escape neemt hem terug).
board-outranked-italian = Dit stuk kan slaan, maar een andere slag gaat voor (slaat meer stukken, wordt door een dam gedaan, slaat meer dammen of slaat eerder een dam): een van de gemarkeerde stukken moet slaan.
board-outranked = Dit stuk kan slaan, maar een andere slag slaat meer stukken, en de slag die het meest slaat moet gespeeld worden: een van de gemarkeerde stukken moet slaan.
board-no-move = Dat stuk kan geen zet doen.
board-capture-on = Verder slaan: { $squares }.
board-or = { " " }of{ " " }
board-choose-capture = Kies de slag
board-same-square = Deze slagen eindigen op hetzelfde veld. Welke stukken sla je?
board-takes = { $move } (slaat { $squares })
board-not-destination = Dat veld is geen mogelijke bestemming.

## De PDN-lezer

pdn-too-big = Dit bestand is te groot om hier te openen: het is { $size } MiB, en het maximum is { $most } MiB. Open een deel ervan (een paar duizend partijen).
pdn-replace = Je lopende partij { $variant } ({ $moves ->
    [one] { $moves } zet
   *[other] { $moves } zetten
  }) wordt vervangen door deze stelling.
pdn-replace-yes = Vervangen en verder spelen
pdn-unknown-rules = onbekende regels
pdn-skipped = Overgeslagen: { $warnings }
pdn-stops-early = Deze partij stopt eerder: { $error }
pdn-by-our-rules = volgens onze regels: { $result }
pdn-no-moves = Geen zetten in deze partij.

## De spelregels (de woorden van de pagina; de teksten zijn van guides.json)

guide-setup = Opstelling
guide-moves = Zetten
guide-captures = Slaan
guide-kings = Dammen
guide-draws = Remise en het einde van de partij
guide-examples = Uitgewerkte voorbeelden
guide-examples-note = Elk diagram leeft: druk op "Speel het voorbeeld", of zet de stukken zelf. De server controleert elke zet.
guide-play = { $variant } spelen
guide-switch = Om met andere spelregels te spelen, kies ze onder "Spelregels" op de beginpagina, of boven de zetten op de partijpagina. Elke spelvariant bewaart zijn eigen partij.
guide-play-example = Speel het voorbeeld
guide-reset = Opnieuw
guide-legal = Mogelijke zetten: { $moves }
guide-example-label = Voorbeeld: { $title }
guide-tactics = Tactiek om te kennen
guide-tactics-note = Slagen uit echte partijen. Druk op „Speel de slag” om de winnende lijn te zien, of zoek hem eerst zelf.
guide-play-shot = Speel de slag
guide-mistakes = Fouten die de computer afstraft
guide-mistakes-note = Elk diagram speelt een natuurlijk ogende zet die verliest, en dan het antwoord dat hem afstraft.
guide-play-mistake = Speel de fout
guide-common = Een veelgemaakte fout
guide-questions = Vragen aan het bord
guide-differences = Waarin de spelregels verschillen
guide-diagram-label = Diagram: { $title }
guide-line = De lijn: { $line }.
guide-mistake-line = De fout: { $mistake }. De afstraffing: { $punish }.
guide-composed = Een gecomponeerde stand, niet uit een opgetekende partij.
guide-source = Uit de partij { $white } (wit) – { $black } (zwart){ $where }.
guide-gain-game = Het wint de partij.
guide-loss-game = Het verliest de partij.
guide-gain = Netto winst: { $material }.
guide-loss = Netto verlies: { $material }.
guide-pieces = { $n ->
    [one] { $n } stuk
   *[other] { $n } stukken
}
guide-kings-count = { $n ->
    [one] { $n } dam
   *[other] { $n } dammen
}
guide-and = { $a } en { $b }
guide-nothing = niets
guide-you-played = Je speelde { $move }.
guide-played = Gespeeld: { $move }.

## De keuzes van de weergave

look-system = Systeem volgen
look-light = Licht
look-dark = Donker
look-wood = Hout
look-green = Toernooigroen
look-slate = Leisteenblauw
look-contrast = Hoog contrast
look-classic = Ivoor en ebben
look-red = Ivoor en rood
look-amber = Amber en notenhout

## De regels in het kort (de zinnen van de server)

summary-board = { $board ->
    [orthogonal] 8x8-bord, alle 64 velden; stukken bewegen langs rijen en kolommen
    [ten] 10x10-bord, de 50 donkere velden
    [mirrored] 8x8-bord zo gedraaid dat h1 donker is (donkere hoek rechts)
   *[eight] 8x8-bord, de 32 donkere velden
  }; elk { $men } schijven. { $first ->
    [light] Wit begint.
   *[dark] Zwart begint.
  }
summary-men = Schijven zetten { $step ->
    [sideways] één veld vooruit of opzij
   *[diagonal] één veld schuin vooruit
  } en slaan { $capture ->
    [backward] vooruit en achteruit
    [sideways] vooruit en opzij, nooit achteruit
   *[forward] alleen vooruit
  }.
summary-men-no-kings = Een schijf mag nooit een dam slaan.
summary-capture = { $choice ->
    [free] Slaan is verplicht; je mag elke slag kiezen, niet per se de langste, maar moet hem afmaken.
    [maximum] Slaan is verplicht en je moet het grootste aantal stukken slaan (een dam telt als één).
   *[italian] Slaan is verplicht: sla de meeste stukken; sla dan met een dam als dat kan; sla dan de meeste dammen; sla dan het eerst een dam.
  }
summary-removal = { $removal ->
    [immediate] Geslagen stukken verdwijnen meteen; een dam mag tussen slagen 90 graden draaien, maar nooit terug.
   *[end] Geslagen stukken gaan van het bord als de slag af is en mogen niet twee keer worden overgesprongen.
  }
summary-kings = { $range ->
    [flying] Dammen zijn lang: ze schuiven elke afstand over een vrije lijn en mogen op elk vrij veld achter een geslagen stuk landen.
   *[short] Dammen zetten en slaan één veld in elke richting; ze zijn niet lang.
  }
summary-promotion = { $promotion ->
    [continues] Een schijf die tijdens een slag de laatste rij bereikt, promoveert meteen en slaat als dam verder.
    [end-only] Een schijf promoveert alleen als haar zet op de laatste rij eindigt.
   *[ends] Een schijf die de laatste rij bereikt, promoveert en de zet eindigt daar.
  }
summary-draws = Remise bij de derde herhaling van een stelling, of na { $limit } halve zetten op rij zonder { $reset ->
    [promotion] slag of promotie
   *[man-move] slag of schijfzet
  }.
summary-draws-fmjd = Remise volgens de regels van de FMJD (artikel 6): bij de derde herhaling van een stelling; na elk { $kings } zetten alleen met dammen, zonder schijfzet of slag; en als een eenzame dam standhoudt tegen drie stukken (minstens één dam) voor elk { $three } zetten, of tegen twee stukken of één met een dam voor elk { $two } zetten.
summary-one-piece-each = Met elk één stuk eindigt de partij meteen: dam wint van schijf, gelijke stukken is remise.
summary-italian-draws = (De gids geeft deze remiseregels voor Engels dammen; wij gebruiken ze ook voor Italiaans.)
summary-simplified-draws = (Onze vereenvoudigde remiseregels; een partij kan ook volgens de officiële regels van de FMJD gespeeld worden.)
summary-lose = Je verliest als je geen stukken of geen zet meer hebt.

## Puzzels (pages/puzzles.js)

nav-puzzles = Puzzels
home-puzzles = Puzzels
home-puzzles-of = Puzzels: { $variant }
title-puzzles = Puzzels · Dammen
puzzles-title = Puzzels
puzzles-tabs =
    .aria-label = Spelvormen
puzzles-intro = Standen uit echte partijen waarin één zet wint. Speel hem op het bord; de gedwongen antwoorden van de tegenstander worden voor u gespeeld.
puzzles-board-label = Puzzelbord
puzzles-find = { $moves ->
    [one] Vind de winnende zet.
   *[other] Vind de winnende combinatie: { $moves } zetten.
  }
puzzles-puzzle = Puzzelrating { $rating } · { $of } puzzels in deze spelvorm
puzzles-source-file = Uit partij { $game } van de verzameling { $file }.
puzzles-standing = Uw rating { $rating } ± { $deviation } · reeks { $streak } · { $solved } van { $attempts } opgelost
puzzles-right = Goed!
puzzles-reply = Goed! Het antwoord: { $move }. Uw zet.
puzzles-solved = Opgelost!
puzzles-solved-hinted = Opgelost, met een hint.
puzzles-wrong = Niet de zet: { $move } wint niet. Probeer het opnieuw of bekijk de oplossing.
puzzles-change = Rating { $rating } ({ $change }).
puzzles-unrated = Een nieuwe poging: de rating blijft zoals hij was.
puzzles-hint-shown = De gemarkeerde schijf zet als volgende.
puzzles-solution = De oplossing: { $line }
puzzles-none = Er zijn nog geen puzzels voor { $variant }. Kies hierboven een andere spelvorm.
puzzles-hint = Hint
puzzles-retry = Opnieuw
puzzles-show = Toon de oplossing
puzzles-next = Volgende puzzel
guide-puzzles = Oefen met puzzels: { $variant }
error-no_puzzles = Er zijn nog geen puzzels voor deze spelvorm.
error-no_such_puzzle = Deze puzzel zit niet meer in de verzameling. Kies “Volgende puzzel”.
error-puzzle_off_line = Een hint is alleen voor een puzzel die nog wordt opgelost.
error-puzzles_broken = De puzzelverzameling van deze server is onleesbaar; bouw haar opnieuw met “draughts puzzles build”.
