# Интерфейс по-русски. Ключи — как в en.ftl (docs/web.md, «Languages»).

## Статический текст web/index.html

skip = Перейти к доске
header-draughts = Шашки
header-main =
    .aria-label = Главное меню
nav-play = Играть
nav-guide = Правила
nav-pdn = Открыть партию PDN
open-looks =
    .aria-label = Оформление
header-appearance = Оформление
home-title = Играть в шашки
home-variant-label = Правила
home-guide = Как играть
home-analysis = Доска анализа
home-official-fmjd-draw-rules = Официальные правила ничьей FMJD
way-computer = Игра с компьютером
home-eight-levels-from-a = Восемь уровней, от новичка до полной силы движка.
home-level = Уровень
home-you-play = Вы играете
home-computer = Играть с компьютером
way-online = Игра с другом по сети
home-a-private-room-with = Закрытая комната со ссылкой для друга. Другие, у кого есть ссылка, могут смотреть.
home-you-play-2 = Вы играете
home-online = Создать комнату
way-two = Двое за одним устройством
home-take-turns-on-this = Ходите по очереди на этом устройстве, белыми и чёрными.
home-turn-the-board-towards = Поворачивать доску к стороне, чей ход
home-two = Играть на этом устройстве
home-ask-yes = Начать новую партию
home-ask-no = Оставить
view-game =
    .aria-label = Партия
missing-title = Такой комнаты нет
game-the-link-may-be = Возможно, ссылка набрана с ошибкой или обрезана, или срок комнаты истёк. Попросите друга прислать ссылку ещё раз или начните свою партию.
game-start-a-game = Начать партию
game-board =
    .aria-label = Доска
name-dark = Чёрные
clock-dark =
    .aria-label = Время чёрных
rematch = Реванш
result-new = Новая партия
result-analyse = Анализ
result-review = Разбор
result-step = Просмотр по ходам
result-close = Скрыть
    .aria-label = Скрыть результат, чтобы видеть доску
name-light = Белые
clock-light =
    .aria-label = Время белых
game-game =
    .aria-label = Партия
game-title = Шашки
game-rule-set = Правила
room-title = Комната
sound-note = Звуки ходов включатся после первого щелчка или нажатия клавиши на этой странице (так требует браузер).
room-link-label = Отправьте эту ссылку другу:
room-copy = Копировать ссылку
thinking = Компьютер думает
game-game-time = Время партии
confirm-yes = Сыграть
confirm-no = Вернуть
resign-text = Сдаться в этой партии?
resign-yes = Да, сдаюсь
resign-no = Нет
claim-win = Забрать победу
claim-draw = Объявить ничью
restore-new = Начать новую партию (заменит сохранённую)
game-game-controls =
    .aria-label = Управление партией
undo = Отменить ход
hint = Подсказка
draw = Предложить ничью
takeback = Попросить вернуть ход
flip = Перевернуть доску
resign = Сдаться
open-settings = Настройки
new-game = Новая партия
game-game-panels =
    .aria-label = Панели партии
tab-moves = Ходы
tab-tools = Позиция
tab-rules = Правила
moves =
    .aria-label = Список ходов
move-input-label = Введите ход
move-input =
    .placeholder = например, 11-15 или 32x23x14
game-play = Сыграть
open-setup = Расставить позицию…
copy-fen = Копировать FEN
copy-text = Копировать текстом
download-pdn = Скачать PDN
position-out-label = Текущая позиция
rules-title = Правила вкратце
rules-link = Полное руководство с примерами
view-guide =
    .aria-label = Правила
guide-tabs =
    .aria-label = Виды шашек
view-pdn =
    .aria-label = Открыть партию PDN
pdn-open-a-pdn-game = Открыть партию PDN
pdn-text-label = Вставьте текст PDN
pdn-or-choose-a-file = или выберите файл
pdn-rule-set-when-the = Правила, если в файле они не указаны
pdn-open = Открыть
pdn-game = Партия
pdn-moves =
    .aria-label = Ходы партии
pdn-continue = Играть дальше с этой позиции
pdn-analyse = Анализировать эту позицию
pdn-review = Разобрать эту партию
analysis-board =
    .aria-label = Доска
analysis-steps =
    .aria-label = Просмотр ходов
