"""Misère play: quotients, answers through them, genus, closed forms."""
