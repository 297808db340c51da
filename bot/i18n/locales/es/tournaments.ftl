# Torneos: errores.

tournament-not-found = Lo sentimos, no encontramos ese torneo.
tournament-status = { $name } { $status ->
        [signup] está en inscripción
        [running] está en juego
        [paused] está en pausa
        [finished] ha terminado
       *[cancelled] se ha cancelado
    }.
tournament-status-now = Ahora mismo { $name } { $status ->
        [signup] está en inscripción
        [running] está en juego
        [paused] está en pausa
        [finished] ha terminado
       *[cancelled] se ha cancelado
    }.
tournament-not-here = Aquí no hay ningún torneo n.º { $number }.
tournament-none-running = No hay ningún torneo en marcha en este servidor.
tournament-name-empty = Ponle un nombre al torneo.
tournament-name-long = El nombre puede tener como máximo { $count } caracteres.
tournament-format-unknown = Formato desconocido «{ $format }».
tournament-two-seats = Las mesas de torneo son de dos jugadores: elige otras reglas.
tournament-rounds-swiss = El número de rondas solo se puede elegir en el sistema suizo.
tournament-one-round = Un torneo necesita al menos una ronda.
tournament-two-players = Un torneo necesita sitio para al menos dos jugadores.
tournament-already-in = Ya estás inscrito.
tournament-full = Lo sentimos, el torneo está completo.
tournament-signup-closed = Las inscripciones de este torneo están cerradas.
tournament-leave-started = El torneo ha empezado; pide al organizador que te retire si es necesario.
tournament-not-in = No estás inscrito.
tournament-started = { $name } ya ha empezado.
tournament-player-not-in = { $name } no está en este torneo.
tournament-player-left = { $name } ya ha dejado el torneo.
tournament-in-a-server = Los torneos se juegan en un servidor.
tournament-no-rights = Solo alguien con Gestionar servidor o el rol de organizador puede hacer eso.
tournament-role-admins = Solo alguien con Gestionar servidor puede elegir el rol de organizador.
tournament-too-few = Un torneo necesita al menos { $count } jugadores.
tournament-swiss-rounds = Un torneo suizo de { $players } jugadores puede tener { $most ->
        [one] solo 1 ronda
       *[other] de 1 a { $most } rondas
    }.
tournament-cannot-start = Este torneo no puede empezar con estos ajustes.

## Lo que se lee de un torneo (cogs/tournaments.py, bot/text/tournaments.py): los
## mensajes públicos en el idioma del servidor, las respuestas privadas en el de quien lee.

tournament-format = { $format ->
        [swiss] Sistema suizo
        [round_robin] Liga (todos contra todos)
        [single_elimination] Eliminación directa
       *[double_elimination] Doble eliminación
    }
tournament-status-word = { $status ->
        [signup] inscripción abierta
        [running] en juego
        [paused] en pausa
        [finished] terminado
       *[cancelled] cancelado
    }
signup-format = Formato: **{ $format }**
signup-rounds = { $count ->
        [one] 1 ronda
       *[other] { $count } rondas
    }
signup-duplicate = el mismo reparto en todas las mesas
signup-rules = Reglas: **{ $rules }**, partidas a { $target } puntos
signup-places = Plazas: { $count }/{ $most }
signup-entrants = Inscritos ({ $count }): { $names }
signup-nobody = nadie todavía
signup-press-join = Pulsa **Unirme** para jugar. Quien organiza lo pone en marcha con `{ $command }`.
signup-closed = Inscripción cerrada ({ $status }).
signup-join = Unirme
signup-leave = Salir
standings-final = Clasificación final
standings-after = Clasificación tras la ronda { $round }
standings-after-of = Clasificación tras la ronda { $round } de { $total }
standings-none = Todavía no hay resultados.
tournament-reply-started = { $name } ha empezado: ya se juega la ronda 1.
tournament-reply-paused = { $name } queda en pausa.
tournament-reply-resumed = { $name } sigue adelante.
tournament-reply-cancelled = { $name } queda cancelado.
tournament-reply-kicked = { $player } ya no juega { $name }.
tournament-role-set = Quien tenga { $role } ya puede organizar torneos.
tournament-role-cleared = Ya no hay rol de organizador: solo quien tenga Gestionar servidor puede organizar torneos.
tournament-no-thread = No he podido abrir un hilo para **{ $name }** aquí (hace falta un canal de texto y mis permisos Crear hilos públicos y Enviar mensajes en hilos), así que se juega en este canal.
tournament-announce = { $change ->
        [paused] **{ $name }** queda en pausa.
        [resumed] **{ $name }** sigue adelante.
       *[cancelled] **{ $name }** se ha cancelado.
    }