an-first =
    .aria-label = В начало (Home)
    .title = В начало (Home)
an-prev =
    .aria-label = На ход назад (стрелка влево)
    .title = На ход назад (стрелка влево)
an-next =
    .aria-label = На ход вперёд (стрелка вправо)
    .title = На ход вперёд (стрелка вправо)
an-last =
    .aria-label = В конец варианта (End)
    .title = В конец варианта (End)
an-flip = Перевернуть доску
analysis-analysis =
    .aria-label = Анализ
analysis-title = Доска анализа
analysis-rules = Ничьи оцениваются по официальным правилам FMJD.
analysis-rule-set = Правила
eval-number =
    .aria-label = Оценка
analysis-engine = Движок
engine-lines =
    .aria-label = Лучшие варианты движка
review-title = Разбор партии
review-note = Разбираем партию…
review-stop = Стоп
review-marked =
    .aria-label = Отмеченные ходы
analysis-tree =
    .aria-label = Ходы и варианты
analysis-analysis-tools =
    .aria-label = Инструменты анализа
an-copy = Копировать ссылку
an-edit = Расставить позицию
an-review = Разобрать партию
an-promote = Сделать главным вариантом
an-delete = Удалить отсюда
an-link =
    .aria-label = Ссылка на эту позицию
editor-title = Расставить позицию
analysis-choose-a-piece-then = Выберите фигуру и щёлкайте по полям доски (повторный щелчок снимает её).
editor-palette =
    .aria-label = Фигура для расстановки
analysis-side-to-move = Чей ход
analysis-light = Белые
analysis-dark = Чёрные
editor-clear = Очистить доску
editor-start = Начальная позиция
editor-go = Анализировать эту позицию
editor-cancel = Отмена
settings-title = Настройки стола
settings-players = Игроки
settings-against-the-computer = Против компьютера
settings-two-players-on-this = Двое на этом устройстве
settings-the-computer = Компьютер
settings-level = Уровень
settings-you-play = Вы играете
settings-two-players = Двое игроков
settings-turn-the-board-towards = Поворачивать доску к стороне, чей ход
settings-draw-rules = Правила ничьей
settings-official-fmjd-draw-rules = Официальные правила ничьей FMJD
settings-off-our-simplified-draw = Выключено: наши упрощённые правила ничьей. Применяется с новой партии: текущая партия сохраняет свои правила.
settings-display = Отображение
settings-coordinates = Координаты
settings-moves = Запись ходов
moves-own = Как принято в этих правилах
moves-numbers = Номера полей (22-18)
moves-algebraic = Буквы и цифры (c3-d4)
settings-results = Запись результатов
results-auto = Как принято у игроков этих правил
results-1-0 = 1-0, ½-½, 0-1
results-2-0 = 2-0, 1-1, 0-2
settings-confirm-each-move-before = Подтверждать каждый ход перед тем, как он сыгран
settings-mute-sounds = Без звука
set-looks = Цвета, доска и шашки…
settings-level-and-board-turning = Уровень и поворот доски применяются сразу; игроки, стороны и правила ничьей — с новой партии.
settings-apply = Применить к этой партии
settings-new = Начать новую партию
settings-close = Закрыть
looks-title = Оформление
look-scheme-label = Цвета
look-board-label = Доска
look-pieces-label = Шашки
looks-each-choice-applies-at = Каждый выбор применяется сразу и запоминается на этом устройстве. «Как в системе» следует светлой или тёмной теме устройства.
looks-close = Закрыть
setup-title = Расставить позицию
setup-input-label = Позиция
setup-go = Расставить
setup-cancel = Отмена
coords-numbers = Номера полей (PDN)
coords-algebraic = Буквы и цифры (a1–h8)
coords-hidden = Скрыты
setup-help = Вставьте позицию текстом (<code>Light c3; Light g3; Dark d4; Dark b8. Light to move.</code>, дамки как <code>Light king e5</code>; Light — белые, Dark — чёрные) или в FEN (<code>W:W21,22,K30:B1-12</code>). Начнётся новая партия по текущим правилам.

## Общие слова

side-name = { $side ->
    [light] Белые
   *[dark] Чёрные
  }
