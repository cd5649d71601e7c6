# Arayüz Türkçe. Anahtarlar en.ftl ile aynıdır (docs/web.md, "Languages").

## web/index.html'in sabit metni

skip = Tahtaya geç
header-draughts = Dama
header-main =
    .aria-label = Ana menü
nav-play = Oyna
nav-guide = Kurallar
nav-pdn = PDN oyunu aç
open-looks =
    .aria-label = Görünüm
header-appearance = Görünüm
home-title = Dama oyna
home-variant-label = Kurallar
home-guide = Nasıl oynanır
home-analysis = Analiz tahtası
home-official-fmjd-draw-rules = FMJD'nin resmî beraberlik kuralları
way-computer = Bilgisayara karşı oyna
home-eight-levels-from-a = Sekiz seviye: yeni başlayandan motorun tam gücüne kadar.
home-level = Seviye
home-you-play = Sizin renginiz
home-computer = Bilgisayara karşı oyna
way-online = Bir arkadaşla çevrimiçi oyna
home-a-private-room-with = Arkadaşınıza göndereceğiniz bir bağlantıyla özel bir oda. Bağlantısı olan başkaları izleyebilir.
home-you-play-2 = Sizin renginiz
home-online = Oda oluştur
way-two = Burada iki oyuncu
home-take-turns-on-this = Bu cihazda sırayla oynayın, beyaz ve siyah.
home-turn-the-board-towards = Tahtayı sırası gelen tarafa çevir
home-two = Bu cihazda oyna
home-ask-yes = Yeni oyunu başlat
home-ask-no = Kalsın
view-game =
    .aria-label = Oyun
missing-title = Bu oda yok
game-the-link-may-be = Bağlantı yanlış yazılmış ya da kesilmiş olabilir, veya odanın süresi dolmuştur. Arkadaşınızdan bağlantıyı yeniden göndermesini isteyin ya da kendi oyununuzu başlatın.
game-start-a-game = Oyun başlat
game-board =
    .aria-label = Tahta
name-dark = Siyah
clock-dark =
    .aria-label = Siyahın süresi
rematch = Rövanş
result-new = Yeni oyun
result-analyse = Analiz et
result-review = İncele
result-step = Hamle hamle izle
result-close = Gizle
    .aria-label = Tahtayı görmek için sonucu gizle
name-light = Beyaz
clock-light =
    .aria-label = Beyazın süresi
game-game =
    .aria-label = Oyun
game-title = Dama
game-rule-set = Kurallar
room-title = Çevrimiçi oda
sound-note = Hamle sesleri bu sayfadaki ilk tıklamanızdan ya da tuş basışınızdan sonra başlar (tarayıcının kuralı).
room-link-label = Bu bağlantıyı arkadaşınıza gönderin:
room-copy = Bağlantıyı kopyala
thinking = Bilgisayar düşünüyor
game-game-time = Oyun süresi
confirm-yes = Oyna
confirm-no = Geri al
resign-text = Bu oyunda pes mi ediyorsunuz?
resign-yes = Evet, pes ediyorum
resign-no = Hayır
claim-win = Galibiyeti al
claim-draw = Berabere bitir
restore-new = Yeni oyun başlat (kayıtlı oyunun yerini alır)
game-game-controls =
    .aria-label = Oyun düğmeleri
undo = Geri al
hint = İpucu
draw = Beraberlik teklif et
takeback = Hamleyi geri almayı iste
flip = Tahtayı çevir
resign = Pes et
open-settings = Ayarlar
new-game = Yeni oyun
game-game-panels =
    .aria-label = Oyun panelleri
tab-moves = Hamleler
tab-tools = Konum
tab-rules = Kurallar
moves =
    .aria-label = Hamle listesi
move-input-label = Hamle yazın
move-input =
    .placeholder = ör. 11-15 veya 32x23x14
game-play = Oyna
open-setup = Konum kur…
copy-fen = FEN'i kopyala
copy-text = Metin olarak kopyala
download-pdn = PDN indir
position-out-label = Şu anki konum
rules-title = Kısaca kurallar
rules-link = Örnekli tam rehber
view-guide =
    .aria-label = Kurallar
guide-tabs =
    .aria-label = Kural setleri
view-pdn =
    .aria-label = PDN oyunu aç
pdn-open-a-pdn-game = PDN oyunu aç
pdn-text-label = PDN metnini yapıştırın
pdn-or-choose-a-file = ya da bir dosya seçin
pdn-rule-set-when-the = Dosya belirtmediğinde kurallar
pdn-open = Aç
pdn-game = Oyun
pdn-moves =
    .aria-label = Oyunun hamleleri
