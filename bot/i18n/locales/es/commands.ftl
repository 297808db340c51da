# Comandos: nombres (minúsculas, sin espacios, 32 caracteres como máximo) y descripciones
# (100 como máximo). Las claves salen de bot/i18n/commands.py.

cmd-gin-name = gin
cmd-gin-description = Jugar al Gin Rummy

cmd-gin-about-name = acerca
cmd-gin-about-description = Qué es este bot

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

cmd-gin-me-settings-name = ajustes
cmd-gin-me-settings-description = Imágenes de cartas, cuatro colores, fondo oscuro, idioma.
cmd-gin-me-settings-opt-images-name = imagenes
cmd-gin-me-settings-opt-images-description = Imágenes de las cartas (el texto siempre está)
cmd-gin-me-settings-opt-four_colour-name = cuatro_colores
cmd-gin-me-settings-opt-four_colour-description = Tréboles verdes, diamantes azules
cmd-gin-me-settings-opt-dark-name = oscuro
cmd-gin-me-settings-opt-dark-description = Fondo oscuro
cmd-gin-me-settings-opt-turn_alerts-name = avisos_turno
cmd-gin-me-settings-opt-turn_alerts-description = Un mensaje nuevo en tu turno (no: se edita)

cmd-gin-table-name = mesa
cmd-gin-table-description = Abre una mesa en este canal.
cmd-gin-table-opt-rules-name = reglas
cmd-gin-table-opt-rules-description = Reglas
cmd-gin-table-opt-seats-name = asientos
cmd-gin-table-opt-seats-description = Asientos (3-4 con classic)
cmd-gin-table-opt-target-name = objetivo
cmd-gin-table-opt-target-description = Puntos

cmd-gin-player-block-name = bloquear
cmd-gin-player-block-description = Sin desafíos ni mesas con ese jugador.
cmd-gin-player-block-opt-player-name = jugador
cmd-gin-player-block-opt-player-description = A quién bloquear

cmd-gin-player-favorite-name = favorito
cmd-gin-player-favorite-description = Un corazón junto a su nombre.
cmd-gin-player-favorite-opt-player-name = jugador
cmd-gin-player-favorite-opt-player-description = A quién añadir a tus favoritos

cmd-gin-me-forget-me-name = olvidame
cmd-gin-me-forget-me-description = Lo que el bot guarda sobre ti, y borrarlo.

cmd-gin-player-friends-name = amigos
cmd-gin-player-friends-description = Tus favoritos y si están conectados.

cmd-gin-records-history-name = historial
cmd-gin-records-history-description = Partidas recientes.
cmd-gin-records-history-opt-player-name = jugador
cmd-gin-records-history-opt-player-description = De quién (por defecto: tú)

cmd-gin-records-leaderboard-name = clasificacion
cmd-gin-records-leaderboard-description = Los mejores y tu posición.
cmd-gin-records-leaderboard-opt-scope-name = ambito
cmd-gin-records-leaderboard-opt-scope-description = Este servidor o todos los servidores
cmd-gin-records-leaderboard-opt-sort-name = orden
cmd-gin-records-leaderboard-opt-sort-description = Por qué clasificar

cmd-gin-player-mute-name = silenciar
cmd-gin-player-mute-description = Sin su chat ni sus reacciones.
cmd-gin-player-mute-opt-player-name = jugador
cmd-gin-player-mute-opt-player-description = A quién silenciar

cmd-gin-me-offline-name = desconectado
cmd-gin-me-offline-description = Desconéctate: nadie puede desafiarte.

cmd-gin-me-online-name = conectado
cmd-gin-me-online-description = Se te puede desafiar.

cmd-gin-player-relations-name = relaciones
cmd-gin-player-relations-description = Bloqueados, silenciados y favoritos.

cmd-gin-records-replay-name = repeticion
cmd-gin-records-replay-description = Repite una mano jugada a jugada.
cmd-gin-records-replay-opt-match-name = partida
cmd-gin-records-replay-opt-match-description = Número de partida (ver historial)
cmd-gin-records-replay-opt-round-name = mano
cmd-gin-records-replay-opt-round-description = La mano (1 = la primera)

cmd-gin-say-name = decir
cmd-gin-say-description = Di algo a los jugadores de tu mesa.
cmd-gin-say-opt-text-name = texto
cmd-gin-say-opt-text-description = Qué decir, hasta 200 caracteres (vacío: reacciones rápidas)

cmd-gin-records-stats-name = estadisticas
cmd-gin-records-stats-description = Partidas, gins, rachas, logros.
cmd-gin-records-stats-opt-player-name = jugador
cmd-gin-records-stats-opt-player-description = De quién (por defecto: tú)
cmd-gin-records-stats-opt-scope-name = ambito
cmd-gin-records-stats-opt-scope-description = Este servidor o todos los servidores

cmd-gin-player-unblock-name = desbloquear
cmd-gin-player-unblock-description = Desbloquea a un jugador.
cmd-gin-player-unblock-opt-player-name = jugador
cmd-gin-player-unblock-opt-player-description = A quién desbloquear

cmd-gin-player-unfavorite-name = quitar-favorito
cmd-gin-player-unfavorite-description = Quita a un jugador de tus favoritos.
cmd-gin-player-unfavorite-opt-player-name = jugador
cmd-gin-player-unfavorite-opt-player-description = A quién quitar de tus favoritos

