"""The most decisions a deal may take before the referee cuts it off (a safety net: real
deals end long before). Its own module so that the daily deal, which the game imports,
never imports the tournament and what it runs on (Dask, an optional extra)."""

from __future__ import annotations

DEFAULT_CAP = 1000

__all__ = ["DEFAULT_CAP"]
