# Tournaments (bot/tournaments/service/): errors. $status: signup, running, paused,
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
tournament-too-few = A tournament needs at least { $count } players.
tournament-swiss-rounds = A Swiss tournament of { $players } players can have { $most ->
        [one] only 1 round
       *[other] 1 to { $most } rounds
    }.
tournament-cannot-start = This tournament can't start with these settings.

## What players read about a tournament (cogs/tournaments.py, bot/text/tournaments.py):
## public posts in the server's language, private answers in the reader's. Names and
## numbers come as values; $format: swiss, round_robin, single_elimination,
## double_elimination.

tournament-format = { $format ->
        [swiss] Swiss
        [round_robin] Round robin
        [single_elimination] Single elimination
       *[double_elimination] Double elimination
    }
tournament-status-word = { $status ->
        [signup] signup
        [running] running
        [paused] paused
        [finished] finished
       *[cancelled] cancelled
    }
signup-format = Format: **{ $format }**
signup-rounds = { $count ->
        [one] 1 round
       *[other] { $count } rounds
    }
signup-duplicate = duplicate deals
signup-rules = Rules: **{ $rules }** to { $target } points
signup-places = Places: { $count }/{ $most }
signup-entrants = Entrants ({ $count }): { $names }
signup-nobody = nobody yet
signup-press-join = Press **Join** to play. The organizer starts it with `{ $command }`.
signup-closed = Sign-up is closed ({ $status }).
signup-join = Join
signup-leave = Leave
standings-final = Final standings
standings-after = Standings after round { $round }
standings-after-of = Standings after round { $round } of { $total }
standings-none = No results yet.
tournament-reply-started = { $name } has started: round 1 is on.
tournament-reply-paused = { $name } is paused.
tournament-reply-resumed = { $name } carries on.
tournament-reply-cancelled = { $name } is cancelled.
tournament-reply-kicked = { $player } is out of { $name }.
tournament-role-set = Members with { $role } can now run tournaments.
tournament-role-cleared = The organizer role is cleared: only Manage Server can run tournaments.
tournament-no-thread = I couldn't open a thread for **{ $name }** here (that needs a text channel and my Create Public Threads and Send Messages in Threads permissions), so it runs in this channel.
tournament-announce = { $change ->
        [paused] **{ $name }** is paused.
        [resumed] **{ $name }** carries on.
       *[cancelled] **{ $name }** was cancelled.
    }
tournament-round = 🏆 **{ $name }**: round { $round }
tournament-round-of = 🏆 **{ $name }**: round { $round } of { $total }
tournament-bye = { $player } has a bye.
tournament-table = { $a } vs { $b }: table #{ $table }, your cards are in your DMs.
tournament-deadline = Make your first move by { $time } ({ $relative }) or lose the match by no-show.
tournament-blocked = In { $name }, round { $round } ({ $key }) pairs you with a player one of you has blocked. Tournaments pair everyone; the organizer decides whether anyone is removed.
tournament-over = 🏆 **{ $name }** is over! Winner: { $winners }
tournament-and = and
tournament-nobody = nobody
tournament-rank-points = { $points ->
        [one] { $points } pt
       *[other] { $points } pts
    }, Bu { $bu }, SB { $sb }, { $record }

## What happened at a table decided without play (the service's notes)

tournament-no-show-both = Neither { $a } nor { $b } played in time: both lose.
tournament-no-show-one = { $loser } did not play in time: { $winner } wins by forfeit.
tournament-no-shows = { $count ->
        [one] No-show
       *[other] No-shows
    } in round { $round }:
    { $lines }
tournament-bullet = • { $line }
tournament-lines = { $lines }
tournament-removed = { $name } was removed from the tournament.
tournament-removed-both = { $name } was removed from the tournament: neither { $a } nor { $b } played: both lose.
tournament-removed-one = { $name } was removed from the tournament: { $winner } wins by forfeit.
tournament-decided-both = Neither { $a } nor { $b } played: both lose.
tournament-decided-one = { $loser } did not play: { $winner } wins by forfeit.

## Text views in a code block (keep them short: phones wrap lines over ~50 characters)

view-bye = { $a }  bye
view-vs = { $a }  vs  { $b }
view-double-forfeit = { $a } & { $b }: neither played, both lose
view-beat = { $winner } def. { $loser }
view-beat-forfeit = { $winner } def. { $loser } (forfeit)
view-no-round = No round has been paired yet.
view-round = Round { $round }
view-round-of = Round { $round } of { $total }
view-record-ff = { $wins }-{ $losses } ({ $forfeits } ff)
view-col-player = Player
view-col-record = W-L
view-col-status = Status
view-col-points = MP
view-left = (left)
view-player-status = { $status ->
        [active] active
        [eliminated] eliminated
        [withdrawn] withdrawn
       *[champion] champion
    }
view-out-in-round = out in round { $round }
view-section = { $section ->
        [W] Winners
        [L] Losers
       *[F] Grand final
    }
view-section-round = { $section ->
        [W] Winners round { $round }
       *[L] Losers round { $round }
    }
view-grand-final-reset = Grand final reset
view-not-needed = not needed
view-tbd = TBD
view-if-reset = (if the losers' champion wins GF1)
view-hidden-finished = ({ $count ->
        [one] 1 finished round
       *[other] { $count } finished rounds
    } hidden)
view-hidden = ({ $count ->
        [one] 1 round
       *[other] { $count } rounds
    } hidden)