pdn-continue = Bu konumdan oynamaya devam et
pdn-analyse = Bu konumu analiz et
pdn-review = Bu oyunu incele
analysis-board =
    .aria-label = Tahta
analysis-steps =
    .aria-label = Hamleler arasında gez
an-first =
    .aria-label = Başa (Home)
    .title = Başa (Home)
an-prev =
    .aria-label = Bir hamle geri (sol ok)
    .title = Bir hamle geri (sol ok)
an-next =
    .aria-label = Bir hamle ileri (sağ ok)
    .title = Bir hamle ileri (sağ ok)
an-last =
    .aria-label = Varyantın sonuna (End)
    .title = Varyantın sonuna (End)
an-flip = Tahtayı çevir
analysis-analysis =
    .aria-label = Analiz
analysis-title = Analiz tahtası
analysis-rules = Beraberlikler FMJD'nin resmî kurallarına göre değerlendirilir.
analysis-rule-set = Kurallar
eval-number =
    .aria-label = Değerlendirme
analysis-engine = Motor
engine-lines =
    .aria-label = Motorun en iyi varyantları
review-title = Oyun incelemesi
review-note = Oyun inceleniyor…
review-stop = Durdur
review-marked =
    .aria-label = İşaretli hamleler
analysis-tree =
    .aria-label = Hamleler ve varyantlar
analysis-analysis-tools =
    .aria-label = Analiz araçları
an-copy = Bağlantıyı kopyala
an-edit = Konum kur
an-review = Oyunu incele
an-promote = Ana varyant yap
an-delete = Buradan sil
an-link =
    .aria-label = Bu konumun bağlantısı
editor-title = Konum kur
analysis-choose-a-piece-then = Bir taş seçin, sonra tahtadaki karelere tıklayın (yeniden tıklamak taşı kaldırır).
editor-palette =
    .aria-label = Konacak taş
analysis-side-to-move = Hamle sırası
analysis-light = Beyaz
analysis-dark = Siyah
editor-clear = Tahtayı temizle
editor-start = Başlangıç konumu
editor-go = Bu konumu analiz et
editor-cancel = Vazgeç
settings-title = Masa ayarları
settings-players = Oyuncular
settings-against-the-computer = Bilgisayara karşı
settings-two-players-on-this = Bu cihazda iki oyuncu
settings-the-computer = Bilgisayar
settings-level = Seviye
settings-you-play = Sizin renginiz
settings-two-players = İki oyuncu
settings-turn-the-board-towards = Tahtayı sırası gelen tarafa çevir
settings-draw-rules = Beraberlik kuralları
settings-official-fmjd-draw-rules = FMJD'nin resmî beraberlik kuralları
settings-off-our-simplified-draw = Kapalı: bizim sadeleştirilmiş beraberlik kurallarımız. Yeni oyunla geçerli olur: süren oyun kendi kurallarını korur.
settings-display = Görüntü
settings-coordinates = Koordinatlar
settings-moves = Hamlelerin yazılışı
moves-own = Kural setinin yazdığı gibi
moves-numbers = Kare numaraları (22-18)
moves-algebraic = Harf ve rakam (c3-d4)
settings-results = Sonuçların yazılışı
results-auto = Kural setinin oyuncularının yazdığı gibi
results-1-0 = 1-0, ½-½, 0-1
results-2-0 = 2-0, 1-1, 0-2
settings-confirm-each-move-before = Her hamleyi oynanmadan önce onayla
settings-mute-sounds = Sesleri kapat
set-looks = Renkler, tahta ve taşlar…
settings-level-and-board-turning = Seviye ve tahta çevirme hemen uygulanır; oyuncular, renkler ve beraberlik kuralları yeni oyunda.
settings-apply = Bu oyuna uygula
settings-new = Yeni oyun başlat
settings-close = Kapat
looks-title = Görünüm
look-scheme-label = Renkler
look-board-label = Tahta
look-pieces-label = Taşlar
looks-each-choice-applies-at = Her seçim hemen uygulanır ve bu cihazda hatırlanır. "Sistemi izle" cihazınızın açık ya da koyu ayarını kullanır.
looks-close = Kapat
setup-title = Konum kur
setup-input-label = Konum
setup-go = Kur
setup-cancel = Vazgeç
coords-numbers = Kare numaraları (PDN)
coords-algebraic = Harf ve rakam (a1–h8)
coords-hidden = Gizli
setup-help = Bir konumu metin olarak (<code>Light c3; Light g3; Dark d4; Dark b8. Light to move.</code>, damalar <code>Light king e5</code> diye; Light beyaz, Dark siyahtır) ya da FEN olarak (<code>W:W21,22,K30:B1-12</code>) yapıştırın. Şu anki kurallarla yeni bir oyun başlar.

