# L'interface en français. Les clés sont celles de en.ftl (docs/web.md, « Languages »).

## Le texte fixe de web/index.html

skip = Aller au damier
header-draughts = Dames
header-main =
    .aria-label = Menu principal
nav-play = Jouer
nav-guide = Règles
nav-pdn = Ouvrir une partie PDN
open-looks =
    .aria-label = Apparence
header-appearance = Apparence
home-title = Jouer aux dames
home-variant-label = Règles
home-guide = Comment jouer
home-analysis = Damier d'analyse
home-official-fmjd-draw-rules = Règles officielles de nulle de la FMJD
way-computer = Jouer contre l'ordinateur
home-eight-levels-from-a = Huit niveaux, du débutant à la pleine force du moteur.
home-level = Niveau
home-you-play = Vous jouez
home-computer = Jouer contre l'ordinateur
way-online = Jouer en ligne avec un ami
home-a-private-room-with = Une salle privée, avec un lien à envoyer à votre ami. D'autres personnes ayant le lien peuvent regarder.
home-you-play-2 = Vous jouez
home-online = Créer une salle
way-two = Deux joueurs ici
home-take-turns-on-this = Jouez à tour de rôle sur cet appareil, les blancs et les noirs.
home-turn-the-board-towards = Tourner le damier vers le camp qui a le trait
home-two = Jouer sur cet appareil
home-ask-yes = Commencer la nouvelle partie
home-ask-no = La garder
view-game =
    .aria-label = Partie
missing-title = Cette salle n'existe pas
game-the-link-may-be = Le lien est peut-être mal tapé ou coupé, ou la salle a expiré. Demandez à votre ami de renvoyer le lien, ou commencez votre propre partie.
game-start-a-game = Commencer une partie
game-board =
    .aria-label = Damier
name-dark = Noirs
clock-dark =
    .aria-label = Temps des noirs
rematch = Revanche
result-new = Nouvelle partie
result-analyse = Analyser
result-review = Revoir
result-step = Coup par coup
result-close = Masquer
    .aria-label = Masquer le résultat pour voir le damier
name-light = Blancs
clock-light =
    .aria-label = Temps des blancs
game-game =
    .aria-label = Partie
game-title = Dames
game-rule-set = Règles
room-title = Salle en ligne
sound-note = Les sons des coups commencent après votre premier clic ou première touche sur cette page (une règle du navigateur).
room-link-label = Envoyez ce lien à votre ami :
room-copy = Copier le lien
thinking = L'ordinateur réfléchit
game-game-time = Temps de jeu
confirm-yes = Jouer
confirm-no = Reprendre
resign-text = Abandonner cette partie ?
resign-yes = Oui, j'abandonne
resign-no = Non
claim-win = Réclamer la victoire
claim-draw = Déclarer la nulle
restore-new = Commencer une nouvelle partie (remplace celle enregistrée)
game-game-controls =
    .aria-label = Commandes de la partie
undo = Annuler
hint = Indice
draw = Proposer la nulle
takeback = Demander à reprendre
flip = Tourner le damier
resign = Abandonner
open-settings = Réglages
new-game = Nouvelle partie
game-game-panels =
    .aria-label = Panneaux de la partie
tab-moves = Coups
tab-tools = Position
tab-rules = Règles
moves =
    .aria-label = Liste des coups
move-input-label = Tapez un coup
move-input =
    .placeholder = ex. 11-15 ou 32x23x14
game-play = Jouer
open-setup = Placer une position…
copy-fen = Copier le FEN
copy-text = Copier en texte
download-pdn = Télécharger le PDN
position-out-label = Position actuelle
rules-title = Les règles en bref
rules-link = Le guide complet avec exemples
view-guide =
    .aria-label = Règles
guide-tabs =
    .aria-label = Variantes
view-pdn =
    .aria-label = Ouvrir une partie PDN
pdn-open-a-pdn-game = Ouvrir une partie PDN
pdn-text-label = Collez le texte PDN
pdn-or-choose-a-file = ou choisissez un fichier
pdn-rule-set-when-the = Règles si le fichier ne les indique pas
pdn-open = Ouvrir
pdn-game = Partie
pdn-moves =
    .aria-label = Coups de la partie
pdn-continue = Continuer à jouer depuis cette position
pdn-analyse = Analyser cette position
pdn-review = Revoir cette partie
analysis-board =
    .aria-label = Damier
