# Commandes : noms (minuscules, sans espaces, 32 caractères au plus) et descriptions
# (100 au plus). Les clés viennent de bot/i18n/commands.py.

cmd-gin-name = gin
cmd-gin-description = Jouer au Gin Rummy

cmd-gin-about-name = a-propos
cmd-gin-about-description = Ce que fait ce bot et comment lancer une partie

cmd-gin-challenge-name = defier
cmd-gin-challenge-description = Défiez un membre dans une partie.
cmd-gin-challenge-opt-opponent-name = adversaire
cmd-gin-challenge-opt-opponent-description = Contre qui jouer
cmd-gin-challenge-opt-rules-name = regles
cmd-gin-challenge-opt-rules-description = Règles (par défaut cardgames)
cmd-gin-challenge-opt-target-name = objectif
cmd-gin-challenge-opt-target-description = Points à atteindre (10-500)

cmd-gin-computer-name = ordinateur
cmd-gin-computer-description = Jouez une partie contre l'ordinateur.
cmd-gin-computer-opt-level-name = niveau
cmd-gin-computer-opt-level-description = Quelle force (par défaut normal)
cmd-gin-computer-opt-rules-name = regles
cmd-gin-computer-opt-rules-description = Règles
cmd-gin-computer-opt-target-name = objectif
cmd-gin-computer-opt-target-description = Points

cmd-gin-hand-name = main
cmd-gin-hand-description = Revoir votre main, en privé.

cmd-gin-resign-name = abandonner
cmd-gin-resign-description = Abandonnez votre partie en cours.

cmd-gin-rules-name = regles
cmd-gin-rules-description = Les règles d'une variante, en bref.
cmd-gin-rules-opt-preset-name = variante
cmd-gin-rules-opt-preset-description = Quelles règles (par défaut cardgames)

cmd-gin-settings-name = reglages
cmd-gin-settings-description = Images des cartes : oui ou non, jeu quatre couleurs, fond sombre.
cmd-gin-settings-opt-images-name = images
cmd-gin-settings-opt-images-description = Afficher les images des cartes (le texte est toujours là)
cmd-gin-settings-opt-four_colour-name = quatre_couleurs
cmd-gin-settings-opt-four_colour-description = Jeu quatre couleurs : trèfles verts, carreaux bleus
cmd-gin-settings-opt-dark-name = sombre
cmd-gin-settings-opt-dark-description = Fond sombre
cmd-gin-settings-opt-turn_alerts-name = alertes_tour
cmd-gin-settings-opt-turn_alerts-description = Un nouveau message quand votre tour commence (non : la main est modifiée sans bruit)

cmd-gin-table-name = table
cmd-gin-table-description = Ouvrez une table dans ce salon pour que d'autres la rejoignent.
cmd-gin-table-opt-rules-name = regles
cmd-gin-table-opt-rules-description = Règles
cmd-gin-table-opt-seats-name = places
cmd-gin-table-opt-seats-description = Nombre de places (2-4 ; 3-4 demandent classic)
cmd-gin-table-opt-target-name = objectif
cmd-gin-table-opt-target-description = Points

cmd-gin-block-name = bloquer
cmd-gin-block-description = Bloquez un joueur : pas de défis, pas de tables partagées.
cmd-gin-block-opt-player-name = joueur
cmd-gin-block-opt-player-description = Qui bloquer

cmd-gin-favorite-name = favori
cmd-gin-favorite-description = Marquez un joueur comme favori (un cœur à côté de son nom).
cmd-gin-favorite-opt-player-name = joueur
cmd-gin-favorite-opt-player-description = Qui ajouter à vos favoris

cmd-gin-forget-me-name = oubliez-moi
cmd-gin-forget-me-description = Voyez ce que le bot garde sur vous, et effacez-le.

cmd-gin-friends-name = amis
cmd-gin-friends-description = Vos favoris et s'ils sont en ligne.