## Görünümlerin ortak sözcükleri

side-name = { $side ->
    [light] Beyaz
   *[dark] Siyah
  }
side-random = Rastgele renk
level-choice = { $level ->
    [1] 1 (yeni başlayan)
    [8] 8 (tam güç)
   *[other] { $level }
  }
name-you = Siz
name-computer = Bilgisayar, seviye { $level }
name-friend = Arkadaşınız
name-side-player = { $side ->
    [light] Beyaz oyuncu
   *[dark] Siyah oyuncu
  }

## Ekran okuyucunun söyledikleri

speak-played = { $who }: { $move }
speak-takes = { $who } { $n } taş alıyor: { $move }
speak-count = { $n }
speak-crowned = ; taş dama oluyor
speak-game-over = Oyun bitti. { $result }.

## Sıra kimde

turn-game-over = Oyun bitti
turn-waiting-friend = Arkadaşınızın bağlantıyı açması bekleniyor…
turn-waiting-second = İkinci oyuncu bekleniyor…
turn-yours = Sıra sizde ({ side-name })
turn-opponent = Sıra: { $who } ({ side-name })
turn-side = { $side ->
    [light] Sıra beyazda
   *[dark] Sıra siyahta
  }

## Oyun nasıl bitti

outcome-win-no-pieces = { $winner ->
    [light] Beyaz kazandı: siyahın taşı kalmadı
   *[dark] Siyah kazandı: beyazın taşı kalmadı
  }
outcome-win-no-legal-move = { $winner ->
    [light] Beyaz kazandı: siyahın oynayacak hamlesi yok
   *[dark] Siyah kazandı: beyazın oynayacak hamlesi yok
  }
outcome-win-resignation = { $winner ->
    [light] Beyaz kazandı: siyah pes etti
   *[dark] Siyah kazandı: beyaz pes etti
  }
outcome-win-one-piece-each = { $winner ->
    [light] Beyaz kazandı: birer taş kaldı ve beyazın daması siyahın taşını yener
   *[dark] Siyah kazandı: birer taş kaldı ve siyahın daması beyazın taşını yener
  }
outcome-win-abandonment = { $winner ->
    [light] Beyaz kazandı: siyah oyundan ayrıldı
   *[dark] Siyah kazandı: beyaz oyundan ayrıldı
  }
outcome-draw-threefold = Berabere: aynı konum üçüncü kez oluştu
outcome-draw-quiet-moves = Berabere: art arda { $n } hamle (iki taraf birlikte sayılır) alma ya da taş sürme olmadan
outcome-draw-agreement = Berabere: oyuncular anlaştı
outcome-draw-one-piece-each = Berabere: aynı türden birer taş
outcome-draw-abandonment = Berabere: bir oyuncu ayrıldı, öteki beraberlik istedi
outcome-draw-adjudication = Berabere: maçın uzunluk sınırında hakem kararı
outcome-draw-fmjd-king-moves = Berabere: her biri 25 hamle yalnızca damalarla, taş sürmeden ve almadan (FMJD kuralı 6.3)
outcome-draw-fmjd-lone-king = { $n ->
    [16] Berabere: yalnız dama üç taşa karşı her biri 16 hamle dayandı (FMJD kuralı 6.4)
   *[other] Berabere: yalnız dama iki ya da bir taşa karşı her biri { $n } hamle dayandı (FMJD kuralı 6.5)
  }
draw-count-quiet = { $reset ->
    [promotion] Alma ya da dama çıkma
   *[man-move] Alma ya da taş sürme
  } olmadan { $count } / { $limit } yarım hamle: { $limit } olunca berabere.
draw-count-kings = Yalnızca damalarla, taş sürmeden ve almadan { $count } / { $limit } yarım hamle: { $limit } olunca berabere.
draw-count-lone-king = Yalnız dama: { $count } / { $limit } yarım hamle (her biri { $moves } hamle), sonra berabere.
draw-count-repetition = Bu konum iki kez oluştu: üçüncüsü beraberliktir.

## Ana sayfa

home-how-to-play = Nasıl oynanır: { $variant }
home-resume = Süren { $variant } oyununuza dönün ({ $moves } hamle)
home-replace = Süren { $variant } oyununuzun ({ $moves } hamle) yerini yenisi alacak.
home-start-failed = Oyun başlatılamadı: { $error }
home-room-failed = Oda oluşturulamadı: { $error }

