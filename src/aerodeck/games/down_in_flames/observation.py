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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from aerodeck.core.features import (
    Buffer,
    Counts,
    Encoder,
    Entries,
    Field,
    Number,
    OneHot,
    Slots,
    StateWriter,
)
from aerodeck.games.down_in_flames.data import ALTITUDES, RANGES, DataSet
from aerodeck.games.down_in_flames.flight import POSITIONS
from aerodeck.games.down_in_flames.phases import ALT_PICK, PAY, PICK
from aerodeck.games.down_in_flames.skills import EXPERTISE

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.game import DownInFlames
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

    def entries(self, name: str) -> Entries:
        """A number's entry by value (``Number.entries``: a lookup, not a call)."""
        return self.number(name).entries()

    def choices(self, name: str) -> dict[Any, int]:
        field = self.field[name]
        assert isinstance(field, OneHot | Counts), name
        return field.index

    def other(self, name: str) -> int:
        """A one-hot's entry for a value it does not list (its ``other`` slot)."""
        field = self.field[name]
        assert isinstance(field, OneHot) and field.other, name
        return field.size - 1


def state_writer(encoder: Encoder, game: DownInFlames) -> StateWriter:
    """The writer of ``encoder``'s vector (its player count and options) from a state of
    ``game``."""
    data: DataSet = game.data
    leaves = encoder.leaves()
    players = encoder.players
    owners = game.owner_of
    sides_of = tuple(game.side_of[owner] for owner in owners)
    seen_from = [_seen_from(seat, owners, sides_of, players) for seat in range(players)]
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
    kills = _Block(leaves, "kills[i].", kills_at).entries("value")
    # Each seat's kill entries: where each is written and whose kills (its own side's first).
    kill_order = [
        [(kills_at + k * kills_width, s) for k, s in enumerate(sides[:kill_sides])]
        for sides in (_sides_from(side, game.n_sides) for _, _, side in seen_from)
    ]
    on = _Block(leaves, "aircraft[i].on.", craft_at)

    # The top level: offsets, one-hot entries and numbers.
    at = top.at
    phase_at, step_at, to_act_at, site_at = at["phase"], at["step"], at["to_act"], at["site"]
    flying_at, picking_at, deciding_at = at["flying"], at["picking"], at["deciding"]
    loading_at, winners_at = at["loading"], at["winners"]
    round_at, rounds_at, deck_at = at["round"], at["rounds"], at["deck"]
    discards_at = at["discards"]
    bonus_at, speed_left_at, pay_left_at = at["missile_bonus"], at["speed_left"], at["pay_left"]
    missile_hand_at, site_hand_at = at["missile_hand"], at["site_hand"]
    phases, steps, step_other = top.choices("phase"), top.choices("step"), top.other("step")
    # The numbers' entries by value (the game's rounds: the same at every step).
    round_, deck = top.entries("round"), top.entries("deck")
    rounds = top.number("rounds").scaled(game.rounds)
    discards, bonus = top.entries("discards"), top.entries("missile_bonus")
    speed_left, pay_left = top.entries("speed_left"), top.entries("pay_left")
    card_entry = _entries(top.choices("missile_hand"), [card.title for card in data.cards])

    # An aircraft's slot: offsets within it, its one-hots' entries, its numbers.
    ca = craft.at
    mine_at, friend_at, seat_at, plane_at = ca["mine"], ca["friend"], ca["seat"], ca["aircraft"]
    chosen_at, altitude_at, range_at, alive_at = (
        ca["chosen"],
        ca["altitude"],
        ca["range"],
        ca["alive"],
    )
    target_at, position_at = on.at["target"], on.at["position"]
    missiles_at, burner_on_at, reach_at = ca["missiles"], ca["afterburner_on"], ca["reach"]
    skills_at, used_at, hand_at, pool_at = ca["skills"], ca["skills_used"], ca["hand"], ca["pool"]
    hand_size, speed = craft.entries("hand_size"), craft.entries("speed")
    countermeasures, afterburners = craft.entries("countermeasures"), craft.entries("afterburners")
    vp, pool_size = craft.entries("vp"), craft.entries("pool_size")
    hand_size_at, speed_at = ca["hand_size"], ca["speed"]
    countermeasures_at, afterburners_at = ca["countermeasures"], ca["afterburners"]
    vp_at, pool_size_at = ca["vp"], ca["pool_size"]
    plane_names, plane_other = craft.choices("aircraft"), craft.other("aircraft")
    altitude_entry = _entries(craft.choices("altitude"), ALTITUDES)
    range_entry = _entries(craft.choices("range"), RANGES)
    reach_entry = _entries(craft.choices("reach"), RANGES)
    position_entry = _entries(on.choices("position"), POSITIONS)  # by level + 2
    missile_step = 1.0 / _scale(craft.field["missiles"])
    missile_entry = _entries(craft.choices("missiles"), [m.name for m in data.missiles])
    skill_entry = _entries(craft.choices("skills"), [k.name for k in data.skills])
    card_step = 1.0 / _scale(craft.field["hand"])  # every count of cards has the hand's scale
    card_counts = (craft.field["pool"], top.field["missile_hand"], top.field["site_hand"])
    assert all(_scale(field) == _scale(craft.field["hand"]) for field in card_counts)

    # The cycle and its links.
    cy, li = cycle.at, link.at
    uses, use_other = cycle.choices("use"), cycle.other("use")
    titles, title_other = link.choices("card"), link.other("card")
    sources, source_other = link.choices("from"), link.other("from")
    missile_hand_size = cycle.entries("missile_hand_size")

    def write(state: Views, seat: int, out: Buffer) -> None:
        game, flights = state.game, state.flights
        owners, sides = state.owners, state.sides  # the game's: ``seen_from`` is found from them
        order, slot, side = seen_from[seat]
        phase = state.phase

        out[phase_at + phases[phase]] = 1.0
        out[step_at + steps.get(state.turn_step, step_other)] = 1.0
        if state.to_act is not None and state.to_act >= 0:
            out[to_act_at + (state.to_act - seat) % players] = 1.0
        out[round_at] = round_[state.round]
        out[rounds_at] = rounds
        if game.sites:
            out[site_at] = 1.0
        _slot(out, flying_at, slot, state.flyer if state.flyer >= 0 else None)
        _slot(out, picking_at, slot, state.choosing if phase in (PICK, ALT_PICK) else None)
        _slot(out, deciding_at, slot, state._decider())
        if state.loading:
            out[loading_at] = 1.0
        out[deck_at] = deck[len(state.deck)]
        out[discards_at] = discards[len(state.discards)]

        planes_shown, altitudes_shown, skills_shown = (
            state.planes_shown,
            state.altitudes_shown,
            state.skills_shown,
        )
        skills_own = bool(game.options["skills"])
        vps = state.vps()  # each aircraft's ``shown_vp``
        for i, a in enumerate(order[:slots]):
            base = craft_at + i * width
            flight, owner = flights[a], owners[a]
            own = owner == seat
            if own:
                out[base + mine_at] = 1.0
            if sides[a] == side:
                out[base + friend_at] = 1.0
            if owner >= 0:
                out[base + seat_at + (owner - seat) % players] = 1.0
            chosen = flight.sheet.plane >= 0
            if chosen:
                out[base + chosen_at] = 1.0
                if planes_shown or own:
                    plane = flight.plane
                    out[base + plane_at + plane_names.get(plane.name, plane_other)] = 1.0
                    out[base + speed_at] = speed[plane.speed]
            if flight.altitude >= 0 and (altitudes_shown or own):
                out[base + altitude_at + altitude_entry[flight.altitude]] = 1.0
            out[base + range_at + range_entry[flight.band]] = 1.0
            if flight.alive:
                out[base + alive_at] = 1.0
            held, level = flight.position
            if held >= 0:
                _slot(out, base + target_at, slot, held)
                out[base + position_at + position_entry[level + 2]] = 1.0
            out[base + hand_size_at] = hand_size[len(state.hands[a])]
            if planes_shown:
                for m, left in enumerate(flight.missiles):
                    if left:
                        out[base + missiles_at + missile_entry[m]] += left * missile_step
                out[base + countermeasures_at] = countermeasures[flight.countermeasures]
                out[base + afterburners_at] = afterburners[flight.afterburners]
                if flight.burner_lit:
                    out[base + burner_on_at] = 1.0
                if flight.reach >= 0:
                    out[base + reach_at + reach_entry[flight.reach]] = 1.0
                out[base + vp_at] = vp[vps[a]]
            if skills_shown or (own and skills_own):
                for k in flight.sheet.skills:
                    out[base + skills_at + skill_entry[k]] += 1.0
                for k in flight.skills_spent:
                    out[base + used_at + skill_entry[k]] += 1.0
            pooled = bool(flight.pool) or (skills_shown and state.has(a, EXPERTISE))
            if pooled:
                out[base + pool_size_at] = pool_size[len(flight.pool)]
            if own:
                for c in state.hands[a]:
                    out[base + hand_at + card_entry[c]] += card_step
                if pooled:
                    for c in flight.pool:
                        out[base + pool_at + card_entry[c]] += card_step

        for kill_at, s in kill_order[seat]:
            out[kill_at] = kills[state.kills[s]]

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
            out[cycle_at + cy["missile_hand_size"]] = missile_hand_size[len(state.missile_hand)]
        out[bonus_at] = bonus[state.missile_bonus]
        out[speed_left_at] = speed_left[state.speed_left]
        payment = state.payment if phase == PAY else None
        out[pay_left_at] = pay_left[payment.left if payment else 0]
        for winner in state.winners:
            out[winners_at + (winner - seat) % players] = 1.0
        if chain:  # the cycle's hands, each to the one seat its view shows it to
            if state.cycle.kind == "missile" and seat == owners[state.flyer]:
                for c in state.missile_hand:
                    out[missile_hand_at + card_entry[c]] += card_step
            if state.site_hand and seat == game.site_seat:
                for c in state.site_hand:
                    out[site_hand_at + card_entry[c]] += card_step

    return write


