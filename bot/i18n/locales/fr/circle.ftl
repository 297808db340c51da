# Le cercle des joueurs : relations, présence, réactions rapides.

relation-block-done = Vous avez bloqué { $name }. Ce joueur ne peut plus vous défier ni rejoindre vos tables.
relation-block-already = Vous aviez déjà bloqué { $name }.
relation-mute-done = Vous avez mis { $name } en sourdine. Vous ne recevrez plus son chat ni ses réactions à table.
relation-mute-already = { $name } était déjà en sourdine.
relation-favorite-done = { $name } est maintenant un favori ♥.
relation-favorite-already = { $name } était déjà un favori.
relation-unblock-done = Vous avez débloqué { $name }.
relation-unblock-already = Vous n'aviez pas bloqué { $name }.
relation-unmute-done = { $name } n'est plus en sourdine.
relation-unmute-already = { $name } n'était pas en sourdine.
relation-unfavorite-done = { $name } n'est plus un favori.
relation-unfavorite-already = { $name } n'était pas un favori.
presence-online = Vous êtes en ligne : les joueurs peuvent de nouveau vous défier.
presence-offline = Vous êtes hors ligne : personne ne peut vous défier avant que vous utilisiez `/{ cmd-gin-name } { cmd-gin-me-name } { cmd-gin-me-online-name }`.
reaction-0 = Bonne partie !
reaction-1 = Bien joué !
reaction-2 = Joli coup !
reaction-3 = Bonne chance !
reaction-4 = Oups !
table-host-closed = L'hôte a fermé la table.

# A table chat line or quick reaction as the players read it (hand messages, the channel);
# $text is what was typed, or the reaction in the reader's language.
chat-line = 💬 **{ $name }** : { $text }