## Oyun sayfası: bu cihazdaki masa

play-mode-computer = { $side ->
    [light] Bilgisayara karşı beyazla oynuyorsunuz, seviye { $level }
   *[dark] Bilgisayara karşı siyahla oynuyorsunuz, seviye { $level }
  }
play-mode-two = Bu cihazda iki oyuncu
play-new-game = Yeni oyun.
play-hint = İpucu: { $move }
setup-replaces = Bu, süren oyununuzun ({ $moves } hamle) yerini alır.
setup-replace-go = Yerine koy ve kur
setup-done = Konum kuruldu.

## Oyun sayfası: her oyun

app-name = Dama
board-label-game = Oyun tahtası
confirm-play = { $move } oynansın mı?
move-example = ör. { $move }
copied-fen = FEN kopyalandı: { $fen }
copied-text = Kopyalandı: { $text }
moves-none-yet = { $side ->
    [light] Henüz hamle yok. Sıra beyazda.
   *[dark] Henüz hamle yok. Sıra siyahta.
  }
taken-short = { $n } aldı
taken-long = { $side ->
    [light] Beyaz { $n } taş aldı
   *[dark] Siyah { $n } taş aldı
  }
steps-failed = Bu oyun hamle hamle izlenemiyor: { $error }
speak-taken-back = { $n ->
    [0] Başa geri alındı.
   *[other] { $n }. hamleye geri alındı.
  }

## Oyun sayfası: çevrimiçi oda

room-opening = Oda açılıyor…
room-connecting = Bağlanıyor…
room-lost = Bağlantı koptu; yeniden bağlanıyor…
room-draw-declined = Beraberlik teklifiniz reddedildi.
room-takeback-declined = Arkadaşınız hamlenizi geri almayı kabul etmedi.
room-title-player = { $game ->
    [1] Çevrimiçi oda: { $variant }
   *[other] Çevrimiçi oda: { $variant }, { $game }. oyun
  }
room-title-watcher = { $game ->
    [1] İzleniyor: { $variant }
   *[other] İzleniyor: { $variant }, { $game }. oyun
  }
room-accept-draw = Beraberliği kabul et
room-accept-rematch = Rövanşı kabul et
room-rematch = Rövanş (renkler değişir)
room-rematch-asked = Rövanş istendi; arkadaşınız bekleniyor.
room-rematch-wanted = Arkadaşınız rövanş istiyor.
room-role-watcher = { $others ->
    [0] Bu oyunu izliyorsunuz.
   *[other] Bu oyunu { $others } kişiyle birlikte izliyorsunuz.
  }
room-role-player = { $side ->
    [light] Beyazla oynuyorsunuz.
   *[dark] Siyahla oynuyorsunuz.
  }{ $watchers ->
    [0] {""}
   *[other] { " " }{ $watchers } kişi izliyor.
  }
seat-free = boş koltuk
seat-connected = bağlı
seat-away = uzakta
room-draw-offered = Arkadaşınız beraberlik teklif ediyor.
room-takeback-asked = Arkadaşınız son hamlesini geri almak istiyor.
room-decline = Reddet
room-allow = İzin ver
room-refuse = Kabul etme
room-you-offered-draw = Beraberlik teklif ettiniz.
room-you-asked-takeback = Hamlenizi geri almayı istediniz.
room-friend-away = Arkadaşınız uzakta. { $time } içinde dönmezse, onun sırasında oyunu talep edebilirsiniz.
room-friend-left-move = Arkadaşınız oyundan ayrıldı. Hamlenizi yapın; sonra oyunu talep edebilirsiniz.
room-friend-left = Arkadaşınız oyundan ayrıldı.
room-link-copied = Bağlantı kopyalandı. Arkadaşınıza gönderin.

## Sekme başlıkları

title-home = Dama oyna
title-room = Çevrimiçi oda · Dama
title-room-missing = Oda bulunamadı · Dama
title-guide = Kurallar · Dama
title-pdn = PDN oyunu aç · Dama
title-analysis = Analiz tahtası · Dama

## Kural setleri

variant-english = İngiliz daması
variant-american = Amerikan daması (yerel dizilim)
variant-german = Alman daması (yerel dizilim)
variant-russian = Rus daması
variant-international = Uluslararası dama
variant-turkish = Türk daması
variant-italian = İtalyan daması
variant-brazilian = Brezilya daması

## Sunucunun koduna göre hatalar

