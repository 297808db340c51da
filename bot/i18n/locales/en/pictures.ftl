# Words in the card pictures and their text version (bot/text/pictures.py). Labels drawn in a
# picture should stay short (a few words). $kind: knock, gin, big_gin or undercut.

pic-set = Set
pic-run = Run
pic-deadwood = Deadwood { $points }
pic-knock-card = Knock card
pic-stock = Stock { $count }
pic-discard = Discard { $count }
pic-laid-off = Laid off
pic-laid-off-on = Laid off on { $name }
headline-undercut = { $knocker } knocked, { $winner } undercut and wins
headline-other-wins = { $knocker } { $kind ->
        [gin] went gin
        [big_gin] went big gin
       *[knock] knocked
    }, { $winner } wins
headline-wins = { $knocker } { $kind ->
        [gin] went gin
        [big_gin] went big gin
       *[knock] knocked
    } and wins
role-knocker = { $kind ->
        [gin] gin
        [big_gin] big gin
       *[knock] knocked
    }
role-undercut = undercut
role-wins = wins
score-deadwood = { $deadwood } deadwood
score-deadwood-minus = { $deadwood } − { $minus } deadwood
score-penalty = penalty { $points }
score-penalty-term = { $points } { $kind ->
        [gin] gin
        [big_gin] big gin
       *[undercut] undercut
    }
score-bonus-term = { $points } { $kind ->
        [gin] gin
        [big_gin] big gin
       *[undercut] undercut
    } bonus

## The pictures as text (alt text)

alt-deadwood-cards = deadwood { $cards } ({ $points })
alt-deadwood = deadwood { $points }
alt-new = { $text } · new { $card }
alt-empty = empty
alt-table = Discard { $top } ({ $pile }) · Stock { $stock } · { $seats }
alt-laid-off = laid off { $cards }
alt-laid-off-on = laid off on { $name } { $cards }
alt-knock-card = {" "}· knock card { $card }
# The alt text of a hand's and the board's picture (bot/ui/images.py)
alt-hand = Your hand: { $cards }. Deadwood { $deadwood }.