side-random = Случайный цвет
level-choice = { $level ->
    [1] 1 (новичок)
    [8] 8 (полная сила)
   *[other] { $level }
  }
name-you = Вы
name-computer = Компьютер, уровень { $level }
name-friend = Ваш друг
name-side-player = { $side ->
    [light] Игрок белыми
   *[dark] Игрок чёрными
  }

## Для экранного диктора

speak-played = { $who }: { $move }
speak-takes = { $who } бьёт { $n ->
    [one] { $n } шашку
    [few] { $n } шашки
   *[other] { $n } шашек
  }: { $move }
speak-count = { $n }
speak-crowned = ; шашка становится дамкой
speak-game-over = Партия окончена. { $result }.

## Чей ход

turn-game-over = Партия окончена
turn-waiting-friend = Ждём, пока друг откроет ссылку…
turn-waiting-second = Ждём второго игрока…
turn-yours = Ваш ход ({ side-name })
turn-opponent = Ход: { $who } ({ side-name })
turn-side = { $side ->
    [light] Ход белых
   *[dark] Ход чёрных
  }

## Как закончилась партия

outcome-win-no-pieces = { $winner ->
    [light] Белые выиграли: у чёрных не осталось шашек
   *[dark] Чёрные выиграли: у белых не осталось шашек
  }
outcome-win-no-legal-move = { $winner ->
    [light] Белые выиграли: у чёрных нет ходов
   *[dark] Чёрные выиграли: у белых нет ходов
  }
outcome-win-resignation = { $winner ->
    [light] Белые выиграли: чёрные сдались
   *[dark] Чёрные выиграли: белые сдались
  }
outcome-win-one-piece-each = { $winner ->
    [light] Белые выиграли: по одной шашке, и дамка белых сильнее простой чёрных
   *[dark] Чёрные выиграли: по одной шашке, и дамка чёрных сильнее простой белых
  }
outcome-win-abandonment = { $winner ->
    [light] Белые выиграли: чёрные покинули партию
   *[dark] Чёрные выиграли: белые покинули партию
  }
outcome-draw-threefold = Ничья: одна и та же позиция повторилась в третий раз
outcome-draw-quiet-moves = Ничья: { $n } ходов подряд (обеих сторон) без взятия и без хода простой
outcome-draw-agreement = Ничья по соглашению
outcome-draw-one-piece-each = Ничья: по одной шашке одного вида
outcome-draw-abandonment = Ничья: игрок покинул партию, другой объявил ничью
outcome-draw-adjudication = Ничья: присуждена по лимиту длины матча
outcome-draw-fmjd-king-moves = Ничья: по 25 ходов только дамками, без хода простой и без взятия (правило FMJD 6.3)
outcome-draw-fmjd-lone-king = { $n ->
    [16] Ничья: одинокая дамка продержалась по 16 ходов против трёх фигур (правило FMJD 6.4)
   *[other] Ничья: одинокая дамка продержалась по { $n } ходов против двух фигур или одной (правило FMJD 6.5)
  }
draw-count-quiet = { $count } из { $limit } полуходов без { $reset ->
    [promotion] взятия или превращения в дамку
   *[man-move] взятия или хода простой
  }: при { $limit } ничья.
draw-count-kings = { $count } из { $limit } полуходов только дамками, без хода простой и без взятия: при { $limit } ничья.
draw-count-lone-king = Одинокая дамка: { $count } из { $limit } полуходов ({ $moves } ходов каждой стороны) до ничьей.
draw-count-repetition = Эта позиция встретилась дважды: третье повторение — ничья.

## Главная страница

home-how-to-play = Как играть: { $variant }
home-resume = Вернуться к партии ({ $variant }, { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[other] { $moves } ходов
  })
home-replace = Ваша текущая партия ({ $variant }, { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[other] { $moves } ходов
  }) будет заменена новой.
home-start-failed = Не удалось начать партию: { $error }
home-room-failed = Не удалось создать комнату: { $error }

## Стол на этом устройстве

play-mode-computer = { $side ->
    [light] Вы играете белыми против компьютера, уровень { $level }
   *[dark] Вы играете чёрными против компьютера, уровень { $level }
  }
