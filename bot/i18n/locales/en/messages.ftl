# Discord messages of a game (bot/ui/messages.py): the public board, the lobby, the reveal,
# the summary, a player's hand and its controls, a challenge. Button labels: at most 80
# characters. $table: a table number; $rules: a preset's name (cardgames, classic...).

table-title = Gin Rummy · table #{ $table } · { $rules } to { $target }
scores-line = { $scores } ({ $penalty ->
        [true] penalty points
       *[false] points
    })
# $when: Discord's relative time ("in 2 minutes")
deadline = {" "}(time runs out { $when })
field-scores = Scores
field-discard-pile = Discard pile
discard-pile-below = **{ $top }** (below: { $below })
field-stock = Stock
cards = { $count } cards
seat-away = {" "}(away)
seat-resigned = {" "}(resigned)
field-cards-in-hand = Cards in hand
round-over-result = Round over: { $result }
round-over-short = Round over.
board-match-over = The match is over.
field-round = Round { $round }
field-last-actions = Last actions

## The lobby

field-players = Players ({ $seated }/{ $seats })
lobby-join = Join to play. The game starts when the table is full, or when the host starts it.
button-lobby-join = Join
button-lobby-leave = Leave
button-lobby-start = Start
button-lobby-computer = Add computer

## The end of a round and of a match

reveal-title = Round { $round } · table #{ $table }
nobody = Nobody
summary-resigned = { $loser } resigned: 🏆 **{ $winner }** wins the match.
summary-forfeit = { $loser } did not play in time: 🏆 **{ $winner }** wins by forfeit.
summary-wins = 🏆 **{ $winner }** wins the match.
# $total: a total with its parts ("**120** points (...)"); $won: rounds won
summary-seat = { $name }: { $total } · { $won ->
        [one] { $won } round
       *[other] { $won } rounds
    } won
summary-removed = {" "}· removed for being away
summary-left = {" "}· resigned, could not win
# The tie-break that decided the winner (docs/playing.md, "Ties")
summary-tie-round-points = Tied on the final score: { $winner } wins the tie with more round points.
summary-tie-latest-round = Tied on the final score: { $winner } wins the tie by having won the latest round of those tied.
summary-tie-seat = Tied on the final score, and none of those tied won a round: { $winner } wins the tie as the first seated at the table.
match-over-title = Match over · table #{ $table }
final-round = Round { $round }: { $result }
match-over-rules-title = Match over · table #{ $table } · { $rules }
table-rules-title = Table #{ $table } · { $rules }
called-off = This match was called off.
removed-away = You were away too long and have been removed from this match. Your hand is played automatically until the match ends, and you can't win it.
removed-resigned = You resigned and left this match. Your hand is played automatically until it ends (it can't win); { $others } play on.

## A player's hand (private)

opponent-holds = { $name } holds { $count }
hand-your-hand = **Your hand:** { $cards }
hand-deadwood = **Deadwood:** { $deadwood }
hand-table = **Discard pile:** { $top } · **Stock:** { $stock } · { $opponents }
# $how: took (from the discard pile, everyone saw it) or drew (from the stock)
# the last actions in a hand, on one line
hand-actions-separator = {"; "}
hand-drawn = You { $how ->
        [took] took
       *[drew] drew
    } { $card }.
hand-round-over = **Round { $round } is over.**
# The round that ended the match (reveal and hands): $total with its parts
last-round-match-over = { $penalty ->
        [true] That was the last round: it ends the match. Final scores:
       *[false] That was the last round: it ends the match. Final scores, every bonus included:
    }
last-round-total = { $name }: { $total }
hand-next-round = The next round is dealt in a moment.
hand-your-turn = **Your turn:** { $what }
hand-waiting = Waiting for { $name }.
hand-confirm = **{ $question }** Press **Confirm**, or choose another move.
# the knock's one confirmation: the hand's cards now knock
hand-knock-choose = **{ $question }** Click that card to knock with it, or another red one; **Back** to discard instead.
hand-last-round-result = *Last round:* { $result }
hand-title = Table #{ $table } · { $rules } · scores { $scores }
my-turn-first = take the up-card or pass.
my-turn-draw = { $take ->
        [true] draw from the stock or take the top discard
       *[false] draw from the stock
    }.{ $big_gin ->
        [true] {" "}You can go **Big Gin**.
       *[false] {""}
    }
my-turn-discard = discard a card.
my-turn-option-discard = discard a card
my-turn-option-gin = go **gin**
my-turn-option-big_gin = go **Big Gin**
my-turn-option-knock = **knock**
# $some: the options but the last, separated by commas
my-turn-options = you can { $some } or { $last }.
confirm-knock = Knock with { $card } face down, keeping { $deadwood } deadwood?
confirm-gin = Go gin, discarding { $card } face down?
confirm-big-gin = Go Big Gin with all your cards?

## Controls

button-confirm-knock = Confirm: knock with { $card }
button-confirm-gin = Confirm: gin (discard { $card })
button-confirm-big-gin = Confirm: Big Gin
button-waiting-for = Waiting for { $name }
button-waiting = Waiting
button-take = Take { $card }
button-pass = Pass
button-draw-stock = Draw from stock
select-discard = Discard…
select-knock = Knock with…
button-gin = Gin (discard { $card })
button-big-gin = Big Gin
button-back = Back

## A challenge

challenge-title = Gin Rummy challenge
# $you: true in the opponent's own copy (then $opponent is empty)
challenge-text = **{ $challenger }** challenges { $you ->
        [true] you
       *[false] { $opponent }
    } to a match of Gin Rummy ({ $rules }, to { $target } points).
field-status = Status
field-expires = Expires
button-accept = Accept
button-decline = Decline
button-cancel = Cancel

## The notifier (bot/ui/notifier.py)

# $seconds: seconds left
reminder = ⏰ { $seconds } s left before your turn is played automatically.
dm-closed = { $mention }, I can't send you direct messages. Use **Show my hand** on the table message to see your cards and play.
button-show-hand = Show my hand
button-rematch = Rematch
# A name and what goes with it ("Bob: 42"); French sets a space before the colon.
labelled = { $label }: { $value }

# The one message of a busy channel (more than a few tables in play, docs/playing.md): a
# line per table, edited as they move; each table's own board follows its rounds.
tables-in-play = Tables in play
tables-in-play-line = **#{ $table }** { $scores } · { $pile }: { $top } · { $stock }: { $count } · { $turn }
tables-in-play-boards = Each table's board shows its round's start and end; the moves are here.

# A computer player's name wherever names are shown ($level: choice-easy... in commands.ftl);
# -nth for the second and later computer at a table.
computer-name = Computer ({ $level })
computer-name-nth = Computer { $number } ({ $level })
