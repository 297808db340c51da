# Succès : un titre et une ligne par clé.

ach-unlocked = 🏆 **SUCCÈS DÉBLOQUÉ : { $title }**
    { $description }
ach-first_match-title = Prenez place
ach-first_match-description = Terminez votre première partie.
ach-first_win-title = Première victoire
ach-first_win-description = Gagnez une partie.
ach-first_gin-title = Gin !
ach-first_gin-description = Faites gin pour la première fois.
ach-big_gin-title = Big Gin
ach-big_gin-description = Faites Big Gin : les onze cartes en combinaisons.
ach-undercut-title = Contre
ach-undercut-description = Contrez un joueur qui a frappé.
ach-shutout-title = Blanchissage
ach-shutout-description = Gagnez une partie sans perdre une manche.
ach-wins_10-title = Habitué
ach-wins_10-description = Gagnez 10 parties.
ach-wins_100-title = Centurion
ach-wins_100-description = Gagnez 100 parties.
ach-streak_5-title = Sur sa lancée
ach-streak_5-description = Gagnez 5 parties d'affilée.
ach-double_gin-title = Double gin
ach-double_gin-description = Faites gin deux fois dans la même partie.
ach-comeback-title = Remontada
ach-comeback-description = Gagnez une partie après avoir été mené de 50 points ou plus.
ach-beat_hard-title = Briseur de machines
ach-beat_hard-description = Battez l'ordinateur au niveau difficile.
ach-marathon-title = Marathon
ach-marathon-description = Terminez une partie de 10 manches ou plus.
