"""Campaigns in the browser: started from the lobby's campaign form, watched to the end on the
campaign sheet (both nations flown by bots), and flown by a person by clicking against the
medium bot, the mission's end taking them to the next mission's table by itself.

The totals and victory levels the sheet shows are checked against the rulebook's campaign
bookkeeping (the mission awards added up, each total's level on the campaign's Victory Point
chart, the higher total winning, R64), never against the page's own arithmetic.
"""

from __future__ import annotations

from typing import Any

from aerodeck.core.registry import make
from aerodeck.games.down_in_flames.campaign import find_campaign, victory_level
from tests.browser.people import STATE, Person, play_to_end
from tests.web.server import Server

GAME = "down_in_flames"
YOM_KIPPUR = "1973 Yom Kippur War"  # six missions: Israel against Egypt
INDIA_PAKISTAN = "1965 India-Pakistan War"  # one mission: Pakistan against India
WATCH_MS = 180_000  # a whole campaign of medium bots, at most (bounded, never a sleep)
SCORED_MS = 60_000
GO_AFTER_MS = 5_000  # campaign_end.js GO_AFTER_S


def start_campaign(person: Person, side: str, other: str, campaign: str = YOM_KIPPUR) -> None:
    """The lobby's form: the campaign, the nation flown (or "watch"), who flies the other."""
    page = person.page
    page.goto(person.base + "/")
    page.select_option("#game", GAME)
    page.fill("#name", "ann")
    page.select_option(f'fieldset[data-game="{GAME}"] select[data-series]', campaign)
    assert page.is_visible("#campaign-box") and page.is_checked("#campaign-whole")
    assert not page.is_visible("fieldset.seats")  # the sides replace the seats
    page.select_option("#campaign-side", side)
    page.select_option("#campaign-other", other)
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    assert page.is_visible("#go-sheet")
    page.click("#go")


def sheet_tables(page: Any) -> list[list[list[str]]]:
    """Every section of the sheet page as rows of cell texts (the header row first)."""
    tables: list[list[list[str]]] = page.evaluate(
        "[...document.querySelectorAll('table.sheet')].map(t => [...t.rows].map(r =>"
        " [...r.cells].map(c => c.textContent.trim())))"
    )
    return tables


def check_the_sheet(page: Any, campaign: str, nations: tuple[str, str]) -> list[int]:
    """The finished sheet's totals are its missions' VP added up, each total's level is the
    chart's (R42), each nation stands at its level, and the higher total wins (R64)."""
    missions, totals, chart = sheet_tables(page)
    header, rows = missions[0], missions[1:]
    assert header[2:4] == list(nations)
    flown = [[int(row[-2]), int(row[-1])] for row in rows]
    shown = [int(totals[1][1]), int(totals[1][2])]
    assert shown == [sum(vp[side] for vp in flown) for side in (0, 1)]
    data = find_campaign(make(GAME).data, campaign)  # type: ignore[attr-defined]
    assert [totals[2][1], totals[2][2]] == [victory_level(data, total) for total in shown]
    standing = {row[1]: row[2] for row in chart[1:]}
    for nation, total in zip(nations, shown, strict=True):
        assert nation in standing[victory_level(data, total)]
    result = page.inner_text("#campaign-result")
    if shown[0] != shown[1]:
        winner = nations[0] if shown[0] > shown[1] else nations[1]
        assert result.startswith(winner) and str(max(shown)) in result
    return shown