error-unreachable = Oyun sunucusuna ulaşılamıyor. Bağlantıyı denetleyin, sonra sayfayı yeniden yükleyin.
error-not_your_turn = Sıra sizde değil.
error-game_over = Oyun bitti.
error-not_started = Oyun başlamadı: arkadaşınız bağlantıyı henüz açmadı.
error-not_a_player = İzliyorsunuz: bunu yalnızca oyuncular yapabilir.
error-no_offer = Yanıtlanacak bir şey yok: teklif ya da istek geri çekildi.
error-not_allowed = Buna şu an izin yok.
error-unavailable = Sunucu kapanıyor; hiçbir şey değişmedi. Biraz sonra yeniden deneyin.
error-rate_limited = Bir anda çok fazla mesaj; biraz yavaşlayın.
error-internal = Sunucu bunu kaydedemedi; hiçbir şey değişmedi. Yeniden deneyin.
error-stale = Oyun ilerlemiş (belki başka bir sekmede); şu anki hâliyle gösteriliyor.
error-unreadable = Kayıtlı oyun okunamıyor; yerine yeni bir oyun başlatın.
error-busy = Bilgisayar başka oyunlarla meşgul; birkaç saniye sonra yeniden deneyin.
error-too_many_rooms = Adresinizden çok fazla oda oluşturuldu (dakikada en çok { $per_minute }); { $secs } sn sonra yeniden deneyin.
error-empty_answer = Sunucu boş bir yanıt gönderdi.
error-connection_lost = Yanıt tamamlanmadan sunucuyla bağlantı koptu. Yeniden deneyin.
error-answer_cut = Sunucu yanıt tamamlanmadan durdu. Yeniden deneyin.
error-move_shape = Bir hamle metniyle (11-15 gibi) ya da başlangıç ve iniş kareleriyle gönderilir.
error-move_bad_square = { $asked } bu tahtanın oynanan bir karesi değil.
error-move_syntax = { $asked } hamle olarak okunamıyor: kareleri sürme için - ile, alma için x ile birleştirin (11-15 ya da 22x15 gibi).
error-move_illegal = { $asked } burada kurallara aykırı bir hamle; oynanabilecek hamleler: { $moves }.
error-move_no_legal_move = Bu konumda oynanabilecek hamle yok.
error-move_quiet_as_capture = { $asked } hiçbir taş almıyor: sessiz hamle x ya da : ile değil, - ile yazılır.
error-move_captured_mismatch = { $asked } bu taşları almıyor; bu yoldaki hamleler: { $moves }.
error-move_ambiguous = { $asked } birden çok hamle olabilir: { $moves }. Karelerinden daha fazlasını yazın.
error-move_incomplete = { $asked } almanın ortasında duruyor: seri sürmeli ({ $moves }).

language-label = Dil

## Analiz tahtası

review-stopped = İnceleme durduruldu.
review-stopped-left = Sayfadan ayrıldığınız için inceleme durduruldu.
analysis-resumed = Analiz sürüyor.
analysis-paused = Analiz duraklatıldı.
analysis-link-copied = Bağlantı kopyalandı: bu konumu açar.
analysis-link-copy-below = Bağlantıyı aşağıdaki kutudan kopyalayın.
analysis-main-line = Bu varyant artık ana varyant.
analysis-unknown-variant = "{ $id }" adında bir kural seti yok; bu { $variant }.
analysis-link-position-bad = Bu bağlantının konumu kurulamıyor ({ $error }); bu başlangıç konumu.
analysis-link-move-bad = Bağlantının { $n }. hamlesi ({ $move }) burada oynanamıyor: { $error } Ondan önceki hamleler gösteriliyor.
analysis-over = Oyun bitti
analysis-over-here = Oyun burada bitti: { $result }
analysis-bar-paused = Durdu
analysis-engine-paused = Motor duraklatıldı. Varyantlarını görmek için açın.
analysis-engine-reviewing = Motor oyunu inceliyor; varyantlar inceleme bitince döner.
analysis-thinking = Düşünüyor…
analysis-finished = bitti
analysis-setting-up = Kuruluyor
review-no-moves = İncelenecek hamle yok: birkaç hamle oynayın ya da önce bir oyun açın.
review-no-results = İnceleme sonuçsuz bitti. Yeniden deneyin.
review-failed = İnceleme bitirilemedi: { $error }
review-finished = İnceleme bitti. Beyazın isabeti %{ $light }, siyahın %{ $dark }.
editor-failed = Bu konum analiz edilemiyor: { $error }

## Sözcüklerle değerlendirme (beyazın bakışından)

