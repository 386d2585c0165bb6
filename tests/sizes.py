"""Two sizes for a check that walks many positions, deals or games.

``make test`` (the quick tier) runs such a check at a size that still means something: enough
positions that a broken rule or a peeking bot would be caught, asserted with thresholds
scaled to that size. The slow tier (``make test-slow``, run by ``.ci/run``) runs the very same
check at its full size. Nothing is dropped: each check runs in both tiers, only its size
differs.

    @quick_and_full(4, 12)
    def test_a_property_over_many_deals(size):
        for seed in range(size): ...

The ids read ``[quick]`` and ``[full]``; the full one is marked ``slow``.
"""

from __future__ import annotations

from typing import Any

import pytest


def quick_and_full(quick: Any, full: Any, name: str = "size") -> pytest.MarkDecorator:
    """Parametrize ``name`` with ``quick`` (make test) and ``full`` (marked ``slow``)."""
    return pytest.mark.parametrize(
        name,
        [pytest.param(quick, id="quick"), pytest.param(full, id="full", marks=pytest.mark.slow)],
    )
