# The language's own name, as players choose it in /gin me settings and /gin-admin language.
language-name = English
