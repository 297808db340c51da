# Comandos: nombres (minúsculas, sin espacios, 32 caracteres como máximo) y descripciones
# (100 como máximo). Las claves salen de bot/i18n/commands.py.

cmd-gin-name = gin
cmd-gin-description = Jugar al Gin Rummy

cmd-gin-about-name = acerca
cmd-gin-about-description = Qué hace este bot y cómo empezar una partida

cmd-gin-challenge-name = desafiar
cmd-gin-challenge-description = Desafía a un miembro a una partida.
cmd-gin-challenge-opt-opponent-name = rival
cmd-gin-challenge-opt-opponent-description = Contra quién jugar
cmd-gin-challenge-opt-rules-name = reglas
cmd-gin-challenge-opt-rules-description = Reglas (por defecto cardgames)
cmd-gin-challenge-opt-target-name = objetivo
cmd-gin-challenge-opt-target-description = Puntos para ganar (10-500)

cmd-gin-computer-name = ordenador
cmd-gin-computer-description = Juega una partida contra el ordenador.
cmd-gin-computer-opt-level-name = nivel
cmd-gin-computer-opt-level-description = Qué fuerza (por defecto normal)
cmd-gin-computer-opt-rules-name = reglas
cmd-gin-computer-opt-rules-description = Reglas
cmd-gin-computer-opt-target-name = objetivo
cmd-gin-computer-opt-target-description = Puntos

cmd-gin-hand-name = mano
cmd-gin-hand-description = Vuelve a mostrar tu mano, en privado.

cmd-gin-resign-name = rendirse
cmd-gin-resign-description = Abandona tu partida actual.

cmd-gin-rules-name = reglas
cmd-gin-rules-description = Las reglas de una variante, en resumen.
cmd-gin-rules-opt-preset-name = variante
cmd-gin-rules-opt-preset-description = Qué reglas (por defecto cardgames)

cmd-gin-settings-name = ajustes
cmd-gin-settings-description = Imágenes de cartas: sí o no, baraja de cuatro colores, fondo oscuro.
cmd-gin-settings-opt-images-name = imagenes
cmd-gin-settings-opt-images-description = Mostrar imágenes de las cartas (el texto siempre está)
cmd-gin-settings-opt-four_colour-name = cuatro_colores
cmd-gin-settings-opt-four_colour-description = Baraja de cuatro colores: tréboles verdes, diamantes azules
cmd-gin-settings-opt-dark-name = oscuro
cmd-gin-settings-opt-dark-description = Fondo oscuro
cmd-gin-settings-opt-turn_alerts-name = avisos_turno
cmd-gin-settings-opt-turn_alerts-description = Un mensaje nuevo al empezar tu turno (no: tu mano se edita sin aviso)

cmd-gin-table-name = mesa
cmd-gin-table-description = Abre una mesa en este canal para que otros se unan.
cmd-gin-table-opt-rules-name = reglas
cmd-gin-table-opt-rules-description = Reglas
cmd-gin-table-opt-seats-name = asientos
cmd-gin-table-opt-seats-description = Número de asientos (2-4; 3-4 necesitan classic)
cmd-gin-table-opt-target-name = objetivo
cmd-gin-table-opt-target-description = Puntos

cmd-gin-block-name = bloquear
cmd-gin-block-description = Bloquea a un jugador: sin desafíos ni mesas compartidas.
cmd-gin-block-opt-player-name = jugador
cmd-gin-block-opt-player-description = A quién bloquear

cmd-gin-favorite-name = favorito
cmd-gin-favorite-description = Marca a un jugador como favorito (un corazón junto a su nombre).
cmd-gin-favorite-opt-player-name = jugador
cmd-gin-favorite-opt-player-description = A quién añadir a tus favoritos

cmd-gin-forget-me-name = olvidame
cmd-gin-forget-me-description = Mira lo que el bot guarda sobre ti y bórralo.

