"""Load benchmark for `judge serve`: simulated floor judges searching, reading and logging rulings.

Starts `judge serve` as its own process on 127.0.0.1 (a fresh data folder, so the rulings log
starts empty; the user's cache, so nothing is re-parsed), then runs N simulated judges for S
seconds. Each judge has its own browser session (cookies) and, between requests, waits a random
think time (exponential, mean --think seconds; 0 = as fast as it can). Each request is one of:

    search   /search?q=…     a rule number, a glossary term or a card name drawn from the corpus
    entry    /nd/704.5j      a random entry's permalink
    card     /card?name=…    a card by name
    log      GET an entry page for its form, POST /log with the event's access code → 303
    livelog  /log/live       the head judge's live log (one extra client, every 3 s)
    arrive   /  or  /log     each client's first request: it includes the client's own set-up
                             (the HTTP client builds its TLS context then), so it is listed apart

Afterwards the server is stopped and the rulings log is read back from its SQLite file: every
ruling acknowledged with a 303 must be there (counted), and no request may have had a 5xx.
Bounded and local: loopback only, at most 200 judges and 600 s.

    python bench/speed/bench_serve.py                    # 50 judges, 60 s, think 1 s
    python bench/speed/bench_serve.py --judges 10 --seconds 10
    python bench/speed/bench_serve.py --json             # the figures as one JSON object
    python bench/speed/bench_serve.py --write-doc        # and its table written into the page

The simulated judges run on the same machine as the server and share its cores: the times are
the server's under that extra load, an upper bound on what phones on the Wi-Fi would see.
Queries come from the corpus itself (ids, glossary terms, card names), never from a question set.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import httpx2 as httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import doc_table
from doc_table import NO_BUDGET, Row

MAX_JUDGES = 200
MAX_SECONDS = 600
ACCESS_CODE = "bench-code-7"  # judge serve refuses a code under 8 characters
MIX = (("search", 0.45), ("entry", 0.30), ("card", 0.15), ("log", 0.10))
BUDGETED = {"search": "p95 ≤ 100 ms at 50 judges", "entry": "p95 ≤ 100 ms at 50 judges"}
_CSRF = re.compile(r'name="csrf" value="([0-9a-f]{64})"')


@dataclass
class Figures:
    times: dict[str, list[float]] = field(default_factory=dict)
    statuses: dict[int, int] = field(default_factory=dict)
    server_errors: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)  # connection errors, timeouts
    acknowledged: set[str] = field(default_factory=set)

    def record(self, kind: str, seconds: float, response: httpx.Response, expect: tuple[int, ...]) -> None:
        self.times.setdefault(kind, []).append(seconds)
        self.statuses[response.status_code] = self.statuses.get(response.status_code, 0) + 1
        where = f"{response.request.method} {response.request.url.raw_path.decode()} → {response.status_code}"
        if response.status_code >= 500:
            self.server_errors.append(where)
        elif response.status_code not in expect:
            self.unexpected.append(where)


@dataclass(frozen=True)
class Pools:
    """What the judges ask for, drawn from the corpus."""

    numbers: list[str]
    terms: list[str]
    cards: list[str]
    entry_paths: list[str]


def corpus_pools(seed: int) -> Pools:
    from judge import context

    corpus = context.corpus()
    rng = random.Random(seed)
    entries = list(corpus.entries.values())
    numbered = [e for e in entries if e.number and e.kind in ("rule", "subrule")]
    glossary = [e.title for e in entries if e.kind == "glossary" and e.title]
    cards = [e.title for e in entries if e.kind == "card" and e.title]
    sample = rng.sample(entries, min(2000, len(entries)))
    return Pools(
        numbers=[e.number for e in numbered],
        terms=glossary,
        cards=cards,
        entry_paths=["/" + e.id.replace(":", "/", 1) for e in sample],
    )


def start_server(data_home: Path, port: int) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "JUDGE_DATA_HOME": str(data_home)}
    env.pop("JUDGE_RULINGS_DB", None)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "judge",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--code",
            ACCESS_CODE,
            "--no-qr",
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    first = process.stdout.readline()
    match = re.match(r"judge serve: (http://127\.0\.0\.1:\d+)/", first)
    if not match:
        process.kill()
        raise SystemExit(f"bench_serve: the server did not start: {first!r} {process.stderr.read()}")
    return process, match.group(1)


async def wait_until_ready(base: str) -> float:
    """Poll until the first search answers (which opens the corpus and the index); its time."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        deadline = time.monotonic() + 120
        while True:
            try:
                started = time.perf_counter()
                response = await client.get("/search", params={"q": "damage"})
                if response.status_code == 200:
                    return time.perf_counter() - started
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("bench_serve: the server never answered a search")
            await asyncio.sleep(0.2)


