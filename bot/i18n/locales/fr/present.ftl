# La partie en mots : le tableau, le message de la main, la révélation.

result-knock = Frappe
result-gin = Gin
result-big_gin = Big Gin
result-undercut = Contre
result-draw = Nulle
result-redeal = Nouvelle donne

## Le journal des coups

the-table = La table
event = { $who } { $action }
event-reshuffle = La défausse a été mélangée pour former une nouvelle pioche
do-take_upcard = a pris la carte retournée { $card }
do-pass = a refusé la carte retournée
do-draw_stock = a pioché dans la pioche
do-draw_discard = a pris { $card } dans la défausse
do-discard = a défaussé { $card }
do-knock = a frappé
do-gin = a fait gin
do-big_gin = a fait Big Gin
turn-joined = { $first } et { $second }
turn-auto = { $turn } (joué automatiquement : { $name } { $away ->
        [resigned] a abandonné
        [true] n'est pas là
       *[false] n'était pas là
    })

## À qui le tour

turn-round-over = La manche est terminée.
turn-first = { $who } peut prendre la carte retournée ou passer.
turn-draw = À { $who } de piocher.
turn-discard = À { $who } de défausser.

## La fin d'une manche

void-wall = la pioche est descendue jusqu'au mur
void-stall = la pioche ne diminue plus
title-void = **{ $title }** : { $reason }. Personne ne marque.
title-knock-card = {" "}(carte de frappe { $card })
title-undercut = **{ $title }** : { $knocker } a frappé{ $card } et { $winner } a contré
title-by = **{ $title }** par { $knocker }{ $card }
piece-deadwood-minus = points isolés { $deadwood } − { $minus }
piece-deadwood = { $deadwood } de points isolés
piece-bonus = { $points } de { $penalty ->
        [true] pénalité
       *[false] bonus
    } { $kind ->
        [gin] de gin
        [big_gin] de Big Gin
       *[undercut] de contre
    }
points = { $penalty ->
        [true] { $points ->
            [one] { $points } point de pénalité
           *[other] { $points } points de pénalité
        }
       *[false] { $points ->
            [one] { $points } point
           *[other] { $points } points
        }
    }
with-parts = { $head } ({ $parts })
score-takes = { $name } prend { $points }.
score-wins-round = { $name } gagne la manche.
score-wins-round-no-penalty = { $name } gagne la manche. Personne ne prend de points de pénalité.
score-scores = { $name } marque { $points }.
reveal-line = { $name } : { $cards } — points isolés { $deadwood }
reveal-layoff = { $card } sur { $meld }
reveal-laid-off = {" "}({ $name } a posé { $layoffs })

## La fin d'une partie

total = **{ $total }** { $penalty ->
        [true] { $total ->
            [one] point de pénalité
           *[other] points de pénalité
        }
       *[false] { $total ->
            [one] point
           *[other] points
        }
    }
total-round-points = { $points ->
        [one] { $points } point de manches
       *[other] { $points } points de manches
    }
total-shutout = { $points } de blanchissage (points de manches doublés)
total-game-bonus = { $points } de bonus de partie
total-line-bonus = { $points } de bonus de manches gagnées
