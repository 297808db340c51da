# Records, classements, relations, historique, rediffusions, oubliez-moi.

decimal-mark = ,
sort-wins = parties gagnées
sort-gins = gins
sort-points = points marqués
sort-streak = meilleure série de victoires
sort-played = parties jouées
sort-rating = classement Elo
rating-legend = ± = écart du classement · provisoire : l'écart est encore grand
none-yet = Aucun pour l'instant.
nobody-lower = personne
none-lower = rien

## /gin records stats

stats-none = Pas encore de partie.
stats-best-points = { $points } pts
stats-matches = Parties : **{ $played }** { $played ->
        [one] jouée
       *[other] jouées
    }, **{ $won }** { $won ->
        [one] gagnée
       *[other] gagnées
    } ({ $rate })
stats-rounds = Manches gagnées : { $won } sur { $played } · moyenne { $average } pts/manche
stats-gins = Gins : { $gins } · Big Gins : { $big_gins } · Frappes : { $knocks }
stats-undercuts = Contres : { $made } { $made ->
        [one] fait
       *[other] faits
    }, { $suffered } { $suffered ->
        [one] subi
       *[other] subis
    } · Blanchissages : { $shutouts }
stats-best = Meilleure partie : { $best } · Série : { $current } en cours, { $streak } au mieux
rating-none = sans cote (pas encore de partie classée)
rating = **{ $rating } ±{ $rd }** ({ $games ->
        [one] { $games } partie classée
       *[other] { $games } parties classées
    }{ $provisional ->
        [true] , provisoire
       *[false] {""}
    })
rating-server = Ce serveur : { $rating }
rating-global = Global : { $rating }
stats-field-rating = Cote (Glicko-2)
stats-field-people = Contre des joueurs
stats-field-computer = Contre l'ordinateur
stats-field-rules = Règles préférées
stats-field-achievements = Succès
stats-title = Bilan : { $name } ({ $server ->
        [true] ce serveur
       *[false] tous les serveurs
    })

## /gin records leaderboard

board-head = **Classement — { $sort }, { $server ->
        [true] ce serveur
       *[false] tous les serveurs
    }** (contre des joueurs)
board-empty = Personne n'a encore terminé de partie ici.
board-you = {" "}◀ vous
board-not-on = Vous n'êtes pas encore dans ce classement : terminez une partie contre un joueur.
board-your-rank = Votre rang : **#{ $rank }** sur { $total } ({ $value })
board-page = Page { $page } sur { $pages }
rating-board-head = **Classement — Elo, { $server ->
        [true] ce serveur
       *[false] tous les serveurs
    }** (parties classées)
rating-board-empty = Personne n'a encore joué de partie classée ici.
rating-board-not-on = Vous n'êtes pas encore classé ici : terminez une partie classée contre un joueur.

## /gin player relations, /gin player friends

relations-presence = Vous êtes **{ $online ->
        [true] en ligne
       *[false] hors ligne
    }**.
relations-blocked = Bloqués : { $names }
relations-muted = En sourdine : { $names }
relations-favorites = Favoris ♥ : { $names }
friends-none = Pas encore de favori : ajoutez-en un avec `/{ cmd-gin-name } { cmd-gin-player-name } { cmd-gin-player-favorite-name }`.
friends-head = **Vos favoris ♥**
friends-online = { $online ->
        [true] 🟢 en ligne
       *[false] ⚪ hors ligne
    }

## /gin records history, /gin records replay

history-none = { $name } n'a pas encore de partie terminée.
history-head = **Parties récentes : { $name }**
history-line = `#{ $table }` { $date } contre { $vs } : { $won ->
        [true] gagnée
       *[false] perdue
    } { $score } ({ $rounds ->
        [one] { $rounds } manche
       *[other] { $rounds } manches
    }, { $rules }{ $ended ->
        [score] {""}
        [resign] , par abandon
        [timeout] , par forfait
        [forfeit] , par forfait
       *[other] , { $ended }
    })
history-replay = Revoir une manche : `/{ cmd-gin-name } { cmd-gin-records-name } { cmd-gin-records-replay-name } { cmd-gin-records-replay-opt-match-name }:<#> { cmd-gin-records-replay-opt-round-name }:<n>`
replay-head = **Partie n° { $table }, manche { $round }** — coup { $move } sur { $moves }
replay-piles = Défausse : { $top } · Pioche : { $stock }
replay-your-hand = Votre main : { $cards }
replay-others-later = (Les autres mains sont montrées à la fin de la partie.)
replay-hands-later = (Les mains sont montrées à la fin de la partie.)
replay-to-play = À { $name } de jouer.

## /gin me forget-me

export-nothing = Nous ne gardons rien sur vous.
export-head = Voici ce que nous gardons sur vous (copie complète jointe).
export-count = { $count } { $kind }
export-profile = Profil : { $profile ->
        [true] oui
       *[false] aucun
    }
export-records = Données : { $records }
export-erase = L'effacement supprime tout. Les parties terminées gardent une place anonyme (« joueur supprimé ») pour que l'historique des autres reste juste.
replay-deal = La donne
