# Slash commands: names (lowercase, no spaces, at most 32 characters) and descriptions
# (at most 100). English is the code's own text; bot/i18n/commands.py derives the keys.

cmd-gin-name = gin
cmd-gin-description = Play Gin Rummy

cmd-gin-about-name = about
cmd-gin-about-description = What this bot does and how to start a game

cmd-gin-challenge-name = challenge
cmd-gin-challenge-description = Challenge a member to a match.
cmd-gin-challenge-opt-opponent-name = opponent
cmd-gin-challenge-opt-opponent-description = Who to play
cmd-gin-challenge-opt-rules-name = rules
cmd-gin-challenge-opt-rules-description = Rule preset (default cardgames)
cmd-gin-challenge-opt-target-name = target
cmd-gin-challenge-opt-target-description = Points to play to (10-500)

cmd-gin-computer-name = computer
cmd-gin-computer-description = Play a match against the computer.
cmd-gin-computer-opt-level-name = level
cmd-gin-computer-opt-level-description = How strong (default normal)
cmd-gin-computer-opt-rules-name = rules
cmd-gin-computer-opt-rules-description = Rule preset
cmd-gin-computer-opt-target-name = target
cmd-gin-computer-opt-target-description = Points

cmd-gin-hand-name = hand
cmd-gin-hand-description = Show your hand again, privately.

cmd-gin-resign-name = resign
cmd-gin-resign-description = Concede your current match.

cmd-gin-rules-name = rules
cmd-gin-rules-description = The rules of a preset, briefly.
cmd-gin-rules-opt-preset-name = preset
cmd-gin-rules-opt-preset-description = Which rules (default cardgames)

cmd-gin-me-settings-name = settings
cmd-gin-me-settings-description = Card pictures, four-colour deck, dark, language.
cmd-gin-me-settings-opt-images-name = images
cmd-gin-me-settings-opt-images-description = Show card pictures (text is always there)
cmd-gin-me-settings-opt-four_colour-name = four_colour
cmd-gin-me-settings-opt-four_colour-description = Four-colour deck: clubs green, diamonds blue
cmd-gin-me-settings-opt-dark-name = dark
cmd-gin-me-settings-opt-dark-description = Dark background
cmd-gin-me-settings-opt-turn_alerts-name = turn_alerts
cmd-gin-me-settings-opt-turn_alerts-description = A new message at your turn (off: edited quietly)

cmd-gin-table-name = table
cmd-gin-table-description = Open a table in this channel for others to join.
cmd-gin-table-opt-rules-name = rules
cmd-gin-table-opt-rules-description = Rule preset
cmd-gin-table-opt-seats-name = seats
cmd-gin-table-opt-seats-description = Number of seats (2-4; 3-4 need classic)
cmd-gin-table-opt-target-name = target
cmd-gin-table-opt-target-description = Points

cmd-gin-player-block-name = block
cmd-gin-player-block-description = Block a player: no challenges, no shared tables.
cmd-gin-player-block-opt-player-name = player
cmd-gin-player-block-opt-player-description = Who to block

cmd-gin-player-favorite-name = favorite
cmd-gin-player-favorite-description = Mark a player as a favorite (a heart by their name).
cmd-gin-player-favorite-opt-player-name = player
cmd-gin-player-favorite-opt-player-description = Who to add to your favorites

cmd-gin-me-forget-me-name = forget-me
cmd-gin-me-forget-me-description = See what the bot stores about you, and erase it.

cmd-gin-player-friends-name = friends
cmd-gin-player-friends-description = Your favorites and whether they are online.

cmd-gin-records-history-name = history
cmd-gin-records-history-description = Recent matches with opponents, scores and dates.
cmd-gin-records-history-opt-player-name = player
cmd-gin-records-history-opt-player-description = Whose matches (default: yours)

