"""Helpers shared by several parts' tests: small game modules and per-game test knowledge."""
