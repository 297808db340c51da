# Respuestas privadas de los comandos y sus botones de corta vida (cogs/).

reply-challenge-elsewhere = Los desafíos se hacen en un canal de un servidor.
reply-table-elsewhere = Las mesas se abren en un canal de un servidor.
reply-computer-elsewhere = Las partidas contra el ordenador se juegan en un canal de un servidor.
reply-missing-permissions = No puedo organizar una partida aquí: necesito { $missing } en este canal.
reply-computer-setting-up = Un momento, estamos preparando tu partida contra el ordenador ({ $level })...
reply-computer-on = Tu partida contra el ordenador ({ $level }) está en marcha en la mesa n.º { $table }: tu mano te llega por mensaje directo. ¡Suerte!
reply-not-in-game = Ahora mismo no estás en ninguna partida.
reply-also-at = También juegas en las mesas { $tables }: usa **Ver mi mano** allí.
reply-not-in-match = Ahora mismo no estás en ninguna partida.
reply-resign-ask = ¿Abandonar tu partida en la mesa n.º { $table }? La gana { $opponent }.
reply-resign-ask-many = ¿Dejar tu partida en la mesa n.º { $table }? Ya no podrás ganarla: tu mano se juega automáticamente hasta el final y { $others } siguen jugando.
reply-resigned-many = Has dejado la partida de la mesa n.º { $table }: { $others } siguen jugando.
reply-resign-which = Juegas en varias mesas. ¿Qué partida abandonas?
reply-resign-table = Mesa n.º { $table } · { $rules } · { $others }
reply-resign-button = Abandonar
reply-keep-playing = Seguir jugando
reply-resigned = Has abandonado la partida: la gana { $opponent }.
reply-good-luck = ¡Suerte!
reply-out-of-date = Ese botón estaba desfasado; aquí tienes tu mano actual.
reply-stopping = El bot se está reiniciando; vuelve a intentarlo en un momento.
reply-control-out-of-date = Ese control está desfasado.
reply-only-players-hands = Solo los jugadores de esta mesa pueden ver sus manos.
reply-started = La partida ha empezado: ¡suerte!
reply-blocked-ask = En esta mesa hay un jugador que has bloqueado. ¿Unirte de todos modos?
reply-join-anyway = Unirme igualmente
reply-dont-join = No unirme
reply-joined = Te has unido a la mesa.
reply-not-joined = No te has unido.
reply-which-computer = ¿Qué jugador del ordenador?
reply-computer-sits = Se sienta un jugador del ordenador ({ $level }).
reply-rematch-dealing = ¡Revancha! Repartiendo...
reply-accepted = Aceptado: la partida está en marcha en la mesa n.º { $table }. Cada jugador recibe sus cartas por mensaje directo.
reply-declined = { $name } lo ha rechazado.
reply-cancelled = Cancelado por quien desafió.
reply-expired = Caducado: nadie respondió a tiempo.
reply-told-declined = { $name } ha rechazado tu desafío de Gin Rummy.
reply-told-expired = Tu desafío de Gin Rummy caducó sin respuesta.
reply-not-your-buttons = Estos botones son de otra persona.
reply-chat-not-playing = Ahora mismo no estás jugando en ninguna mesa.
reply-quick-reactions = Reacciones rápidas:
reply-chat-sent = Enviado a la mesa n.º { $table }.
reply-erase-button = Borrar mis datos
reply-keep-button = Conservarlos
reply-erased = Hecho: hemos borrado todo lo que guardábamos sobre ti.
reply-not-erased = No se ha borrado nada.
reply-on = sí
reply-off = no
reply-settings = Imágenes de cartas: **{ $images }** · baraja de cuatro colores: **{ $four }** · fondo oscuro: **{ $dark }** · avisos de turno: **{ $alerts }** · idioma: **{ $language }**.
reply-language-discord = el de tu Discord
reply-previous = ◀ Anterior
reply-next = Siguiente ▶
reply-pick-a-card = Elige una carta de la lista.
help-title = Gin Rummy: cómo se juega aquí
help-how =
    1. Desafía a alguien con `{ $challenge }`, abre una mesa con `{ $table }` o juega contra el ordenador con `{ $computer }`.
    2. Tu mano llega por mensaje directo, con botones: roba del mazo o toma el descarte, y luego descarta. Cierra o haz gin cuando puedas; lo confirmas antes de que cuente.
    3. El canal muestra el montón de descartes, las puntuaciones y el resultado de cada mano. Gana la partida quien llega primero al objetivo.
    ¿Perdiste tu mano? `{ $hand }`. Las reglas: `{ $rules }`.
help-play = Jugar
help-more = { $title } (más)
about-text = Desafía a alguien con `{ $challenge }` o abre una mesa con `{ $table }`. Tu mano llega por mensaje directo; el montón de descartes se queda en el canal.
about-version = Versión
about-up-for = En marcha desde hace
about-uptime = { $hours } h { $minutes } min
about-latency = Latencia de la pasarela
about-not-measured = aún sin medir
# Los nombres que Discord da a los permisos que comprueba el bot.
permission-name = { $permission ->
        [send_messages] Enviar mensajes
        [embed_links] Insertar enlaces
        [attach_files] Adjuntar archivos
       *[other] { $permission }
    }
list-more = { $item }, { $rest }
# Un clic en el mensaje de otra persona (bot/ui/ownership.py).
click-not-yours = Ese mensaje no es tuyo: usa tu propio mensaje de mano, o `/{ cmd-gin-name } { cmd-gin-hand-name }`.
click-not-checked = Lo siento, no he podido comprobar ese clic. Vuelve a intentarlo en un momento.

# /gin-admin language (cogs/admin.py): se responde en privado, en el idioma del admin.
reply-server-language-set = Los mensajes públicos de este servidor (tableros, resultados, torneos, desafíos públicos) están ahora en **{ $language }**.
reply-server-language-cleared = Los mensajes públicos de este servidor siguen ahora el idioma del servidor en Discord: **{ $language }**.
reply-server-language-chosen = Los mensajes públicos de este servidor están en **{ $language }**, como eligió un admin. { $command } lo cambia.
reply-server-language-follows = Los mensajes públicos de este servidor siguen el idioma del servidor en Discord: **{ $language }**. { $command } elige otro.
reply-admin-only = Solo alguien con Gestionar servidor puede cambiar los ajustes del bot en este servidor.
reply-admin-in-server = Esto solo funciona en un servidor.
help-admin = Admins del servidor (Gestionar servidor)
