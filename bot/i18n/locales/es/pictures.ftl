# Palabras de las imágenes de cartas y de su versión en texto. Las etiquetas dibujadas deben ser cortas.

pic-set = Grupo
pic-run = Escalera
pic-deadwood = Sueltas { $points }
pic-knock-card = Carta de cierre
pic-stock = Mazo { $count }
pic-discard = Descartes { $count }
pic-laid-off = Colocadas
pic-laid-off-on = Colocadas en { $name }
headline-undercut = { $knocker } cerró, { $winner } le hizo contracierre y gana
headline-other-wins = { $knocker } { $kind ->
        [gin] hizo gin
        [big_gin] hizo Big Gin
       *[knock] cerró
    }, { $winner } gana
headline-wins = { $knocker } { $kind ->
        [gin] hizo gin
        [big_gin] hizo Big Gin
       *[knock] cerró
    } y gana
role-knocker = { $kind ->
        [gin] gin
        [big_gin] Big Gin
       *[knock] cerró
    }
role-undercut = contracierre
role-wins = gana
score-deadwood = { $deadwood } sueltas
score-deadwood-minus = { $deadwood } − { $minus } sueltas
score-penalty = penalización { $points }
score-penalty-term = { $points } por { $kind ->
        [gin] gin
        [big_gin] Big Gin
       *[undercut] contracierre
    }
score-bonus-term = { $points } de bonificación por { $kind ->
        [gin] gin
        [big_gin] Big Gin
       *[undercut] contracierre
    }

## Las imágenes en texto

alt-deadwood-cards = sueltas { $cards } ({ $points })
alt-deadwood = sueltas { $points }
alt-new = { $text } · nueva { $card }
alt-empty = vacía
alt-table = Descartes { $top } ({ $pile }) · Mazo { $stock } · { $seats }
alt-laid-off = colocadas { $cards }
alt-laid-off-on = colocadas en { $name } { $cards }
alt-knock-card = {" "}· carta de cierre { $card }
alt-hand = Tu mano: { $cards }. Puntos sueltos { $deadwood }.
