"""Airhead: a pure-Python rules core for airborne operations in hex-and-counter wargames."""

__version__ = "0.1.0"
