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