cmd-gin-friends-name = amigos
cmd-gin-friends-description = Tus favoritos y si están conectados.

cmd-gin-history-name = historial
cmd-gin-history-description = Partidas recientes con rivales, puntuaciones y fechas.
cmd-gin-history-opt-player-name = jugador
cmd-gin-history-opt-player-description = De quién (por defecto: tú)

cmd-gin-leaderboard-name = clasificacion
cmd-gin-leaderboard-description = Los mejores jugadores y tu propia posición.
cmd-gin-leaderboard-opt-scope-name = ambito
cmd-gin-leaderboard-opt-scope-description = Este servidor o todos los servidores
cmd-gin-leaderboard-opt-sort-name = orden
cmd-gin-leaderboard-opt-sort-description = Por qué clasificar

cmd-gin-mute-name = silenciar
cmd-gin-mute-description = Deja de recibir el chat y las reacciones de un jugador en la mesa.
cmd-gin-mute-opt-player-name = jugador
cmd-gin-mute-opt-player-description = A quién silenciar

cmd-gin-offline-name = desconectado
cmd-gin-offline-description = Desconéctate: nadie puede desafiarte.

cmd-gin-online-name = conectado
cmd-gin-online-description = Vuelve a conectarte: los jugadores pueden desafiarte.

cmd-gin-relations-name = relaciones
cmd-gin-relations-description = A quién has bloqueado, silenciado y marcado como favorito.

cmd-gin-replay-name = repeticion
cmd-gin-replay-description = Repite una mano jugada a jugada.
cmd-gin-replay-opt-match-name = partida
cmd-gin-replay-opt-match-description = El número de la partida (ver /gin history)
cmd-gin-replay-opt-round-name = mano
cmd-gin-replay-opt-round-description = La mano (1 = la primera)

cmd-gin-say-name = decir
cmd-gin-say-description = Di algo a los jugadores de tu mesa.
cmd-gin-say-opt-text-name = texto
cmd-gin-say-opt-text-description = Qué decir a tu mesa (vacío para reacciones rápidas)

cmd-gin-stats-name = estadisticas
cmd-gin-stats-description = El historial de un jugador: partidas, gins, rachas, logros.
cmd-gin-stats-opt-player-name = jugador
cmd-gin-stats-opt-player-description = De quién (por defecto: tú)
cmd-gin-stats-opt-scope-name = ambito
cmd-gin-stats-opt-scope-description = Este servidor o todos los servidores

cmd-gin-unblock-name = desbloquear
cmd-gin-unblock-description = Desbloquea a un jugador.
cmd-gin-unblock-opt-player-name = jugador
cmd-gin-unblock-opt-player-description = A quién desbloquear

cmd-gin-unfavorite-name = quitar-favorito
cmd-gin-unfavorite-description = Quita a un jugador de tus favoritos.
cmd-gin-unfavorite-opt-player-name = jugador
cmd-gin-unfavorite-opt-player-description = A quién quitar de tus favoritos

cmd-gin-unmute-name = dejar-de-silenciar
cmd-gin-unmute-description = Vuelve a recibir el chat de un jugador en la mesa.
cmd-gin-unmute-opt-player-name = jugador
cmd-gin-unmute-opt-player-description = A quién dejar de silenciar

cmd-gin-tournament-name = torneo
cmd-gin-tournament-description = Torneos de Gin Rummy