analysis-steps =
    .aria-label = Parcourir les coups
an-first =
    .aria-label = Au début (Home)
    .title = Au début (Home)
an-prev =
    .aria-label = Un coup en arrière (flèche gauche)
    .title = Un coup en arrière (flèche gauche)
an-next =
    .aria-label = Un coup en avant (flèche droite)
    .title = Un coup en avant (flèche droite)
an-last =
    .aria-label = À la fin de la variante (End)
    .title = À la fin de la variante (End)
an-flip = Tourner le damier
analysis-analysis =
    .aria-label = Analyse
analysis-title = Damier d'analyse
analysis-rules = Les nulles sont jugées selon les règles officielles de la FMJD.
analysis-rule-set = Règles
eval-number =
    .aria-label = Évaluation
analysis-engine = Moteur
engine-lines =
    .aria-label = Les meilleures variantes du moteur
review-title = Revue de la partie
review-note = Revue de la partie…
review-stop = Arrêter
review-marked =
    .aria-label = Coups signalés
analysis-tree =
    .aria-label = Coups et variantes
analysis-analysis-tools =
    .aria-label = Outils d'analyse
an-copy = Copier le lien
an-edit = Placer une position
an-review = Revoir la partie
an-promote = En faire la variante principale
an-delete = Supprimer à partir d'ici
an-link =
    .aria-label = Lien vers cette position
editor-title = Placer une position
analysis-choose-a-piece-then = Choisissez une pièce, puis cliquez sur les cases du damier (un second clic la retire).
editor-palette =
    .aria-label = Pièce à placer
analysis-side-to-move = Trait
analysis-light = Blancs
analysis-dark = Noirs
editor-clear = Vider le damier
editor-start = Position de départ
editor-go = Analyser cette position
editor-cancel = Annuler
settings-title = Réglages de la table
settings-players = Joueurs
settings-against-the-computer = Contre l'ordinateur
settings-two-players-on-this = Deux joueurs sur cet appareil
settings-the-computer = L'ordinateur
settings-level = Niveau
settings-you-play = Vous jouez
settings-two-players = Deux joueurs
settings-turn-the-board-towards = Tourner le damier vers le camp qui a le trait
settings-draw-rules = Règles de nulle
settings-official-fmjd-draw-rules = Règles officielles de nulle de la FMJD
settings-off-our-simplified-draw = Désactivé : nos règles de nulle simplifiées. Pris en compte à la nouvelle partie : la partie en cours garde ses règles.
settings-display = Affichage
settings-coordinates = Coordonnées
settings-moves = Coups écrits
moves-own = Comme les écrit la variante
moves-numbers = Numéros des cases (22-18)
moves-algebraic = Algébrique (c3-d4)
settings-results = Résultats écrits
results-auto = Comme les écrivent les joueurs de la variante
results-1-0 = 1-0, ½-½, 0-1
results-2-0 = 2-0, 1-1, 0-2
settings-confirm-each-move-before = Confirmer chaque coup avant qu'il soit joué
settings-mute-sounds = Couper le son
set-looks = Couleurs, damier et pièces…
settings-level-and-board-turning = Le niveau et la rotation du damier s'appliquent tout de suite ; les joueurs, les couleurs et les règles de nulle à la nouvelle partie.
settings-apply = Appliquer à cette partie
settings-new = Commencer une nouvelle partie
settings-close = Fermer
looks-title = Apparence
look-scheme-label = Couleurs
look-board-label = Damier
look-pieces-label = Pièces
looks-each-choice-applies-at = Chaque choix s'applique tout de suite et est retenu sur cet appareil. « Suivre le système » reprend le réglage clair ou sombre de votre appareil.
looks-close = Fermer
setup-title = Placer une position
setup-input-label = Position
setup-go = Placer
setup-cancel = Annuler
coords-numbers = Numéros des cases (PDN)
coords-algebraic = Algébrique (a1–h8)
coords-hidden = Masquées
setup-help = Collez une position en texte (<code>Light c3; Light g3; Dark d4; Dark b8. Light to move.</code>, les dames en <code>Light king e5</code> ; Light désigne les blancs, Dark les noirs) ou en FEN (<code>W:W21,22,K30:B1-12</code>). Une nouvelle partie commence avec les règles actuelles.

## Mots partagés

side-name = { $side ->
    [light] Blancs
   *[dark] Noirs
  }
