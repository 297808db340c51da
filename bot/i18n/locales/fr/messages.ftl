# Messages Discord d'une partie : le tableau public, le salon d'attente, la révélation, le
# résumé, la main d'un joueur et ses commandes, un défi. Boutons : 80 caractères au plus.
# Fluent n'élide pas : jamais « de », « que »... juste avant un nom (« En attente : Alice »,
# pas « En attente de Alice ») ; tests/i18n/test_catalog.py le vérifie.

table-title = Gin Rummy · table n° { $table } · { $rules } en { $target }
scores-line = { $scores } ({ $penalty ->
        [true] points de pénalité
       *[false] points
    })
deadline = {" "}(fin du temps { $when })
field-scores = Scores
field-discard-pile = Défausse
discard-pile-below = **{ $top }** (dessous : { $below })
field-stock = Pioche
cards = { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    }
seat-away = {" "}(absent)
seat-resigned = {" "}(a abandonné)
field-cards-in-hand = Cartes en main
round-over-result = Manche terminée : { $result }
round-over-short = Manche terminée.
board-match-over = La partie est terminée.
field-round = Manche { $round }
field-last-actions = Derniers coups

## Le salon d'attente

field-players = Joueurs ({ $seated }/{ $seats })
lobby-join = Rejoignez pour jouer. La partie commence quand la table est complète, ou quand l'hôte la lance.
button-lobby-join = Rejoindre
button-lobby-leave = Quitter
button-lobby-start = Lancer
button-lobby-computer = Ajouter l'ordinateur

## La fin d'une manche et d'une partie

reveal-title = Manche { $round } · table n° { $table }
nobody = Personne
summary-resigned = { $loser } a abandonné : 🏆 **{ $winner }** gagne la partie.
summary-forfeit = { $loser } n'a pas joué à temps : 🏆 **{ $winner }** gagne par forfait.
summary-wins = 🏆 **{ $winner }** gagne la partie.
summary-seat = { $name } : { $total } · { $won ->
        [one] { $won } manche gagnée
       *[other] { $won } manches gagnées
    }
summary-removed = {" "}· retiré pour absence
summary-left = {" "}· a abandonné, ne pouvait pas gagner
summary-tie-round-points = Égalité au score final : { $winner } l'emporte avec plus de points de donne.
summary-tie-latest-round = Égalité au score final : { $winner } l'emporte pour avoir gagné la dernière donne parmi les ex æquo.
summary-tie-seat = Égalité au score final, et aucun des ex æquo n'a gagné de donne : { $winner } l'emporte comme premier assis à la table.
match-over-title = Partie terminée · table n° { $table }
final-round = Manche { $round } : { $result }
match-over-rules-title = Partie terminée · table n° { $table } · { $rules }
table-rules-title = Table n° { $table } · { $rules }
called-off = Cette partie a été annulée.
removed-away = Cette partie continue sans vous : vous n'avez pas joué pendant trop longtemps. Votre main est jouée automatiquement jusqu'à la fin, et vous ne pouvez pas la gagner.
removed-resigned = Vous avez abandonné et quitté cette partie. Votre main est jouée automatiquement jusqu'à la fin (elle ne peut pas gagner) ; { $others } continuent.

## La main d'un joueur (privée)

opponent-holds = { $name } a { $count }
hand-your-hand = **Votre main :** { $cards }
hand-deadwood = **Points isolés :** { $deadwood }
hand-table = **Défausse :** { $top } · **Pioche :** { $stock } · { $opponents }
# les dernières actions dans une main, sur une ligne (espace avant le point-virgule)
hand-actions-separator = {" ; "}
hand-drawn = { $how ->
        [took] Vous avez pris
       *[drew] Vous avez pioché
    } { $card }.
hand-round-over = **La manche { $round } est terminée.**
# The round that ended the match (reveal and hands): $total with its parts
last-round-match-over = { $penalty ->
        [true] C'était la dernière manche : elle termine la partie. Scores finaux :
       *[false] C'était la dernière manche : elle termine la partie. Scores finaux, tous les bonus compris :
    }
last-round-total = { $name } : { $total }
hand-next-round = La manche suivante est distribuée dans un instant.
hand-your-turn = **À vous :** { $what }
hand-waiting = En attente : { $name }.
hand-confirm = **{ $question }** Appuyez sur **Confirmer**, ou choisissez un autre coup.
# the knock's one confirmation: the hand's cards now knock
hand-knock-choose = **{ $question }** Cliquez sur cette carte pour frapper avec, ou sur une autre en rouge ; **Retour** pour défausser.
hand-last-round-result = *Dernière manche :* { $result }
hand-title = Table n° { $table } · { $rules } · scores { $scores }
my-turn-first = prenez la carte retournée ou passez.
my-turn-draw = { $take ->
        [true] piochez dans la pioche ou prenez la carte du dessus de la défausse
       *[false] piochez dans la pioche
    }.{ $big_gin ->
        [true] {" "}Vous pouvez faire **Big Gin**.
       *[false] {""}
    }
my-turn-discard = défaussez une carte.
my-turn-option-discard = défausser une carte
my-turn-option-gin = faire **gin**
my-turn-option-big_gin = faire **Big Gin**
my-turn-option-knock = **frapper**
my-turn-options = vous pouvez { $some } ou { $last }.
confirm-knock = Frapper avec { $card } face cachée, en gardant { $deadwood } points isolés ?
confirm-gin = Faire gin en défaussant { $card } face cachée ?
confirm-big-gin = Faire Big Gin avec toutes vos cartes ?

## Commandes

button-confirm-knock = Confirmer : frapper avec { $card }
button-confirm-gin = Confirmer : gin (défausser { $card })
button-confirm-big-gin = Confirmer : Big Gin
button-waiting-for = En attente : { $name }
button-waiting = En attente
button-take = Prendre { $card }
button-pass = Passer
button-draw-stock = Piocher
select-discard = Défausser…
select-knock = Frapper avec…
button-gin = Gin (défausser { $card })
button-big-gin = Big Gin
button-back = Retour

## Un défi

challenge-title = Défi de Gin Rummy
challenge-text = **{ $challenger }** { $you ->
        [true] vous défie
       *[false] défie { $opponent }
    } dans une partie de Gin Rummy ({ $rules }, en { $target } points).
field-status = Statut
field-expires = Expire
button-accept = Accepter
button-decline = Refuser
button-cancel = Annuler

## Le notificateur

reminder = ⏰ Plus que { $seconds } s avant que votre tour soit joué automatiquement.
dm-closed = { $mention }, je ne peux pas vous envoyer de messages privés. Utilisez **Show my hand** sur le message de la table pour voir vos cartes et jouer.
button-show-hand = Voir ma main
button-rematch = Revanche
# A name and what goes with it ("Bob: 42"); French sets a space before the colon.
labelled = { $label } : { $value }

# Le message unique d'un salon animé (plus de quelques tables en jeu, docs/playing.md) : une
# ligne par table, modifiée à chaque coup ; le tableau de chaque table suit ses manches.
tables-in-play = Tables en jeu
tables-in-play-line = **#{ $table }** { $scores } · { $pile } : { $top } · { $stock } : { $count } · { $turn }
tables-in-play-boards = Le tableau de chaque table montre le début et la fin de sa manche ; les coups sont ici.

# A computer player's name wherever names are shown ($level: choice-easy... in commands.ftl);
# -nth for the second and later computer at a table.
computer-name = Ordinateur ({ $level })
computer-name-nth = Ordinateur { $number } ({ $level })
