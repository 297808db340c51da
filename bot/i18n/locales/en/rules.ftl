# `/gin rules`: a preset in a few lines (bot/text/rules.py). The reference is RULES.md;
# every number comes from the rule set.

rules-players = { $players } players, { $cards } cards each
rules-players-range = { $low } to { $high } players: { $cards } cards each for two, { $cards_multi } each for three or four
rules-head = **{ $name }**: { $players }; sets of 3-4, runs of 3+ in a suit, aces low.
rules-turn = Draw from the stock or the discard pile, then discard (not the card you just took from the pile).
rules-knock = Knock with { $limit } or less deadwood; Gin with 0{ $big_gin ->
        [true] , Big Gin with all 11 cards melded.
       *[false] .
    }
# $wall: draw, redeal or reshuffle
rules-wall = When { $cards } cards remain in the stock, { $wall ->
        [draw] the round is a draw (nobody scores)
        [redeal] the hands are thrown in and re-dealt
       *[reshuffle] the discard pile (all but its top card) becomes a new stock
    }.
rules-penalty = Penalty points: Gin costs each loser deadwood + { $gin }; an undercut costs the knocker { $undercut } more. The match ends at { $target }; fewest points wins.
rules-points = Knock scores the deadwood difference; an undercut (defender's deadwood ≤ knocker's) gives the defender { $undercut } + the difference. Gin scores { $gin }{ $big_gin ->
        [true] {" "}(Big Gin { $big_gin_bonus })
       *[false] {""}
    } + the opponent's deadwood.
rules-target = First to { $target } wins the match.{ $bonus ->
        [true] {" "}Then a game bonus of { $game }, { $line } per round won{ $shutout ->
            [true] , doubled round scores for a shutout (every round won, none drawn).
           *[false] .
        }
       *[false] {" "}No bonuses.
    }