side-random = Couleur au hasard
level-choice = { $level ->
    [1] 1 (débutant)
    [8] 8 (pleine force)
   *[other] { $level }
  }
name-you = Vous
name-computer = Ordinateur, niveau { $level }
name-friend = Votre ami
name-side-player = { $side ->
    [light] Joueur des blancs
   *[dark] Joueur des noirs
  }

## Ce que dit le lecteur d'écran

speak-played = { $who } : { $move }
speak-takes = { $who } prend { $n } : { $move }
speak-count = { $n }
speak-crowned = ; le pion devient dame
speak-game-over = Partie terminée. { $result }.

## Qui a le trait

turn-game-over = Partie terminée
turn-waiting-friend = En attente de votre ami, qui doit ouvrir le lien…
turn-waiting-second = En attente du second joueur…
turn-yours = À vous de jouer ({ side-name })
turn-opponent = Au tour de : { $who } ({ side-name })
turn-side = { $side ->
    [light] Les blancs ont le trait
   *[dark] Les noirs ont le trait
  }

## Comment la partie s'est terminée

outcome-win-no-pieces = { $winner ->
    [light] Les blancs gagnent : les noirs n'ont plus de pièces
   *[dark] Les noirs gagnent : les blancs n'ont plus de pièces
  }
outcome-win-no-legal-move = { $winner ->
    [light] Les blancs gagnent : les noirs n'ont plus de coup
   *[dark] Les noirs gagnent : les blancs n'ont plus de coup
  }
outcome-win-resignation = { $winner ->
    [light] Les blancs gagnent : les noirs ont abandonné
   *[dark] Les noirs gagnent : les blancs ont abandonné
  }
outcome-win-one-piece-each = { $winner ->
    [light] Les blancs gagnent : une pièce chacun, et la dame blanche bat le pion noir
   *[dark] Les noirs gagnent : une pièce chacun, et la dame noire bat le pion blanc
  }
outcome-win-abandonment = { $winner ->
    [light] Les blancs gagnent : les noirs ont quitté la partie
   *[dark] Les noirs gagnent : les blancs ont quitté la partie
  }
outcome-draw-threefold = Nulle : la même position s'est produite pour la troisième fois
outcome-draw-quiet-moves = Nulle : { $n } coups de suite (des deux camps) sans prise ni coup de pion
outcome-draw-agreement = Nulle : d'un commun accord
outcome-draw-one-piece-each = Nulle : une pièce chacun, de même sorte
outcome-draw-abandonment = Nulle : un joueur a quitté la partie et l'autre a réclamé la nulle
outcome-draw-adjudication = Nulle : arbitrée à la limite de durée du match
outcome-draw-fmjd-king-moves = Nulle : 25 coups chacun joués uniquement avec des dames, sans coup de pion ni prise (règle FMJD 6.3)
outcome-draw-fmjd-lone-king = { $n ->
    [16] Nulle : une dame seule a tenu 16 coups chacun contre trois pièces (règle FMJD 6.4)
   *[other] Nulle : une dame seule a tenu { $n } coups chacun contre deux pièces ou une (règle FMJD 6.5)
  }
draw-count-quiet = { $count } demi-coups sur { $limit } sans { $reset ->
    [promotion] prise ni promotion
   *[man-move] prise ni coup de pion
  } : à { $limit }, la partie est nulle.
draw-count-kings = { $count } demi-coups sur { $limit } joués uniquement avec des dames, sans coup de pion ni prise : à { $limit }, la partie est nulle.
draw-count-lone-king = Dame seule : { $count } demi-coups sur { $limit } ({ $moves } coups chacun) avant la nulle.
draw-count-repetition = Cette position s'est déjà produite deux fois : la troisième fois, c'est nulle.

## La page d'accueil

home-how-to-play = Comment jouer : { $variant }
home-resume = Revenir à votre partie de { $variant } en cours ({ $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
  })
home-replace = Votre partie de { $variant } en cours ({ $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
  }) sera remplacée par la nouvelle.
home-start-failed = Impossible de commencer la partie : { $error }
home-room-failed = Impossible de créer la salle : { $error }

## La partie : une table ici

play-mode-computer = { $side ->
    [light] Vous jouez les blancs contre l'ordinateur, niveau { $level }
   *[dark] Vous jouez les noirs contre l'ordinateur, niveau { $level }
  }
