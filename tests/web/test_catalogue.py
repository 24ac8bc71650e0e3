"""What the lobby offers (web/service/catalogue.py): the five levels, medium by default, and the
presets each game's own options allow; aliases still accepted by the server, not offered."""

from __future__ import annotations

from aerodeck.core.i18n import using
from aerodeck.core.registry import game_class, list_games, make
from aerodeck.web.service.catalogue import game_catalogue, level_word


def test_the_lobby_offers_five_levels_with_a_line_each_and_medium_first_chosen() -> None:
    for game in game_catalogue():
        names = [level["name"] for level in game["levels"]]
        assert names == ["easy", "medium", "hard", "expert", "random"]
        assert all(level["description"].endswith(".") for level in game["levels"])
        assert game["default_level"] == "medium"
        # the older names stay accepted (the server's list), only not offered
        assert {"heuristic", "ismcts", "ismcts-easy", "ismcts-hard"} <= set(game["bots"])


def test_presets_come_from_the_options_quick_values() -> None:
    by_id = {game["id"]: game for game in game_catalogue()}
    for info in list_games():
        presets = {p["name"]: p for p in by_id[info.id]["presets"]}
        assert presets["standard"]["options"] == {}
        quick = {o.name: o.quick for o in info.options if o.quick is not None}
        assert ("quick" in presets) == bool(quick)
        if quick:
            assert presets["quick"]["options"] == quick
            make(info.id, **quick)  # a quick game is a game the options accept


def test_levels_and_presets_read_in_the_reader_s_language() -> None:
    with using("ja"):
        game = game_catalogue()[0]
        labels = [level["label"] for level in game["levels"]]
        assert labels == ["初級", "中級", "上級", "最上級", "ランダム"]
        assert game["presets"][0]["label"] == "標準"
        assert level_word("heuristic") == "中級"
        assert level_word("ppo:model.zip") == "ppo:model.zip"


def test_every_game_s_summary_and_options_read_in_japanese_by_their_labels() -> None:
    """A lobby names an option by its label (never the code's id) in the reader's language."""
    english = {game["id"]: game for game in game_catalogue()}
    with using("ja"):
        for game in game_catalogue():
            if not game_class(game["id"]).__module__.startswith("aerodeck.games."):
                continue  # a plug-in game installed beside (tests/plugin_game) brings its own
            before = english[game["id"]]
            assert game["summary"] != before["summary"], game["id"]
            for option, was in zip(game["options"], before["options"], strict=True):
                assert was["label"] != option["name"].replace("_", " "), option["name"]
                assert option["label"] != was["label"], option["name"]
                assert option["help"] != was["help"], option["name"]
                if option["choices"]:  # each value in words, in the reader's language
                    assert len(was["choice_labels"]) == len(option["choices"])
                    assert set(option["choice_labels"]).isdisjoint(was["choice_labels"])
