"""The lobby's form as a person uses it: the player count follows the chosen game, the options
read by their labels, a two-player Race to Ace is created with its wingmen (R17), and only a
campaign's table offers the campaign sheet."""

from __future__ import annotations

from typing import Any

from tests.web.server import Server


def test_the_lobby_fits_the_game_and_creates_a_two_player_race_to_ace(
    browser: Any, web: Server
) -> None:
    page = browser.new_page()
    try:
        page.goto(web.base + "/")
        page.select_option("#game", "down_in_flames")
        assert page.input_value("#players") == "2"  # its own default, not the last game's 4
        page.select_option("#game", "aces_versus_aces")
        assert page.input_value("#players") == "3"
        page.select_option("#players", "2")  # a count the person chose stays where it may
        page.select_option("#game", "race_to_ace")
        assert page.input_value("#players") == "2"
        assert page.inner_text('label[for="race_to_ace--kills_to_win"]') == "Kills to win"
        page.click("#create-button")
        page.wait_for_selector("#created:not([hidden])")
        assert page.locator("#go-sheet").is_hidden()  # no campaign: no sheet to go to
        assert page.inner_text("#create-error") == ""
    finally:
        page.close()
