"""Gin Rummy for Discord."""
