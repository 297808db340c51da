# Records, leaderboards, relations, history, replays, forget-me (bot/text/records.py).

decimal-mark = .
sort-wins = matches won
sort-gins = gins
sort-points = points scored
sort-streak = best win streak
sort-played = matches played
sort-rating = rating
rating-legend = ± = rating deviation · provisional: the deviation is still large
none-yet = None yet.
nobody-lower = nobody
none-lower = none

## /gin records stats

stats-none = No matches yet.
stats-best-points = { $points } pts
# $rate: a percentage ("50%")
stats-matches = Matches: **{ $played }** played, **{ $won }** won ({ $rate })
stats-rounds = Rounds won: { $won } of { $played } · avg { $average } pts/round
stats-gins = Gins: { $gins } · Big gins: { $big_gins } · Knocks: { $knocks }
stats-undercuts = Undercuts: { $made } made, { $suffered } suffered · Shutouts: { $shutouts }
stats-best = Best match: { $best } · Streak: { $current } now, { $streak } best
rating-none = unrated (no rated match yet)
rating = **{ $rating } ±{ $rd }** ({ $games ->
        [one] { $games } rated match
       *[other] { $games } rated matches
    }{ $provisional ->
        [true] , provisional
       *[false] {""}
    })
rating-server = This server: { $rating }
rating-global = Global: { $rating }
stats-field-rating = Rating (Glicko-2)
stats-field-people = Vs people
stats-field-computer = Vs the computer
stats-field-rules = Favorite rules
stats-field-achievements = Achievements
stats-title = { $name }'s record ({ $server ->
        [true] this server
       *[false] all servers
    })

## /gin records leaderboard

board-head = **Leaderboard — { $sort }, { $server ->
        [true] this server
       *[false] all servers
    }** (vs people)
board-empty = Nobody has finished a match here yet.
board-you = {" "}◀ you
board-not-on = You're not on this leaderboard yet: finish a match against a person.
board-your-rank = Your rank: **#{ $rank }** of { $total } ({ $value })
board-page = Page { $page } of { $pages }
rating-board-head = **Leaderboard — rating, { $server ->
        [true] this server
       *[false] all servers
    }** (rated matches)
rating-board-empty = Nobody has played a rated match here yet.
rating-board-not-on = You're not rated here yet: finish a rated match against a person.

## /gin player relations, /gin player friends

relations-presence = You're **{ $online ->
        [true] online
       *[false] offline
    }**.
relations-blocked = Blocked: { $names }
relations-muted = Muted: { $names }
relations-favorites = Favorites ♥: { $names }
friends-none = No favorites yet: add one with `/gin player favorite`.
friends-head = **Your favorites ♥**
friends-online = { $online ->
        [true] 🟢 online
       *[false] ⚪ offline
    }

## /gin records history, /gin records replay

history-none = { $name } has no finished matches yet.
history-head = **{ $name }'s recent matches**
# $ended: score (played to the end), resign, timeout, forfeit...
history-line = `#{ $table }` { $date } vs { $vs }: { $won ->
        [true] won
       *[false] lost
    } { $score } ({ $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }, { $rules }{ $ended ->
        [score] {""}
        [resign] , by resignation
        [timeout] , by forfeit
        [forfeit] , by forfeit
       *[other] , { $ended }
    })
history-replay = Replay a round: `/{ cmd-gin-name } { cmd-gin-records-name } { cmd-gin-records-replay-name } { cmd-gin-records-replay-opt-match-name }:<#> { cmd-gin-records-replay-opt-round-name }:<n>`
replay-head = **Match #{ $table }, round { $round }** — move { $move } of { $moves }
replay-piles = Discard pile: { $top } · Stock: { $stock }
replay-your-hand = Your hand: { $cards }
replay-others-later = (Other hands are shown once the match is over.)
replay-hands-later = (Hands are shown once the match is over.)
replay-to-play = { $name } to play.

## /gin me forget-me

export-nothing = We store nothing about you.
export-head = Here is what we store about you (full copy attached).
# $kind: stats, relations, achievements, ratings, challenges, tables, matches, tournaments
export-count = { $count } { $kind }
export-profile = Profile: { $profile ->
        [true] yes
       *[false] none
    }
export-records = Records: { $records }
export-erase = Erasing removes all of it. Finished games keep an anonymous seat ("deleted player") so other players' history still adds up.
# The first frame of a replay
replay-deal = The deal
