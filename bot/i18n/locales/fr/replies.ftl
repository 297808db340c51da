# Réponses privées des commandes et de leurs boutons éphémères (cogs/).

reply-challenge-elsewhere = Les défis se lancent dans un salon d'un serveur.
reply-table-elsewhere = Les tables s'ouvrent dans un salon d'un serveur.
reply-computer-elsewhere = Les parties contre l'ordinateur se jouent dans un salon d'un serveur.
reply-missing-permissions = Je ne peux pas accueillir de partie ici : il me faut { $missing } dans ce salon.
reply-computer-setting-up = Un instant, nous préparons votre partie contre l'ordinateur ({ $level })...
reply-computer-on = Votre partie contre l'ordinateur ({ $level }) a commencé à la table n° { $table } : votre main arrive en message privé. Bonne chance !
reply-not-in-game = Vous n'êtes dans aucune partie en ce moment.
reply-also-at = Vous jouez aussi aux tables { $tables } : utilisez **Voir ma main** là-bas.
reply-not-in-match = Vous n'êtes dans aucune partie en ce moment.
reply-resign-ask = Abandonner votre partie à la table n° { $table } ? { $opponent } la gagne.
reply-resign-ask-many = Quitter votre partie à la table n° { $table } ? Vous ne pourrez plus la gagner : votre main est jouée automatiquement jusqu'à la fin, et { $others } continuent.
reply-resigned-many = Vous avez quitté la partie de la table n° { $table } : { $others } continuent.
reply-resign-which = Vous jouez à plusieurs tables. Quelle partie abandonnez-vous ?
reply-resign-table = Table n° { $table } · { $rules } · { $others }
reply-resign-button = Abandonner
reply-keep-playing = Continuer
reply-resigned = Vous avez abandonné la partie : { $opponent } la gagne.
reply-good-luck = Bonne chance !
reply-out-of-date = Ce bouton n'était plus à jour ; voici votre main actuelle.
reply-stopping = Le bot redémarre ; réessayez dans un instant.
reply-control-out-of-date = Ce contrôle n'est plus à jour.
reply-only-players-hands = Seuls les joueurs de cette table peuvent voir leur main.
reply-started = La partie a commencé : bonne chance !
reply-blocked-ask = Un joueur que vous avez bloqué est à cette table. Rejoindre quand même ?
reply-join-anyway = Rejoindre quand même
reply-dont-join = Ne pas rejoindre
reply-joined = Vous avez rejoint la table.
reply-not-joined = Vous n'avez pas rejoint la table.
reply-which-computer = Quel joueur ordinateur ?
reply-computer-sits = Un joueur ordinateur ({ $level }) s'installe.
reply-rematch-dealing = Revanche ! Distribution en cours...
reply-accepted = Accepté : la partie a commencé à la table n° { $table }. Chaque joueur reçoit ses cartes en message privé.
reply-declined = { $name } a refusé.
reply-cancelled = Annulé par l'auteur du défi.
reply-expired = Expiré : personne n'a répondu à temps.
reply-told-declined = { $name } a refusé votre défi de Gin Rummy.
reply-told-expired = Votre défi de Gin Rummy a expiré sans réponse.
reply-not-your-buttons = Ces boutons appartiennent à quelqu'un d'autre.
reply-chat-not-playing = Vous ne jouez à aucune table en ce moment.
reply-quick-reactions = Réactions rapides :
reply-chat-sent = Envoyé à la table n° { $table }.
reply-erase-button = Effacer mes données
reply-keep-button = Les garder
reply-erased = C'est fait : tout ce que nous gardions sur vous est effacé.
reply-not-erased = Rien n'a été effacé.
reply-on = oui
reply-off = non
reply-settings = Images des cartes : **{ $images }** · jeu à quatre couleurs : **{ $four }** · fond sombre : **{ $dark }** · alertes de tour : **{ $alerts }** · langue : **{ $language }**.
reply-language-discord = celle de votre Discord
reply-previous = ◀ Précédent
reply-next = Suivant ▶
reply-pick-a-card = Choisissez une carte dans la liste.
help-title = Gin Rummy : comment jouer ici
help-how =
    1. Défiez quelqu'un avec `{ $challenge }`, ouvrez une table avec `{ $table }` ou jouez contre l'ordinateur avec `{ $computer }`.
    2. Votre main arrive en message privé, avec des boutons : piochez ou prenez la défausse, puis défaussez. Frappez ou faites gin quand vous le pouvez ; vous confirmez avant que cela compte.
    3. Le salon montre la défausse, les scores et le résultat de chaque donne. Le premier à atteindre l'objectif gagne la partie.
    Main perdue ? `{ $hand }`. Les règles : `{ $rules }`.
help-play = Jouer
help-more = { $title } (suite)
about-text = Défiez quelqu'un avec `{ $challenge }` ou ouvrez une table avec `{ $table }`. Votre main arrive en message privé ; la défausse reste dans le salon.
about-version = Version
about-up-for = En ligne depuis
about-uptime = { $hours } h { $minutes } min
about-latency = Latence de la passerelle
about-not-measured = pas encore mesurée
# Les noms que Discord donne aux permissions que le bot vérifie.
permission-name = { $permission ->
        [send_messages] Envoyer des messages
        [embed_links] Intégrer des liens
        [attach_files] Joindre des fichiers
       *[other] { $permission }
    }
list-more = { $item }, { $rest }
# Un clic sur le message de quelqu'un d'autre (bot/ui/ownership.py).
click-not-yours = Ce message n'est pas le vôtre : utilisez votre propre message de main, ou `/{ cmd-gin-name } { cmd-gin-hand-name }`.
click-not-checked = Désolé, je n'ai pas pu vérifier ce clic. Réessayez dans un instant.

# /gin-admin language (cogs/admin.py) : réponse privée, dans la langue de l'admin.
reply-server-language-set = Les messages publics de ce serveur (tables, résultats, tournois, défis publics) sont maintenant en **{ $language }**.
reply-server-language-cleared = Les messages publics de ce serveur suivent maintenant la langue du serveur sur Discord : **{ $language }**.
reply-server-language-chosen = Les messages publics de ce serveur sont en **{ $language }**, au choix d'un admin. { $command } la change.
reply-server-language-follows = Les messages publics de ce serveur suivent la langue du serveur sur Discord : **{ $language }**. { $command } en choisit une autre.
reply-admin-only = Seule une personne avec Gérer le serveur peut changer les réglages du bot pour ce serveur.
reply-admin-in-server = Cela ne fonctionne que dans un serveur.
help-admin = Admins du serveur (Gérer le serveur)
