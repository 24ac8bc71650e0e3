"""The table chat in the browser: two players and a spectator (three browser contexts) at one
table of a real server. Markup in a message is shown as text, the spectator's message lands only
in the spectators' channel, a player hides that channel, a spectator mutes a player, and the host
closes the chat."""

from __future__ import annotations

from typing import Any

from tests.browser.people import Person
from tests.web.server import Server

MARKUP = "<b>x</b><script>window.hacked = 1</script>"
CHAT_FIELDS = {"type", "id", "channel", "author", "key", "seat", "text", "time"}
WAIT_MS = 15000


def say(person: Person, text: str) -> None:
    person.page.fill("#chat-text", text)
    person.page.press("#chat-text", "Enter")


def lines(person: Person) -> list[dict[str, str]]:
    """The chat lines the page shows: channel, author, text."""
    shown: list[dict[str, str]] = person.page.evaluate(
        "[...document.querySelectorAll('#chat-log li.chat-message')].map(li => ({"
        " channel: li.dataset.channel,"
        " author: li.querySelector('.chat-author').textContent,"
        " text: li.querySelector('.chat-text').textContent}))"
    )
    return shown


def wait_for_line(person: Person, text: str) -> None:
    person.page.wait_for_function(
        "text => [...document.querySelectorAll('#chat-log .chat-text')]"
        ".some(e => e.textContent === text)",
        arg=text,
        timeout=WAIT_MS,
    )


def test_two_players_and_a_spectator_talk_at_the_table(browser: Any, web: Server) -> None:
    ann = Person(browser, web.base, seed=1)
    links = ann.create("aces_versus_aces", 2, [0, 1], {})
    bob = Person(browser, web.base, seed=2, viewport={"width": 390, "height": 844})
    bob.accept(links[1], "bob")
    table = ann.page.evaluate("document.getElementById('app').dataset.table")
    carl = Person(browser, web.base, seed=3)
    carl.watch(f"{web.base}/t/{table}")
    people = [ann, bob, carl]
    for person in people:
        person.page.wait_for_selector("#chat:not([hidden])", timeout=WAIT_MS)

    say(ann, MARKUP)
    for person in people:
        wait_for_line(person, MARKUP)
        assert lines(person)[-1] == {"channel": "players", "author": "ann", "text": MARKUP}
        assert person.page.locator("#chat-log b, #chat-log script").count() == 0
        assert person.page.evaluate("window.hacked") is None, "the markup never ran"

    say(carl, "hello from the rail")
    for person in people:
        wait_for_line(person, "hello from the rail")
    spectators = [line for line in lines(ann) if line["channel"] == "spectators"]
    assert [line["text"] for line in spectators] == ["hello from the rail"]
    guest = carl.context.request.get(f"{web.base}/api/me").json()
    assert spectators[0]["author"] == guest["name"], "a guest spectator talks under their name"
    assert "hello from the rail" not in [
        line["text"] for line in lines(ann) if line["channel"] == "players"
    ]
    assert carl.page.get_attribute("#chat-text", "aria-label") == "Message to the spectators"
    assert carl.page.locator("#chat-hide-box").is_hidden(), "only a player hides that channel"

    bob.page.check("#chat-hide")
    assert [line["channel"] for line in lines(bob)] == ["players"]
    assert "1 message from spectators hidden" in bob.page.inner_text("#chat-hidden")
    assert bob.page.evaluate("localStorage.getItem('aerodeck:chat:hide-spectators')") == "1"
    assert len(lines(ann)) == 2, "hiding is bob's own setting"

    carl.page.click("#chat-log li[data-channel=players] .chat-mute")
    assert [line["author"] for line in lines(carl)] == [lines(ann)[1]["author"]]
    assert "ann (unmute)" in carl.page.inner_text("#chat-hidden")

    ann.page.click("#chat-switch")
    for person in (bob, carl):
        person.page.wait_for_selector("#chat-text:disabled", timeout=WAIT_MS)
        assert "The host closed the chat." in person.page.inner_text("#chat-note")
    assert ann.page.inner_text("#chat-switch") == "Open the chat again"
    assert bob.page.locator("#chat-switch").is_hidden(), "only the host's tab has the switch"

    for person in people:
        person.check_protocol()
        chats = [f for f in person.received if f.get("type") == "chat"]
        assert chats and all(set(frame) == CHAT_FIELDS for frame in chats), "no view data"
        person.close()
