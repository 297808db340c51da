# Errores que lee un jugador, en privado. Las claves "illegal-*" son los códigos del motor.

error-generic = Lo sentimos, algo ha fallado por nuestra parte. Vuelve a intentarlo en un momento.
error-check-failed = Lo sentimos, no puedes usar eso aquí.
error-bad-option = Lo sentimos, no he entendido una de las opciones. Revísala y vuelve a intentarlo.
error-cooldown = Más despacio: vuelve a intentarlo dentro de { $seconds } s.
error-bot-permissions = Primero necesito estos permisos aquí: { $missing }.
error-no-dm = Este comando solo funciona en un servidor.
error-missing-permissions = Necesitas estos permisos para esto: { $missing }.
error-missing-role = Necesitas un rol concreto para este comando.

## El motor

illegal-match-over = Esta partida ha terminado.
illegal-round-not-over = Esta mano aún no ha terminado.
illegal-round-over = Esta mano ha terminado.
illegal-round-over-next-soon = Esta mano ha terminado; la siguiente empieza enseguida.
illegal-not-your-turn = No es tu turno.
illegal-first-turn-upcard-or-pass = En el primer turno solo puedes tomar la carta descubierta o pasar.
illegal-upcard-offer-over = Ya no se ofrece la carta descubierta: roba una carta.
illegal-draw-first = Primero roba una carta, del mazo o de los descartes.
illegal-already-drawn = Ya has robado: ahora descarta una carta.
illegal-upcard-passed = Todos han pasado la carta descubierta: roba del mazo.
illegal-discard-empty = La pila de descartes está vacía: roba del mazo.
illegal-not-in-hand = No tienes { $card }.
illegal-just-taken = No puedes { $move ->
        [knock] cerrar con
        [gin] hacer gin con
       *[discard] descartar
    } la carta que acabas de tomar de los descartes.
illegal-gin-deadwood = No puedes hacer gin: con las cartas que te quedan tienes { $deadwood ->
        [one] { $deadwood } punto suelto
       *[other] { $deadwood } puntos sueltos
    }.
illegal-knock-deadwood = No puedes cerrar con { $deadwood ->
        [one] { $deadwood } punto suelto
       *[other] { $deadwood } puntos sueltos
    }: el límite es { $limit }.
illegal-knock-is-gin = Esas cartas no dejan puntos sueltos: eso es gin, no un cierre.
illegal-no-big-gin = Con estas reglas no se juega el Big Gin.
illegal-big-gin-deadwood = No puedes hacer Big Gin: tus cartas dejan { $deadwood ->
        [one] { $deadwood } punto suelto
       *[other] { $deadwood } puntos sueltos
    }.
illegal-big-gin-needs-all = El Big Gin necesita las { $cards } cartas en combinaciones; tienes { $deadwood ->
        [one] { $deadwood } punto suelto
       *[other] { $deadwood } puntos sueltos
    }.

## Mesas

table-not-found = Lo sentimos, no encontramos esa mesa.
table-not-seated = Solo los jugadores de esta mesa pueden usar estos controles.
table-stale = Ese botón está desfasado; aquí tienes tu mano tal como está ahora.
table-not-started = Esta mesa aún no ha empezado.
table-too-many = Ya estás en { $count } mesas; termina una antes de empezar otra.
table-players-range = Las reglas { $rules } son para { $low ->
        [2] { $high ->
            [2] dos jugadores solamente
           *[other] { $low } a { $high } jugadores
        }
       *[other] { $low } a { $high } jugadores
    }. Para { $seats } asientos elige las reglas: { $fits }.
table-started = Esta mesa ya ha empezado.
table-already-seated = Ya estás en esta mesa.
table-full = Esta mesa está llena.
table-host-adds-computer = Solo el anfitrión puede añadir un jugador del ordenador.
table-leave-started = La partida ha empezado: usa /{ cmd-gin-name } { cmd-gin-resign-name } para rendirte.
table-not-at = No estás en esta mesa.
table-host-starts = Solo el anfitrión puede empezar esta mesa.
table-two-needed = Hacen falta al menos dos jugadores para empezar.
match-not-in-play = Esta partida no está en juego.
match-already-left = Ya has dejado esta partida.

## Desafíos

rules-unknown = Reglas desconocidas «{ $name }»: elige entre { $presets }.
rules-target-range = El objetivo debe estar entre { $low } y { $high } puntos.
challenge-self = No puedes desafiarte a ti mismo. Prueba `/{ cmd-gin-name } { cmd-gin-table-name }` o `/{ cmd-gin-name } { cmd-gin-computer-name }`.
challenge-bot = Los bots no juegan. Para jugar contra el ordenador, usa `/{ cmd-gin-name } { cmd-gin-computer-name }`.
challenge-rules-more-players = Esas reglas necesitan más jugadores.
challenge-blocked = No puedes desafiar a { $name }.
challenge-offline = { $name } está desconectado y ahora no acepta desafíos.
challenge-you-too-many = Ya estás en { $count } mesas.
challenge-they-too-many = { $name } ya está en { $count } mesas.
challenge-pending = Tú y { $name } ya tenéis un desafío pendiente.
challenge-not-found = Lo sentimos, no encontramos ese desafío.
challenge-already = Este desafío ya fue { $status ->
        [accepted] aceptado
        [declined] rechazado
        [cancelled] cancelado
       *[expired] caducado
    }.
challenge-player-too-many = Un jugador ya está en { $count } mesas.
challenge-closed = Este desafío ya no está abierto.
challenge-only-opponent-accepts = Solo el jugador desafiado puede aceptar.
challenge-only-opponent-declines = Solo el jugador desafiado puede rechazar.
challenge-only-challenger-cancels = Solo quien desafía puede cancelar.

## Jugadores, récords, repeticiones

circle-server-only = Los récords del servidor solo están disponibles en un servidor; prueba `{ cmd-gin-records-stats-opt-scope-name }: { choice-global }`.
circle-chat-too-long = Son { $length } caracteres; una línea del chat de la mesa admite como máximo { $limit }.
circle-say-something = Primero escribe algo.
circle-self = No puedes { $add ->
        [true] { $relation ->
            [block] bloquearte
            [mute] silenciarte
           *[favorite] marcarte como favorito
        }
       *[false] { $relation ->
            [block] desbloquearte
            [mute] dejar de silenciarte
           *[favorite] quitarte de favoritos
        }
    } a ti mismo.
circle-bot = Los bots no juegan, así que no hay nada que cambiar.
circle-cant-join = No puedes unirte a esta mesa.
circle-no-reaction = Esa reacción no está disponible.
circle-sort = Ordena por uno de: { $sorts }.
replay-no-match = No hay ninguna partida con ese número.
replay-match-playing = Esa partida aún se está jugando; las repeticiones se abren cuando termina.
replay-no-round = Esa partida no tiene mano { $round }{ $count ->
        [0] .
       *[other] {" "}(manos 1 a { $count }).
    }
replay-round-playing = Esa mano aún se está jugando.
forget-in-game = Ahora mismo estás en una mesa: sal de ella o ríndete primero, y vuelve a intentarlo.
rematch-not-a-player = Solo los jugadores de esa partida pueden pedir la revancha.
rematch-many-players = Para una revancha de más de dos jugadores, abre una mesa nueva con /{ cmd-gin-name } { cmd-gin-table-name }.
