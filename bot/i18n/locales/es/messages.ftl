# Mensajes de Discord de una partida: el tablero público, la sala, la revelación, el resumen,
# la mano de un jugador y sus controles, un desafío. Etiquetas de botón: 80 caracteres como máximo.

table-title = Gin Rummy · mesa n.º { $table } · { $rules } a { $target }
scores-line = { $scores } ({ $penalty ->
        [true] puntos de penalización
       *[false] puntos
    })
deadline = {" "}(el tiempo se acaba { $when })
field-scores = Puntuaciones
field-discard-pile = Descartes
discard-pile-below = **{ $top }** (debajo: { $below })
field-stock = Mazo
cards = { $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    }
seat-away = {" "}(ausente)
seat-resigned = {" "}(abandonó)
field-cards-in-hand = Cartas en la mano
round-over-result = Mano terminada: { $result }
round-over-short = Mano terminada.
board-match-over = La partida ha terminado.
field-round = Mano { $round }
field-last-actions = Últimas jugadas

## La sala

field-players = Jugadores ({ $seated }/{ $seats })
lobby-join = Únete para jugar. La partida empieza cuando la mesa está llena o cuando el anfitrión la inicia.
button-lobby-join = Unirse
button-lobby-leave = Salir
button-lobby-start = Empezar
button-lobby-computer = Añadir ordenador

## El final de una mano y de una partida

reveal-title = Mano { $round } · mesa n.º { $table }
nobody = Nadie
summary-resigned = { $loser } se ha rendido: 🏆 **{ $winner }** gana la partida.
summary-forfeit = { $loser } no jugó a tiempo: 🏆 **{ $winner }** gana por incomparecencia.
summary-wins = 🏆 **{ $winner }** gana la partida.
summary-seat = { $name }: { $total } · { $won ->
        [one] { $won } mano ganada
       *[other] { $won } manos ganadas
    }
summary-removed = {" "}· retirado por ausencia
summary-left = {" "}· abandonó, no podía ganar
summary-tie-round-points = Empate en la puntuación final: { $winner } gana el desempate con más puntos de mano.
summary-tie-latest-round = Empate en la puntuación final: { $winner } gana el desempate por haber ganado la última mano de los empatados.
summary-tie-seat = Empate en la puntuación final, y ninguno de los empatados ganó una mano: { $winner } gana el desempate por ser el primero en sentarse a la mesa.
match-over-title = Partida terminada · mesa n.º { $table }
final-round = Mano { $round }: { $result }
match-over-rules-title = Partida terminada · mesa n.º { $table } · { $rules }
table-rules-title = Mesa n.º { $table } · { $rules }
called-off = Esta partida se ha anulado.
removed-away = Has estado ausente demasiado tiempo y se te ha retirado de esta partida. Tu mano se juega automáticamente hasta el final y no puedes ganarla.
removed-resigned = Has abandonado y dejado esta partida. Tu mano se juega automáticamente hasta el final (no puede ganar); { $others } siguen jugando.

## La mano de un jugador (privada)

opponent-holds = { $name } tiene { $count }
hand-your-hand = **Tu mano:** { $cards }
hand-deadwood = **Puntos sueltos:** { $deadwood }
hand-table = **Descartes:** { $top } · **Mazo:** { $stock } · { $opponents }
# las últimas acciones en una mano, en una línea
hand-actions-separator = {"; "}
hand-drawn = { $how ->
        [took] Has tomado
       *[drew] Has robado
    } { $card }.
hand-round-over = **La mano { $round } ha terminado.**
# The round that ended the match (reveal and hands): $total with its parts
last-round-match-over = { $penalty ->
        [true] Era la última mano: con ella termina la partida. Puntuaciones finales:
       *[false] Era la última mano: con ella termina la partida. Puntuaciones finales, con todas las bonificaciones:
    }
last-round-total = { $name }: { $total }
hand-next-round = La siguiente mano se reparte enseguida.
hand-your-turn = **Tu turno:** { $what }
hand-waiting = Esperando a { $name }.
hand-confirm = **{ $question }** Pulsa **Confirmar** o elige otra jugada.
# the knock's one confirmation: the hand's cards now knock
hand-knock-choose = **{ $question }** Pulsa esa carta para cerrar con ella, u otra roja; **Volver** para descartar.
hand-last-round-result = *Última mano:* { $result }
hand-title = Mesa n.º { $table } · { $rules } · puntuaciones { $scores }
my-turn-first = toma la carta descubierta o pasa.
my-turn-draw = { $take ->
        [true] roba del mazo o toma la carta de arriba de los descartes
       *[false] roba del mazo
    }.{ $big_gin ->
        [true] {" "}Puedes hacer **Big Gin**.
       *[false] {""}
    }
my-turn-discard = descarta una carta.
my-turn-option-discard = descartar una carta
my-turn-option-gin = hacer **gin**
my-turn-option-big_gin = hacer **Big Gin**
my-turn-option-knock = **cerrar**
my-turn-options = puedes { $some } o { $last }.
confirm-knock = ¿Cerrar con { $card } boca abajo, quedándote con { $deadwood } puntos sueltos?
confirm-gin = ¿Hacer gin descartando { $card } boca abajo?
confirm-big-gin = ¿Hacer Big Gin con todas tus cartas?

## Controles

button-confirm-knock = Confirmar: cerrar con { $card }
button-confirm-gin = Confirmar: gin (descartar { $card })
button-confirm-big-gin = Confirmar: Big Gin
button-waiting-for = Esperando a { $name }
button-waiting = Esperando
button-take = Tomar { $card }
button-pass = Pasar
button-draw-stock = Robar del mazo
select-discard = Descartar…
select-knock = Cerrar con…
button-gin = Gin (descartar { $card })
button-big-gin = Big Gin
button-back = Volver

## Un desafío

challenge-title = Desafío de Gin Rummy
challenge-text = **{ $challenger }** { $you ->
        [true] te desafía
       *[false] desafía a { $opponent }
    } a una partida de Gin Rummy ({ $rules }, a { $target } puntos).
field-status = Estado
field-expires = Caduca
button-accept = Aceptar
button-decline = Rechazar
button-cancel = Cancelar

## El notificador

reminder = ⏰ Quedan { $seconds } s antes de que tu turno se juegue automáticamente.
dm-closed = { $mention }, no puedo enviarte mensajes directos. Usa **Show my hand** en el mensaje de la mesa para ver tus cartas y jugar.
button-show-hand = Ver mi mano
button-rematch = Revancha
# A name and what goes with it ("Bob: 42"); French sets a space before the colon.
labelled = { $label }: { $value }

# El mensaje único de un canal concurrido (más de unas pocas mesas en juego, docs/playing.md):
# una línea por mesa, editada según avanzan; el tablero de cada mesa sigue sus rondas.
tables-in-play = Mesas en juego
tables-in-play-line = **#{ $table }** { $scores } · { $pile }: { $top } · { $stock }: { $count } · { $turn }
tables-in-play-boards = El tablero de cada mesa muestra el inicio y el final de su ronda; las jugadas, aquí.

# A computer player's name wherever names are shown ($level: choice-easy... in commands.ftl);
# -nth for the second and later computer at a table.
computer-name = Ordenador ({ $level })
computer-name-nth = Ordenador { $number } ({ $level })
