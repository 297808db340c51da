# Tournois : erreurs.

tournament-not-found = Désolé, nous n'avons pas trouvé ce tournoi.
tournament-status = { $name } { $status ->
        [signup] est en inscriptions
        [running] est en cours
        [paused] est en pause
        [finished] est terminé
       *[cancelled] est annulé
    }.
tournament-status-now = { $name } { $status ->
        [signup] est en inscriptions
        [running] est en cours
        [paused] est en pause
        [finished] est terminé
       *[cancelled] est annulé
    } en ce moment.
tournament-not-here = Il n'y a pas de tournoi n° { $number } ici.
tournament-none-running = Aucun tournoi n'est en cours sur ce serveur.
tournament-name-empty = Donnez un nom au tournoi.
tournament-name-long = Le nom peut compter au plus { $count } caractères.
tournament-format-unknown = Format inconnu « { $format } ».
tournament-two-seats = Les tables de tournoi sont pour deux joueurs : choisissez d'autres règles.
tournament-rounds-swiss = Le nombre de rondes ne se choisit qu'en système suisse.
tournament-one-round = Un tournoi demande au moins une ronde.
tournament-two-players = Un tournoi doit pouvoir accueillir au moins deux joueurs.
tournament-already-in = Vous êtes déjà inscrit.
tournament-full = Désolé, le tournoi est complet.
tournament-signup-closed = Les inscriptions à ce tournoi sont closes.
tournament-leave-started = Le tournoi a commencé ; demandez à l'organisateur si vous devez vous retirer.
tournament-not-in = Vous n'êtes pas inscrit.
tournament-started = { $name } a déjà commencé.
tournament-player-not-in = { $name } ne participe pas à ce tournoi.
tournament-player-left = { $name } a déjà quitté le tournoi.
tournament-in-a-server = Les tournois se jouent dans un serveur.
tournament-no-rights = Seule une personne avec Gérer le serveur ou le rôle d'organisateur peut faire cela.
tournament-role-admins = Seule une personne avec Gérer le serveur peut choisir le rôle d'organisateur.