play-mode-two = Двое на этом устройстве
play-new-game = Новая партия.
play-hint = Подсказка: { $move }
setup-replaces = Это заменит вашу текущую партию ({ $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[other] { $moves } ходов
  }).
setup-replace-go = Заменить и расставить
setup-done = Позиция расставлена.

## Любая партия

app-name = Шашки
board-label-game = Доска партии
confirm-play = Сыграть { $move }?
move-example = например, { $move }
copied-fen = FEN скопирован: { $fen }
copied-text = Скопировано: { $text }
moves-none-yet = { $side ->
    [light] Ходов ещё нет. Ход белых.
   *[dark] Ходов ещё нет. Ход чёрных.
  }
taken-short = взято { $n }
taken-long = { $side ->
    [light] Белые взяли { $n ->
        [one] { $n } шашку
        [few] { $n } шашки
       *[other] { $n } шашек
      }
   *[dark] Чёрные взяли { $n ->
        [one] { $n } шашку
        [few] { $n } шашки
       *[other] { $n } шашек
      }
  }
steps-failed = Эту партию нельзя просмотреть по ходам: { $error }
speak-taken-back = { $n ->
    [0] Возврат к началу.
   *[other] Возврат к ходу { $n }.
  }

## Комната

room-opening = Открываем комнату…
room-connecting = Соединение…
room-lost = Соединение потеряно; переподключаемся…
room-draw-declined = Ваше предложение ничьей отклонено.
room-takeback-declined = Друг отказался вернуть ваш ход.
room-title-player = { $game ->
    [1] Комната: { $variant }
   *[other] Комната: { $variant }, партия { $game }
  }
room-title-watcher = { $game ->
    [1] Просмотр: { $variant }
   *[other] Просмотр: { $variant }, партия { $game }
  }
room-accept-draw = Согласиться на ничью
room-accept-rematch = Принять реванш
room-rematch = Реванш (цвета меняются)
room-rematch-asked = Реванш предложен; ждём друга.
room-rematch-wanted = Друг хочет реванш.
room-role-watcher = { $others ->
    [0] Вы смотрите эту партию.
    [one] Вы смотрите эту партию, вместе с вами ещё { $others } человек.
    [few] Вы смотрите эту партию, вместе с вами ещё { $others } человека.
   *[other] Вы смотрите эту партию, вместе с вами ещё { $others } человек.
  }
room-role-player = { $side ->
    [light] Вы играете белыми.
   *[dark] Вы играете чёрными.
  }{ $watchers ->
    [0] {""}
    [one] { " " }Смотрит { $watchers } человек.
    [few] { " " }Смотрят { $watchers } человека.
   *[other] { " " }Смотрят { $watchers } человек.
  }
seat-free = место свободно
seat-connected = на связи
seat-away = отошёл
room-draw-offered = Друг предлагает ничью.
room-takeback-asked = Друг просит вернуть его последний ход.
room-decline = Отклонить
room-allow = Разрешить
room-refuse = Отказать
room-you-offered-draw = Вы предложили ничью.
room-you-asked-takeback = Вы попросили вернуть ход.
room-friend-away = Друг отошёл. Если он не вернётся через { $time }, вы сможете забрать партию в его ход.
room-friend-left-move = Друг покинул партию. Сделайте ход; затем сможете забрать партию.
room-friend-left = Друг покинул партию.
room-link-copied = Ссылка скопирована. Отправьте её другу.

## Заголовки вкладки

title-home = Играть в шашки
title-room = Комната · Шашки
title-room-missing = Комната не найдена · Шашки
title-guide = Правила · Шашки
title-pdn = Открыть партию PDN · Шашки
title-analysis = Доска анализа · Шашки

## Виды шашек

variant-english = Английские шашки
variant-american = Американские шашки (местная расстановка)
variant-german = Немецкие шашки (местная расстановка)
variant-russian = Русские шашки
variant-international = Международные шашки
variant-turkish = Турецкие шашки
variant-italian = Итальянские шашки
variant-brazilian = Бразильские шашки

## Ошибки по коду сервера