score-has-won = { $side ->
    [light] Beyaz kazandı
   *[dark] Siyah kazandı
  }
score-wins-in = { $side ->
    [light] Beyaz { $moves } hamlede kazanır
   *[dark] Siyah { $moves } hamlede kazanır
  }
score-even = Eşit
score-slightly-better = { $side ->
    [light] Beyaz biraz daha iyi
   *[dark] Siyah biraz daha iyi
  }
score-ahead-man = { $side ->
    [light] Beyaz yaklaşık bir taş önde
   *[dark] Siyah yaklaşık bir taş önde
  }
score-ahead-men = { $side ->
    [light] Beyaz yaklaşık { $men } taş önde
   *[dark] Siyah yaklaşık { $men } taş önde
  }
eval-label = Değerlendirme: { $words }
eval-label-none = Değerlendirme
engine-depth = Derinlik { $depth }
tree-empty = Henüz hamle yok: tahtada bir hamle oynayın.

## Konum kurma taşları

tool-light-man = Beyaz taş
tool-light-king = Beyaz dama
tool-dark-man = Siyah taş
tool-dark-king = Siyah dama
tool-eraser = Silgi

## Oyun incelemesi

mark-words = { $cls ->
    [best] en iyi hamle
    [forced] tek hamle
    [inaccuracy] bir kusur
    [mistake] bir hata
    [blunder] büyük bir hata
   *[good] iyi bir hamle
  }
mark-said = { $side ->
    [light] Beyazın { $move } hamlesi { $mark } idi; daha iyisi { $best } idi.
   *[dark] Siyahın { $move } hamlesi { $mark } idi; daha iyisi { $best } idi.
  }
review-said = { $side ->
    [light] Beyazın { $move } hamlesi { $mark } idi.
   *[dark] Siyahın { $move } hamlesi { $mark } idi.
  }
review-detail = { $said } Ondan sonra: { $score }. { $same ->
    [yes] Motorun varyantı
   *[no] Motorun yerine önerdiği varyant
  }: { $line }.
review-progress = Oyun inceleniyor… ({ $done } / { $total } konum)
review-accuracy = { $side ->
    [light] Beyaz: isabet %{ $accuracy }
   *[dark] Siyah: isabet %{ $accuracy }
  }
review-counts = { $inaccuracies } kusur, { $mistakes } hata, { $blunders } büyük hata
review-graph = Oyun boyunca beyazın kazanma şansı: başta %{ $first }, sonda %{ $last }. Aşağıdaki işaretli hamleler listesi her birine gider.
review-clean = Kusur da hata da yok: iki taraf da iyi oynadı.
review-start = Oyunun başı. İncelemenin ne dediğini görmek için bir hamle seçin.

## Oyunda gezinme

nav-steps = Oyunu hamle hamle izle
nav-first = Başa
nav-prev = Bir hamle geri (sol ok)
nav-next = Bir hamle ileri (sağ ok)
nav-last = Son hamleye
nav-live = Oyuna dön
nav-start = Başlangıç
nav-ply = Hamle { $k } / { $n }: { $move }

## Tahta

board-label = Tahta
board-piece = { $color ->
    [light] { $kind ->
        [king] beyaz dama
       *[man] beyaz taş
      }
   *[dark] { $kind ->
        [king] siyah dama
       *[man] siyah taş
      }
  }
board-empty = boş
board-can-move = oynayabilir
board-selected = seçili
board-destination = gidilebilir kare
board-finish-capture = Almayı bitirin: işaretli karelerden birine atlayın (Escape geri alır).
board-outranked-italian = Bu taş alabilir, ama başka bir alma önce gelir (daha çok taş alır, dama ile yapılır, daha çok dama alır ya da damayı daha önce alır): işaretli taşlardan biri almalı.
board-outranked = Bu taş alabilir, ama başka bir alma daha çok taş alır ve en çok alan oynanmalıdır: işaretli taşlardan biri almalı.
board-no-move = Bu taşın oynayacak hamlesi yok.
board-capture-on = Almaya devam: { $squares }.
board-or = { " " }ya da{ " " }
board-choose-capture = Almayı seçin
board-same-square = Bu almalar aynı karede biter. Hangi taşları alıyorsunuz?
board-takes = { $move } ({ $squares } alır)
board-not-destination = Bu kareye gidilemez.

## PDN görüntüleyici