play-mode-two = Deux joueurs sur cet appareil
play-new-game = Nouvelle partie.
play-hint = Indice : { $move }
setup-replaces = Ceci remplace votre partie en cours ({ $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
  }).
setup-replace-go = Remplacer et placer
setup-done = Position placée.

## La partie : toute partie

app-name = Dames
board-label-game = Damier de la partie
confirm-play = Jouer { $move } ?
move-example = ex. { $move }
copied-fen = FEN copié : { $fen }
copied-text = Copié : { $text }
moves-none-yet = { $side ->
    [light] Aucun coup encore. Les blancs ont le trait.
   *[dark] Aucun coup encore. Les noirs ont le trait.
  }
taken-short = { $n } pris
taken-long = { $side ->
    [light] Les blancs ont pris { $n ->
        [one] { $n } pièce
       *[other] { $n } pièces
      }
   *[dark] Les noirs ont pris { $n ->
        [one] { $n } pièce
       *[other] { $n } pièces
      }
  }
steps-failed = Cette partie ne peut pas être parcourue coup par coup : { $error }
speak-taken-back = { $n ->
    [0] Repris jusqu'au début.
   *[other] Repris jusqu'au coup { $n }.
  }

## La partie : une salle en ligne

room-opening = Ouverture de la salle…
room-connecting = Connexion…
room-lost = Connexion perdue ; reconnexion…
room-draw-declined = Votre proposition de nulle a été refusée.
room-takeback-declined = Votre ami a refusé que vous repreniez votre coup.
room-title-player = { $game ->
    [1] Salle en ligne : { $variant }
   *[other] Salle en ligne : { $variant }, partie { $game }
  }
room-title-watcher = { $game ->
    [1] Spectateur : { $variant }
   *[other] Spectateur : { $variant }, partie { $game }
  }
room-accept-draw = Accepter la nulle
room-accept-rematch = Accepter la revanche
room-rematch = Revanche (couleurs inversées)
room-rematch-asked = Revanche demandée ; en attente de votre ami.
room-rematch-wanted = Votre ami veut une revanche.
room-role-watcher = { $others ->
    [0] Vous regardez cette partie.
    [one] Vous regardez cette partie, avec { $others } autre personne.
   *[other] Vous regardez cette partie, avec { $others } autres personnes.
  }
room-role-player = { $side ->
    [light] Vous jouez les blancs.
   *[dark] Vous jouez les noirs.
  }{ $watchers ->
    [0] {""}
    [one] { " " }{ $watchers } personne regarde.
   *[other] { " " }{ $watchers } personnes regardent.
  }
seat-free = place libre
seat-connected = connecté
seat-away = absent
room-draw-offered = Votre ami propose la nulle.
room-takeback-asked = Votre ami demande à reprendre son dernier coup.
room-decline = Refuser
room-allow = Accepter
room-refuse = Refuser
room-you-offered-draw = Vous avez proposé la nulle.
room-you-asked-takeback = Vous avez demandé à reprendre votre coup.
room-friend-away = Votre ami est absent. S'il n'est pas revenu dans { $time }, vous pourrez réclamer la partie quand il aura le trait.
room-friend-left-move = Votre ami a quitté la partie. Jouez votre coup ; vous pourrez ensuite réclamer la partie.
room-friend-left = Votre ami a quitté la partie.
room-link-copied = Lien copié. Envoyez-le à votre ami.

## Les titres de l'onglet

title-home = Jouer aux dames
title-room = Salle en ligne · Dames
title-room-missing = Salle introuvable · Dames
title-guide = Règles · Dames
title-pdn = Ouvrir une partie PDN · Dames
title-analysis = Damier d'analyse · Dames

## Les variantes

variant-english = Dames anglaises
variant-american = Dames américaines (disposition locale)
variant-german = Dames allemandes (disposition locale)
variant-russian = Dames russes
variant-international = Dames internationales
variant-turkish = Dames turques
variant-italian = Dames italiennes
variant-brazilian = Dames brésiliennes

## Les erreurs selon le code du serveur

