# Mots des images de cartes et de leur version texte. Les étiquettes dessinées restent courtes.

pic-set = Brelan
pic-run = Suite
pic-deadwood = Isolés { $points }
pic-knock-card = Carte de frappe
pic-stock = Pioche { $count }
pic-discard = Défausse { $count }
pic-laid-off = Posées
pic-laid-off-on = Posées sur { $name }
headline-undercut = { $knocker } a frappé, { $winner } a contré et gagne
headline-other-wins = { $knocker } { $kind ->
        [gin] a fait gin
        [big_gin] a fait Big Gin
       *[knock] a frappé
    }, { $winner } gagne
headline-wins = { $knocker } { $kind ->
        [gin] a fait gin
        [big_gin] a fait Big Gin
       *[knock] a frappé
    } et gagne
role-knocker = { $kind ->
        [gin] gin
        [big_gin] Big Gin
       *[knock] a frappé
    }
role-undercut = contre
role-wins = gagne
score-deadwood = { $deadwood } isolés
score-deadwood-minus = { $deadwood } − { $minus } isolés
score-penalty = pénalité { $points }
score-penalty-term = { $points } de { $kind ->
        [gin] gin
        [big_gin] Big Gin
       *[undercut] contre
    }
score-bonus-term = { $points } de bonus de { $kind ->
        [gin] gin
        [big_gin] Big Gin
       *[undercut] contre
    }

## Les images en texte

alt-deadwood-cards = isolés { $cards } ({ $points })
alt-deadwood = isolés { $points }
alt-new = { $text } · nouvelle { $card }
alt-empty = vide
alt-table = Défausse { $top } ({ $pile }) · Pioche { $stock } · { $seats }
alt-laid-off = posées { $cards }
alt-laid-off-on = posées sur { $name } { $cards }
alt-knock-card = {" "}· carte de frappe { $card }
alt-hand = Votre main : { $cards }. Points isolés { $deadwood }.