pdn-too-big = Bu dosya burada açmak için çok büyük: { $size } MiB, en çok { $most } MiB olabilir. Bir parçasını açın (birkaç bin oyun).
pdn-replace = Süren { $variant } oyununuzun ({ $moves } hamle) yerini bu konum alacak.
pdn-replace-yes = Yerine koy ve devam et
pdn-unknown-rules = bilinmeyen kurallar
pdn-skipped = Atlandı: { $warnings }
pdn-stops-early = Bu oyun erken duruyor: { $error }
pdn-by-our-rules = bizim kurallarımıza göre: { $result }
pdn-no-moves = Bu oyunda hamle yok.

## Kural rehberleri (sayfanın kendi sözcükleri)

guide-setup = Diziliş
guide-moves = Hamleler
guide-captures = Almalar
guide-kings = Damalar
guide-draws = Beraberlik ve oyunun sonu
guide-examples = Çözümlü örnekler
guide-examples-note = Her diyagram canlıdır: "Örneği oyna"ya basın ya da taşları kendiniz oynayın. Sunucu her hamleyi denetler.
guide-play = { $variant } oyna
guide-switch = Başka bir kural setiyle oynamak için onu ana sayfada "Kurallar" altından ya da oyun sayfasında hamlelerin üstünden seçin. Her kural seti kendi kayıtlı oyununu tutar.
guide-play-example = Örneği oyna
guide-reset = Baştan
guide-legal = Oynanabilir hamleler: { $moves }
guide-example-label = Örnek: { $title }
guide-tactics = Bilinmesi gereken taktikler
guide-tactics-note = Gerçek oyunlardan vuruşlar. Kazandıran devamı görmek için “Vuruşu oyna”ya basın ya da önce kendiniz bulun.
guide-play-shot = Vuruşu oyna
guide-mistakes = Bilgisayarın cezalandırdığı hatalar
guide-mistakes-note = Her diyagram doğal görünen ama kaybettiren bir hamleyi, ardından onu cezalandıran cevabı oynar.
guide-play-mistake = Hatayı oyna
guide-common = Sık yapılan bir hata
guide-questions = Masada sorulanlar
guide-differences = Kural takımlarının farkları
guide-diagram-label = Diyagram: { $title }
guide-line = Devam: { $line }.
guide-mistake-line = Hata: { $mistake }. Ceza: { $punish }.
guide-composed = Kayıtlı bir oyundan değil, kurgulanmış bir konum.
guide-source = Oyun: { $white } (beyaz) – { $black } (siyah){ $where }.
guide-gain-game = Oyunu kazandırır.
guide-loss-game = Oyunu kaybettirir.
guide-gain = Net kazanç: { $material }.
guide-loss = Net kayıp: { $material }.
guide-pieces = { $n ->
    [one] { $n } taş
   *[other] { $n } taş
}
guide-kings-count = { $n ->
    [one] { $n } dama
   *[other] { $n } dama
}
guide-and = { $a } ve { $b }
guide-nothing = hiçbir şey
guide-you-played = { $move } oynadınız.
guide-played = { $move } oynandı.

## Görünüm seçenekleri

look-system = Sistemi izle
look-light = Açık
look-dark = Koyu
look-wood = Ahşap
look-green = Turnuva yeşili
look-slate = Arduvaz mavisi
look-contrast = Yüksek karşıtlık
look-classic = Fildişi ve abanoz
look-red = Fildişi ve kırmızı
look-amber = Kehribar ve ceviz

## Kısaca kurallar (sunucunun ifadeleri)

summary-board = { $board ->
    [orthogonal] 8x8 tahta, 64 karenin hepsi; taşlar satır ve sütunlar boyunca oynar
    [ten] 10x10 tahta, 50 koyu kare
    [mirrored] h1 koyu olacak biçimde çevrilmiş 8x8 tahta (koyu köşe sağda)
   *[eight] 8x8 tahta, 32 koyu kare
  }; her tarafın { $men } taşı var. { $first ->
    [light] İlk hamleyi beyaz yapar.
   *[dark] İlk hamleyi siyah yapar.
  }
summary-men = Taşlar { $step ->
    [sideways] bir kare ileri ya da yana
   *[diagonal] bir kare çapraz ileri
  } gider ve { $capture ->
    [backward] ileri ve geri
    [sideways] ileri ve yana (asla geri değil)
   *[forward] yalnızca ileri
  } alır.
summary-men-no-kings = Bir taş asla dama alamaz.
summary-capture = { $choice ->
    [free] Almak zorunludur; en uzunu olmasa da herhangi bir almayı seçebilirsiniz, ama zincirini bitirmelisiniz.
    [maximum] Almak zorunludur ve en çok taşı almalısınız (dama bir sayılır).
   *[italian] Almak zorunludur: en çok taşı alın; sonra mümkünse damayla alın; sonra en çok damayı alın; sonra damaya en erken ulaşın.
  }
