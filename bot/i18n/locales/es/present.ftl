# La partida en palabras: el tablero, el mensaje de la mano, la revelación.

result-knock = Cierre
result-gin = Gin
result-big_gin = Big Gin
result-undercut = Contracierre
result-draw = Tablas
result-redeal = Nuevo reparto

## El registro de jugadas

the-table = La mesa
event = { $who } { $action }
event-reshuffle = La pila de descartes se ha barajado como mazo nuevo
do-take_upcard = tomó la carta descubierta { $card }
do-pass = pasó la carta descubierta
do-draw_stock = robó del mazo
do-draw_discard = tomó { $card } de los descartes
do-discard = descartó { $card }
do-knock = cerró
do-gin = hizo gin
do-big_gin = hizo Big Gin
turn-joined = { $first } y { $second }
turn-auto = { $turn } (jugada automática: { $name } { $away ->
        [resigned] abandonó
        [true] está ausente
       *[false] estaba ausente
    })

## De quién es el turno

turn-round-over = La mano ha terminado.
turn-first = { $who } puede tomar la carta descubierta o pasar.
turn-draw = { $who } debe robar.
turn-discard = { $who } debe descartar.

## El final de una mano

void-wall = el mazo ha llegado al muro
void-stall = el mazo ha dejado de bajar
title-void = **{ $title }**: { $reason }. Nadie puntúa.
title-knock-card = {" "}(carta de cierre { $card })
title-undercut = **{ $title }**: { $knocker } cerró{ $card } y { $winner } le hizo contracierre
title-by = **{ $title }** de { $knocker }{ $card }
piece-deadwood-minus = sueltas { $deadwood } − { $minus }
piece-deadwood = { $deadwood } de cartas sueltas
piece-bonus = { $points } { $penalty ->
        [true] de penalización
       *[false] de bonificación
    } por { $kind ->
        [gin] gin
        [big_gin] Big Gin
       *[undercut] contracierre
    }
points = { $penalty ->
        [true] { $points ->
            [one] { $points } punto de penalización
           *[other] { $points } puntos de penalización
        }
       *[false] { $points ->
            [one] { $points } punto
           *[other] { $points } puntos
        }
    }
with-parts = { $head } ({ $parts })
score-takes = { $name } se lleva { $points }.
score-wins-round = { $name } gana la mano.
score-wins-round-no-penalty = { $name } gana la mano. Nadie se lleva puntos de penalización.
score-scores = { $name } se anota { $points }.
reveal-line = { $name }: { $cards } — sueltas { $deadwood }
reveal-layoff = { $card } en { $meld }
reveal-laid-off = {" "}({ $name } colocó { $layoffs })

## El final de una partida

total = **{ $total }** { $penalty ->
        [true] { $total ->
            [one] punto de penalización
           *[other] puntos de penalización
        }
       *[false] { $total ->
            [one] punto
           *[other] puntos
        }
    }
total-round-points = { $points ->
        [one] { $points } punto de manos
       *[other] { $points } puntos de manos
    }
total-shutout = { $points } por blanqueo (puntos de manos doblados)
total-game-bonus = { $points } de bonificación de partida
total-line-bonus = { $points } de bonificación por manos ganadas
