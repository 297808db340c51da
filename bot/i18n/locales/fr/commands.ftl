# Commandes : noms (minuscules, sans espaces, 32 caractères au plus) et descriptions
# (100 au plus). Les clés viennent de bot/i18n/commands.py.

cmd-gin-name = gin
cmd-gin-description = Jouer au Gin Rummy

cmd-gin-about-name = a-propos
cmd-gin-about-description = Ce qu'est ce bot

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

cmd-gin-me-settings-name = reglages
cmd-gin-me-settings-description = Images des cartes, quatre couleurs, fond sombre, langue.
cmd-gin-me-settings-opt-images-name = images
cmd-gin-me-settings-opt-images-description = Images des cartes (le texte reste)
cmd-gin-me-settings-opt-four_colour-name = quatre_couleurs
cmd-gin-me-settings-opt-four_colour-description = Trèfles verts, carreaux bleus
cmd-gin-me-settings-opt-dark-name = sombre
cmd-gin-me-settings-opt-dark-description = Fond sombre
cmd-gin-me-settings-opt-turn_alerts-name = alertes_tour
cmd-gin-me-settings-opt-turn_alerts-description = Un nouveau message à votre tour (non : modifié)

cmd-gin-table-name = table
cmd-gin-table-description = Ouvrez une table dans ce salon.
cmd-gin-table-opt-rules-name = regles
cmd-gin-table-opt-rules-description = Règles
cmd-gin-table-opt-seats-name = places
cmd-gin-table-opt-seats-description = Places (3-4 avec classic)
cmd-gin-table-opt-target-name = objectif
cmd-gin-table-opt-target-description = Points

cmd-gin-player-block-name = bloquer
cmd-gin-player-block-description = Ni défis ni tables avec ce joueur.
cmd-gin-player-block-opt-player-name = joueur
cmd-gin-player-block-opt-player-description = Qui bloquer

cmd-gin-player-favorite-name = favori
cmd-gin-player-favorite-description = Un cœur à côté de son nom.
cmd-gin-player-favorite-opt-player-name = joueur
cmd-gin-player-favorite-opt-player-description = Qui ajouter à vos favoris

cmd-gin-me-forget-me-name = oubliez-moi
cmd-gin-me-forget-me-description = Ce que le bot garde sur vous, et l'effacer.

cmd-gin-player-friends-name = amis
cmd-gin-player-friends-description = Vos favoris et s'ils sont en ligne.

cmd-gin-records-history-name = historique
cmd-gin-records-history-description = Parties récentes.
cmd-gin-records-history-opt-player-name = joueur
cmd-gin-records-history-opt-player-description = De qui (par défaut : vous)

cmd-gin-records-leaderboard-name = classement
cmd-gin-records-leaderboard-description = Les meilleurs et votre rang.
cmd-gin-records-leaderboard-opt-scope-name = portee
cmd-gin-records-leaderboard-opt-scope-description = Ce serveur ou tous les serveurs
cmd-gin-records-leaderboard-opt-sort-name = tri
cmd-gin-records-leaderboard-opt-sort-description = Selon quoi classer

cmd-gin-player-mute-name = sourdine
cmd-gin-player-mute-description = Ni son chat ni ses réactions.
cmd-gin-player-mute-opt-player-name = joueur
cmd-gin-player-mute-opt-player-description = Qui mettre en sourdine

cmd-gin-me-offline-name = hors-ligne
cmd-gin-me-offline-description = Personne ne peut vous défier.

cmd-gin-me-online-name = en-ligne
cmd-gin-me-online-description = On peut de nouveau vous défier.

cmd-gin-player-relations-name = relations
cmd-gin-player-relations-description = Bloqués, masqués et favoris.

