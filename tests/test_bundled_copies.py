"""The repository carries its own copies of what the project was given: the five source
documents, the contract's six scenarios and the census's glossary term list. The tests use only
those copies, so a fresh clone passes on its own.

This module is the one place that looks at the originals: where ../shared happens to lie beside
the checkout (the team's machines), each copy is compared with its original; elsewhere (a fresh
clone, CI) that comparison is skipped and says why. The checksum check needs nothing outside the
repository and always runs.
"""

from __future__ import annotations

import hashlib
import re

import pytest
from bundled import DATA, REPO, SHARED_SCENARIOS, gold_glossary_terms

ORIGINALS = REPO.parent / "shared"  # beside the checkout on the team's machines only
NOT_HERE = f"{ORIGINALS} is not beside this checkout (a fresh clone): only the bundled copies are used"

CONTRACT_SCENARIOS = [
    "v01-simultaneous-sba-sweep.yaml",
    "v02-master-blood-tax-two-casts.yaml",
    "v03-pit-seal-countered.yaml",
    "v04-wrath-cascade.yaml",
    "v05-fizzle-after-bounce.yaml",
    "v06-two-blockers-overrun.yaml",
]

# (the copy in this repository, the original's path under shared/)
SOURCES = [
    ("rules/nodawn/nodawn-comprehensive-rules.txt", "sources/nodawn-comprehensive-rules.txt"),
    ("rules/l5r-lcg/l5r-lcg-rules-reference.txt", "sources/l5r-lcg-rules-reference.txt"),
    ("rules/l5r-ccg/l5r-ccg-diamond-rulebook.txt", "sources/l5r-ccg-diamond-rulebook.txt"),
    ("rules/l5r-ccg/l5r-ccg-ce-card-states.txt", "sources/l5r-ccg-ce-card-states.txt"),
    ("rulings/shadowfist/shadowfist-omnifaq-2007-08-10.txt", "sources/shadowfist-omnifaq-2007-08-10.txt"),
]
CONTRACT = ("docs/reference/scenario-format.md", "scenario-format.md")  # the scenario and card format
COPIES = SOURCES + [(f"tests/scenarios/shared/{name}", f"scenarios/{name}") for name in CONTRACT_SCENARIOS] + [CONTRACT]


def recorded_checksums() -> dict[str, str]:
    """file -> sha256, from the provenance tables of rules/README.md and rulings/README.md."""
    found = {}
    for folder in ("rules", "rulings"):
        for line in (REPO / folder / "README.md").read_text(encoding="utf-8").splitlines():
            row = re.match(r"\| `([^`]+\.txt)` \|.*\| `([0-9a-f]{64})` \|$", line)
            if row:
                found[f"{folder}/{row[1]}"] = row[2]
    return found


def test_the_contract_matches_the_checksum_the_reference_records():
    """docs/reference/index.md records the contract's sha256; the copy the docs show must be it."""
    index = (REPO / "docs" / "reference" / "index.md").read_text(encoding="utf-8")
    [recorded] = re.findall(
        rf"\| `{re.escape(CONTRACT[0])}` \| `shared/{re.escape(CONTRACT[1])}` \| `([0-9a-f]{{64}})` \|", index
    )
    assert hashlib.sha256((REPO / CONTRACT[0]).read_bytes()).hexdigest() == recorded


def test_the_contract_scenarios_are_all_bundled():
    assert sorted(p.name for p in SHARED_SCENARIOS.glob("*.yaml")) == CONTRACT_SCENARIOS


@pytest.mark.parametrize("copy", [c for c, _ in SOURCES])
def test_vendored_sources_match_their_recorded_checksum(copy):
    recorded = recorded_checksums()
    assert copy in recorded, f"{copy} has no sha256 row in its folder's README.md"
    assert hashlib.sha256((REPO / copy).read_bytes()).hexdigest() == recorded[copy]


@pytest.mark.parametrize("copy, original", COPIES, ids=[c for c, _ in COPIES])
def test_bundled_copy_is_byte_identical_to_the_original(copy, original):
    if not ORIGINALS.is_dir():
        pytest.skip(NOT_HERE)
    assert (REPO / copy).read_bytes() == (ORIGINALS / original).read_bytes()


def test_gold_glossary_terms_are_the_census_list():
    notes = ORIGINALS / "notes" / "nodawn.md"
    if not notes.is_file():
        pytest.skip(NOT_HERE)
    text = notes.read_text(encoding="utf-8")
    block = text.split("**Gold term list (226, in order).**", 1)[1].strip().split("\n\n", 1)[0]
    assert gold_glossary_terms() == [t.strip() for t in block.split("·")]


def test_the_bundled_gold_list_has_the_census_count():
    terms = gold_glossary_terms()
    assert len(terms) == len(set(terms)) == 226, DATA / "nodawn-glossary-gold-terms.txt"