error-unreachable = Сервер игры недоступен. Проверьте соединение и перезагрузите страницу.
error-not_your_turn = Сейчас не ваш ход.
error-game_over = Партия окончена.
error-not_started = Партия ещё не началась: друг пока не открыл ссылку.
error-not_a_player = Вы зритель: это могут только игроки.
error-no_offer = Отвечать не на что: предложение или просьба отозваны.
error-not_allowed = Сейчас это нельзя.
error-unavailable = Сервер останавливается; ничего не изменено. Попробуйте через минуту.
error-rate_limited = Слишком много сообщений сразу; чуть медленнее.
error-internal = Сервер не смог сохранить это; ничего не изменено. Попробуйте ещё раз.
error-stale = Партия ушла вперёд (возможно, в другой вкладке); она показана в текущем виде.
error-unreadable = Сохранённую партию не удаётся прочитать; начните новую, чтобы заменить её.
error-busy = Компьютер занят другими партиями; попробуйте через несколько секунд.
error-too_many_rooms = С вашего адреса создано слишком много комнат (не больше { $per_minute } в минуту); попробуйте через { $secs } с.
error-empty_answer = Сервер прислал пустой ответ.
error-connection_lost = Связь с сервером прервалась до конца ответа. Попробуйте ещё раз.
error-answer_cut = Сервер остановился до конца ответа. Попробуйте ещё раз.
error-move_shape = Ход передаётся текстом (например, 11-15) или начальным полем и полями остановок.
error-move_bad_square = { $asked } — не игровое поле этой доски.
error-move_syntax = { $asked } не читается как ход: запишите поля через - для тихого хода или x для взятия (например, 11-15 или 22x15).
error-move_illegal = Ход { $asked } здесь невозможен; возможные ходы: { $moves }.
error-move_no_legal_move = В этой позиции нет ни одного возможного хода.
error-move_quiet_as_capture = { $asked } ничего не бьёт: тихий ход пишется через -, а не через x или :.
error-move_captured_mismatch = { $asked } не бьёт эти шашки; ходы по этому пути: { $moves }.
error-move_ambiguous = { $asked } может означать несколько ходов: { $moves }. Укажите больше полей.
error-move_incomplete = { $asked } обрывает взятие на середине: бой нужно продолжить ({ $moves }).

language-label = Язык

## Доска анализа

review-stopped = Разбор остановлен.
review-stopped-left = Разбор остановлен: вы ушли со страницы.
analysis-resumed = Анализ возобновлён.
analysis-paused = Анализ приостановлен.
analysis-link-copied = Ссылка скопирована: она открывает эту позицию.
analysis-link-copy-below = Скопируйте ссылку из поля ниже.
analysis-main-line = Этот вариант теперь главный.
analysis-unknown-variant = Вида шашек «{ $id }» нет; это { $variant }.
analysis-link-position-bad = Позицию из ссылки не удалось расставить ({ $error }); это начальная позиция.
analysis-link-move-bad = Ход { $n } из ссылки ({ $move }) здесь невозможен: { $error } Показаны ходы до него.
analysis-over = Партия окончена
analysis-over-here = Здесь партия окончена: { $result }
analysis-bar-paused = Пауза
analysis-engine-paused = Движок на паузе. Включите его, чтобы видеть варианты.
analysis-engine-reviewing = Движок разбирает партию; варианты вернутся после разбора.
analysis-thinking = Думаю…
analysis-finished = готово
analysis-setting-up = Расстановка
review-no-moves = Разбирать нечего: сыграйте несколько ходов или откройте партию.
review-no-results = Разбор закончился без результатов. Попробуйте ещё раз.
review-failed = Разбор не удалось закончить: { $error }
review-finished = Разбор закончен. Точность белых { $light }%, чёрных { $dark }%.
editor-failed = Эту позицию нельзя анализировать: { $error }

## Оценка словами (с точки зрения белых)

score-has-won = { $side ->
    [light] Белые выиграли
   *[dark] Чёрные выиграли
  }
score-wins-in = { $side ->
    [light] Белые выигрывают за { $moves ->
        [one] { $moves } ход
        [few] { $moves } хода
       *[other] { $moves } ходов
      }
   *[dark] Чёрные выигрывают за { $moves ->
        [one] { $moves } ход
        [few] { $moves } хода
       *[other] { $moves } ходов
      }
  }
score-even = Равно
score-slightly-better = { $side ->
    [light] У белых чуть лучше
   *[dark] У чёрных чуть лучше
  }
