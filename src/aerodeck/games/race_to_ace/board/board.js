// Race to Ace on the table page (the interface: /static/board_generic.js), drawn as the table of
// the Rules of Engagement looks: one place per pilot with the cards in front of them (the
// acquisitions laid on their target, a JAMMIT! or MANEUVER laid across one, FLAMEOUTs, a displayed
// HOT STICK or GOLDEN BIRD), their kills as markers, the draw deck and the discard pile; the
// dogfight and whose answer is awaited in words; each move in words, with the rule it plays under
// (moveHelp). The notation stays the button's code. Every field of the view is drawn here in words
// or deliberately left out (listed in LEFT_OUT).
import { _, n_ } from "/static/i18n.js";
import { capital, h, who } from "/static/render.js";
import { miniCard } from "/static/cards.js";

// The cards' titles as printed (not translated).
const TITLE = {
  radar: "RADAR ACQUISITION", visual: "VISUAL ACQUISITION", missile: "MISSILE", guns: "GUNS",
  malfunction: "MALFUNCTION", maneuver: "MANEUVER", jammit: "JAMMIT!", flameout: "FLAMEOUT",
  relight: "RELIGHT", goldenbird: "GOLDEN BIRD", hotstick: "HOT STICK",
};
const SHORT = { radar: "RADAR", visual: "VISUAL" };
const WEAPON = { visual: "GUNS", radar: "MISSILE" };

// Fields the board leaves out on purpose: "game" and "seat" (the page says them), "hand" (the
// hand box), "winners" (the end's standings), "to_act" (the seat boxes and the status line say
// whose move it is), "game_number" when one game is played. "phase" is said in words (status).
export const perSeat = [];

const title = (word) => TITLE[word] || String(word).toUpperCase();

// A pilot from the reader's side: "you" for the page's own seat, a person's name, else "seat N"
// (in the reader's language).
function pilot(ctx, seat) {
  if (seat === null || seat === undefined || seat < 0) return _("nobody");
  if (seat === ctx.mySeat) return _("you");
  const name = who(ctx, seat);
  return name === `seat ${seat}` ? _("seat {n}", { n: seat }) : name;
}

function mini(ctx, word, extra = "") {
  const card = miniCard(word, ctx.cardInfo(word));
  if (extra) card.classList.add(extra);
  return card;
}

// --- the table --------------------------------------------------------------------------------

function acquisitionWords(ctx, acq) {
  const by = pilot(ctx, acq.by);
  const on = pilot(ctx, acq.on);
  const cardTitle = title(acq.kind);
  if (acq.cover === "maneuver") {
    return _("{card} from {by}, outmaneuvered by {cover_by}: it slid back onto {by}; only {on} may fire GUNS on it",
      { card: cardTitle, by, on, cover_by: pilot(ctx, acq.cover_by) });
  }
  if (acq.cover === "jammit") {
    return _("{card} from {by} on {on}, suppressed by the JAMMIT! of {cover_by}: no MISSILE may use it",
      { card: cardTitle, by, on, cover_by: pilot(ctx, acq.cover_by) });
  }
  if (ctx.view.tokens) {
    return _("{card} from {by} on {on}: only {by} may fire {weapon} on it", { card: cardTitle, by, on, weapon: WEAPON[acq.kind] });
  }
  return _("{card} from {by} on {on}: any pilot may fire {weapon} on it", { card: cardTitle, by, on, weapon: WEAPON[acq.kind] });
}

// An acquisition as its card laid on the pilot it threatens, the covering card across it.
function acquisitionCard(ctx, acq) {
  const words = acquisitionWords(ctx, acq);
  const pile = h("span", { class: "rta-stack", title: words }, mini(ctx, acq.kind));
  if (acq.cover) pile.append(mini(ctx, acq.cover, "rta-cover"));
  return h("li", { class: "rta-acq" }, pile, h("span", { class: "rta-acq-words", text: words }));
}

function killMarkers(ctx, count) {
  const marks = h("span", { class: "rta-kills", "aria-label": n_("{count} kill", "{count} kills", count) });
  for (let i = 0; i < count; i += 1) marks.append(h("span", { class: "rta-kill", "aria-hidden": "true", text: "✈" }));
  marks.append(h("span", { class: "rta-kill-count", text: n_("{count} kill", "{count} kills", count) }));
  return marks;
}

