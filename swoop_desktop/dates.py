"""Dates in the player's language: "3 March 2026" (German "3. März 2026"), one helper for
every screen and message that names a day."""

from __future__ import annotations

from datetime import date, datetime

from swoop_desktop.i18n import Np_, _, pgettext

MONTHS = (
    Np_("month", "January"),
    Np_("month", "February"),
    Np_("month", "March"),
    Np_("month", "April"),
    Np_("month", "May"),
    Np_("month", "June"),
    Np_("month", "July"),
    Np_("month", "August"),
    Np_("month", "September"),
    Np_("month", "October"),
    Np_("month", "November"),
    Np_("month", "December"),
)


def day_words(day: date) -> str:
    """ "3 March 2026" in the player's language."""
    month = pgettext("month", MONTHS[day.month - 1])
    # Translators: a date, as in "3 March 2026" (German "3. März 2026").
    return _("{day} {month} {year}").format(day=day.day, month=month, year=day.year)


def moment_words(when: datetime) -> str:
    """ "3 March 2026, 14:05" in the player's language (a 24-hour clock)."""
    return f"{day_words(when.date())}, {when:%H:%M}"