score-ahead-man = { $side ->
    [light] Белые впереди примерно на шашку
   *[dark] Чёрные впереди примерно на шашку
  }
score-ahead-men = { $side ->
    [light] Белые впереди примерно на { $men ->
        [one] { $men } шашку
        [few] { $men } шашки
       *[other] { $men } шашек
      }
   *[dark] Чёрные впереди примерно на { $men ->
        [one] { $men } шашку
        [few] { $men } шашки
       *[other] { $men } шашек
      }
  }
eval-label = Оценка: { $words }
eval-label-none = Оценка
engine-depth = Глубина { $depth }
tree-empty = Ходов ещё нет: сделайте ход на доске.

## Фигуры редактора

tool-light-man = Белая шашка
tool-light-king = Белая дамка
tool-dark-man = Чёрная шашка
tool-dark-king = Чёрная дамка
tool-eraser = Ластик

## Разбор партии

mark-words = { $cls ->
    [best] лучший ход
    [forced] единственный ход
    [inaccuracy] неточность
    [mistake] ошибка
    [blunder] грубая ошибка
   *[good] хороший ход
  }
mark-said = { $side ->
    [light] Ход белых { $move }: { $mark }; лучше было { $best }.
   *[dark] Ход чёрных { $move }: { $mark }; лучше было { $best }.
  }
review-said = { $side ->
    [light] Ход белых { $move }: { $mark }.
   *[dark] Ход чёрных { $move }: { $mark }.
  }
review-detail = { $said } После него: { $score }. { $same ->
    [yes] Вариант движка
   *[no] Вариант движка вместо этого
  }: { $line }.
review-progress = Разбираем партию… ({ $done } из { $total } позиций)
review-accuracy = { $side ->
    [light] Белые: точность { $accuracy }%
   *[dark] Чёрные: точность { $accuracy }%
  }
review-counts = неточностей: { $inaccuracies }, ошибок: { $mistakes }, грубых ошибок: { $blunders }
review-graph = Шансы белых на победу по ходу партии: { $first }% в начале, { $last }% в конце. Список отмеченных ходов ниже ведёт к каждому из них.
review-clean = Ни неточностей, ни ошибок: обе стороны сыграли хорошо.
review-start = Начало партии. Выберите ход, чтобы увидеть, что о нём говорит разбор.

## Просмотр партии

nav-steps = Просмотр партии по ходам
nav-first = В начало
nav-prev = На ход назад (стрелка влево)
nav-next = На ход вперёд (стрелка вправо)
nav-last = К последнему ходу
nav-live = Вернуться к игре
nav-start = Начало
nav-ply = Ход { $k } из { $n }: { $move }

## Доска

board-label = Доска
board-piece = { $color ->
    [light] { $kind ->
        [king] белая дамка
       *[man] белая шашка
      }
   *[dark] { $kind ->
        [king] чёрная дамка
       *[man] чёрная шашка
      }
  }
board-empty = пусто
board-can-move = может ходить
board-selected = выбрана
board-destination = можно пойти
board-finish-capture = Закончите взятие: прыгайте дальше на одно из отмеченных полей (Escape отменяет).
board-outranked-italian = Эта шашка может бить, но другое взятие важнее (берёт больше, делается дамкой, берёт больше дамок или берёт дамку раньше): бить должна одна из отмеченных фигур.
board-outranked = Эта шашка может бить, но другое взятие берёт больше, а играть нужно то, что берёт больше всего: бить должна одна из отмеченных фигур.
board-no-move = У этой шашки нет ходов.
board-capture-on = Бейте дальше: { $squares }.
board-or = { " " }или{ " " }
board-choose-capture = Выберите взятие
board-same-square = Эти взятия заканчиваются на одном поле. Какие шашки вы берёте?
board-takes = { $move } (берёт { $squares })
board-not-destination = На это поле пойти нельзя.

## Просмотр PDN

pdn-too-big = Этот файл слишком большой: { $size } МиБ, а можно не больше { $most } МиБ. Откройте его часть (несколько тысяч партий).
pdn-replace = Ваша текущая партия ({ $variant }, { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[other] { $moves } ходов
  }) будет заменена этой позицией.