// What lies in front of a pilot: FLAMEOUTs, displayed specials, the shot-down marker.
function markers(ctx, data) {
  const out = [];
  if (data.downed) out.push(h("span", { class: "rta-marker rta-down", text: _("shot down: loses the next turn") }));
  for (const owner of data.flameouts || []) {
    out.push(h("span", { class: "rta-marker rta-flame" }, mini(ctx, "flameout"),
      _("FLAMEOUT from {pilot}: no Attack or MANEUVER cards until a RELIGHT", { pilot: pilot(ctx, owner) })));
  }
  if (data.hot_stick) {
    out.push(h("span", { class: "rta-marker rta-special" }, mini(ctx, "hotstick"), _("HOT STICK: cannot be outmaneuvered")));
  }
  if (data.golden_bird) {
    out.push(h("span", { class: "rta-marker rta-special" }, mini(ctx, "goldenbird"), _("GOLDEN BIRD: immune to MALFUNCTION and FLAMEOUT")));
  }
  return out;
}

// The acquisitions placed on a pilot (or slid back onto them), as cards in front of them.
function laidOn(ctx, seat) {
  return (ctx.view.acquisitions || []).filter((a) => (a.cover === "maneuver" ? a.by : a.on) === seat);
}

function pilotMat(ctx, data) {
  const seat = data.seat;
  const classes = ["rta-mat"];
  const turn = ctx.view.to_act === null || ctx.view.to_act === undefined ? null : ctx.view.turn;  // none at the end
  if (seat === ctx.mySeat) classes.push("mine");
  if (seat === turn) classes.push("rta-turn");
  const fight = ctx.view.dogfight;
  if (fight && (fight.attacker === seat || fight.defender === seat)) classes.push("rta-fighting");
  const acqs = laidOn(ctx, seat);
  return h("section", { class: classes.join(" "), "data-seat": seat },
    h("h4", {}, capital(pilot(ctx, seat)), seat === turn ? h("span", { class: "rta-turn-mark", text: _("this turn") }) : null),
    killMarkers(ctx, data.kills),
    h("div", { class: "rta-markers" }, markers(ctx, data)),
    acqs.length ? h("ul", { class: "rta-acqs" }, acqs.map((a) => acquisitionCard(ctx, a)))
      : h("p", { class: "rta-clear", text: _("no acquisition on this pilot") }));
}

function dogfightBanner(ctx) {
  const fight = ctx.view.dogfight;
  if (!fight) return null;
  if (ctx.view.phase === "fire") {  // the dogfight is over; the acquisition stands
    return h("p", { class: "rta-dogfight", role: "note" }, _("The dogfight is over: {pilot} may fire on the acquisition that stands.",
      { pilot: pilot(ctx, ctx.view.to_act) }));
  }
  return h("p", { class: "rta-dogfight", role: "note" }, h("strong", { text: _("DOGFIGHT") }), " ", dogfightWords(ctx, fight));
}

function dogfightWords(ctx, fight) {
  const card = title(fight.kind);
  if (fight.attacker === ctx.mySeat) return _("You attack {defender} with a {card}.", { defender: pilot(ctx, fight.defender), card });
  return _("{attacker} attacks {defender} with a {card}.", { attacker: capital(pilot(ctx, fight.attacker)), defender: pilot(ctx, fight.defender), card });
}

function pendingWords(ctx) {
  const v = ctx.view;
  const parts = [];
  if (v.pending && v.phase === "react") {
    parts.push(_("{card} played by {by} on {against} can still be cancelled by a special card from {against}'s hand.",
      { card: title(v.pending.card), by: pilot(ctx, v.pending.by), against: pilot(ctx, v.pending.against) }));
  } else if (v.pending) {
    parts.push(_("Last play: {card} by {by} against {against}.",
      { card: title(v.pending.card), by: pilot(ctx, v.pending.by), against: pilot(ctx, v.pending.against) }));
  }
  if (v.weapon) {
    parts.push(_("{card} fired by {by} at {at}.", { card: title(v.weapon.card), by: capital(pilot(ctx, v.weapon.by)), at: pilot(ctx, v.weapon.at) }));
  }
  return parts;
}

function discardPile(ctx) {
  const v = ctx.view;
  const counts = v.discards || {};
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const box = h("div", { class: "rta-pile" }, h("span", { class: "rta-pile-name", text: _("Discard pile") }));
  if (v.discard_top) box.append(mini(ctx, v.discard_top));
  box.append(h("span", { text: total ? n_("{count} card", "{count} cards", total) : _("empty") }));
  if (total) {
    const list = Object.entries(counts).map(([word, n]) => _("{card} ×{count}", { card: title(word), count: n })).join(_(", "));
    box.append(h("details", { class: "rta-pile-list" }, h("summary", { text: _("what was discarded") }), h("p", { text: list })));
  }
  return box;
}

