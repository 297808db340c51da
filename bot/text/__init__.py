"""Text: sentences in a reader's language, built from catalog lookups (`bot.i18n.t`).

Every text builder lives here, one module per kind of thing said; the Discord side
(`bot/ui`, the cogs) and the picture workers (`bot/render`) call them, the services never
do (they return `Coded`). Nothing here knows Discord.

- :mod:`bot.text.hands` — a round in words: hands, melds, moves, results, scores
- :mod:`bot.text.rules` — a preset's rules, briefly
- :mod:`bot.text.records` — stats, leaderboards, ratings, history, relations, replays
- :mod:`bot.text.achievements` — achievements' titles and announcements
- :mod:`bot.text.tournaments` — round tables, standings, brackets, a ranking's records
- :mod:`bot.text.pictures` — the words drawn on the card pictures
- :mod:`bot.text.replies` — the commands' private replies and their buttons' labels
- :mod:`bot.text.legacy` — English texts under the old constant names
"""
