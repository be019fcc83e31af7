"""The kinds of document damage and doubt a judge is told about (rules/anomalies.yaml)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judge import paths

MARKERS = ("tag", "extra", "fact")
ALLOWED_KEYS = {"kind", "title", "explanation", "detail", "label", *MARKERS}


@dataclass(frozen=True)
class AnomalyKind:
    kind: str
    title: str
    explanation: str
    marker: str  # tag | extra | fact: where the parsers record it
    key: str  # the tag, the extra key or the document fact
    detail: str | None = None  # with a tag: the extra key shown as the entry's own detail
    label: str = "Here"  # what the detail is, as the note shows it


def anomalies_path() -> Path:
    return paths.data_root() / "rules" / "anomalies.yaml"


def load_anomaly_kinds(path: Path | None = None) -> list[AnomalyKind]:
    from judge.yamlio import ScenarioError, line_of, load_file  # deferred: start-up (the cached notes need no YAML)

    path = path or anomalies_path()
    raw = load_file(path)
    if not isinstance(raw, list):
        raise ScenarioError("the anomaly file holds a list of kinds", str(path), line_of(raw))
    out: list[AnomalyKind] = []
    for item in raw:
        if not isinstance(item, dict):
            raise ScenarioError("each anomaly kind is a mapping", str(path), line_of(item))
        unknown = set(item) - ALLOWED_KEYS
        if unknown:
            raise ScenarioError(
                f"unknown key {sorted(unknown)[0]!r} (allowed: {', '.join(sorted(ALLOWED_KEYS))})",
                str(path),
                line_of(item),
            )
        markers = [m for m in MARKERS if m in item]
        if len(markers) != 1 or not {"kind", "title", "explanation"} <= set(item):
            raise ScenarioError(
                "an anomaly kind needs kind, title, explanation and exactly one of tag, extra, fact",
                str(path),
                line_of(item),
            )
        if "detail" in item and markers[0] != "tag":
            raise ScenarioError(f"anomaly {item['kind']}: detail goes with tag: only", str(path), line_of(item))
        if any(k.kind == item["kind"] for k in out):
            raise ScenarioError(f"anomaly kind {item['kind']} is listed twice", str(path), line_of(item))
        out.append(
            AnomalyKind(
                str(item["kind"]),
                str(item["title"]),
                str(item["explanation"]),
                markers[0],
                str(item[markers[0]]),
                item.get("detail"),
                str(item.get("label", "Here")),
            )
        )
    return out