async def timed(figures: Figures, kind: str, expect: tuple[int, ...], request) -> httpx.Response | None:
    started = time.perf_counter()
    try:
        response = await request
    except httpx.HTTPError as exc:
        figures.failures.append(f"{kind}: {exc.__class__.__name__}: {exc}")
        return None
    figures.record(kind, time.perf_counter() - started, response, expect)
    return response


async def one_judge(n: int, base: str, pools: Pools, until: float, think: float, seed: int, figures: Figures) -> None:
    rng = random.Random(seed * 1000 + n)
    kinds, weights = zip(*MIX)
    logged = 0
    async with httpx.AsyncClient(base_url=base, timeout=30, follow_redirects=False) as client:
        # Judges arrive over the first think time, not all in the same millisecond.
        await asyncio.sleep(rng.uniform(0, think))
        await timed(figures, "arrive", (200,), client.get("/"))
        while time.monotonic() < until:
            if think:
                await asyncio.sleep(rng.expovariate(1 / think))
                if time.monotonic() >= until:
                    break
            kind = rng.choices(kinds, weights)[0]
            if kind == "search":
                query = rng.choice([rng.choice(pools.numbers), rng.choice(pools.terms), rng.choice(pools.cards)])
                await timed(figures, "search", (200, 303), client.get("/search", params={"q": query}))
            elif kind == "entry":
                await timed(figures, "entry", (200,), client.get(quote(rng.choice(pools.entry_paths))))
            elif kind == "card":
                await timed(figures, "card", (200, 303), client.get("/card", params={"name": rng.choice(pools.cards)}))
            else:
                logged += 1
                await log_ruling(client, n, logged, pools, rng, figures)


async def log_ruling(client, n: int, k: int, pools: Pools, rng: random.Random, figures: Figures) -> None:
    number = rng.choice(pools.numbers)
    page = await timed(figures, "entry", (200,), client.get(f"/nd/{number}"))
    if page is None or page.status_code != 200:
        return
    token = _CSRF.search(page.text)
    if token is None:
        figures.unexpected.append(f"GET /nd/{number}: no log form on the page")
        return
    answer = f"bench ruling {n}-{k}"
    form = {
        "csrf": token.group(1),
        "question": f"Judge {n}'s question {k}",
        "answer": answer,
        "cites": f"nd:{number}",
        "table": str(n),
        "judge": f"Judge {n}",
        "event": "bench",
        "code": ACCESS_CODE,
    }
    response = await timed(figures, "log", (303,), client.post("/log", data=form))
    if response is not None and response.status_code == 303:
        figures.acknowledged.add(answer)


async def head_judge(base: str, until: float, figures: Figures) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        await timed(figures, "arrive", (200,), client.get("/log"))
        while time.monotonic() < until:
            await asyncio.sleep(3)
            await timed(figures, "livelog", (200,), client.get("/log/live"))


async def run_judges(base: str, pools: Pools, judges: int, seconds: float, think: float, seed: int) -> Figures:
    figures = Figures()
    until = time.monotonic() + seconds
    await asyncio.gather(
        head_judge(base, until, figures),
        *(one_judge(n, base, pools, until, think, seed, figures) for n in range(judges)),
    )
    return figures