cmd-gin-tournament-create-name = crear
cmd-gin-tournament-create-description = Crea un torneo y abre las inscripciones (organizadores).
cmd-gin-tournament-create-opt-name-name = nombre
cmd-gin-tournament-create-opt-name-description = El nombre del torneo
cmd-gin-tournament-create-opt-format-name = formato
cmd-gin-tournament-create-opt-format-description = Suizo, todos contra todos, eliminación simple o doble
cmd-gin-tournament-create-opt-rules-name = reglas
cmd-gin-tournament-create-opt-rules-description = Reglas para todas las mesas
cmd-gin-tournament-create-opt-target-name = objetivo
cmd-gin-tournament-create-opt-target-description = Puntos de cada partida (10-500)
cmd-gin-tournament-create-opt-max_players-name = max_jugadores
cmd-gin-tournament-create-opt-max_players-description = Cuántos jugadores pueden inscribirse como máximo
cmd-gin-tournament-create-opt-rounds-name = rondas
cmd-gin-tournament-create-opt-rounds-description = Solo suizo: número de rondas (por defecto: las justas para un ganador)
cmd-gin-tournament-create-opt-duplicate-name = duplicado
cmd-gin-tournament-create-opt-duplicate-description = Todas las mesas de una ronda juegan los mismos repartos

cmd-gin-tournament-start-name = empezar
cmd-gin-tournament-start-description = Cierra las inscripciones y juega la ronda 1 (organizadores).
cmd-gin-tournament-start-opt-tournament-name = torneo
cmd-gin-tournament-start-opt-tournament-description = Número del torneo (por defecto: el de este canal)

cmd-gin-tournament-pause-name = pausar
cmd-gin-tournament-pause-description = Retiene la ronda siguiente y el reloj de ausencias (organizadores).
cmd-gin-tournament-pause-opt-tournament-name = torneo
cmd-gin-tournament-pause-opt-tournament-description = Número del torneo (por defecto: el de este canal)

cmd-gin-tournament-resume-name = reanudar
cmd-gin-tournament-resume-description = Continúa un torneo en pausa (organizadores).
cmd-gin-tournament-resume-opt-tournament-name = torneo
cmd-gin-tournament-resume-opt-tournament-description = Número del torneo (por defecto: el de este canal)

cmd-gin-tournament-cancel-name = cancelar
cmd-gin-tournament-cancel-description = Cancela un torneo (organizadores).
cmd-gin-tournament-cancel-opt-tournament-name = torneo
cmd-gin-tournament-cancel-opt-tournament-description = Número del torneo (por defecto: el de este canal)

cmd-gin-tournament-kick-name = expulsar
cmd-gin-tournament-kick-description = Saca a un jugador de un torneo (organizadores).
cmd-gin-tournament-kick-opt-player-name = jugador
cmd-gin-tournament-kick-opt-player-description = A quién sacar
cmd-gin-tournament-kick-opt-tournament-name = torneo
cmd-gin-tournament-kick-opt-tournament-description = Número del torneo

cmd-gin-tournament-standings-name = clasificacion
cmd-gin-tournament-standings-description = Muestra la clasificación de un torneo.
cmd-gin-tournament-standings-opt-tournament-name = torneo
cmd-gin-tournament-standings-opt-tournament-description = Número del torneo (por defecto: el que se juega aquí, o el último)

cmd-gin-tournament-organizer-role-name = rol-organizador
cmd-gin-tournament-organizer-role-description = Elige el rol que puede dirigir torneos (administradores).
cmd-gin-tournament-organizer-role-opt-role-name = rol
cmd-gin-tournament-organizer-role-opt-role-description = El rol de organizador (vacío para quitarlo)

## Choices (shared by every option that offers them)

choice-cardgames = cardgames
choice-playingcards = playingcards
choice-classic = clásico
choice-easy = fácil
choice-normal = normal
choice-hard = difícil
choice-expert = experto
choice-on = sí
choice-off = no
choice-server = servidor
choice-global = global
choice-wins = victorias
choice-gins = gins
choice-points = puntos
choice-streak = racha
choice-played = jugadas
choice-rating = puntuación
choice-swiss = suizo
choice-round_robin = todos contra todos
choice-single_elimination = eliminación simple
choice-double_elimination = eliminación doble

## Right-click menus on a member

menu-challenge-name = Desafiar
menu-block-name = Bloquear
menu-favorite-name = Favorito
