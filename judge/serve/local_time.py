"""A ruling's time as the event reads it: in the station's local time (the station runs at the
event; a ruling saved elsewhere, with another UTC offset, is shown on the same clock), written
for a person — "Sat 5 Dec 2026, 14:03" — never as ISO 8601 with its offset.

A stored time another program wrote that is not ISO 8601 is shown as it is (it is data, never
a reason to fail the page); one without an offset is taken as the station's local time already.
"""

from __future__ import annotations

import datetime as dt

# English names, whatever the server's locale (strftime's %a and %b follow it).
_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def station_moment(stored: str) -> dt.datetime | None:
    """The stored time on the station's clock; None for text that is not a time."""
    try:
        moment = dt.datetime.fromisoformat(stored)
    except (TypeError, ValueError):
        return None
    return moment.astimezone() if moment.tzinfo is not None else moment


def readable(stored: str) -> str:
    """'Sat 5 Dec 2026, 14:03' (the station's local time), or the stored text when it is not a time."""
    moment = station_moment(stored)
    if moment is None:
        return stored
    return f"{_DAYS[moment.weekday()]} {moment.day} {_MONTHS[moment.month - 1]} {moment.year}, {moment:%H:%M}"


def machine_time(stored: str) -> str | None:
    """The instant a <time> element's datetime attribute holds ("2026-12-05T14:03:00+01:00"), on
    the station's clock; None for text that is not a time (templates/_time.html shows both)."""
    moment = station_moment(stored)
    return None if moment is None else moment.isoformat(timespec="seconds")


def zone_name() -> str:
    """The station's time zone as the log names it: 'CET, UTC+01:00'."""
    now = dt.datetime.now().astimezone()
    offset = now.strftime("%z")
    utc = f"UTC{offset[:3]}:{offset[3:]}" if offset else "UTC"
    name = now.tzname() or ""
    return f"{name}, {utc}" if name and name not in (utc, "UTC") else utc
