# El nombre del idioma en sí mismo, como se elige en /gin me settings y /gin-admin language.
language-name = Español