error-unreachable = Le serveur de jeu est injoignable. Vérifiez la connexion, puis rechargez la page.
error-not_your_turn = Ce n'est pas à vous de jouer.
error-game_over = La partie est terminée.
error-not_started = La partie n'a pas commencé : votre ami n'a pas encore ouvert le lien.
error-not_a_player = Vous regardez : seuls les joueurs peuvent faire cela.
error-no_offer = Il n'y a rien à répondre : la proposition ou la demande a été retirée.
error-not_allowed = Ce n'est pas permis maintenant.
error-unavailable = Le serveur s'arrête ; rien n'a changé. Réessayez dans un instant.
error-rate_limited = Trop de messages à la fois ; ralentissez un peu.
error-internal = Le serveur n'a pas pu l'enregistrer ; rien n'a changé. Réessayez.
error-stale = La partie avait avancé (peut-être dans un autre onglet) ; elle est montrée telle qu'elle est.
error-unreadable = La partie enregistrée est illisible ; commencez une nouvelle partie pour la remplacer.
error-busy = L'ordinateur est occupé par d'autres parties ; réessayez dans quelques secondes.
error-too_many_rooms = Trop de salles ont été créées depuis votre adresse (au plus { $per_minute } par minute) ; réessayez dans { $secs } s.
error-empty_answer = Le serveur a envoyé une réponse vide.
error-connection_lost = La connexion au serveur a été perdue avant la fin de la réponse. Réessayez.
error-answer_cut = Le serveur s'est arrêté avant la fin de la réponse. Réessayez.
error-move_shape = Un coup s'envoie par son texte (comme 11-15) ou par sa case de départ et ses cases d'arrivée.
error-move_bad_square = { $asked } n'est pas une case jouable de ce damier.
error-move_syntax = { $asked } ne se lit pas comme un coup : écrivez ses cases reliées par - pour un déplacement ou x pour une prise (comme 11-15 ou 22x15).
error-move_illegal = { $asked } n'est pas un coup permis ici ; les coups possibles sont { $moves }.
error-move_no_legal_move = Aucun coup n'est possible dans cette position.
error-move_quiet_as_capture = { $asked } ne prend rien : un déplacement s'écrit avec -, pas avec x ni :.
error-move_captured_mismatch = { $asked } ne prend pas ces pièces ; les coups sur ce chemin : { $moves }.
error-move_ambiguous = { $asked } peut désigner plusieurs coups : { $moves }. Donnez plus de ses cases.
error-move_incomplete = { $asked } s'arrête au milieu d'une rafle : la prise doit continuer ({ $moves }).

language-label = Langue

## Le damier d'analyse

review-stopped = La revue a été arrêtée.
review-stopped-left = La revue a été arrêtée quand vous avez quitté la page.
analysis-resumed = Analyse reprise.
analysis-paused = Analyse en pause.
analysis-link-copied = Lien copié : il ouvre cette position.
analysis-link-copy-below = Copiez le lien depuis la case ci-dessous.
analysis-main-line = Cette variante est maintenant la principale.
analysis-unknown-variant = Il n'y a pas de variante nommée « { $id } » ; voici les { $variant }.
analysis-link-position-bad = La position de ce lien ne peut pas être placée ({ $error }) ; voici la position de départ.
analysis-link-move-bad = Le coup { $n } du lien ({ $move }) ne peut pas être joué ici : { $error } Les coups précédents sont montrés.
analysis-over = La partie est terminée
analysis-over-here = La partie est terminée ici : { $result }
analysis-bar-paused = En pause
analysis-engine-paused = Le moteur est en pause. Activez-le pour voir ses variantes.
analysis-engine-reviewing = Le moteur revoit la partie ; ses variantes reviendront à la fin de la revue.
analysis-thinking = Réflexion…
analysis-finished = terminé
analysis-setting-up = Placement
review-no-moves = Il n'y a aucun coup à revoir : jouez quelques coups ou ouvrez d'abord une partie.
review-no-results = La revue s'est terminée sans résultat. Réessayez.
review-failed = La revue n'a pas pu être terminée : { $error }
review-finished = La revue est terminée. Précision des blancs { $light } %, des noirs { $dark } %.
editor-failed = Cette position ne peut pas être analysée : { $error }

## L'évaluation en mots (du point de vue des blancs)

score-has-won = { $side ->
    [light] Les blancs ont gagné
   *[dark] Les noirs ont gagné
  }
score-wins-in = { $side ->
    [light] Les blancs gagnent en { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
      }
   *[dark] Les noirs gagnent en { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
      }
  }
score-even = Égalité
score-slightly-better = { $side ->
    [light] Les blancs sont un peu mieux
   *[dark] Les noirs sont un peu mieux
  }
score-ahead-man = { $side ->
    [light] Les blancs ont environ un pion d'avance
   *[dark] Les noirs ont environ un pion d'avance
  }
