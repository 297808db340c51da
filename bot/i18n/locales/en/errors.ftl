# Errors a player reads, privately. Keys "illegal-*" are the engine's codes (a move the rules
# forbid); the others come from the services.

error-generic = Sorry, something went wrong on our side. Please try again in a moment.
error-check-failed = Sorry, you can't use that here.
error-bad-option = Sorry, I couldn't understand one of the options. Please check it and try again.
error-cooldown = Slow down a little: try again in { $seconds } s.
error-bot-permissions = I need these permissions here first: { $missing }.
error-no-dm = This command works only in a server.
error-missing-permissions = You need these permissions for this: { $missing }.
error-missing-role = You need a particular role for this command.

## The engine

illegal-match-over = This match is over.
illegal-round-not-over = This round isn't over yet.
illegal-round-over = This round is over.
illegal-round-over-next-soon = This round is over; the next one starts in a moment.
illegal-not-your-turn = It's not your turn.
illegal-first-turn-upcard-or-pass = On the first turn you can only take the up-card or pass.
illegal-upcard-offer-over = The up-card offer is over: draw a card.
illegal-draw-first = Draw a card first, from the stock or the discard pile.
illegal-already-drawn = You've already drawn: now discard a card.
illegal-upcard-passed = Everyone passed on the up-card: draw from the stock.
illegal-discard-empty = The discard pile is empty: draw from the stock.
illegal-not-in-hand = You don't have { $card }.
# $move: discard, knock or gin
illegal-just-taken = You can't { $move ->
        [knock] knock with
        [gin] go gin with
       *[discard] discard
    } the card you just took from the discard pile.
illegal-gin-deadwood = You can't go gin: the cards you keep leave { $deadwood } points of deadwood.
illegal-knock-deadwood = You can't knock with { $deadwood } points of deadwood: the limit is { $limit }.
illegal-knock-is-gin = Those cards leave no deadwood: that's gin, not a knock.
illegal-no-big-gin = Big Gin isn't played under these rules.
illegal-big-gin-deadwood = You can't go Big Gin: your cards leave { $deadwood } points of deadwood.
illegal-big-gin-needs-all = Big Gin needs all { $cards } cards in melds; you have { $deadwood } points of deadwood.

## Tables

table-not-found = Sorry, we couldn't find that game table.
table-not-seated = Only the players at this table can use these controls.
table-stale = That button is out of date; here is your hand as it is now.
table-not-started = This table hasn't started yet.
table-too-many = You're already at { $count } tables; finish one before starting another.
table-players-range = The { $rules } rules are for { $low ->
        [2] { $high ->
            [2] two players only
           *[other] { $low } to { $high } players
        }
       *[other] { $low } to { $high } players
    }. For { $seats } seats choose the rules: { $fits }.
table-started = This table has already started.
table-already-seated = You're already at this table.
table-full = This table is full.
table-host-adds-computer = Only the host can add a computer player.
table-leave-started = The game has started: use /gin resign to concede.
table-not-at = You're not at this table.
table-host-starts = Only the host can start this table.
table-two-needed = At least two players are needed to start.
match-not-in-play = This match isn't in play.
match-already-left = You have already left this match.

## Challenges

rules-unknown = Unknown rules '{ $name }': choose one of { $presets }.
rules-target-range = The target must be between { $low } and { $high } points.
challenge-self = You can't challenge yourself. Try `/gin table` or `/gin computer`.
challenge-bot = Bots can't play. To play the computer, use `/gin computer`.
challenge-rules-more-players = Those rules need more players.
challenge-blocked = You can't challenge { $name }.
challenge-offline = { $name } is offline and not taking challenges right now.
challenge-you-too-many = You're already at { $count } tables.
challenge-they-too-many = { $name } is already at { $count } tables.
challenge-pending = You and { $name } already have a pending challenge.
challenge-not-found = Sorry, we couldn't find that challenge.
challenge-already = This challenge was already { $status ->
        [accepted] accepted
        [declined] declined
        [cancelled] cancelled
       *[expired] expired
    }.
challenge-player-too-many = A player is already at { $count } tables.
challenge-closed = This challenge is no longer open.
challenge-only-opponent-accepts = Only the challenged player can accept.
challenge-only-opponent-declines = Only the challenged player can decline.
challenge-only-challenger-cancels = Only the challenger can cancel.

## Players, records, replays

circle-server-only = Server records are only available in a server; try `{ cmd-gin-records-stats-opt-scope-name }: { choice-global }`.
circle-chat-too-long = That is { $length } characters; a table chat line holds at most { $limit }.
circle-say-something = Say something first.
# $relation: block, mute or favorite; $add: true (block) or false (unblock)
circle-self = You can't { $add ->
        [true] { $relation }
       *[false] un{ $relation }
    } yourself.
circle-bot = Bots don't play, so there is nothing to change.
circle-cant-join = You can't join this table.
circle-no-reaction = That reaction isn't available.
circle-sort = Sort by one of: { $sorts }.
replay-no-match = There is no match with that number.
replay-match-playing = That match is still being played; replays open when it ends.
replay-no-round = That match has no round { $round }{ $count ->
        [0] .
       *[other] {" "}(rounds 1 to { $count }).
    }
replay-round-playing = That round is still being played.
forget-in-game = You're at a table right now: leave it or resign first, then try again.
rematch-not-a-player = Only the players of that match can ask for a rematch.
rematch-many-players = Open a new table with /gin table for a rematch of more than two players.