function tableLine(ctx) {
  const v = ctx.view;
  const deck = h("div", { class: "rta-deck" }, h("span", { class: "rta-pile-name", text: _("Draw deck") }),
    h("span", { class: "mini rta-back", role: "img", "aria-label": _("the draw deck") }),
    h("span", { text: n_("{count} card", "{count} cards", v.deck) }));
  const facts = [
    _("Turn {number}", { number: v.turn_number }),
    _("The first pilot to {count} kills is the Ace", { count: v.kills_to_win }),
  ];
  if (v.games > 1) facts.push(_("game {number} of {games}", { number: v.game_number, games: v.games }));
  if (v.tokens) facts.push(_("Acquisition tokens: a pilot fires only on an acquisition they placed"));
  return h("div", { class: "rta-table" }, deck, discardPile(ctx), h("p", { class: "rta-facts", text: facts.join(" · ") }));
}

export function board(ctx) {
  const v = ctx.view;
  const parts = document.createDocumentFragment();
  parts.append(tableLine(ctx));
  const banner = dogfightBanner(ctx);
  if (banner) parts.append(banner);
  const pending = pendingWords(ctx);
  if (pending.length) parts.append(h("p", { class: "rta-pending", text: pending.join(" ") }));
  parts.append(h("div", { class: "rta-mats" }, (v.pilots || []).map((p) => pilotMat(ctx, p))));
  if (Array.isArray(v.wing)) {
    parts.append(h("div", { class: "rta-wing" }, h("h3", { text: _("Your wingman's cards") }),
      h("span", { class: "cards" }, v.wing.map((w) => mini(ctx, w)))));
  }
  return parts;
}

// A seat's box: the cards held and the score; what lies in front of the pilot is on the board.
export function seat(data, ctx) {
  const v = ctx.view;
  const lines = [n_("{count} card in hand", "{count} cards in hand", data.hand_size || 0)];
  if (Array.isArray(v.wing) || data.wing_size) lines.push(n_("wingman: {count} card", "wingman: {count} cards", data.wing_size || 0));
  lines.push(n_("{count} kill", "{count} kills", data.kills || 0));
  lines.push(n_("{count} successful acquisition", "{count} successful acquisitions", data.acquisitions || 0));
  if (v.games > 1) lines.push(_("match score {score}", { score: data.score }));
  if (data.downed) lines.push(_("shot down: loses the next turn"));
  if ((data.flameouts || []).length) lines.push(_("flamed out"));
  return h("p", { class: "rta-seat", text: lines.join(" · ") });
}

// The end's standings: kills, successful acquisitions and the match score in words.
export function score(ctx, seatNo) {
  const data = (ctx.view.pilots || [])[seatNo] || {};
  const parts = [n_("{count} kill", "{count} kills", data.kills || 0),
    n_("{count} successful acquisition", "{count} successful acquisitions", data.acquisitions || 0)];
  if (ctx.view.games > 1) parts.push(_("match score {score}", { score: data.score }));
  return parts.join(" · ");
}

export function hand(ctx) {
  const v = ctx.view;
  if (!Array.isArray(v.hand)) return null;
  return { cards: v.hand, title: _("Your hand") };
}

// --- the status line -------------------------------------------------------------------------

function phaseWords(ctx) {
  const v = ctx.view;
  const me = v.to_act === ctx.mySeat;
  const actor = capital(pilot(ctx, v.to_act));
  switch (v.phase) {
    case "turn":
      return me ? _("Play a card, or discard one.") : _("{pilot} plays a card or discards one.", { pilot: actor });
    case "lost turn":
      return me ? _("You were shot down: this turn you only discard a card.")
        : _("{pilot} was shot down: this turn they only discard a card.", { pilot: actor });
    case "dogfight":
      if (me && v.dogfight && v.dogfight.attacker === ctx.mySeat) return _("Answer the last move, or break off.");
      return me ? _("Answer the last move, or pass.") : _("{pilot} may answer the last move, or pass.", { pilot: actor });
    case "fire":
      return me ? _("Fire on the standing acquisition, or hold fire.") : _("{pilot} may fire on the standing acquisition.", { pilot: actor });
    case "react":
      return me ? _("Reveal your special card, or keep it hidden.") : _("{pilot} may reveal a special card.", { pilot: actor });
    case "weapon":
      return me ? _("Answer the weapon fired at you, or take the hit.") : _("{pilot} may answer the weapon fired at them.", { pilot: actor });
    case "trim":
      return me ? _("Discard down to seven cards.") : _("{pilot} discards down to seven cards.", { pilot: actor });
    default:
      return "";
  }
}

