# The game in words: the board, the hand message, the reveal (bot/text/hands.py).
# $who, $name, $knocker, $winner: a player's name. $card: a short card label ("Q♠").

result-knock = Knock
result-gin = Gin
result-big_gin = Big Gin
result-undercut = Undercut
result-draw = Draw
result-redeal = Re-deal

## The log of moves: "{ $who } { $action }"

the-table = The table
event = { $who } { $action }
event-reshuffle = The discard pile was shuffled into a new stock
do-take_upcard = took the up-card { $card }
do-pass = passed on the up-card
do-draw_stock = drew from the stock
do-draw_discard = took { $card } from the discard pile
do-discard = discarded { $card }
do-knock = knocked
do-gin = went gin
do-big_gin = went big gin
# A draw and the discard that followed: "Alice drew from the stock and discarded 9♠"
turn-joined = { $first } and { $second }
# $away: true when the player was removed, false when only this turn timed out, resigned
# when the player left a match of three or four
turn-auto = { $turn } (played automatically: { $name } { $away ->
        [resigned] resigned
        [true] is away
       *[false] was away
    })

## Whose turn

turn-round-over = The round is over.
turn-first = { $who } may take the up-card or pass.
turn-draw = { $who } to draw.
turn-discard = { $who } to discard.

## The end of a round

void-wall = the stock ran down to the wall
void-stall = the stock stopped shrinking
title-void = **{ $title }**: { $reason }. Nobody scores.
title-knock-card = {" "}(knock card { $card })
title-undercut = **{ $title }**: { $knocker } knocked{ $card } and { $winner } undercut
title-by = **{ $title }** by { $knocker }{ $card }
piece-deadwood-minus = deadwood { $deadwood } − { $minus }
piece-deadwood = { $deadwood } deadwood
# $kind: gin, big_gin or undercut; $penalty: true under penalty scoring
piece-bonus = { $points } { $kind ->
        [gin] gin
        [big_gin] big gin
       *[undercut] undercut
    } { $penalty ->
        [true] penalty
       *[false] bonus
    }
points = { $penalty ->
        [true] { $points ->
            [one] { $points } penalty point
           *[other] { $points } penalty points
        }
       *[false] { $points ->
            [one] { $points } point
           *[other] { $points } points
        }
    }
# A total and how it was made: "29 points (25 gin bonus + 4 deadwood)"
with-parts = { $head } ({ $parts })
score-takes = { $name } takes { $points }.
score-wins-round = { $name } wins the round.
score-wins-round-no-penalty = { $name } wins the round. Nobody takes penalty points.
score-scores = { $name } scores { $points }.
reveal-line = { $name }: { $cards } — deadwood { $deadwood }
reveal-layoff = { $card } on { $meld }
reveal-laid-off = {" "}({ $name } laid off { $layoffs })

## The end of a match

total = **{ $total }** { $penalty ->
        [true] { $total ->
            [one] penalty point
           *[other] penalty points
        }
       *[false] { $total ->
            [one] point
           *[other] points
        }
    }
total-round-points = { $points ->
        [one] { $points } round point
       *[other] { $points } round points
    }
total-shutout = { $points } shutout (round points doubled)
total-game-bonus = { $points } game bonus
total-line-bonus = { $points } line bonus
