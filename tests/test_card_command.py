"""`judge card`: called through judge.cli.main with argv, output captured."""

from __future__ import annotations

import json

import pytest

from judge import cli

pytestmark = pytest.mark.usefixtures("session_context")


def run_json(capsys, *argv):
    code = cli.main(["card", *argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_card_json_document(capsys):
    code, doc = run_json(capsys, "charmed", "lyfe")
    assert code == 0
    assert doc["status"] == "fuzzy" and doc["id"] == "sf:card/charmed-life"
    assert [r["n"] for r in doc["rulings"]] == [1, 2, 3]
    assert doc["rulings"][1]["citation"] == "Shadowfist OmniFAQ — Charmed Life: “If played in response to an…”"
    assert [t["id"] for t in doc["topics"]] == ["sf:topic/not-affected-by"]
    assert doc["topics"][0]["rulings"][0]["text"].startswith("Item (h) in the example list")
    assert "sf:card/cellular-reinvigoration/2" in [m["id"] for m in doc["mentioned_by"]]
    assert doc["errata"] is None and doc["other_versions"] == []


def test_errata_and_dates_and_lost_words_in_json(capsys):
    _, doc = run_json(capsys, "Darkness Priestess")
    assert doc["errata"]["text"].startswith("Netherworld Sorceress Cost: 1 Fighting: 1 Provides: [mon] [mag]")
    assert doc["extra"]["faction"] == "Monarch"
    _, moth = run_json(capsys, "arcanomoth")
    assert moth["rulings"][0]["added"] == ["2007-07-02"]
    _, lab = run_json(capsys, "abominable lab")
    assert lab["rulings"][0]["lost_word"] is True


def test_pap_pair_json_has_both_versions(capsys):
    _, doc = run_json(capsys, "big bruiser")
    assert doc["id"] == "sf:card/big-bruiser"
    assert [v["id"] for v in doc["other_versions"]] == ["sf:card/big-bruiser-2"]


def test_card_rendered(capsys):
    assert cli.main(["card", "Arcanomoth", "--game", "sf"]) == 0
    out = capsys.readouterr().out
    assert "Arcanomoth" in out and "Rulings (" in out
    assert "added:2007-07-02" in out
    assert "Bonuses Until a Card Leaves Play" in out


def test_brief_lists_topics_without_their_rulings(capsys):
    cli.main(["card", "$10,000 Man", "--brief"])
    brief = capsys.readouterr().out
    cli.main(["card", "$10,000 Man", "--see"])
    full = capsys.readouterr().out
    assert "Toughness" in brief and "accumulate" not in brief
    assert "Toughness from multiple sources does accumulate." in full


def test_ambiguous_name_lists_candidates(capsys):
    assert cli.main(["card", "arcanowave"]) == 0
    out = capsys.readouterr().out
    assert "could be any of these" in out
    for name in ("Arcanowave Pulse", "Arcanowave Reinforcer", "Arcanowave Researcher"):
        assert name in out
    code, doc = run_json(capsys, "arcanowave")
    assert code == 0 and doc["status"] == "ambiguous"
    assert doc["candidates"][0]["ids"] == ["sf:card/arcanowave-pulse"]


def test_unknown_name_exits_1_with_nearest_names(capsys):
    assert cli.main(["card", "Chrmd", "Lyfe", "Zebra"]) == 1
    err = capsys.readouterr().err
    assert "no card named 'Chrmd Lyfe Zebra'" in err and "nearest: Charmed Life" in err
    assert cli.main(["card", "qqqqqq"]) == 1


def test_card_beyond_the_end_is_never_no_rulings(capsys):
    assert cli.main(["card", "pocket", "demon"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "beyond the end of this copy of the FAQ" in out
    assert "No rulings" not in out
    assert "Commander Corliss: “No cards will generate Power for…”" in out
    code, doc = run_json(capsys, "pocket demon")
    assert doc["status"] == "beyond_end" and doc["name"] == "Pocket Demon"
    assert doc["truncation"]["last_entry"] == "sf:card/the-eastern-king"
    assert "sf:errata/pocket-demon" in [m["id"] for m in doc["mentioned_by"]]


def test_truncated_last_card_says_so(capsys):
    cli.main(["card", "eastern", "king"])
    out = " ".join(capsys.readouterr().out.split())
    assert "ends inside this entry" in out
    assert "until the ta" in out


def test_bad_game_is_a_user_error(capsys):
    assert cli.main(["card", "Charmed Life", "--game", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    assert cli.main(["card", "charmed life", "--game", "nodawn"]) == 1


def test_no_dawn_card_shows_its_text_and_where_the_rules_name_it(capsys):
    assert cli.main(["card", "iron colum"]) == 0
    out = capsys.readouterr().out
    assert "Entity — Construct" in out and "Card text" in out
    assert "Named in the rules" in out and "No Dawn CR 120.4, example 1" in out
    assert "in this FAQ" not in out
    assert cli.main(["card", "--json", "iron column"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "nd:120.4/example-1" in [e["id"] for e in data["named_in"]]


def test_a_no_dawn_card_says_whether_the_engine_plays_it(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("COLUMNS", "200")
    assert cli.main(["card", "bishop of coin"]) == 0  # Toll is modelled (judge/engine/triggered/triggers.py)
    assert "Engine: plays this card in a replay" in capsys.readouterr().out
    assert cli.main(["card", "--json", "bishop of coin"]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == {"playable": True, "not_modelled": []}
    # a card file the engine cannot read: the Bishop's Toll written without its cost
    from judge.cards import reader

    bad = tmp_path / "bishop-of-coin.yaml"
    bad.write_text(
        (reader.card_dir() / "bishop-of-coin.yaml")
        .read_text(encoding="utf-8")
        .replace("keywords: [Toll 2]", "keywords: [Toll X]"),
        encoding="utf-8",
    )
    monkeypatch.setattr(reader, "_DATABASE", {**reader.database(), **reader.load_card_files(tmp_path)})
    what = "Toll needs a cost in Vitae, a whole number (\"Recall 2\"), not 'X' (702.14)"
    assert cli.main(["card", "bishop of coin"]) == 0
    shown = " ".join(capsys.readouterr().out.split())  # the long temporary path may wrap the line
    assert f"Engine: not playable — {what} ({bad}:11); a scenario using it is refused" in shown
    assert cli.main(["card", "--json", "bishop of coin"]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == {
        "playable": False,
        "not_modelled": [{"what": what, "rule": "702.14", "where": f"{bad}:11"}],
    }
    assert cli.main(["card", "iron column"]) == 0
    assert "Engine: plays this card in a replay" in capsys.readouterr().out
    assert cli.main(["card", "--json", "iron column"]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == {"playable": True, "not_modelled": []}


@pytest.mark.parametrize("how", ["env", "flag"])
def test_a_card_the_game_filter_hides_says_where_it_is(capsys, monkeypatch, how):
    """Issue 31 item 2: as search does, a filter that hides the card names the game that has it."""
    argv = ["card", "charmed life"]
    if how == "env":
        monkeypatch.setenv("JUDGE_GAME", "lcg")
    else:
        argv += ["--game", "lcg"]
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    assert err == (
        "judge: no card named 'charmed life' — Nothing in L5R LCG; in Shadowfist: Charmed Life (--game all)\n"
    )


def test_a_card_no_game_has_is_still_only_not_found(capsys):
    assert cli.main(["card", "zzqqxx", "--game", "lcg"]) == 1
    assert capsys.readouterr().err == "judge: no card named 'zzqqxx'\n"