cmd-gin-records-replay-name = revoir
cmd-gin-records-replay-description = Revoir une manche coup par coup.
cmd-gin-records-replay-opt-match-name = partie
cmd-gin-records-replay-opt-match-description = Numéro de partie (voir l'historique)
cmd-gin-records-replay-opt-round-name = manche
cmd-gin-records-replay-opt-round-description = La manche (1 = la première)

cmd-gin-say-name = dire
cmd-gin-say-description = Parlez aux joueurs de votre table.
cmd-gin-say-opt-text-name = texte
cmd-gin-say-opt-text-description = Quoi dire, 200 caractères au plus (vide : réactions rapides)

cmd-gin-records-stats-name = stats
cmd-gin-records-stats-description = Parties, gins, séries, succès.
cmd-gin-records-stats-opt-player-name = joueur
cmd-gin-records-stats-opt-player-description = De qui (par défaut : vous)
cmd-gin-records-stats-opt-scope-name = portee
cmd-gin-records-stats-opt-scope-description = Ce serveur ou tous les serveurs

cmd-gin-player-unblock-name = debloquer
cmd-gin-player-unblock-description = Débloquez un joueur.
cmd-gin-player-unblock-opt-player-name = joueur
cmd-gin-player-unblock-opt-player-description = Qui débloquer

cmd-gin-player-unfavorite-name = retirer-favori
cmd-gin-player-unfavorite-description = Retirez un joueur de vos favoris.
cmd-gin-player-unfavorite-opt-player-name = joueur
cmd-gin-player-unfavorite-opt-player-description = Qui retirer de vos favoris

cmd-gin-player-unmute-name = fin-sourdine
cmd-gin-player-unmute-description = Recevoir de nouveau son chat.
cmd-gin-player-unmute-opt-player-name = joueur
cmd-gin-player-unmute-opt-player-description = Qui retirer de la sourdine

cmd-gin-tournament-name = tournoi
cmd-gin-tournament-description = Tournois de Gin Rummy

cmd-gin-tournament-create-name = creer
cmd-gin-tournament-create-description = Créez un tournoi (organisateurs).
cmd-gin-tournament-create-opt-name-name = nom
cmd-gin-tournament-create-opt-name-description = Le nom du tournoi
cmd-gin-tournament-create-opt-format-name = format
cmd-gin-tournament-create-opt-format-description = Suisse, toutes rondes, élimination simple ou double
cmd-gin-tournament-create-opt-rules-name = regles
cmd-gin-tournament-create-opt-rules-description = Règles pour toutes les tables
cmd-gin-tournament-create-opt-target-name = objectif
cmd-gin-tournament-create-opt-target-description = Points par partie (10-500, 100 par défaut)
cmd-gin-tournament-create-opt-max_players-name = max_joueurs
cmd-gin-tournament-create-opt-max_players-description = Nombre maximum de joueurs inscrits
cmd-gin-tournament-create-opt-rounds-name = rondes
cmd-gin-tournament-create-opt-rounds-description = Suisse seulement : nombre de rondes
cmd-gin-tournament-create-opt-duplicate-name = duplique
cmd-gin-tournament-create-opt-duplicate-description = Mêmes donnes à chaque table d'une ronde

cmd-gin-tournament-start-name = lancer
cmd-gin-tournament-start-description = Fin des inscriptions, ronde 1 (organisateurs).
cmd-gin-tournament-start-opt-tournament-name = tournoi
cmd-gin-tournament-start-opt-tournament-description = Numéro (par défaut : celui d'ici)

cmd-gin-tournament-pause-name = pause
cmd-gin-tournament-pause-description = Mettez le tournoi en pause (organisateurs).
cmd-gin-tournament-pause-opt-tournament-name = tournoi
cmd-gin-tournament-pause-opt-tournament-description = Numéro (par défaut : celui d'ici)

cmd-gin-tournament-resume-name = reprendre
cmd-gin-tournament-resume-description = Reprenez le tournoi (organisateurs).
cmd-gin-tournament-resume-opt-tournament-name = tournoi
cmd-gin-tournament-resume-opt-tournament-description = Numéro (par défaut : celui d'ici)

cmd-gin-tournament-cancel-name = annuler
cmd-gin-tournament-cancel-description = Annulez un tournoi (organisateurs).
cmd-gin-tournament-cancel-opt-tournament-name = tournoi
cmd-gin-tournament-cancel-opt-tournament-description = Numéro (par défaut : celui d'ici)

cmd-gin-tournament-kick-name = exclure
cmd-gin-tournament-kick-description = Retirez un joueur (organisateurs).
cmd-gin-tournament-kick-opt-player-name = joueur
cmd-gin-tournament-kick-opt-player-description = Qui retirer
cmd-gin-tournament-kick-opt-tournament-name = tournoi
cmd-gin-tournament-kick-opt-tournament-description = Numéro du tournoi

cmd-gin-tournament-standings-name = classement
cmd-gin-tournament-standings-description = Affichez le classement d'un tournoi.
cmd-gin-tournament-standings-opt-tournament-name = tournoi
cmd-gin-tournament-standings-opt-tournament-description = Numéro (par défaut : celui d'ici ou le dernier)

cmd-gin-tournament-organizer-role-name = role-organisateur
cmd-gin-tournament-organizer-role-description = Le rôle qui organise les tournois (admins).
cmd-gin-tournament-organizer-role-opt-role-name = role
cmd-gin-tournament-organizer-role-opt-role-description = Le rôle (vide : l'effacer)

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

cmd-gin-help-name = aide
cmd-gin-help-description = Toutes les commandes et comment jouer
cmd-gin-player-name = joueur
cmd-gin-player-description = Bloquer, masquer, favoris
cmd-gin-me-name = moi
cmd-gin-me-description = Réglages, présence, vos données
cmd-gin-records-name = archives
cmd-gin-records-description = Statistiques, classements, historique
cmd-gin-me-settings-opt-language-name = langue
cmd-gin-me-settings-opt-language-description = Votre langue (par défaut : celle de Discord)
choice-english = English
choice-espa-ol = Español
choice-fran-ais = Français
choice-follow-discord = Comme Discord

# /gin-admin : les réglages d'un serveur, pour Gérer le serveur (cogs/admin.py).
cmd-gin-admin-name = gin-admin
cmd-gin-admin-description = Les réglages de Gin Rummy pour ce serveur (Gérer le serveur)
cmd-gin-admin-language-name = langue
cmd-gin-admin-language-description = La langue des messages publics du bot ici (sans choix : l'afficher)
cmd-gin-admin-language-opt-set-name = choisir
cmd-gin-admin-language-opt-set-description = La langue des tables, résultats, tournois et défis ici
choice-server-discord = La langue du serveur sur Discord