pdn-replace-yes = Заменить и играть дальше
pdn-unknown-rules = правила не указаны
pdn-skipped = Пропущено: { $warnings }
pdn-stops-early = Эта партия обрывается раньше: { $error }
pdn-by-our-rules = по нашим правилам: { $result }
pdn-no-moves = В этой партии нет ходов.

## Правила (слова страницы; тексты руководств — из guides.json)

guide-setup = Расстановка
guide-moves = Ходы
guide-captures = Взятия
guide-kings = Дамки
guide-draws = Ничьи и конец партии
guide-examples = Разобранные примеры
guide-examples-note = Каждая диаграмма живая: нажмите «Показать пример» или ходите сами. Сервер проверяет каждый ход.
guide-play = Играть: { $variant }
guide-switch = Чтобы играть по другим правилам, выберите их в поле «Правила» на главной странице или над ходами на странице партии. У каждого вида шашек своя сохранённая партия.
guide-play-example = Показать пример
guide-reset = Сначала
guide-legal = Возможные ходы: { $moves }
guide-example-label = Пример: { $title }
guide-tactics = Тактика, которую стоит знать
guide-tactics-note = Удары из настоящих партий. Нажмите «Показать удар», чтобы увидеть выигрывающий вариант, или сначала найдите его сами.
guide-play-shot = Показать удар
guide-mistakes = Ошибки, которые компьютер накажет
guide-mistakes-note = Каждая диаграмма показывает естественный на вид, но проигрывающий ход, а затем ответ, который его наказывает.
guide-play-mistake = Показать ошибку
guide-common = Частая ошибка
guide-questions = Вопросы за доской
guide-differences = Чем отличаются правила
guide-diagram-label = Диаграмма: { $title }
guide-line = Вариант: { $line }.
guide-mistake-line = Ошибка: { $mistake }. Наказание: { $punish }.
guide-composed = Составленная позиция, не из записанной партии.
guide-source = Из партии { $white } (белые) – { $black } (чёрные){ $where }.
guide-gain-game = Вариант выигрывает партию.
guide-loss-game = Ход проигрывает партию.
guide-gain = Итог: выиграно { $material }.
guide-loss = Итог: потеряно { $material }.
guide-pieces = { $n ->
    [one] { $n } шашка
    [few] { $n } шашки
   *[many] { $n } шашек
}
guide-kings-count = { $n ->
    [one] { $n } дамка
    [few] { $n } дамки
   *[many] { $n } дамок
}
guide-and = { $a } и { $b }
guide-nothing = ничего
guide-you-played = Вы сыграли { $move }.
guide-played = Сыграно { $move }.

## Оформление

look-system = Как в системе
look-light = Светлая
look-dark = Тёмная
look-wood = Дерево
look-green = Турнирная зелёная
look-slate = Сине-серая
look-contrast = Высокий контраст
look-classic = Слоновая кость и эбен
look-red = Слоновая кость и красный
look-amber = Янтарь и орех

## Правила вкратце (фразы сервера)

summary-board = { $board ->
    [orthogonal] Доска 8x8, все 64 поля; фигуры ходят по горизонталям и вертикалям
    [ten] Доска 10x10, 50 тёмных полей
    [mirrored] Доска 8x8, повёрнутая так, что h1 тёмное (тёмный угол справа)
   *[eight] Доска 8x8, 32 тёмных поля
  }; у каждого по { $men } шашек. { $first ->
    [light] Первыми ходят белые.
   *[dark] Первыми ходят чёрные.
  }
summary-men = Простые ходят { $step ->
    [sideways] на одно поле вперёд или в сторону
   *[diagonal] на одно поле по диагонали вперёд
  } и бьют { $capture ->
    [backward] вперёд и назад
    [sideways] вперёд и в стороны, но не назад
   *[forward] только вперёд
  }.
summary-men-no-kings = Простая никогда не бьёт дамку.
summary-capture = { $choice ->
    [free] Бить обязательно; можно выбрать любое взятие, не обязательно самое длинное, но его нужно довести до конца.
    [maximum] Бить обязательно, и нужно брать наибольшее число фигур (дамка считается за одну).
   *[italian] Бить обязательно: брать больше всего фигур; затем бить дамкой, если можно; затем брать больше дамок; затем встретить дамку раньше.
  }
