# Récords, clasificaciones, relaciones, historial, repeticiones, olvídame.

decimal-mark = ,
sort-wins = partidas ganadas
sort-gins = gins
sort-points = puntos anotados
sort-streak = mejor racha de victorias
sort-played = partidas jugadas
sort-rating = puntuación
rating-legend = ± = desviación de la puntuación · provisional: la desviación aún es grande
none-yet = Ninguno todavía.
nobody-lower = nadie
none-lower = nada

## /gin records stats

stats-none = Aún no hay partidas.
stats-best-points = { $points } pts
stats-matches = Partidas: **{ $played }** { $played ->
        [one] jugada
       *[other] jugadas
    }, **{ $won }** { $won ->
        [one] ganada
       *[other] ganadas
    } ({ $rate })
stats-rounds = Manos ganadas: { $won } de { $played } · media { $average } pts/mano
stats-gins = Gins: { $gins } · Big Gins: { $big_gins } · Cierres: { $knocks }
stats-undercuts = Contracierres: { $made } { $made ->
        [one] hecho
       *[other] hechos
    }, { $suffered } { $suffered ->
        [one] sufrido
       *[other] sufridos
    } · Blanqueos: { $shutouts }
stats-best = Mejor partida: { $best } · Racha: { $current } ahora, { $streak } la mejor
rating-none = sin puntuación (aún ninguna partida puntuada)
rating = **{ $rating } ±{ $rd }** ({ $games ->
        [one] { $games } partida puntuada
       *[other] { $games } partidas puntuadas
    }{ $provisional ->
        [true] , provisional
       *[false] {""}
    })
rating-server = Este servidor: { $rating }
rating-global = Global: { $rating }
stats-field-rating = Puntuación (Glicko-2)
stats-field-people = Contra personas
stats-field-computer = Contra el ordenador
stats-field-rules = Reglas favoritas
stats-field-achievements = Logros
stats-title = Historial de { $name } ({ $server ->
        [true] este servidor
       *[false] todos los servidores
    })

## /gin records leaderboard

board-head = **Clasificación — { $sort }, { $server ->
        [true] este servidor
       *[false] todos los servidores
    }** (contra personas)
board-empty = Aquí nadie ha terminado todavía una partida.
board-you = {" "}◀ tú
board-not-on = Aún no estás en esta clasificación: termina una partida contra una persona.
board-your-rank = Tu posición: **#{ $rank }** de { $total } ({ $value })
board-page = Página { $page } de { $pages }
rating-board-head = **Clasificación — puntuación, { $server ->
        [true] este servidor
       *[false] todos los servidores
    }** (partidas puntuadas)
rating-board-empty = Aquí nadie ha jugado todavía una partida puntuada.
rating-board-not-on = Aún no tienes puntuación aquí: termina una partida puntuada contra una persona.

## /gin player relations, /gin player friends

relations-presence = Estás **{ $online ->
        [true] conectado
       *[false] desconectado
    }**.
relations-blocked = Bloqueados: { $names }
relations-muted = Silenciados: { $names }
relations-favorites = Favoritos ♥: { $names }
friends-none = Aún no tienes favoritos: añade uno con `/{ cmd-gin-name } { cmd-gin-player-name } { cmd-gin-player-favorite-name }`.
friends-head = **Tus favoritos ♥**
friends-online = { $online ->
        [true] 🟢 conectado
       *[false] ⚪ desconectado
    }

## /gin records history, /gin records replay

history-none = { $name } aún no tiene partidas terminadas.
history-head = **Partidas recientes de { $name }**
history-line = `#{ $table }` { $date } contra { $vs }: { $won ->
        [true] ganada
       *[false] perdida
    } { $score } ({ $rounds ->
        [one] { $rounds } mano
       *[other] { $rounds } manos
    }, { $rules }{ $ended ->
        [score] {""}
        [resign] , por abandono
        [timeout] , por ausencia
        [forfeit] , por ausencia
       *[other] , { $ended }
    })
history-replay = Repite una mano: `/{ cmd-gin-name } { cmd-gin-records-name } { cmd-gin-records-replay-name } { cmd-gin-records-replay-opt-match-name }:<#> { cmd-gin-records-replay-opt-round-name }:<n>`
replay-head = **Partida n.º { $table }, mano { $round }** — jugada { $move } de { $moves }
replay-piles = Descartes: { $top } · Mazo: { $stock }
replay-your-hand = Tu mano: { $cards }
replay-others-later = (Las demás manos se muestran cuando termina la partida.)
replay-hands-later = (Las manos se muestran cuando termina la partida.)
replay-to-play = Le toca a { $name }.

## /gin me forget-me

export-nothing = No guardamos nada sobre ti.
export-head = Esto es lo que guardamos sobre ti (copia completa adjunta).
export-count = { $count } { $kind }
export-profile = Perfil: { $profile ->
        [true] sí
       *[false] ninguno
    }
export-records = Registros: { $records }
export-erase = Borrar lo elimina todo. Las partidas terminadas conservan un asiento anónimo («jugador borrado») para que el historial de los demás siga cuadrando.
replay-deal = El reparto