export function status(ctx) {
  const v = ctx.view;
  if (v.to_act === null || v.to_act === undefined) return "";
  const parts = [];
  if (v.dogfight && v.phase !== "fire") parts.push(_("Dogfight: {what}", { what: dogfightWords(ctx, v.dogfight) }));
  parts.push(phaseWords(ctx));
  return parts.filter(Boolean).join(" ");
}

// --- moves in words --------------------------------------------------------------------------

const STACK = /^([vr])(\d+)>(\d+)$/i;

// A move's parts: its card, a pilot aimed at, an acquisition played on (the table may have taken
// the card out when a card of the hand is chosen: "V0>2" alone).
function parse(move) {
  const out = { card: null, pilot: null, stack: null, discard: false, pass: false };
  for (const word of move.trim().toLowerCase().split(/\s+/)) {
    const stack = STACK.exec(word);
    if (word === "pass") out.pass = true;
    else if (word === "discard") out.discard = true;
    else if (TITLE[word]) out.card = word;
    else if (/^\d+$/.test(word)) out.pilot = Number(word);
    else if (stack) out.stack = { ref: word.toUpperCase(), kind: stack[1] === "v" ? "visual" : "radar", by: Number(stack[2]), on: Number(stack[3]) };
  }
  return out;
}

function stackWords(ctx, stack) {
  return _("the {kind} {by} placed on {on}", { kind: SHORT[stack.kind], by: pilot(ctx, stack.by), on: pilot(ctx, stack.on) });
}

function acquisitionAt(ctx, stack) {
  return (ctx.view.acquisitions || []).find((a) => String(a.ref).toUpperCase() === stack.ref) || null;
}

function passLabel(ctx) {
  const v = ctx.view;
  if (v.phase === "fire") return _("Hold fire");
  if (v.phase === "react") return _("Keep it hidden");
  if (v.phase === "weapon") return _("No answer");
  if (v.dogfight && v.dogfight.attacker === ctx.mySeat) return _("Break off");
  return _("Pass: no answer");
}

export function moveLabel(move, ctx) {
  const m = parse(move);
  if (m.pass) return passLabel(ctx);
  const card = m.card ? title(m.card) : "";
  if (m.discard) return card ? _("Discard {card}", { card }) : _("Discard");
  if (m.stack) {
    const on = stackWords(ctx, m.stack);
    return card ? _("{card} on {acquisition}", { card, acquisition: on }) : capital(_("on {acquisition}", { acquisition: on }));
  }
  if (m.pilot !== null) {
    const target = pilot(ctx, m.pilot);
    if (m.card === "guns" || m.card === "missile") return _("Fire {card} at {pilot}", { card, pilot: target });
    return card ? _("{card} on {pilot}", { card, pilot: target }) : capital(_("at {pilot}", { pilot: target }));
  }
  if (m.card === "relight") return _("RELIGHT your FLAMEOUT");
  if (m.card === "hotstick" || m.card === "goldenbird") {
    return ctx.view.phase === "react" ? _("Reveal {card}", { card }) : _("Display {card}", { card });
  }
  if (m.card === "jammit" || m.card === "malfunction") return _("{card} against the weapon", { card });
  return card || move;
}

