"""Reading a posted form: only the fields a page's form has, each once, each text (or, where
the form has a file input, one file). Anything else is refused (400) naming what was wrong,
before the CSRF token or any value is looked at."""

from __future__ import annotations

from starlette.datastructures import FormData, UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request

from judge.safe_text import one_line

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


async def read_form(request: Request, fields: tuple[str, ...], files: tuple[str, ...] = ()) -> FormData:
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind not in FORM_TYPES:
        raise HTTPException(
            415,
            f"This address takes a form ({' or '.join(FORM_TYPES)}), not {one_line(kind) or 'a body without a type'}.",
        )
    # The parser stops at these counts itself, before reading further parts.
    form = await request.form(max_files=len(files), max_fields=len(fields) + 1)
    unknown = sorted({key for key in form if key not in fields and key not in files})
    if unknown:
        raise HTTPException(
            400,
            "This form has no field " + ", ".join(repr(one_line(k)[:40]) for k in unknown[:5]) + "; nothing was done.",
        )
    for key in set(form.keys()):
        values = form.getlist(key)
        if len(values) > 1:
            raise HTTPException(400, f"The field {key!r} was sent {len(values)} times; nothing was done.")
        is_file = isinstance(values[0], UploadFile)
        if is_file != (key in files):
            raise HTTPException(
                400, f"The field {key!r} must be " + ("a file" if key in files else "text") + "; nothing was done."
            )
    return form


def text(form: FormData, key: str) -> str:
    value = form.get(key)
    return value if isinstance(value, str) else ""
