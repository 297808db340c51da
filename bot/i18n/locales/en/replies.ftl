# Private answers of the slash commands and their short-lived buttons (cogs/).

reply-challenge-elsewhere = Challenges are made in a server channel.
reply-table-elsewhere = Tables are opened in a server channel.
reply-computer-elsewhere = Computer matches are played in a server channel.
reply-missing-permissions = I can't host a game here: I need { $missing } in this channel.
reply-computer-setting-up = One moment, we're setting up your game against the computer ({ $level })...
reply-computer-on = Your match against the computer ({ $level }) is on at table #{ $table }: your hand comes by direct message. Good luck!
reply-not-in-game = You're not in a game right now.
reply-also-at = You also play at tables { $tables }: use **Show my hand** there.
reply-not-in-match = You're not in a match right now.
reply-resign-ask = Resign your match at table #{ $table }? { $opponent } wins it.
# Three or four seats: the resigner leaves, the others ($others: their names) play on
reply-resign-ask-many = Leave your match at table #{ $table }? You can't win it any more: your hand is played automatically to the end, and { $others } play on.
reply-resigned-many = You left the match at table #{ $table }: { $others } play on.
reply-resign-which = You play at several tables. Which match do you resign?
# A button naming a table: "Table #4 · classic · Bob, Carol"
reply-resign-table = Table #{ $table } · { $rules } · { $others }
reply-resign-button = Resign
reply-keep-playing = Keep playing
reply-resigned = You resigned the match: { $opponent } wins it.
reply-good-luck = Good luck!
reply-out-of-date = That button was out of date; here is your hand now.
reply-stopping = The bot is restarting; try again in a moment.
reply-control-out-of-date = That control is out of date.
reply-only-players-hands = Only the players at this table can see their hands.
reply-started = The game has started: good luck!
reply-blocked-ask = This table has a player you have blocked. Join anyway?
reply-join-anyway = Join anyway
reply-dont-join = Don't join
reply-joined = You joined the table.
reply-not-joined = You didn't join.
reply-which-computer = Which computer player?
reply-computer-sits = A computer player ({ $level }) sits down.
reply-rematch-dealing = Rematch! Dealing now...
reply-accepted = Accepted: the match is on at table #{ $table }. Each player gets their cards by direct message.
reply-declined = { $name } declined.
reply-cancelled = Cancelled by the challenger.
reply-expired = Expired: nobody answered in time.
reply-told-declined = { $name } declined your Gin Rummy challenge.
reply-told-expired = Your Gin Rummy challenge expired without an answer.
reply-not-your-buttons = These buttons belong to someone else.
reply-chat-not-playing = You're not playing at a table right now.
reply-quick-reactions = Quick reactions:
reply-chat-sent = Sent to table #{ $table }.
reply-erase-button = Erase my data
reply-keep-button = Keep it
reply-erased = Done: everything we stored about you is erased.
reply-not-erased = Nothing was erased.
reply-on = on
reply-off = off
reply-settings = Card pictures: **{ $images }** · four-colour deck: **{ $four }** · dark background: **{ $dark }** · turn alerts: **{ $alerts }** · language: **{ $language }**.
reply-language-discord = as your Discord
reply-previous = ◀ Previous
reply-next = Next ▶
reply-pick-a-card = Pick a card from the list.
help-title = Gin Rummy: how to play here
help-how =
    1. Challenge someone with `{ $challenge }`, open a table with `{ $table }`, or play the computer with `{ $computer }`.
    2. Your hand comes by direct message, with buttons: draw from the stock or take the discard, then discard. Knock or go gin when you can; you confirm before it counts.
    3. The channel shows the discard pile, the scores and each round's result. The first to the target wins the match.
    Lost your hand? `{ $hand }`. The rules: `{ $rules }`.
help-play = Play
help-more = { $title } (more)
about-text = Challenge someone with `{ $challenge }`, or open a table with `{ $table }`. Your hand comes by DM; the discard pile stays in the channel.
about-version = Version
about-up-for = Up for
about-uptime = { $hours } h { $minutes } min
about-latency = Gateway latency
about-not-measured = not measured yet
# Discord's own names for the permissions the bot checks (shown as the app shows them).
permission-name = { $permission ->
        [send_messages] Send Messages
        [embed_links] Embed Links
        [attach_files] Attach Files
       *[other] { $permission }
    }
list-more = { $item }, { $rest }
# A click on someone else's message (bot/ui/ownership.py).
click-not-yours = That message isn't yours: use your own hand message, or `/gin hand`.
click-not-checked = Sorry, I couldn't check that click. Please try again in a moment.

# /gin-admin language (cogs/admin.py): answered privately, in the admin's language.
reply-server-language-set = Public messages in this server (boards, results, tournaments, public challenges) are now in **{ $language }**.
reply-server-language-cleared = Public messages in this server now follow Discord's server language: **{ $language }**.
reply-server-language-chosen = Public messages in this server are in **{ $language }**, as an admin chose. { $command } changes it.
reply-server-language-follows = Public messages in this server follow Discord's server language: **{ $language }**. { $command } chooses another.
reply-admin-only = Only someone with Manage Server can change the bot's settings for this server.
reply-admin-in-server = This works in a server only.
help-admin = Server admins (Manage Server)
