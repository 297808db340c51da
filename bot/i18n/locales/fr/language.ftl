# Le nom de la langue dans la langue même, tel qu’on la choisit dans /gin me settings et /gin-admin language.
language-name = Français
