# Achievements (bot/circle/achievements.py): a title and a line for each key (the keys are
# stored, never renamed).

ach-unlocked = 🏆 **ACHIEVEMENT UNLOCKED: { $title }**
    { $description }
ach-first_match-title = Pull Up a Chair
ach-first_match-description = Finish your first match.
ach-first_win-title = First Win
ach-first_win-description = Win a match.
ach-first_gin-title = Gin!
ach-first_gin-description = Go gin for the first time.
ach-big_gin-title = Big Gin
ach-big_gin-description = Go big gin: all eleven cards melded.
ach-undercut-title = Undercut
ach-undercut-description = Undercut a player who knocked.
ach-shutout-title = Shutout
ach-shutout-description = Win a match without losing a round.
ach-wins_10-title = Regular
ach-wins_10-description = Win 10 matches.
ach-wins_100-title = Centurion
ach-wins_100-description = Win 100 matches.
ach-streak_5-title = On a Roll
ach-streak_5-description = Win 5 matches in a row.
ach-double_gin-title = Double Gin
ach-double_gin-description = Go gin twice in one match.
ach-comeback-title = Comeback
ach-comeback-description = Win a match after trailing by 50 points or more.
ach-beat_hard-title = Machine Breaker
ach-beat_hard-description = Beat the hard computer player.
ach-marathon-title = Marathon
ach-marathon-description = Finish a match of 10 rounds or more.