score-ahead-men = { $side ->
    [light] Les blancs ont environ { $men } pions d'avance
   *[dark] Les noirs ont environ { $men } pions d'avance
  }
eval-label = Évaluation : { $words }
eval-label-none = Évaluation
engine-depth = Profondeur { $depth }
tree-empty = Aucun coup encore : jouez un coup sur le damier.

## Les pièces de l'éditeur

tool-light-man = Pion blanc
tool-light-king = Dame blanche
tool-dark-man = Pion noir
tool-dark-king = Dame noire
tool-eraser = Gomme

## La revue de la partie

mark-words = { $cls ->
    [best] le meilleur coup
    [forced] le seul coup
    [inaccuracy] une imprécision
    [mistake] une erreur
    [blunder] une gaffe
   *[good] un bon coup
  }
mark-said = { $side ->
    [light] Le { $move } des blancs était { $mark } ; mieux valait { $best }.
   *[dark] Le { $move } des noirs était { $mark } ; mieux valait { $best }.
  }
review-said = { $side ->
    [light] Le { $move } des blancs était { $mark }.
   *[dark] Le { $move } des noirs était { $mark }.
  }
review-detail = { $said } Ensuite : { $score }. { $same ->
    [yes] La variante du moteur
   *[no] La variante du moteur à la place
  } : { $line }.
review-progress = Revue de la partie… ({ $done } sur { $total } positions)
review-accuracy = { $side ->
    [light] Blancs : { $accuracy } % de précision
   *[dark] Noirs : { $accuracy } % de précision
  }
review-counts = { $inaccuracies ->
    [0] aucune imprécision
    [one] { $inaccuracies } imprécision
   *[other] { $inaccuracies } imprécisions
  }, { $mistakes ->
    [0] aucune erreur
    [one] { $mistakes } erreur
   *[other] { $mistakes } erreurs
  }, { $blunders ->
    [0] aucune gaffe
    [one] { $blunders } gaffe
   *[other] { $blunders } gaffes
  }
review-graph = Les chances de gain des blancs au fil de la partie, de { $first } % au début à { $last } % à la fin. La liste des coups signalés ci-dessous mène à chacun d'eux.
review-clean = Aucune imprécision, erreur ni gaffe : bien joué des deux côtés.
review-start = Le début de la partie. Choisissez un coup pour voir ce qu'en dit la revue.

## Parcourir une partie

nav-steps = Parcourir la partie
nav-first = Au début
nav-prev = Un coup en arrière (flèche gauche)
nav-next = Un coup en avant (flèche droite)
nav-last = Au dernier coup
nav-live = Revenir à la partie
nav-start = Début
nav-ply = Coup { $k } sur { $n } : { $move }

## Le damier

board-label = Damier
board-piece = { $color ->
    [light] { $kind ->
        [king] dame blanche
       *[man] pion blanc
      }
   *[dark] { $kind ->
        [king] dame noire
       *[man] pion noir
      }
  }
board-empty = vide
board-can-move = peut jouer
board-selected = choisi
board-destination = destination possible
board-finish-capture = Terminez la prise : sautez sur l'une des cases marquées (Échap la reprend).
board-outranked-italian = Cette pièce peut prendre, mais une autre prise passe avant (elle prend plus de pièces, ou se fait avec une dame, ou prend plus de dames, ou prend une dame plus tôt) : l'une des pièces marquées doit prendre.
board-outranked = Cette pièce peut prendre, mais une autre prise prend plus de pièces, et c'est la prise majoritaire qui doit être jouée : l'une des pièces marquées doit prendre.
board-no-move = Cette pièce n'a pas de coup.
board-capture-on = Continuez la prise : { $squares }.
board-or = { " " }ou{ " " }
board-choose-capture = Choisissez la prise
board-same-square = Ces prises finissent sur la même case. Quelles pièces prenez-vous ?
board-takes = { $move } (prend { $squares })
board-not-destination = Cette case n'est pas une destination possible.

## Le lecteur PDN

pdn-too-big = Ce fichier est trop gros pour être ouvert ici : il fait { $size } Mio, et le maximum est { $most } Mio. Ouvrez-en une partie (quelques milliers de parties).
pdn-replace = Votre partie de { $variant } en cours ({ $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
  }) sera remplacée par cette position.
