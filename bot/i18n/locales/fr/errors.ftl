# Erreurs qu'un joueur lit, en privé. Les clés « illegal-* » sont les codes du moteur.

error-generic = Désolé, un problème est survenu de notre côté. Réessayez dans un instant.
error-check-failed = Désolé, vous ne pouvez pas utiliser cela ici.
error-bad-option = Désolé, je n'ai pas compris l'une des options. Vérifiez-la et réessayez.
error-cooldown = Doucement : réessayez dans { $seconds } s.
error-bot-permissions = J'ai d'abord besoin de ces permissions ici : { $missing }.
error-no-dm = Cette commande ne fonctionne que sur un serveur.
error-missing-permissions = Il vous faut ces permissions pour cela : { $missing }.
error-missing-role = Il vous faut un rôle particulier pour cette commande.

## Le moteur

illegal-match-over = Cette partie est terminée.
illegal-round-not-over = Cette manche n'est pas encore terminée.
illegal-round-over = Cette manche est terminée.
illegal-round-over-next-soon = Cette manche est terminée ; la suivante commence dans un instant.
illegal-not-your-turn = Ce n'est pas votre tour.
illegal-first-turn-upcard-or-pass = Au premier tour, vous pouvez seulement prendre la carte retournée ou passer.
illegal-upcard-offer-over = La carte retournée n'est plus proposée : piochez une carte.
illegal-draw-first = Piochez d'abord une carte, dans la pioche ou la défausse.
illegal-already-drawn = Vous avez déjà pioché : défaussez maintenant une carte.
illegal-upcard-passed = Tout le monde a refusé la carte retournée : piochez dans la pioche.
illegal-discard-empty = La défausse est vide : piochez dans la pioche.
illegal-not-in-hand = Vous n'avez pas { $card }.
illegal-just-taken = Vous ne pouvez pas { $move ->
        [knock] frapper avec
        [gin] faire gin avec
       *[discard] défausser
    } la carte que vous venez de prendre dans la défausse.
illegal-gin-deadwood = Vous ne pouvez pas faire gin : les cartes que vous gardez laissent { $deadwood ->
        [one] { $deadwood } point isolé
       *[other] { $deadwood } points isolés
    }.
illegal-knock-deadwood = Vous ne pouvez pas frapper avec { $deadwood ->
        [one] { $deadwood } point isolé
       *[other] { $deadwood } points isolés
    } : la limite est { $limit }.
illegal-knock-is-gin = Ces cartes ne laissent aucun point isolé : c'est un gin, pas une frappe.
illegal-no-big-gin = Le Big Gin ne se joue pas avec ces règles.
illegal-big-gin-deadwood = Vous ne pouvez pas faire Big Gin : vos cartes laissent { $deadwood ->
        [one] { $deadwood } point isolé
       *[other] { $deadwood } points isolés
    }.
illegal-big-gin-needs-all = Le Big Gin demande les { $cards } cartes en combinaisons ; vous avez { $deadwood ->
        [one] { $deadwood } point isolé
       *[other] { $deadwood } points isolés
    }.

## Tables

table-not-found = Désolé, nous n'avons pas trouvé cette table.
table-not-seated = Seuls les joueurs de cette table peuvent utiliser ces commandes.
table-stale = Ce bouton n'est plus à jour ; voici votre main telle qu'elle est maintenant.
table-not-started = Cette table n'a pas encore commencé.
table-too-many = Vous êtes déjà à { $count } tables ; terminez-en une avant d'en commencer une autre.
table-players-range = Les règles { $rules } se jouent { $low ->
        [2] { $high ->
            [2] à deux joueurs seulement
           *[other] de { $low } à { $high } joueurs
        }
       *[other] de { $low } à { $high } joueurs
    }. Pour { $seats } places, choisissez les règles : { $fits }.