cmd-gin-records-leaderboard-name = leaderboard
cmd-gin-records-leaderboard-description = The top players, and your own rank.
cmd-gin-records-leaderboard-opt-scope-name = scope
cmd-gin-records-leaderboard-opt-scope-description = This server or all servers
cmd-gin-records-leaderboard-opt-sort-name = sort
cmd-gin-records-leaderboard-opt-sort-description = What to rank by

cmd-gin-player-mute-name = mute
cmd-gin-player-mute-description = Stop getting a player's table chat and reactions.
cmd-gin-player-mute-opt-player-name = player
cmd-gin-player-mute-opt-player-description = Who to mute

cmd-gin-me-offline-name = offline
cmd-gin-me-offline-description = Go offline: nobody can challenge you.

cmd-gin-me-online-name = online
cmd-gin-me-online-description = Come back online: players can challenge you.

cmd-gin-player-relations-name = relations
cmd-gin-player-relations-description = Whom you blocked, muted and favorited.

cmd-gin-records-replay-name = replay
cmd-gin-records-replay-description = Replay a round move by move.
cmd-gin-records-replay-opt-match-name = match
cmd-gin-records-replay-opt-match-description = The match number (see /gin records history)
cmd-gin-records-replay-opt-round-name = round
cmd-gin-records-replay-opt-round-description = The round (1 = first)

cmd-gin-say-name = say
cmd-gin-say-description = Say something to the players at your table.
cmd-gin-say-opt-text-name = text
cmd-gin-say-opt-text-description = What to say to your table, up to 200 characters (empty: quick reactions)

cmd-gin-records-stats-name = stats
cmd-gin-records-stats-description = A player's record: matches, gins, streaks, achievements.
cmd-gin-records-stats-opt-player-name = player
cmd-gin-records-stats-opt-player-description = Whose record (default: yours)
cmd-gin-records-stats-opt-scope-name = scope
cmd-gin-records-stats-opt-scope-description = This server or all servers

cmd-gin-player-unblock-name = unblock
cmd-gin-player-unblock-description = Unblock a player.
cmd-gin-player-unblock-opt-player-name = player
cmd-gin-player-unblock-opt-player-description = Who to unblock

cmd-gin-player-unfavorite-name = unfavorite
cmd-gin-player-unfavorite-description = Remove a player from your favorites.
cmd-gin-player-unfavorite-opt-player-name = player
cmd-gin-player-unfavorite-opt-player-description = Who to remove from your favorites

cmd-gin-player-unmute-name = unmute
cmd-gin-player-unmute-description = Get a player's table chat again.
cmd-gin-player-unmute-opt-player-name = player
cmd-gin-player-unmute-opt-player-description = Who to unmute

cmd-gin-tournament-name = tournament
cmd-gin-tournament-description = Gin Rummy tournaments

cmd-gin-tournament-create-name = create
cmd-gin-tournament-create-description = Create a tournament and open sign-up (organizers).
cmd-gin-tournament-create-opt-name-name = name
cmd-gin-tournament-create-opt-name-description = The tournament's name
cmd-gin-tournament-create-opt-format-name = format
cmd-gin-tournament-create-opt-format-description = Swiss, round robin, single or double elimination
cmd-gin-tournament-create-opt-rules-name = rules
cmd-gin-tournament-create-opt-rules-description = Rule preset for every table
cmd-gin-tournament-create-opt-target-name = target
cmd-gin-tournament-create-opt-target-description = Points to play each match to (10-500, default 100)
cmd-gin-tournament-create-opt-max_players-name = max_players
cmd-gin-tournament-create-opt-max_players-description = Most players who can sign up
cmd-gin-tournament-create-opt-rounds-name = rounds
cmd-gin-tournament-create-opt-rounds-description = Swiss only: number of rounds
cmd-gin-tournament-create-opt-duplicate-name = duplicate
cmd-gin-tournament-create-opt-duplicate-description = Every table of a round plays the same deals

