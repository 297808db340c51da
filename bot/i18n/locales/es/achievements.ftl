# Logros: un título y una línea por clave.

ach-unlocked = 🏆 **LOGRO DESBLOQUEADO: { $title }**
    { $description }
ach-first_match-title = Toma asiento
ach-first_match-description = Termina tu primera partida.
ach-first_win-title = Primera victoria
ach-first_win-description = Gana una partida.
ach-first_gin-title = ¡Gin!
ach-first_gin-description = Haz gin por primera vez.
ach-big_gin-title = Big Gin
ach-big_gin-description = Haz Big Gin: las once cartas combinadas.
ach-undercut-title = Contracierre
ach-undercut-description = Hazle un contracierre a un jugador que cerró.
ach-shutout-title = Blanqueo
ach-shutout-description = Gana una partida sin perder ninguna mano.
ach-wins_10-title = Habitual
ach-wins_10-description = Gana 10 partidas.
ach-wins_100-title = Centurión
ach-wins_100-description = Gana 100 partidas.
ach-streak_5-title = En racha
ach-streak_5-description = Gana 5 partidas seguidas.
ach-double_gin-title = Doble gin
ach-double_gin-description = Haz gin dos veces en una misma partida.
ach-comeback-title = Remontada
ach-comeback-description = Gana una partida después de ir perdiendo por 50 puntos o más.
ach-beat_hard-title = Rompemáquinas
ach-beat_hard-description = Vence al ordenador en nivel difícil.
ach-marathon-title = Maratón
ach-marathon-description = Termina una partida de 10 manos o más.
