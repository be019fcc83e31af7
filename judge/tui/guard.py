"""A safety net for key and click handlers: a defect becomes a notification, not a crash.

Textual ends the app on any exception a handler lets through; at a table mid-ruling that
would lose the judge's board and history. Handlers that call into other layers are wrapped:
the error is shown, its traceback written to the cache directory for a bug report.
"""

from __future__ import annotations

import functools
import traceback
from datetime import datetime


def guarded(method):
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:  # the point is to catch what nobody foresaw
            report(self.app, exc)
            return None

    return wrapper


def report(app, exc: Exception) -> None:
    """Log a defect's traceback and say so in a notification (on the app's thread)."""
    where = _log(exc)
    app.notify(
        f"Something went wrong ({exc.__class__.__name__}: {exc}). Details: {where}", severity="error", timeout=15
    )


def _log(exc: Exception) -> str:
    from judge import paths

    target = paths.cache_dir() / "tui-errors.log"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("a", encoding="utf-8") as fh:
            fh.write(f"--- {datetime.now().isoformat(timespec='seconds')}\n")
            fh.write("".join(traceback.format_exception(exc)))
        return str(target)
    except OSError:
        return "(could not write the error log)"
