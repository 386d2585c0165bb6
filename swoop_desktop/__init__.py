"""Swoop desktop: the Swoop card game against three AI opponents."""

__version__ = "0.1.0"
