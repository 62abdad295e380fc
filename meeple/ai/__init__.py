"""Bots that play through the engine contract only (views and legal actions)."""