def _seen_from(
    seat: int, owners: tuple[int, ...], sides: tuple[int, ...], players: int
) -> tuple[list[int], dict[int, int], int | None]:
    """The aircraft in the order of ``seat``'s slots (its own first, then each next seat's),
    each aircraft's slot, and the seat's side (None when it flies no aircraft)."""
    order = sorted(range(len(owners)), key=lambda a: ((owners[a] - seat) % players, a))
    mine = [a for a in order if owners[a] == seat]
    return order, {a: i for i, a in enumerate(order)}, sides[mine[0]] if mine else None


def _sides_from(side: int | None, n_sides: int) -> list[int]:
    """The sides as a seat of ``side`` counts them: its own first (in order without a side)."""
    sides = list(range(n_sides))
    return sides if side is None else sides[side:] + sides[:side]


def _scale(field: Field) -> float:
    assert isinstance(field, Counts), field.name
    return field.scale


def _length_and_width(field: Field) -> tuple[int, int]:
    """A ``Slots`` field's number of items and the entries of each."""
    assert isinstance(field, Slots), field.name
    return field.length, field.width


def _entries(index: dict[Any, int], names: Sequence[str]) -> tuple[int, ...]:
    """Each name's entry in a one-hot or a count over them, by the names' order (a card's
    title by card index, an altitude by its number, ...)."""
    return tuple(index[name] for name in names)


def _slot(out: Buffer, at: int, slot: dict[int, int], aircraft: int | None) -> None:
    """A one-hot over aircraft slots: nothing for no aircraft or one without a slot."""
    if aircraft is not None:
        i = slot.get(aircraft)
        if i is not None:
            out[at + i] = 1.0
