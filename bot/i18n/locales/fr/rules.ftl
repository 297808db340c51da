# `/gin rules` : une variante en quelques lignes. La référence est RULES.md ; chaque nombre vient des règles.

rules-players = { $players } joueurs, { $cards } cartes chacun
rules-players-range = De { $low } à { $high } joueurs : { $cards } cartes chacun à deux, { $cards_multi } à trois ou quatre
rules-head = **{ $name }** : { $players } ; brelans et carrés, suites de 3 cartes ou plus dans une couleur, l'as est bas.
rules-turn = À votre tour, piochez dans la pioche ou la défausse, puis défaussez (jamais la carte que vous venez de prendre dans la défausse).
rules-knock = On frappe avec { $limit } points isolés ou moins ; on fait gin avec aucun{ $big_gin ->
        [true] , et Big Gin avec les 11 cartes en combinaisons.
       *[false] .
    }
rules-wall = Quand il reste { $cards } cartes dans la pioche, { $wall ->
        [draw] la manche est nulle (personne ne marque)
        [redeal] les mains sont jetées et redistribuées
       *[reshuffle] la défausse (sauf sa carte du dessus) est mélangée pour former une nouvelle pioche
    }.
rules-penalty = Points de pénalité : un gin coûte à chaque perdant ses points isolés + { $gin } ; un contre coûte { $undercut } de plus à celui qui a frappé. La partie s'arrête à { $target } ; le moins de points gagne.
rules-points = Une frappe rapporte la différence de points isolés ; si l'adversaire en a autant ou moins (un contre), c'est lui qui marque { $undercut } + la différence. Un gin rapporte { $gin }{ $big_gin ->
        [true] {" "}(le Big Gin { $big_gin_bonus })
       *[false] {""}
    } + les points isolés de l'adversaire.
rules-target = Le premier à { $target } gagne la partie.{ $bonus ->
        [true] {" "}S'y ajoutent un bonus de partie de { $game } et { $line } par manche gagnée{ $shutout ->
            [true] {" "}; les points des manches sont doublés si l'adversaire n'en a gagné aucune et qu'aucune n'a été nulle.
           *[false] .
        }
       *[false] {" "}Pas de bonus.
    }