cmd-gin-history-name = historique
cmd-gin-history-description = Parties récentes avec adversaires, scores et dates.
cmd-gin-history-opt-player-name = joueur
cmd-gin-history-opt-player-description = De qui (par défaut : vous)

cmd-gin-leaderboard-name = classement
cmd-gin-leaderboard-description = Les meilleurs joueurs, et votre propre rang.
cmd-gin-leaderboard-opt-scope-name = portee
cmd-gin-leaderboard-opt-scope-description = Ce serveur ou tous les serveurs
cmd-gin-leaderboard-opt-sort-name = tri
cmd-gin-leaderboard-opt-sort-description = Selon quoi classer

cmd-gin-mute-name = sourdine
cmd-gin-mute-description = Ne plus recevoir le chat et les réactions d'un joueur à table.
cmd-gin-mute-opt-player-name = joueur
cmd-gin-mute-opt-player-description = Qui mettre en sourdine

cmd-gin-offline-name = hors-ligne
cmd-gin-offline-description = Passez hors ligne : personne ne peut vous défier.

cmd-gin-online-name = en-ligne
cmd-gin-online-description = Revenez en ligne : les joueurs peuvent vous défier.

cmd-gin-relations-name = relations
cmd-gin-relations-description = Qui vous avez bloqué, mis en sourdine et mis en favori.

cmd-gin-replay-name = revoir
cmd-gin-replay-description = Revoir une manche coup par coup.
cmd-gin-replay-opt-match-name = partie
cmd-gin-replay-opt-match-description = Le numéro de la partie (voir /gin history)
cmd-gin-replay-opt-round-name = manche
cmd-gin-replay-opt-round-description = La manche (1 = la première)

cmd-gin-say-name = dire
cmd-gin-say-description = Dites quelque chose aux joueurs de votre table.
cmd-gin-say-opt-text-name = texte
cmd-gin-say-opt-text-description = Quoi dire à votre table (vide pour les réactions rapides)

cmd-gin-stats-name = stats
cmd-gin-stats-description = Le bilan d'un joueur : parties, gins, séries, succès.
cmd-gin-stats-opt-player-name = joueur
cmd-gin-stats-opt-player-description = De qui (par défaut : vous)
cmd-gin-stats-opt-scope-name = portee
cmd-gin-stats-opt-scope-description = Ce serveur ou tous les serveurs

cmd-gin-unblock-name = debloquer
cmd-gin-unblock-description = Débloquez un joueur.
cmd-gin-unblock-opt-player-name = joueur
cmd-gin-unblock-opt-player-description = Qui débloquer

cmd-gin-unfavorite-name = retirer-favori
cmd-gin-unfavorite-description = Retirez un joueur de vos favoris.
cmd-gin-unfavorite-opt-player-name = joueur
cmd-gin-unfavorite-opt-player-description = Qui retirer de vos favoris

cmd-gin-unmute-name = fin-sourdine
cmd-gin-unmute-description = Recevoir de nouveau le chat d'un joueur à table.
cmd-gin-unmute-opt-player-name = joueur
cmd-gin-unmute-opt-player-description = Qui retirer de la sourdine

cmd-gin-tournament-name = tournoi
cmd-gin-tournament-description = Tournois de Gin Rummy