summary-removal = { $removal ->
    [immediate] Взятые фигуры исчезают сразу; дамка может поворачивать на 90 градусов между взятиями, но не назад.
   *[end] Взятые фигуры снимаются после окончания хода, и через одну фигуру нельзя перепрыгнуть дважды.
  }
summary-kings = { $range ->
    [flying] Дамки дальнобойные: ходят на любое расстояние по свободной линии и могут встать на любое свободное поле за взятой фигурой.
   *[short] Дамки ходят и бьют на одно поле в любую сторону; они не дальнобойные.
  }
summary-promotion = { $promotion ->
    [continues] Простая, дошедшая до последнего ряда при взятии, сразу становится дамкой и бьёт дальше как дамка.
    [end-only] Простая становится дамкой, только если её ход заканчивается на последнем ряду.
   *[ends] Простая, дошедшая до последнего ряда, становится дамкой, и ход на этом заканчивается.
  }
summary-draws = Ничья при третьем повторении позиции или после { $limit } полуходов подряд без { $reset ->
    [promotion] взятия или превращения в дамку
   *[man-move] взятия или хода простой
  }.
summary-draws-fmjd = Ничьи по правилам FMJD (статья 6): при третьем повторении позиции; после { $kings } ходов каждой стороны только дамками, без хода простой и без взятия; и когда одинокая дамка держится против трёх фигур (хотя бы одна — дамка) { $three } ходов каждой стороны, или против двух фигур или одной вместе с дамкой { $two } ходов каждой стороны.
summary-one-piece-each = Когда у каждого по одной фигуре, партия сразу заканчивается: дамка бьёт простую, равные фигуры — ничья.
summary-italian-draws = (Руководство даёт эти правила ничьей для английских шашек; мы применяем их и к итальянским.)
summary-simplified-draws = (Наши упрощённые правила ничьей; партию можно играть и по официальным правилам FMJD.)
summary-lose = Вы проигрываете, когда у вас не осталось фигур или ходов.

## Задачи (pages/puzzles.js)

nav-puzzles = Задачи
home-puzzles = Задачи
home-puzzles-of = Задачи: { $variant }
title-puzzles = Задачи · Шашки
puzzles-title = Задачи
puzzles-tabs =
    .aria-label = Виды шашек
puzzles-intro = Позиции из настоящих партий, где выигрывает один ход. Сыграйте его на доске; вынужденные ответы соперника сыграются сами.
puzzles-board-label = Доска задачи
puzzles-find = { $moves ->
    [one] Найдите выигрывающий ход.
   *[other] Найдите выигрывающую комбинацию: ходов — { $moves }.
  }
puzzles-puzzle = Рейтинг задачи { $rating } · задач в этом виде шашек: { $of }
puzzles-source-file = Из партии { $game } сборника { $file }.
puzzles-standing = Ваш рейтинг { $rating } ± { $deviation } · серия { $streak } · решено { $solved } из { $attempts }
puzzles-right = Верно!
puzzles-reply = Верно! Ответ: { $move }. Ваш ход.
puzzles-solved = Решено!
puzzles-solved-hinted = Решено с подсказкой.
puzzles-wrong = Не тот ход: { $move } не выигрывает. Попробуйте ещё раз или посмотрите решение.
puzzles-change = Рейтинг { $rating } ({ $change }).
puzzles-unrated = Повторная попытка: рейтинг не меняется.
puzzles-hint-shown = Следующий ход делает выделенная шашка.
puzzles-solution = Решение: { $line }
puzzles-none = Задач для вида «{ $variant }» пока нет. Выберите другой вид шашек выше.
puzzles-hint = Подсказка
puzzles-retry = Ещё раз
puzzles-show = Показать решение
puzzles-next = Следующая задача
guide-puzzles = Решать задачи: { $variant }
error-no_puzzles = Для этого вида шашек задач пока нет.
error-no_such_puzzle = Этой задачи больше нет в наборе. Нажмите «Следующая задача».
error-puzzle_off_line = Подсказка даётся только в ещё решаемой задаче.
error-puzzles_broken = Набор задач этого сервера не читается; пересоберите его командой «draughts puzzles build».
