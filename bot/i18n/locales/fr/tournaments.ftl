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
tournament-too-few = Un tournoi demande au moins { $count } joueurs.
tournament-swiss-rounds = Un tournoi suisse à { $players } joueurs peut avoir { $most ->
        [one] une seule ronde
       *[other] de 1 à { $most } rondes
    }.
tournament-cannot-start = Ce tournoi ne peut pas commencer avec ces réglages.

## Ce qu'on lit d'un tournoi (cogs/tournaments.py, bot/text/tournaments.py) : les messages
## publics dans la langue du serveur, les réponses privées dans celle du lecteur.

tournament-format = { $format ->
        [swiss] Système suisse
        [round_robin] Toutes rondes
        [single_elimination] Élimination directe
       *[double_elimination] Double élimination
    }
tournament-status-word = { $status ->
        [signup] inscriptions ouvertes
        [running] en cours
        [paused] en pause
        [finished] terminé
       *[cancelled] annulé
    }
signup-format = Formule : **{ $format }**
signup-rounds = { $count ->
        [one] 1 ronde
       *[other] { $count } rondes
    }
signup-duplicate = donnes identiques à toutes les tables
signup-rules = Règles : **{ $rules }**, parties en { $target } points
signup-places = Places : { $count }/{ $most }
signup-entrants = Inscrits ({ $count }) : { $names }
signup-nobody = personne pour l'instant
signup-press-join = Appuyez sur **Rejoindre** pour jouer. L'organisateur le lance avec `{ $command }`.
signup-closed = Inscriptions closes ({ $status }).
signup-join = Rejoindre
signup-leave = Quitter
standings-final = Classement final
standings-after = Classement après la ronde { $round }
standings-after-of = Classement après la ronde { $round } sur { $total }
standings-none = Pas encore de résultat.
tournament-reply-started = { $name } a commencé : la ronde 1 se joue.
tournament-reply-paused = { $name } est en pause.
tournament-reply-resumed = { $name } reprend.
tournament-reply-cancelled = { $name } est annulé.
tournament-reply-kicked = { $player } ne participe plus à { $name }.
tournament-role-set = Les membres avec { $role } peuvent désormais organiser des tournois.
tournament-role-cleared = Plus de rôle d'organisateur : seul Gérer le serveur permet d'organiser des tournois.
tournament-no-thread = Je n'ai pas pu ouvrir de fil pour **{ $name }** ici (il faut un salon textuel et mes permissions Créer des fils publics et Envoyer des messages dans les fils) : il se joue donc dans ce salon.
tournament-announce = { $change ->
        [paused] **{ $name }** est en pause.
        [resumed] **{ $name }** reprend.
       *[cancelled] **{ $name }** est annulé.
    }
tournament-round = 🏆 **{ $name }** : ronde { $round }
tournament-round-of = 🏆 **{ $name }** : ronde { $round } sur { $total }
tournament-bye = { $player } est exempté de cette ronde.
tournament-table = { $a } contre { $b } : table n° { $table }, vos cartes sont dans vos messages privés.
tournament-deadline = Jouez votre premier coup avant { $time } ({ $relative }), sinon la partie est perdue par forfait.
tournament-blocked = Tournoi { $name }, ronde { $round } ({ $key }) : vous êtes opposé à un joueur que l'un de vous deux a bloqué. Un tournoi apparie tout le monde ; l'organisateur décide s'il faut retirer quelqu'un.
tournament-over = 🏆 **{ $name }** est terminé ! Vainqueur : { $winners }
tournament-and = et
tournament-nobody = personne
tournament-rank-points = { $points ->
        [one] { $points } pt
       *[other] { $points } pts
    }, Bu { $bu }, SB { $sb }, { $record }

## Ce qui s'est passé à une table décidée sans jeu (les notes du service)

tournament-no-show-both = Ni { $a } ni { $b } n'ont joué à temps : défaite pour les deux.
tournament-no-show-one = { $loser } n'a pas joué à temps : victoire par forfait pour { $winner }.
tournament-no-shows = { $count ->
        [one] Forfait
       *[other] Forfaits
    } à la ronde { $round } :
    { $lines }
tournament-bullet = • { $line }
tournament-lines = { $lines }
tournament-removed = { $name } a été retiré du tournoi.
tournament-removed-both = { $name } a été retiré du tournoi : ni { $a } ni { $b } n'ont joué, défaite pour les deux.
tournament-removed-one = { $name } a été retiré du tournoi : victoire par forfait pour { $winner }.
tournament-decided-both = Ni { $a } ni { $b } n'ont joué : défaite pour les deux.
tournament-decided-one = { $loser } n'a pas joué : victoire par forfait pour { $winner }.

## Vues texte dans un bloc de code (courtes : les téléphones coupent les lignes de plus de
## 50 caractères environ)

view-bye = { $a }  exempt
view-vs = { $a }  contre  { $b }
view-double-forfeit = { $a } et { $b } : aucun n'a joué, défaite pour les deux
view-beat = { $winner } bat { $loser }
view-beat-forfeit = { $winner } bat { $loser } (forfait)
view-no-round = Aucune ronde n'a encore été appariée.
view-round = Ronde { $round }
view-round-of = Ronde { $round } sur { $total }
view-record-ff = { $wins }-{ $losses } ({ $forfeits } forf.)
view-col-player = Joueur
view-col-record = V-D
view-col-status = Statut
view-col-points = Pts
view-left = (parti)
view-player-status = { $status ->
        [active] en lice
        [eliminated] éliminé
        [withdrawn] retiré
       *[champion] champion
    }
view-out-in-round = éliminé ronde { $round }
view-section = { $section ->
        [W] Gagnants
        [L] Perdants
       *[F] Grande finale
    }
view-section-round = { $section ->
        [W] Gagnants, ronde { $round }
       *[L] Perdants, ronde { $round }
    }
view-grand-final-reset = Grande finale, revanche
view-not-needed = inutile
view-tbd = à venir
view-if-reset = (si le champion des perdants gagne la GF1)
view-hidden-finished = ({ $count ->
        [one] 1 ronde terminée masquée
       *[other] { $count } rondes terminées masquées
    })
view-hidden = ({ $count ->
        [one] 1 ronde masquée
       *[other] { $count } rondes masquées
    })