tournament-round = 🏆 **{ $name }**: ronda { $round }
tournament-round-of = 🏆 **{ $name }**: ronda { $round } de { $total }
tournament-bye = { $player } descansa esta ronda.
tournament-table = { $a } contra { $b }: mesa n.º { $table }; tenéis las cartas por mensaje directo.
tournament-deadline = Haz tu primera jugada antes de las { $time } ({ $relative }) o perderás la partida por incomparecencia.
tournament-blocked = En { $name }, la ronda { $round } ({ $key }) te empareja con alguien a quien uno de los dos ha bloqueado. En un torneo se empareja a todo el mundo; quien organiza decide si se retira a alguien.
tournament-over = 🏆 ¡**{ $name }** ha terminado! Gana: { $winners }
tournament-and = y
tournament-nobody = nadie
tournament-rank-points = { $points ->
        [one] { $points } pto.
       *[other] { $points } ptos.
    }, Bu { $bu }, SB { $sb }, { $record }

## Lo que pasó en una mesa decidida sin jugar (las notas del servicio)

tournament-no-show-both = Ni { $a } ni { $b } jugaron a tiempo: pierden los dos.
tournament-no-show-one = { $loser } no jugó a tiempo: { $winner } gana por incomparecencia.
tournament-no-shows = { $count ->
        [one] Incomparecencia
       *[other] Incomparecencias
    } en la ronda { $round }:
    { $lines }
tournament-bullet = • { $line }
tournament-lines = { $lines }
tournament-removed = { $name } ha sido retirado del torneo.
tournament-removed-both = { $name } ha sido retirado del torneo: ni { $a } ni { $b } jugaron, pierden los dos.
tournament-removed-one = { $name } ha sido retirado del torneo: { $winner } gana por incomparecencia.
tournament-decided-both = Ni { $a } ni { $b } jugaron: pierden los dos.
tournament-decided-one = { $loser } no jugó: { $winner } gana por incomparecencia.

## Vistas de texto en un bloque de código (cortas: los móviles parten las líneas de más de
## unos 50 caracteres)

view-bye = { $a }  descansa
view-vs = { $a }  contra  { $b }
view-double-forfeit = { $a } y { $b }: no jugaron, pierden los dos
view-beat = { $winner } gana a { $loser }
view-beat-forfeit = { $winner } gana a { $loser } (incomp.)
view-no-round = Todavía no se ha emparejado ninguna ronda.
view-round = Ronda { $round }
view-round-of = Ronda { $round } de { $total }
view-record-ff = { $wins }-{ $losses } ({ $forfeits } inc.)
view-col-player = Jugador
view-col-record = G-P
view-col-status = Estado
view-col-points = Pts
view-left = (retirado)
view-player-status = { $status ->
        [active] en juego
        [eliminated] eliminado
        [withdrawn] retirado
       *[champion] campeón
    }
view-out-in-round = fuera en la ronda { $round }
view-section = { $section ->
        [W] Ganadores
        [L] Perdedores
       *[F] Gran final
    }
view-section-round = { $section ->
        [W] Ganadores, ronda { $round }
       *[L] Perdedores, ronda { $round }
    }
view-grand-final-reset = Gran final, desempate
view-not-needed = no hace falta
view-tbd = por decidir
view-if-reset = (si el campeón de perdedores gana la GF1)
view-hidden-finished = ({ $count ->
        [one] 1 ronda terminada oculta
       *[other] { $count } rondas terminadas ocultas
    })
view-hidden = ({ $count ->
        [one] 1 ronda oculta
       *[other] { $count } rondas ocultas
    })
