"""`judge serve`: the event's judge station in a browser (Starlette, Jinja2, uvicorn).

One process started by the head judge; floor judges reach it from their phones. The web layer is
thin: every page is drawn from the corpus, search, engine, sheet and rulings layers, exactly as
the CLI and the TUI are. Modules:

- settings.py  what the head judge chose at start (host, port, access code) and per-process secrets
- security.py  the browser session, CSRF tokens, the access code for writes, size limits, headers
- pages.py     the Jinja2 templates and the one way a page is rendered (autoescaped)
- static.py    the package's CSS/JS, served from memory (no URL path reaches the file system)
- app.py       assembles the routes of the page modules into one ASGI application
"""
