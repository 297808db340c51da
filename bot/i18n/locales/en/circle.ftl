# Players' circle (bot/circle/service.py): relations, presence, quick reactions.

relation-block-done = You blocked { $name }. They can't challenge you or join your tables.
relation-block-already = You had already blocked { $name }.
relation-mute-done = You muted { $name }. You won't get their table chat or reactions.
relation-mute-already = You had already muted { $name }.
relation-favorite-done = { $name } is now a favorite ♥.
relation-favorite-already = { $name } was already a favorite.
relation-unblock-done = You unblocked { $name }.
relation-unblock-already = You hadn't blocked { $name }.
relation-unmute-done = You unmuted { $name }.
relation-unmute-already = You hadn't muted { $name }.
relation-unfavorite-done = { $name } is no longer a favorite.
relation-unfavorite-already = { $name } wasn't a favorite.
presence-online = You're online: players can challenge you again.
presence-offline = You're offline: nobody can challenge you until you use `/gin me online`.
# Quick reactions at a table (buttons, then a chat line)
reaction-0 = Good game!
reaction-1 = Well played!
reaction-2 = Nice move!
reaction-3 = Good luck!
reaction-4 = Oops!
# A table closed before it started (tables.py)
table-host-closed = The host closed the table.

# A table chat line or quick reaction as the players read it (hand messages, the channel);
# $text is what was typed, or the reaction in the reader's language.
chat-line = 💬 **{ $name }**: { $text }
