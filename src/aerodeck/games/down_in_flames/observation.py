"""Down In Flames: the encoder's vector written in one pass straight from the state.

The same numbers the encoder's fields write from ``state.view(seat)`` after its ``prepare``
(encoder.py): aircraft in slots, the observer's first, every aircraft reference a slot. Read off
the state's ``Flight`` tuples with the view's own rules of what is shown (an aircraft, altitude
or skills once revealed or one's own; a hand, a pool, the missile and site hands only to whom
the view gives them), without building the view's dicts and strings and reading them back.
tests/rl/test_fast_observation.py checks it against the fields over many seeded games, after
hidden redraws too. Where and how each entry is written comes from the declared fields
(``Encoder.leaves``), so the two share one layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aerodeck.core.features import (
    Buffer,
    Counts,
    Encoder,
    Field,
    Number,
    OneHot,
    Slots,
    StateWriter,
)
from aerodeck.games.down_in_flames.data import ALTITUDES, RANGES
from aerodeck.games.down_in_flames.flight import POSITIONS
from aerodeck.games.down_in_flames.phases import ALT_PICK, PAY, PICK
from aerodeck.games.down_in_flames.skills import EXPERTISE

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.view import Views


class _Block:
    """The fields of one block (the top level, an aircraft slot, the cycle, a chain link) by
    name, with their offsets relative to the block's start."""

    def __init__(self, leaves: dict[str, tuple[int, Field]], prefix: str, start: int) -> None:
        self.at: dict[str, int] = {}
        self.field: dict[str, Field] = {}
        for name, (offset, field) in leaves.items():
            if name.startswith(prefix) and "." not in name[len(prefix) :]:
                self.at[name[len(prefix) :]] = offset - start
                self.field[name[len(prefix) :]] = field

    def number(self, name: str) -> Number:
        field = self.field[name]
        assert isinstance(field, Number), name
        return field

    def choices(self, name: str) -> dict[Any, int]:
        field = self.field[name]
        assert isinstance(field, OneHot | Counts), name
        return field.index

    def other(self, name: str) -> int:
        """A one-hot's entry for a value it does not list (its ``other`` slot)."""
        field = self.field[name]
        assert isinstance(field, OneHot) and field.other, name
        return field.size - 1