cmd-gin-tournament-start-name = start
cmd-gin-tournament-start-description = Close sign-up and play round 1 (organizers).
cmd-gin-tournament-start-opt-tournament-name = tournament
cmd-gin-tournament-start-opt-tournament-description = Tournament number (default: this channel's)

cmd-gin-tournament-pause-name = pause
cmd-gin-tournament-pause-description = Pause a tournament (organizers).
cmd-gin-tournament-pause-opt-tournament-name = tournament
cmd-gin-tournament-pause-opt-tournament-description = Tournament number (default: this channel's)

cmd-gin-tournament-resume-name = resume
cmd-gin-tournament-resume-description = Carry on a paused tournament (organizers).
cmd-gin-tournament-resume-opt-tournament-name = tournament
cmd-gin-tournament-resume-opt-tournament-description = Tournament number (default: this channel's)

cmd-gin-tournament-cancel-name = cancel
cmd-gin-tournament-cancel-description = Cancel a tournament (organizers).
cmd-gin-tournament-cancel-opt-tournament-name = tournament
cmd-gin-tournament-cancel-opt-tournament-description = Tournament number (default: this channel's)

cmd-gin-tournament-kick-name = kick
cmd-gin-tournament-kick-description = Remove a player from a tournament (organizers).
cmd-gin-tournament-kick-opt-player-name = player
cmd-gin-tournament-kick-opt-player-description = Who to remove
cmd-gin-tournament-kick-opt-tournament-name = tournament
cmd-gin-tournament-kick-opt-tournament-description = Tournament number

cmd-gin-tournament-standings-name = standings
cmd-gin-tournament-standings-description = Show a tournament's standings.
cmd-gin-tournament-standings-opt-tournament-name = tournament
cmd-gin-tournament-standings-opt-tournament-description = Tournament number (default: here, else the latest)

cmd-gin-tournament-organizer-role-name = organizer-role
cmd-gin-tournament-organizer-role-description = Set the role that may run tournaments (admins).
cmd-gin-tournament-organizer-role-opt-role-name = role
cmd-gin-tournament-organizer-role-opt-role-description = The organizer role (leave empty to clear it)

## Choices (shared by every option that offers them)

choice-cardgames = cardgames
choice-playingcards = playingcards
choice-classic = classic
choice-easy = easy
choice-normal = normal
choice-hard = hard
choice-expert = expert
choice-on = on
choice-off = off
choice-server = server
choice-global = global
choice-wins = wins
choice-gins = gins
choice-points = points
choice-streak = streak
choice-played = played
choice-rating = rating
choice-swiss = Swiss
choice-round_robin = Round robin
choice-single_elimination = Single elimination
choice-double_elimination = Double elimination

## Right-click menus on a member

menu-challenge-name = Challenge
menu-block-name = Block
menu-favorite-name = Favorite

cmd-gin-help-name = help
cmd-gin-help-description = Every command, briefly, and how a game goes
cmd-gin-player-name = player
cmd-gin-player-description = Other players: block, mute, favorites
cmd-gin-me-name = me
cmd-gin-me-description = You: settings, presence, your stored data
cmd-gin-records-name = records
cmd-gin-records-description = Stats, leaderboards, match history and replays
cmd-gin-me-settings-opt-language-name = language
cmd-gin-me-settings-opt-language-description = Your language (default: Discord's)
choice-english = English
choice-espa-ol = Español
choice-fran-ais = Français
choice-follow-discord = Follow Discord

# /gin-admin: a server's settings, for Manage Server (cogs/admin.py).
cmd-gin-admin-name = gin-admin
cmd-gin-admin-description = Gin Rummy's settings for this server (Manage Server)
cmd-gin-admin-language-name = language
cmd-gin-admin-language-description = The language of the bot's public messages here (no choice: show it)
cmd-gin-admin-language-opt-set-name = set
cmd-gin-admin-language-opt-set-description = The language for boards, results, tournaments and challenges here
choice-server-discord = Discord's server language
