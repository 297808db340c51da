# El círculo de jugadores: relaciones, presencia, reacciones rápidas.

relation-block-done = Has bloqueado a { $name }. No podrá desafiarte ni unirse a tus mesas.
relation-block-already = Ya habías bloqueado a { $name }.
relation-mute-done = Has silenciado a { $name }. No recibirás su chat ni sus reacciones en la mesa.
relation-mute-already = Ya habías silenciado a { $name }.
relation-favorite-done = { $name } es ahora un favorito ♥.
relation-favorite-already = { $name } ya era un favorito.
relation-unblock-done = Has desbloqueado a { $name }.
relation-unblock-already = No habías bloqueado a { $name }.
relation-unmute-done = Has dejado de silenciar a { $name }.
relation-unmute-already = No habías silenciado a { $name }.
relation-unfavorite-done = { $name } ya no es un favorito.
relation-unfavorite-already = { $name } no era un favorito.
presence-online = Estás conectado: los jugadores pueden volver a desafiarte.
presence-offline = Estás desconectado: nadie puede desafiarte hasta que uses `/{ cmd-gin-name } { cmd-gin-me-name } { cmd-gin-me-online-name }`.
reaction-0 = ¡Buena partida!
reaction-1 = ¡Bien jugado!
reaction-2 = ¡Buena jugada!
reaction-3 = ¡Suerte!
reaction-4 = ¡Ups!
table-host-closed = El anfitrión ha cerrado la mesa.

# A table chat line or quick reaction as the players read it (hand messages, the channel);
# $text is what was typed, or the reaction in the reader's language.
chat-line = 💬 **{ $name }**: { $text }