pdn-replace-yes = Remplacer et continuer
pdn-unknown-rules = règles inconnues
pdn-skipped = Ignoré : { $warnings }
pdn-stops-early = Cette partie s'arrête plus tôt : { $error }
pdn-by-our-rules = selon nos règles : { $result }
pdn-no-moves = Aucun coup dans cette partie.

## Les règles (les mots de la page ; les textes sont ceux de guides.json)

guide-setup = Mise en place
guide-moves = Les coups
guide-captures = Les prises
guide-kings = Les dames
guide-draws = La nulle et la fin de la partie
guide-examples = Exemples commentés
guide-examples-note = Chaque diagramme est vivant : appuyez sur « Jouer l'exemple », ou jouez les pièces vous-même. Le serveur vérifie chaque coup.
guide-play = Jouer aux { $variant }
guide-switch = Pour jouer avec d'autres règles, choisissez-les sous « Règles » sur la page d'accueil, ou au-dessus des coups sur la page de la partie. Chaque variante garde sa propre partie enregistrée.
guide-play-example = Jouer l'exemple
guide-reset = Recommencer
guide-legal = Coups possibles : { $moves }
guide-example-label = Exemple : { $title }
guide-tactics = Tactiques à connaître
guide-tactics-note = Des coups tirés de vraies parties. Appuyez sur « Jouer le coup » pour voir la ligne gagnante, ou cherchez-la d’abord vous-même.
guide-play-shot = Jouer le coup
guide-mistakes = Les erreurs que l’ordinateur punit
guide-mistakes-note = Chaque diagramme joue un coup d’apparence naturelle qui perd, puis la réponse qui le punit.
guide-play-mistake = Jouer l’erreur
guide-common = Une erreur fréquente
guide-questions = Questions à la table
guide-differences = Ce qui distingue les règles
guide-diagram-label = Diagramme : { $title }
guide-line = La ligne : { $line }.
guide-mistake-line = L’erreur : { $mistake }. La punition : { $punish }.
guide-composed = Une position composée, pas tirée d’une partie enregistrée.
guide-source = D’après la partie { $white } (blancs) – { $black } (noirs){ $where }.
guide-gain-game = Elle gagne la partie.
guide-loss-game = Elle perd la partie.
guide-gain = Gain net : { $material }.
guide-loss = Perte nette : { $material }.
guide-pieces = { $n ->
    [one] { $n } pièce
   *[other] { $n } pièces
}
guide-kings-count = { $n ->
    [one] { $n } dame
   *[other] { $n } dames
}
guide-and = { $a } et { $b }
guide-nothing = rien
guide-you-played = Vous avez joué { $move }.
guide-played = Joué : { $move }.

## Les choix de l'apparence

look-system = Suivre le système
look-light = Clair
look-dark = Sombre
look-wood = Bois
look-green = Vert tournoi
look-slate = Bleu ardoise
look-contrast = Contraste élevé
look-classic = Ivoire et ébène
look-red = Ivoire et rouge
look-amber = Ambre et noyer

## Les règles en bref (les phrases du serveur)

summary-board = { $board ->
    [orthogonal] Damier 8x8, les 64 cases ; les pièces se déplacent le long des rangées et des colonnes
    [ten] Damier 10x10, les 50 cases foncées
    [mirrored] Damier 8x8 tourné pour que h1 soit foncée (coin foncé à droite)
   *[eight] Damier 8x8, les 32 cases foncées
  } ; { $men } pions chacun. { $first ->
    [light] Les blancs commencent.
   *[dark] Les noirs commencent.
  }
summary-men = Les pions avancent { $step ->
    [sideways] d'une case vers l'avant ou de côté
   *[diagonal] d'une case en diagonale vers l'avant
  } et prennent { $capture ->
    [backward] vers l'avant et vers l'arrière
    [sideways] vers l'avant et de côté, jamais vers l'arrière
   *[forward] vers l'avant seulement
  }.
summary-men-no-kings = Un pion ne peut jamais prendre une dame.
summary-capture = { $choice ->
    [free] La prise est obligatoire ; vous pouvez choisir n'importe quelle prise, pas forcément la plus longue, mais devez la terminer.
    [maximum] La prise est obligatoire et vous devez prendre le plus grand nombre de pièces (une dame compte pour une).
   *[italian] La prise est obligatoire : prendre le plus de pièces ; puis prendre avec une dame si possible ; puis prendre le plus de dames ; puis rencontrer une dame le plus tôt.
  }