cmd-gin-tournament-create-name = creer
cmd-gin-tournament-create-description = Créez un tournoi et ouvrez les inscriptions (organisateurs).
cmd-gin-tournament-create-opt-name-name = nom
cmd-gin-tournament-create-opt-name-description = Le nom du tournoi
cmd-gin-tournament-create-opt-format-name = format
cmd-gin-tournament-create-opt-format-description = Suisse, toutes rondes, élimination simple ou double
cmd-gin-tournament-create-opt-rules-name = regles
cmd-gin-tournament-create-opt-rules-description = Règles pour toutes les tables
cmd-gin-tournament-create-opt-target-name = objectif
cmd-gin-tournament-create-opt-target-description = Points à atteindre dans chaque partie (10-500)
cmd-gin-tournament-create-opt-max_players-name = max_joueurs
cmd-gin-tournament-create-opt-max_players-description = Nombre maximum de joueurs inscrits
cmd-gin-tournament-create-opt-rounds-name = rondes
cmd-gin-tournament-create-opt-rounds-description = Suisse seulement : nombre de rondes (par défaut : assez pour un vainqueur)
cmd-gin-tournament-create-opt-duplicate-name = duplique
cmd-gin-tournament-create-opt-duplicate-description = Toutes les tables d'une ronde jouent les mêmes donnes

cmd-gin-tournament-start-name = lancer
cmd-gin-tournament-start-description = Clôturez les inscriptions et jouez la ronde 1 (organisateurs).
cmd-gin-tournament-start-opt-tournament-name = tournoi
cmd-gin-tournament-start-opt-tournament-description = Numéro du tournoi (par défaut : celui de ce salon)

cmd-gin-tournament-pause-name = pause
cmd-gin-tournament-pause-description = Retenez la ronde suivante et l'horloge des absences (organisateurs).
cmd-gin-tournament-pause-opt-tournament-name = tournoi
cmd-gin-tournament-pause-opt-tournament-description = Numéro du tournoi (par défaut : celui de ce salon)

cmd-gin-tournament-resume-name = reprendre
cmd-gin-tournament-resume-description = Reprenez un tournoi en pause (organisateurs).
cmd-gin-tournament-resume-opt-tournament-name = tournoi
cmd-gin-tournament-resume-opt-tournament-description = Numéro du tournoi (par défaut : celui de ce salon)

cmd-gin-tournament-cancel-name = annuler
cmd-gin-tournament-cancel-description = Annulez un tournoi (organisateurs).
cmd-gin-tournament-cancel-opt-tournament-name = tournoi
cmd-gin-tournament-cancel-opt-tournament-description = Numéro du tournoi (par défaut : celui de ce salon)

cmd-gin-tournament-kick-name = exclure
cmd-gin-tournament-kick-description = Retirez un joueur d'un tournoi (organisateurs).
cmd-gin-tournament-kick-opt-player-name = joueur
cmd-gin-tournament-kick-opt-player-description = Qui retirer
cmd-gin-tournament-kick-opt-tournament-name = tournoi
cmd-gin-tournament-kick-opt-tournament-description = Numéro du tournoi

cmd-gin-tournament-standings-name = classement
cmd-gin-tournament-standings-description = Affichez le classement d'un tournoi.
cmd-gin-tournament-standings-opt-tournament-name = tournoi
cmd-gin-tournament-standings-opt-tournament-description = Numéro du tournoi (par défaut : celui en cours ici, sinon le dernier)

cmd-gin-tournament-organizer-role-name = role-organisateur
cmd-gin-tournament-organizer-role-description = Choisissez le rôle qui peut organiser des tournois (admins).
cmd-gin-tournament-organizer-role-opt-role-name = role
cmd-gin-tournament-organizer-role-opt-role-description = Le rôle d'organisateur (vide pour l'effacer)

## Choices (shared by every option that offers them)

choice-cardgames = cardgames
choice-playingcards = playingcards
choice-classic = classique
choice-easy = facile
choice-normal = normal
choice-hard = difficile
choice-expert = expert
choice-on = oui
choice-off = non
choice-server = serveur
choice-global = global
choice-wins = victoires
choice-gins = gins
choice-points = points
choice-streak = série
choice-played = jouées
choice-rating = classement Elo
choice-swiss = suisse
choice-round_robin = toutes rondes
choice-single_elimination = élimination simple
choice-double_elimination = élimination double

## Right-click menus on a member

menu-challenge-name = Défier
menu-block-name = Bloquer
menu-favorite-name = Favori