summary-removal = { $removal ->
    [immediate] Alınan taşlar hemen kalkar; dama almalar arasında 90 derece dönebilir ama asla geri dönemez.
   *[end] Alınan taşlar zincir bitince kaldırılır ve iki kez atlanamaz.
  }
summary-kings = { $range ->
    [flying] Damalar uzun gider: boş bir hatta istediği kadar kayar ve alınan taşın ötesindeki herhangi bir boş kareye konabilir.
   *[short] Damalar her yöne bir kare gider ve alır; uzun gitmez.
  }
summary-promotion = { $promotion ->
    [continues] Alma sırasında son sıraya varan taş hemen dama olur ve dama olarak almaya devam eder.
    [end-only] Bir taş yalnızca hamlesi son sırada biterse dama olur.
   *[ends] Son sıraya varan taş dama olur ve hamle orada biter.
  }
summary-draws = Aynı konum üçüncü kez oluşunca ya da art arda { $limit } yarım hamle { $reset ->
    [promotion] alma ya da dama çıkma
   *[man-move] alma ya da taş sürme
  } olmadan geçince berabere.
summary-draws-fmjd = Beraberlik FMJD kurallarına göre (madde 6): aynı konum üçüncü kez oluşunca; her biri { $kings } hamle yalnızca damalarla, taş sürmeden ve almadan oynanınca; ve yalnız bir dama üç taşa (en az biri dama) karşı her biri { $three } hamle, ya da biri dama olan iki ya da bir taşa karşı her biri { $two } hamle dayanınca.
summary-one-piece-each = Birer taş kalınca oyun hemen biter: dama taşı yener, eşit taşlar berabere.
summary-italian-draws = (Rehber bu beraberlik kurallarını İngiliz daması için verir; biz İtalyan daması için de kullanıyoruz.)
summary-simplified-draws = (Sadeleştirilmiş beraberlik kurallarımız; bir oyun FMJD'nin resmî kurallarıyla da oynanabilir.)
summary-lose = Taşınız ya da oynayacak hamleniz kalmayınca kaybedersiniz.

## Bulmacalar (pages/puzzles.js)

nav-puzzles = Bulmacalar
home-puzzles = Bulmacalar
home-puzzles-of = { $variant } bulmacaları
title-puzzles = Bulmacalar · Dama
puzzles-title = Bulmacalar
puzzles-tabs =
    .aria-label = Dama türleri
puzzles-intro = Gerçek oyunlardan, tek bir hamlenin kazandığı konumlar. Hamleyi tahtada oynayın; rakibin zorunlu cevapları sizin için oynanır.
puzzles-board-label = Bulmaca tahtası
puzzles-find = { $moves ->
    [one] Kazandıran hamleyi bulun.
   *[other] Kazandıran sırayı bulun: { $moves } hamle.
  }
puzzles-puzzle = Bulmaca puanı { $rating } · bu türde { $of } bulmaca
puzzles-source-file = { $file } derlemesinin { $game }. oyunundan.
puzzles-standing = Puanınız { $rating } ± { $deviation } · seri { $streak } · { $attempts } denemede { $solved } çözüm
puzzles-right = Doğru!
puzzles-reply = Doğru! Cevap: { $move }. Sıra sizde.
puzzles-solved = Çözüldü!
puzzles-solved-hinted = İpucuyla çözüldü.
puzzles-wrong = Bu hamle değil: { $move } kazandırmıyor. Yeniden deneyin ya da çözümü görün.
puzzles-change = Puan { $rating } ({ $change }).
puzzles-unrated = Yeniden deneme: puan değişmez.
puzzles-hint-shown = Sıradaki hamleyi işaretli taş yapar.
puzzles-solution = Çözüm: { $line }
puzzles-none = Henüz { $variant } bulmacası yok. Yukarıdan başka bir tür seçin.
puzzles-hint = İpucu
puzzles-retry = Yeniden dene
puzzles-show = Çözümü göster
puzzles-next = Sonraki bulmaca
guide-puzzles = { $variant } bulmacalarıyla çalışın
error-no_puzzles = Bu dama türü için henüz bulmaca yok.
error-no_such_puzzle = Bu bulmaca artık sette yok. “Sonraki bulmaca”ya basın.
error-puzzle_off_line = İpucu yalnızca çözülmekte olan bir bulmaca içindir.
error-puzzles_broken = Bu sunucunun bulmaca seti okunamıyor; “draughts puzzles build” ile yeniden oluşturun.