cmd-gin-player-unmute-name = dejar-de-silenciar
cmd-gin-player-unmute-description = Volver a recibir su chat.
cmd-gin-player-unmute-opt-player-name = jugador
cmd-gin-player-unmute-opt-player-description = A quién dejar de silenciar

cmd-gin-tournament-name = torneo
cmd-gin-tournament-description = Torneos de Gin Rummy

cmd-gin-tournament-create-name = crear
cmd-gin-tournament-create-description = Crea un torneo (organizadores).
cmd-gin-tournament-create-opt-name-name = nombre
cmd-gin-tournament-create-opt-name-description = El nombre del torneo
cmd-gin-tournament-create-opt-format-name = formato
cmd-gin-tournament-create-opt-format-description = Suizo, liga, eliminación simple o doble
cmd-gin-tournament-create-opt-rules-name = reglas
cmd-gin-tournament-create-opt-rules-description = Reglas para todas las mesas
cmd-gin-tournament-create-opt-target-name = objetivo
cmd-gin-tournament-create-opt-target-description = Puntos de cada partida (10-500, por defecto 100)
cmd-gin-tournament-create-opt-max_players-name = max_jugadores
cmd-gin-tournament-create-opt-max_players-description = Máximo de jugadores
cmd-gin-tournament-create-opt-rounds-name = rondas
cmd-gin-tournament-create-opt-rounds-description = Solo suizo: número de rondas
cmd-gin-tournament-create-opt-duplicate-name = duplicado
cmd-gin-tournament-create-opt-duplicate-description = Mismos repartos en cada mesa de la ronda

cmd-gin-tournament-start-name = empezar
cmd-gin-tournament-start-description = Cierra inscripciones, ronda 1 (organizadores).
cmd-gin-tournament-start-opt-tournament-name = torneo
cmd-gin-tournament-start-opt-tournament-description = Número (por defecto: el de aquí)

cmd-gin-tournament-pause-name = pausar
cmd-gin-tournament-pause-description = Pausa el torneo (organizadores).
cmd-gin-tournament-pause-opt-tournament-name = torneo
cmd-gin-tournament-pause-opt-tournament-description = Número (por defecto: el de aquí)

cmd-gin-tournament-resume-name = reanudar
cmd-gin-tournament-resume-description = Reanuda el torneo (organizadores).
cmd-gin-tournament-resume-opt-tournament-name = torneo
cmd-gin-tournament-resume-opt-tournament-description = Número (por defecto: el de aquí)

cmd-gin-tournament-cancel-name = cancelar
cmd-gin-tournament-cancel-description = Cancela un torneo (organizadores).
cmd-gin-tournament-cancel-opt-tournament-name = torneo
cmd-gin-tournament-cancel-opt-tournament-description = Número (por defecto: el de aquí)

cmd-gin-tournament-kick-name = expulsar
cmd-gin-tournament-kick-description = Saca a un jugador (organizadores).
cmd-gin-tournament-kick-opt-player-name = jugador
cmd-gin-tournament-kick-opt-player-description = A quién sacar
cmd-gin-tournament-kick-opt-tournament-name = torneo
cmd-gin-tournament-kick-opt-tournament-description = Número del torneo

cmd-gin-tournament-standings-name = clasificacion
cmd-gin-tournament-standings-description = Muestra la clasificación de un torneo.
cmd-gin-tournament-standings-opt-tournament-name = torneo
cmd-gin-tournament-standings-opt-tournament-description = Número (por defecto: el de aquí o el último)

cmd-gin-tournament-organizer-role-name = rol-organizador
cmd-gin-tournament-organizer-role-description = El rol que dirige torneos (admins).
cmd-gin-tournament-organizer-role-opt-role-name = rol
cmd-gin-tournament-organizer-role-opt-role-description = El rol (vacío: quitarlo)

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

cmd-gin-help-name = ayuda
cmd-gin-help-description = Todos los comandos y cómo se juega
cmd-gin-player-name = jugador
cmd-gin-player-description = Bloquear, silenciar, favoritos
cmd-gin-me-name = yo
cmd-gin-me-description = Ajustes, presencia, tus datos
cmd-gin-records-name = registros
cmd-gin-records-description = Estadísticas, clasificación, historial
cmd-gin-me-settings-opt-language-name = idioma
cmd-gin-me-settings-opt-language-description = Tu idioma (por defecto: el de Discord)
choice-english = English
choice-espa-ol = Español
choice-fran-ais = Français
choice-follow-discord = Como Discord

# /gin-admin: los ajustes de un servidor, para Gestionar servidor (cogs/admin.py).
cmd-gin-admin-name = gin-admin
cmd-gin-admin-description = Los ajustes de Gin Rummy en este servidor (Gestionar servidor)
cmd-gin-admin-language-name = idioma
cmd-gin-admin-language-description = El idioma de los mensajes públicos del bot aquí (sin elegir: lo muestra)
cmd-gin-admin-language-opt-set-name = poner
cmd-gin-admin-language-opt-set-description = El idioma de los tableros, resultados, torneos y desafíos aquí
choice-server-discord = El idioma del servidor en Discord
