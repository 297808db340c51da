"""Discord-side rendering of the game: messages, embeds, persistent controls."""