def test_a_person_watches_a_campaign_of_bots_to_its_end_on_the_sheet(
    browser: Any, web: Server
) -> None:
    ann = Person(browser, web.base, seed=3)
    start_campaign(ann, "watch", "bot:medium")
    page = ann.page
    page.wait_for_selector("#campaign")
    campaign_id = page.get_attribute("#campaign", "data-campaign")
    # the sheet reloads itself as the missions are flown, to the campaign's result
    page.wait_for_selector('#campaign[data-status="over"]', timeout=WATCH_MS)
    shown = check_the_sheet(page, YOM_KIPPUR, ("Israel", "Egypt"))
    assert len(sheet_tables(page)[0]) == 1 + 6
    # what the sheet shows is what the server stored
    stored = web.get(f"/api/campaigns/{campaign_id}").json()
    assert stored["totals"] == shown and stored["status"] == "over" and stored["table"] is None
    assert [side["flier"] for side in stored["sides"]] == ["medium", "medium"]
    replays = page.locator("#campaign-games a", has_text="replay")
    assert replays.count() == 6
    ann.check_protocol()
    ann.close()


def test_a_person_flies_a_mission_against_medium_and_is_taken_to_the_next(
    browser: Any, web: Server
) -> None:
    ann = Person(browser, web.base, seed=5)
    ann.page.clock.install()  # a clock that runs as time does, and that the test can move on
    start_campaign(ann, "0", "bot:medium")
    ann.wait_welcome()
    page = ann.page
    first = page.get_attribute("#app", "data-table")
    assert page.get_attribute("#app", "data-mission") == "1"
    sheet_link = page.get_attribute("#campaign-link", "href")
    assert sheet_link and sheet_link.startswith("/c/")
    assert page.evaluate(f"{STATE}.seat") == 0  # Israel, seat 0 of every mission
    assert play_to_end([ann]) > 0
    # scored: the totals and the next mission; the person is taken there, to seat 0 again
    page.wait_for_selector("#campaign-totals", timeout=SCORED_MS)
    assert page.is_visible("#campaign-next") and page.is_visible("#campaign-stay")
    assert page.is_hidden("#rematch")  # a campaign goes on with its next mission instead
    page.clock.run_for(GO_AFTER_MS)  # the countdown before the page goes on, at once
    page.wait_for_function(
        f"document.getElementById('app').dataset.table !== {first!r}", timeout=SCORED_MS
    )
    ann.wait_welcome()
    assert page.get_attribute("#app", "data-mission") == "2"
    page.wait_for_function(f"{STATE}.seat === 0")
    campaign = web.get(f"/api{sheet_link.replace('/c/', '/campaigns/')}").json()
    assert campaign["played"] == 1 and campaign["table"] == page.get_attribute("#app", "data-table")
    assert campaign["sides"][1]["flier"] == "medium"
    mission = campaign["sheet"]["sections"][0]
    assert mission["current"] == 1 and sum(campaign["totals"]) >= 0
    # my games in the lobby lists the campaign with the flown mission's replay
    page.goto(web.base + "/")
    page.wait_for_selector("#my-campaigns:not([hidden])")
    replay = page.locator("#my-campaigns a[data-number='1']")
    assert replay.get_attribute("href") == f"/t/{first}/replay"
    ann.check_protocol()
    ann.close()


def test_a_person_flies_a_whole_campaign_against_medium(browser: Any, web: Server) -> None:
    """The India-Pakistan campaign is one mission: flown to its end by clicking, as Pakistan."""
    ann = Person(browser, web.base, seed=7)
    start_campaign(ann, "0", "bot:medium", INDIA_PAKISTAN)
    ann.wait_welcome()
    page = ann.page
    sheet_link = page.get_attribute("#campaign-link", "href")
    assert sheet_link and page.evaluate(f"{STATE}.seat") == 0
    assert play_to_end([ann]) > 0
    page.wait_for_selector("#campaign-totals", timeout=SCORED_MS)
    assert page.is_hidden("#campaign-next")  # the last mission: the campaign's result instead
    page.goto(web.base + sheet_link)
    page.wait_for_selector('#campaign[data-status="over"]', timeout=SCORED_MS)
    shown = check_the_sheet(page, INDIA_PAKISTAN, ("Pakistan", "India"))
    stored = web.get(f"/api{sheet_link.replace('/c/', '/campaigns/')}").json()
    assert stored["totals"] == shown and stored["status"] == "over"
    ann.check_protocol()
    ann.close()