// What a move does and the rule it plays under, in players' words.
export function moveHelp(move, ctx) {
  const m = parse(move);
  const v = ctx.view;
  if (m.pass) {
    if (v.phase === "fire") return _("Hold fire: the acquisition stays in play for any pilot to use in their turn.");
    if (v.phase === "react") return _("Keep your special card hidden: the card played on you stands.");
    if (v.phase === "weapon") return _("No answer to the weapon: the shot scores a kill.");
    if (v.dogfight && v.dogfight.attacker === ctx.mySeat) {
      return _("Break off the attack: the dogfight ends and the acquisition stays in play for another pilot to use.");
    }
    return _("No answer: the dogfight ends; if the acquisition stands, the attacker may fire on it.");
  }
  const card = m.card ? title(m.card) : "";
  if (m.discard) {
    if (v.phase === "lost turn") return _("You were shot down: this turn you may only draw a card and discard one.");
    if (v.phase === "trim") return _("Discard down to seven cards in hand.");
    return _("Throw {card} on the discard pile as this turn's card; you refill to seven afterwards.", { card });
  }
  if (m.stack) {
    const on = stackWords(ctx, m.stack);
    const acq = acquisitionAt(ctx, m.stack);
    const cover = acq ? acq.cover : null;
    switch (m.card) {
      case "maneuver":
        if (cover === "maneuver") return _("Counter the MANEUVER on {acquisition}: both MANEUVERs are discarded and the VISUAL comes back into play against its defender.", { acquisition: on });
        return _("Outmaneuver {acquisition}: the VISUAL slides back onto its attacker, and the first engaged pilot to fire GUNS on it scores.", { acquisition: on });
      case "visual":
        return _("A new VISUAL ACQUISITION counters the MANEUVER on {acquisition}: the VISUAL slides back onto its defender.", { acquisition: on });
      case "radar":
        return _("A new RADAR ACQUISITION on the JAMMIT! over {acquisition}: the pilot is reacquired.", { acquisition: on });
      case "jammit":
        if (cover === "jammit") return _("ECCM: cancel the JAMMIT! on {acquisition}; both JAMMIT! cards are discarded and the RADAR is back in full effect.", { acquisition: on });
        return _("Suppress {acquisition}: no MISSILE may use it until the JAMMIT! is countered.", { acquisition: on });
      case "malfunction":
        if (cover === "jammit") return _("Cancel the JAMMIT! on {acquisition}: both cards are discarded and the RADAR is back in full effect.", { acquisition: on });
        return _("Break {acquisition}: the acquisition and the MALFUNCTION are discarded.", { acquisition: on });
      case "flameout":
        return _("Break {acquisition}: the FLAMEOUT then stays in front of {attacker}, who cannot play Attack or MANEUVER cards until a RELIGHT.",
          { acquisition: on, attacker: pilot(ctx, m.stack.by) });
      default:
        return _("Play {card} on {acquisition}.", { card, acquisition: on });
    }
  }
  if (m.pilot !== null) {
    const target = pilot(ctx, m.pilot);
    switch (m.card) {
      case "radar":
        return _("Acquire {pilot} on RADAR and start a dogfight: they may answer with JAMMIT!, MALFUNCTION or FLAMEOUT; if the acquisition stands, a MISSILE can shoot them down.", { pilot: target });
      case "visual":
        return _("Acquire {pilot} visually and start a dogfight: they may answer with MANEUVER, MALFUNCTION or FLAMEOUT; if the acquisition stands, GUNS can shoot them down.", { pilot: target });
      case "guns":
        return _("Fire GUNS through the VISUAL ACQUISITION on {pilot}: a kill, and every card in play on them is discarded.", { pilot: target });
      case "missile":
        return _("Fire a MISSILE through the unsuppressed RADAR ACQUISITION on {pilot}: a kill, and every card in play on them is discarded.", { pilot: target });
      case "flameout":
        return _("Put a FLAMEOUT in front of {pilot}: they cannot play Attack or MANEUVER cards until they play a RELIGHT.", { pilot: target });
      default:
        return _("Play {card} on {pilot}.", { card, pilot: target });
    }
  }
  switch (m.card) {
    case "relight":
      return _("Cancel the FLAMEOUT in front of you: the FLAMEOUT and the RELIGHT are discarded.");
    case "hotstick":
      return v.phase === "react"
        ? _("Reveal the HOT STICK: the MANEUVER played on you is discarded, and the HOT STICK stays in front of you for the rest of the game.")
        : _("Display the HOT STICK in front of you for the rest of the game: you cannot be outmaneuvered.");
    case "goldenbird":
      return v.phase === "react"
        ? _("Reveal the GOLDEN BIRD: the card played on you is discarded, and the GOLDEN BIRD stays in front of you for the rest of the game.")
        : _("Display the GOLDEN BIRD in front of you for the rest of the game: you are immune to MALFUNCTION and FLAMEOUT.");
    case "jammit":
      return _("Jam the MISSILE fired at you: the shot misses and both cards are discarded.");
    case "malfunction":
      return _("The weapon fired at you malfunctions: the shot misses and both cards are discarded.");
    default:
      return card;
  }
}