def stored_answers(data_home: Path) -> list[str]:
    from judge.rulings.store import RulingStore

    return [r.answer for r in RulingStore(data_home / "rulings.sqlite3").all()]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(figures: Figures, stored: list[str], seconds: float, first_search: float, args) -> dict:
    kinds = {}
    for kind, times in sorted(figures.times.items()):
        kinds[kind] = {
            "requests": len(times),
            "p50_ms": round(1000 * statistics.median(times), 1),
            "p95_ms": round(1000 * percentile(times, 0.95), 1),
            "max_ms": round(1000 * max(times), 1),
        }
    bench_rows = [a for a in stored if a.startswith("bench ruling ")]
    return {
        "judges": args.judges,
        "seconds": seconds,
        "think_s": args.think,
        "seed": args.seed,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "first_search_ms": round(1000 * first_search, 1),
        "requests": sum(len(t) for t in figures.times.values()),
        "per_second": round(sum(len(t) for t in figures.times.values()) / seconds, 1),
        "pages": kinds,
        "statuses": dict(sorted(figures.statuses.items())),
        "server_errors": len(figures.server_errors),
        "unexpected": figures.unexpected[:20],
        "failures": figures.failures[:20],
        "rulings_acknowledged": len(figures.acknowledged),
        "rulings_stored": len(bench_rows),
        "rulings_missing": sorted(figures.acknowledged - set(bench_rows))[:20],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--judges", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds between a judge's requests")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--port", type=int, default=0, help="default: a free port")
    parser.add_argument("--json", action="store_true")
    doc_table.add_option(parser)
    args = parser.parse_args()
    run = doc_table.Run.start(__file__)
    if not 1 <= args.judges <= MAX_JUDGES or not 0 < args.seconds <= MAX_SECONDS or args.think < 0:
        parser.error(f"--judges 1–{MAX_JUDGES}, --seconds up to {MAX_SECONDS}, --think ≥ 0")
    port = args.port or _free_port()
    pools = corpus_pools(args.seed)
    with tempfile.TemporaryDirectory(prefix="judge-bench-serve-") as scratch:
        data_home = Path(scratch)
        process, base = start_server(data_home, port)
        try:
            first_search = asyncio.run(wait_until_ready(base))
            started = time.monotonic()
            figures = asyncio.run(run_judges(base, pools, args.judges, args.seconds, args.think, args.seed))
            elapsed = time.monotonic() - started
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        result = summary(figures, stored_answers(data_home), elapsed, first_search, args)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(_table(result))
    if args.write_doc:
        doc_table.write(run, _rows(result))
    broken = result["server_errors"] or result["rulings_missing"] or result["failures"]
    return 1 if broken else 0


def _table(result: dict) -> str:
    lines = [
        f"{result['judges']} judges, {result['seconds']:.0f} s, think {result['think_s']:g} s, "
        f"load {result['load_average']}: {result['requests']} requests ({result['per_second']}/s); "
        f"first search {result['first_search_ms']} ms",
        f"{'page':<8} {'requests':>8} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}",
    ]
    for kind, row in result["pages"].items():
        lines.append(f"{kind:<8} {row['requests']:>8} {row['p50_ms']:>8} {row['p95_ms']:>8} {row['max_ms']:>8}")
    lines.append(
        f"statuses {result['statuses']}; 5xx: {result['server_errors']}; "
        f"unexpected: {len(result['unexpected'])}; connection failures: {len(result['failures'])}"
    )
    lines.append(
        f"rulings acknowledged {result['rulings_acknowledged']}, in the store afterwards "
        f"{result['rulings_stored']}, missing {len(result['rulings_missing'])}"
    )
    for problem in result["unexpected"] + result["failures"] + result["rulings_missing"]:
        lines.append(f"  {problem}")
    return "\n".join(lines)


def _rows(result: dict) -> list[Row]:
    """The page's table: one row per kind of request, then the run as a whole."""
    rows = [
        Row(
            f"{result['judges']} judges for {result['seconds']:.0f} s, think {result['think_s']:g} s: requests",
            f"{result['requests']:,} ({result['per_second']}/s); first search {result['first_search_ms']} ms",
        )
    ]
    for kind, row in result["pages"].items():
        rows.append(
            Row(
                f"`{kind}` ({row['requests']:,} requests)",
                f"p50 {row['p50_ms']} ms, p95 {row['p95_ms']} ms, max {row['max_ms']} ms",
                BUDGETED.get(kind, NO_BUDGET),
            )
        )
    rows.append(
        Row(
            "5xx; unexpected statuses; connection failures",
            f"{result['server_errors']}; {len(result['unexpected'])}; {len(result['failures'])}",
            "0; 0; 0",
        )
    )
    rows.append(
        Row(
            "rulings acknowledged, in the store afterwards, missing",
            f"{result['rulings_acknowledged']}, {result['rulings_stored']}, {len(result['rulings_missing'])}",
            "none missing",
        )
    )
    return rows


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


if __name__ == "__main__":
    sys.exit(main())