table-started = Cette table a déjà commencé.
table-already-seated = Vous êtes déjà à cette table.
table-full = Cette table est complète.
table-host-adds-computer = Seul l'hôte peut ajouter un joueur ordinateur.
table-leave-started = La partie a commencé : utilisez /{ cmd-gin-name } { cmd-gin-resign-name } pour abandonner.
table-not-at = Vous n'êtes pas à cette table.
table-host-starts = Seul l'hôte peut lancer cette table.
table-two-needed = Il faut au moins deux joueurs pour commencer.
match-not-in-play = Cette partie n'est pas en cours.
match-already-left = Vous avez déjà quitté cette partie.

## Défis

rules-unknown = Règles inconnues « { $name } » : choisissez parmi { $presets }.
rules-target-range = L'objectif doit être entre { $low } et { $high } points.
challenge-self = Vous ne pouvez pas vous défier vous-même. Essayez `/{ cmd-gin-name } { cmd-gin-table-name }` ou `/{ cmd-gin-name } { cmd-gin-computer-name }`.
challenge-bot = Les bots ne jouent pas. Pour jouer contre l'ordinateur, utilisez `/{ cmd-gin-name } { cmd-gin-computer-name }`.
challenge-rules-more-players = Ces règles demandent plus de joueurs.
challenge-blocked = Vous ne pouvez pas défier { $name }.
challenge-offline = { $name } est hors ligne et n'accepte pas de défis pour le moment.
challenge-you-too-many = Vous êtes déjà à { $count } tables.
challenge-they-too-many = { $name } est déjà à { $count } tables.
challenge-pending = Vous avez déjà un défi en attente avec { $name }.
challenge-not-found = Désolé, nous n'avons pas trouvé ce défi.
challenge-already = Ce défi a déjà été { $status ->
        [accepted] accepté
        [declined] refusé
        [cancelled] annulé
       *[expired] expiré
    }.
challenge-player-too-many = Un joueur est déjà à { $count } tables.
challenge-closed = Ce défi n'est plus ouvert.
challenge-only-opponent-accepts = Seul le joueur défié peut accepter.
challenge-only-opponent-declines = Seul le joueur défié peut refuser.
challenge-only-challenger-cancels = Seul l'auteur du défi peut l'annuler.

## Joueurs, records, rediffusions

circle-server-only = Les records du serveur ne sont disponibles que sur un serveur ; essayez `{ cmd-gin-records-stats-opt-scope-name }: { choice-global }`.
circle-chat-too-long = Cela fait { $length } caractères ; une ligne du chat de table en compte au plus { $limit }.
circle-say-something = Écrivez d'abord quelque chose.
circle-self = Vous ne pouvez pas { $add ->
        [true] { $relation ->
            [block] vous bloquer
            [mute] vous mettre en sourdine
           *[favorite] vous ajouter aux favoris
        }
       *[false] { $relation ->
            [block] vous débloquer
            [mute] vous retirer de la sourdine
           *[favorite] vous retirer des favoris
        }
    } vous-même.
circle-bot = Les bots ne jouent pas, il n'y a donc rien à changer.
circle-cant-join = Vous ne pouvez pas rejoindre cette table.
circle-no-reaction = Cette réaction n'est pas disponible.
circle-sort = Triez par : { $sorts }.
replay-no-match = Aucune partie ne porte ce numéro.
replay-match-playing = Cette partie est encore en cours ; les rediffusions s'ouvrent à la fin.
replay-no-round = Cette partie n'a pas de manche { $round }{ $count ->
        [0] .
       *[other] {" "}(manches 1 à { $count }).
    }
replay-round-playing = Cette manche est encore en cours.
forget-in-game = Vous êtes à une table en ce moment : quittez-la ou abandonnez d'abord, puis réessayez.
rematch-not-a-player = Seuls les joueurs de cette partie peuvent demander une revanche.
rematch-many-players = Pour une revanche à plus de deux joueurs, ouvrez une nouvelle table avec /{ cmd-gin-name } { cmd-gin-table-name }.
