# `/gin rules`: una variante en pocas líneas. La referencia es RULES.md; cada número sale de las reglas.

rules-players = { $players } jugadores, { $cards } cartas cada uno
rules-players-range = De { $low } a { $high } jugadores: { $cards } cartas cada uno si son dos, { $cards_multi } si son tres o cuatro
rules-head = **{ $name }**: { $players }; tríos y póqueres del mismo número, escaleras de 3 o más del mismo palo, el as es bajo.
rules-turn = En tu turno robas del mazo o de los descartes y luego descartas (nunca la carta que acabas de tomar de los descartes).
rules-knock = Puedes cerrar con { $limit } puntos sueltos o menos; haces gin sin ninguno{ $big_gin ->
        [true] , y Big Gin con las 11 cartas combinadas.
       *[false] .
    }
rules-wall = Cuando quedan { $cards } cartas en el mazo, { $wall ->
        [draw] la mano queda en tablas (nadie puntúa)
        [redeal] se recogen las manos y se vuelve a repartir
       *[reshuffle] los descartes (salvo la carta de arriba) se barajan como mazo nuevo
    }.
rules-penalty = Se juega con puntos de penalización: un gin cuesta a cada perdedor sus puntos sueltos + { $gin }; un contracierre cuesta { $undercut } más a quien cerró. La partida acaba al llegar a { $target }, y gana quien tenga menos puntos.
rules-points = Al cerrar se gana la diferencia de puntos sueltos; si el rival tiene tantos o menos (contracierre), gana él { $undercut } + la diferencia. El gin vale { $gin }{ $big_gin ->
        [true] {" "}(el Big Gin { $big_gin_bonus })
       *[false] {""}
    } + los puntos sueltos del rival.
rules-target = Gana la partida el primero en llegar a { $target }.{ $bonus ->
        [true] {" "}Después se suma una bonificación de { $game } por la partida y { $line } por cada mano ganada{ $shutout ->
            [true] ; si el rival no ganó ninguna mano y ninguna quedó en tablas, los puntos de las manos se doblan.
           *[false] .
        }
       *[false] {" "}Sin bonificaciones.
    }