summary-removal = { $removal ->
    [immediate] Les pièces prises disparaissent aussitôt ; une dame peut tourner de 90 degrés entre deux prises, mais jamais revenir en arrière.
   *[end] Les pièces prises sont retirées à la fin de la rafle et ne peuvent pas être sautées deux fois.
  }
summary-kings = { $range ->
    [flying] Les dames volent : elles glissent de n'importe quelle distance sur une ligne libre et peuvent se poser sur n'importe quelle case libre au-delà de la pièce prise.
   *[short] Les dames se déplacent et prennent d'une case dans toutes les directions ; elles ne volent pas.
  }
summary-promotion = { $promotion ->
    [continues] Un pion qui atteint la dernière rangée pendant une prise devient aussitôt dame et continue à prendre en dame.
    [end-only] Un pion ne devient dame que si son coup se termine sur la dernière rangée.
   *[ends] Un pion qui atteint la dernière rangée devient dame et le coup s'arrête là.
  }
summary-draws = Nulle à la troisième répétition d'une position, ou après { $limit } demi-coups de suite sans { $reset ->
    [promotion] prise ni promotion
   *[man-move] prise ni coup de pion
  }.
summary-draws-fmjd = Nulles selon les règles de la FMJD (article 6) : à la troisième répétition d'une position ; après { $kings } coups chacun joués uniquement avec des dames, sans coup de pion ni prise ; et quand une dame seule tient contre trois pièces (dont au moins une dame) pendant { $three } coups chacun, ou contre deux pièces ou une avec une dame pendant { $two } coups chacun.
summary-one-piece-each = Avec une pièce chacun, la partie s'arrête aussitôt : la dame bat le pion, des pièces égales font nulle.
summary-italian-draws = (Le guide donne ces règles de nulle pour les dames anglaises ; nous les appliquons aussi aux italiennes.)
summary-simplified-draws = (Nos règles de nulle simplifiées ; une partie peut aussi se jouer selon les règles officielles de la FMJD.)
summary-lose = Vous perdez quand vous n'avez plus de pièces ou plus de coup.

## Problèmes (pages/puzzles.js)

nav-puzzles = Problèmes
home-puzzles = Problèmes
home-puzzles-of = Problèmes : { $variant }
title-puzzles = Problèmes · Dames
puzzles-title = Problèmes
puzzles-tabs =
    .aria-label = Variantes
puzzles-intro = Des positions de vraies parties où un seul coup gagne. Jouez-le sur le damier ; les réponses forcées de l'adversaire sont jouées pour vous.
puzzles-board-label = Damier du problème
puzzles-find = { $moves ->
    [one] Trouvez le coup gagnant.
   *[other] Trouvez la combinaison gagnante : { $moves } coups.
  }
puzzles-puzzle = Classement du problème { $rating } · { $of } problèmes dans cette variante
puzzles-source-file = De la partie { $game } du recueil { $file }.
puzzles-standing = Votre classement { $rating } ± { $deviation } · série { $streak } · { $solved } résolus sur { $attempts }
puzzles-right = Juste !
puzzles-reply = Juste ! La réponse : { $move }. À vous.
puzzles-solved = Résolu !
puzzles-solved-hinted = Résolu, avec un indice.
puzzles-wrong = Ce n'est pas le coup : { $move } ne gagne pas. Réessayez ou voyez la solution.
puzzles-change = Classement { $rating } ({ $change }).
puzzles-unrated = Un nouvel essai : le classement ne change pas.
puzzles-hint-shown = Le pion en surbrillance joue le prochain coup.
puzzles-solution = La solution : { $line }
puzzles-none = Il n'y a pas encore de problèmes pour { $variant }. Choisissez une autre variante ci-dessus.
puzzles-hint = Indice
puzzles-retry = Réessayer
puzzles-show = Voir la solution
puzzles-next = Problème suivant
guide-puzzles = S'entraîner avec les problèmes : { $variant }
error-no_puzzles = Il n'y a pas encore de problèmes pour cette variante.
error-no_such_puzzle = Ce problème n'est plus dans le recueil. Appuyez sur « Problème suivant ».
error-puzzle_off_line = Un indice ne vaut que pour un problème en cours de résolution.
error-puzzles_broken = Le recueil de problèmes de ce serveur est illisible ; reconstruisez-le avec « draughts puzzles build ».
