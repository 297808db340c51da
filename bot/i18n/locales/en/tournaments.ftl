# Tournaments (bot/tournaments/service.py): errors. $status: signup, running, paused,
# finished or cancelled.

tournament-not-found = Sorry, we couldn't find that tournament.
tournament-status = { $name } is { $status ->
        [signup] signup
        [running] running
        [paused] paused
        [finished] finished
       *[cancelled] cancelled
    }.
tournament-status-now = { $name } is { $status ->
        [signup] signup
        [running] running
        [paused] paused
        [finished] finished
       *[cancelled] cancelled
    } right now.
tournament-not-here = There is no tournament #{ $number } here.
tournament-none-running = There is no tournament running in this server.
tournament-name-empty = Give the tournament a name.
tournament-name-long = The name can be at most { $count } characters.
tournament-format-unknown = Unknown format '{ $format }'.
tournament-two-seats = Tournament tables seat two players: choose other rules.
tournament-rounds-swiss = The number of rounds can only be chosen for Swiss.
tournament-one-round = A tournament needs at least one round.
tournament-two-players = A tournament needs room for at least two players.
tournament-already-in = You're already signed up.
tournament-full = Sorry, the tournament is full.
tournament-signup-closed = Sign-up for this tournament is closed.
tournament-leave-started = The tournament has started; ask the organizer if you must withdraw.
tournament-not-in = You're not signed up.
tournament-started = { $name } has already started.
tournament-player-not-in = { $name } is not in this tournament.
tournament-player-left = { $name } has already left the tournament.
tournament-in-a-server = Tournaments are run in a server.
tournament-no-rights = Only someone with Manage Server or the organizer role can do that.
tournament-role-admins = Only someone with Manage Server can set the organizer role.
