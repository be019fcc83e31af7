"""The archive's figures (README, "Rulings as a record"): a sync of 10,000 rulings into an empty
PostgreSQL archive, the same sync again (nothing new), and precedent searches against it (p50,
p95). A throw-away cluster is started for it as the archive tests start one
(tests/postgres_cluster.py; fsync is off there, so a server with fsync on is slower to commit).

    python bench/speed/bench_archive.py [--rulings 10000] [--searches 200] [--write-doc]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import doc_table  # noqa: E402
from doc_table import Row  # noqa: E402

from judge.rulings import archive  # noqa: E402
from judge.rulings.interchange import merge, parse  # noqa: E402
from judge.rulings.store import RulingStore  # noqa: E402
from tests.postgres_cluster import cluster, new_database  # noqa: E402

RULES = ["nd:509.1c", "nd:704.5j", "nd:120.4", "nd:118.6", "nd:702.50", "nd:303.4", "nd:601.2a", "nd:704.7"]
WORDS = ["drained", "block", "damage", "counter", "Column", "survive", "control", "Spoils", "Vigor", "turn"]


def make_log(path: Path, count: int, seed: int = 7) -> RulingStore:
    rng = random.Random(seed)
    start = dt.datetime(2026, 1, 1, 9, 0, tzinfo=dt.UTC)
    lines = []
    for k in range(count):
        words = " ".join(rng.sample(WORDS, 4))
        lines.append(
            json.dumps(
                {
                    "uuid": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
                    "number": k + 1,
                    "revision": 1,
                    "kind": "given",
                    "event": f"Event {k // 500}",
                    "table": str(k % 60),
                    "question": f"Does it {words}?",
                    "answer": f"Ruled: {words} ({k}).",
                    "cites": rng.sample(RULES, 2),
                    "judge": "Kim",
                    "at": (start + dt.timedelta(minutes=k)).isoformat(),
                    "reason": "",
                }
            )
        )
    store = RulingStore(path)
    merge(store, parse("\n".join(lines).encode(), "bench"), "bench")
    return store


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rulings", type=int, default=10_000)
    parser.add_argument("--searches", type=int, default=200)
    doc_table.add_option(parser)
    args = parser.parse_args()
    run = doc_table.Run.start(__file__)
    with tempfile.TemporaryDirectory() as folder, cluster() as server:
        url = new_database(server, "bench")
        rulings = make_log(Path(folder) / "log.sqlite3", args.rulings).all()
        began = time.perf_counter()
        first = archive.sync(rulings, url, "bench")
        first_s = time.perf_counter() - began
        began = time.perf_counter()
        again = archive.sync(rulings, url, "bench")
        again_s = time.perf_counter() - began
        rng = random.Random(11)
        queries = [
            rng.choice([rng.choice(RULES).split(":")[1], rng.choice(WORDS), f"{rng.choice(WORDS)} {rng.choice(WORDS)}"])
            for _ in range(args.searches)
        ]
        conn = archive.connect(url)
        times, found = [], 0
        for query in queries:
            began = time.perf_counter()
            found += len(archive.precedents(url, query, 10, conn=conn))
            times.append((time.perf_counter() - began) * 1000)
        conn.close()
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"sync of {first.rulings:,} rulings into an empty archive: {first_s:.2f} s "
        f"({first.new_rulings:,} new); again: {again_s:.2f} s ({again.new_rulings} new)"
    )
    print(
        f"precedent search over {args.rulings:,} archived rulings, {len(times)} queries (top 10): "
        f"p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms ({found} results)"
    )
    if args.write_doc:
        doc_table.write(
            run,
            [
                Row(
                    f"sync of {first.rulings:,} rulings into an empty archive",
                    f"{first_s:.2f} s ({first.new_rulings:,} new)",
                ),
                Row("the same sync again", f"{again_s:.2f} s ({again.new_rulings} new)"),
                Row(
                    f"precedent search over {args.rulings:,} archived rulings, {len(times)} queries (top 10)",
                    f"p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms ({found} results)",
                ),
            ],
        )


if __name__ == "__main__":
    main()