def state_writer(encoder: Encoder, cards: tuple[str, ...]) -> StateWriter:
    """The writer of ``encoder``'s vector (its player count and options) from a state;
    ``cards`` are the titles by card index."""
    leaves = encoder.leaves()
    players = encoder.players
    top = _Block(leaves, "", 0)
    craft_at = top.at["aircraft[i]"]
    craft = _Block(leaves, "aircraft[i].", craft_at)
    slots, width = _length_and_width(leaves["aircraft[i]"][1])
    cycle_at = top.at["cycle"]
    cycle = _Block(leaves, "cycle.", cycle_at)
    link_at = cycle.at["chain[i]"]
    link = _Block(leaves, "cycle.chain[i].", cycle_at + link_at)
    links, link_width = _length_and_width(cycle.field["chain[i]"])
    kills_at = top.at["kills[i]"]
    kill_sides, kills_width = _length_and_width(leaves["kills[i]"][1])
    kills = _Block(leaves, "kills[i].", kills_at).number("value")

    phases, steps, step_other = top.choices("phase"), top.choices("step"), top.other("step")
    round_, rounds, deck = top.number("round"), top.number("rounds"), top.number("deck")
    discards, bonus = top.number("discards"), top.number("missile_bonus")
    speed_left, pay_left = top.number("speed_left"), top.number("pay_left")
    hand_entry = _entries(top.choices("missile_hand"), cards)
    plane_names, plane_other = craft.choices("aircraft"), craft.other("aircraft")
    altitude_entry = tuple(craft.choices("altitude")[name] for name in ALTITUDES)
    range_entry = tuple(craft.choices("range")[name] for name in RANGES)
    reach_entry = tuple(craft.choices("reach")[name] for name in RANGES)
    position_entry = {level: i for i, level in enumerate(POSITIONS)}
    craft_numbers = {
        name: craft.number(name)
        for name in ("hand_size", "speed", "countermeasures", "afterburners", "vp", "pool_size")
    }
    uses, use_other = cycle.choices("use"), cycle.other("use")
    titles, title_other = link.choices("card"), link.other("card")
    sources, source_other = link.choices("from"), link.other("from")
    missile_hand_size = cycle.number("missile_hand_size")
    missile_names = craft.choices("missiles")
    skill_names = craft.choices("skills")
    at, ca, cy, li = top.at, craft.at, cycle.at, link.at
    on_target_at = leaves["aircraft[i].on.target"][0] - craft_at
    on_position_at = leaves["aircraft[i].on.position"][0] - craft_at

    def write(state: Views, seat: int, out: Buffer) -> None:
        game, data, flights = state.game, state.data, state.flights
        owners, sides = state.owners, state.sides
        order = sorted(range(state.n_aircraft), key=lambda a: ((owners[a] - seat) % players, a))
        slot = {a: i for i, a in enumerate(order)}
        mine = [a for a in order if owners[a] == seat]
        side = sides[mine[0]] if mine else None
        phase = state.phase

        out[at["phase"] + phases[phase]] = 1.0
        out[at["step"] + steps.get(state.turn_step, step_other)] = 1.0
        if state.to_act is not None and state.to_act >= 0:
            out[at["to_act"] + (state.to_act - seat) % players] = 1.0
        out[at["round"]] = round_.scaled(state.round)
        out[at["rounds"]] = rounds.scaled(game.rounds)
        if game.sites:
            out[at["site"]] = 1.0
        _slot(out, at["flying"], slot, state.flyer if state.flyer >= 0 else None)
        _slot(out, at["picking"], slot, state.choosing if phase in (PICK, ALT_PICK) else None)
        _slot(out, at["deciding"], slot, state._decider())
        if state.loading:
            out[at["loading"]] = 1.0
        out[at["deck"]] = deck.scaled(len(state.deck))
        out[at["discards"]] = discards.scaled(len(state.discards))

        skills_own = bool(game.options["skills"])
        for i, a in enumerate(order[:slots]):
            base = craft_at + i * width
            flight, owner, own = flights[a], owners[a], owners[a] == seat
            if own:
                out[base + ca["mine"]] = 1.0
            if sides[a] == side:
                out[base + ca["friend"]] = 1.0
            if owner >= 0:
                out[base + ca["seat"] + (owner - seat) % players] = 1.0
            chosen = flight.sheet.plane >= 0
            plane = flight.plane if chosen and (state.planes_shown or own) else None
            if plane is not None:
                out[base + ca["aircraft"] + plane_names.get(plane.name, plane_other)] = 1.0
                out[base + ca["speed"]] = craft_numbers["speed"].scaled(plane.speed)
            if chosen:
                out[base + ca["chosen"]] = 1.0
            if flight.altitude >= 0 and (state.altitudes_shown or own):
                out[base + ca["altitude"] + altitude_entry[flight.altitude]] = 1.0
            out[base + ca["range"] + range_entry[flight.band]] = 1.0
            if flight.alive:
                out[base + ca["alive"]] = 1.0
            held, level = flight.position
            if held >= 0:
                _slot(out, base + on_target_at, slot, held)
                out[base + on_position_at + position_entry[POSITIONS[level + 2]]] = 1.0
            out[base + ca["hand_size"]] = craft_numbers["hand_size"].scaled(len(state.hands[a]))
            if state.planes_shown:
                missiles = ca["missiles"]
                for m, left in enumerate(flight.missiles):
                    if left:
                        name = data.missiles[m].name
                        out[base + missiles + missile_names[name]] += left * 0.25
                out[base + ca["countermeasures"]] = craft_numbers["countermeasures"].scaled(
                    flight.countermeasures
                )
                out[base + ca["afterburners"]] = craft_numbers["afterburners"].scaled(
                    flight.afterburners
                )
                if flight.burner_lit:
                    out[base + ca["afterburner_on"]] = 1.0
                if flight.reach >= 0:
                    out[base + ca["reach"] + reach_entry[flight.reach]] = 1.0
                out[base + ca["vp"]] = craft_numbers["vp"].scaled(state.shown_vp(a))
            if state.skills_shown or (own and skills_own):
                for k in flight.sheet.skills:
                    out[base + ca["skills"] + skill_names[data.skills[k].name]] += 1.0
                for k in flight.skills_spent:
                    out[base + ca["skills_used"] + skill_names[data.skills[k].name]] += 1.0
            pooled = bool(flight.pool) or (state.skills_shown and state.has(a, EXPERTISE))
            if pooled:
                out[base + ca["pool_size"]] = craft_numbers["pool_size"].scaled(len(flight.pool))
            if own:
                for c in state.hands[a]:
                    out[base + ca["hand"] + hand_entry[c]] += 0.2
                if pooled:
                    for c in flight.pool:
                        out[base + ca["pool"] + hand_entry[c]] += 0.2

        counted = list(state.kills)
        if counted and side is not None:
            counted = counted[side:] + counted[:side]
        for k, value in enumerate(counted[:kill_sides]):
            out[kills_at + k * kills_width] = kills.scaled(value)

        chain = state.chain
        if chain:
            out[cycle_at + cy["use"] + uses.get(state.cycle.kind, use_other)] = 1.0
            _slot(out, cycle_at + cy["by"], slot, state._who(chain[0][0]))
            _slot(out, cycle_at + cy["target"], slot, state.target)
            for k, one in enumerate(chain[:links]):
                base = cycle_at + link_at + k * link_width
                out[base + li["card"] + titles.get(state._describe(one), title_other)] = 1.0
                _slot(out, base + li["aircraft"], slot, state._who(one[0]))
                if one[3] is not None:
                    out[base + li["from"] + sources.get(one[3], source_other)] = 1.0
            out[cycle_at + cy["missile_hand_size"]] = missile_hand_size.scaled(
                len(state.missile_hand)
            )
        out[at["missile_bonus"]] = bonus.scaled(state.missile_bonus)
        out[at["speed_left"]] = speed_left.scaled(state.speed_left)
        paying = phase == PAY and state.payment
        out[at["pay_left"]] = pay_left.scaled(state.payment.left if paying and state.payment else 0)
        for winner in state.winners:
            out[at["winners"] + (winner - seat) % players] = 1.0
        if chain:
            if state.cycle.kind == "missile" and seat == owners[state.flyer]:
                for c in state.missile_hand:
                    out[at["missile_hand"] + hand_entry[c]] += 0.2
            if state.site_hand and seat == game.site_seat:
                for c in state.site_hand:
                    out[at["site_hand"] + hand_entry[c]] += 0.2

    return write


def _length_and_width(field: Field) -> tuple[int, int]:
    """A ``Slots`` field's number of items and the entries of each."""
    assert isinstance(field, Slots), field.name
    return field.length, field.width


def _entries(index: dict[Any, int], cards: tuple[str, ...]) -> tuple[int, ...]:
    """Each card's entry in a count over the card titles, by card index."""
    return tuple(index[title] for title in cards)


def _slot(out: Buffer, at: int, slot: dict[int, int], aircraft: int | None) -> None:
    """A one-hot over aircraft slots: nothing for no aircraft or one without a slot."""
    if aircraft is not None:
        i = slot.get(aircraft)
        if i is not None:
            out[at + i] = 1.0
