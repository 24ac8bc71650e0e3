// The table's drawing helpers, shared by the pages and every game's board module: elements,
// seats in words, any JSON value as facts, the seat boxes and the board box (each drawn by the
// game's board, ctx.board: see board_generic.js), a card of the hand as a button.
import { cardFace, cardName, isCardText, miniCard } from "./cards.js";
import { _ } from "./i18n.js";
import { label } from "./words.js";

export const SEAT_KEYS = ["seats", "pilots", "players"];

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A bot's level in words (the levels the lobby offers, their older names, the heuristic bot as
// medium); any other bot by its name.
export function levelWord(name) {
  const words = {
    easy: () => _("easy"), medium: () => _("medium"), hard: () => _("hard"), expert: () => _("expert"),
    random: () => _("random"),
  };
  const level = { "ismcts-easy": "easy", ismcts: "medium", heuristic: "medium", "ismcts-hard": "hard" }[name] || name;
  return words[level] ? words[level]() : String(name);
}

// A seat as its box and the standings name it: the person's name, a bot's level, "(you)".
export function seatName(ctx, seat) {
  if (seat === null || seat === undefined) return _("nobody");
  const info = (ctx.seats || [])[seat];
  let name = _("Seat {n}", { n: seat });
  if (info && info.name && info.kind !== "bot") name = String(info.name);
  else if (info && info.kind === "bot") name = _("Seat {n}: {level} bot", { n: seat, level: levelWord(info.bot) });
  if (seat === ctx.mySeat) name = _("{name} (you)", { name });
  return name;
}

// A seat in running text, from the reader's side: "you" for the page's own seat (the server
// already wrote the log that way, with the terminal's one translator, core/words.py as_seen_by),
// the person's name for a named seat, "seat N" otherwise (bots, free seats).
export function who(ctx, seat) {
  if (seat === null || seat === undefined) return _("nobody");
  if (seat === ctx.mySeat) return _("you");
  const info = (ctx.seats || [])[seat];
  // a bot's seat keeps its number (its "name" is its level, the same for every bot)
  const name = info && info.name && info.kind !== "bot" ? String(info.name).replace(/[[\]]/g, "") : "";
  if (!name) return _("seat {n}", { n: seat });
  const twin = (ctx.seats || []).some((s, i) => i !== seat && s && s.name === info.name);
  return twin ? `${name} #${seat}` : name;
}

export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// The log's "seat N" (Japanese "席N") as the seat's name (a line the server sent, already "you"
// for this seat).
export function named(text, ctx) {
  const byName = (whole, n) => {
    const info = (ctx.seats || [])[Number(n)];
    if (!info || !info.name || info.kind === "bot") return whole;
    return who({ ...ctx, mySeat: null }, Number(n));
  };
  return String(text).replace(/\b[Ss]eat (\d+)\b/g, byName).replace(/席(\d+)/g, byName);
}

// Every top-level list of per-seat objects (each with a "seat"), e.g. Air Racing's seats and
// aircraft: their keys, and one merged object per seat.
export function seatKeys(view) {
  return Object.keys(view).filter((key) => Array.isArray(view[key]) && view[key].length > 0
    && view[key].every((x) => x && typeof x === "object" && !Array.isArray(x) && Number.isInteger(x.seat)));
}

export function seatList(view) {
  const keys = seatKeys(view);
  if (!keys.length) return null;
  const merged = [];
  for (const key of keys) {
    for (const item of view[key]) merged[item.seat] = { ...(merged[item.seat] || {}), ...item };
  }
  return merged;
}

function isCardList(value) {
  return Array.isArray(value) && value.length > 0 && value.every(isCardText);
}

export function cards(list, ctx, cls = "cards") {
  return h("span", { class: cls }, list.map((c) => miniCard(c, ctx.cardInfo(c))));
}

export function value(v, ctx) {
  if (v === null || v === undefined || v === "") return h("span", { class: "none", text: "—" });
  if (typeof v === "boolean") return v ? _("yes") : _("no");
  if (isCardList(v)) return cards(v, ctx);
  if (Array.isArray(v) && v.some(isCardText) && v.every((x) => x === null || isCardText(x))) {
    return h("span", { class: "cards" }, v.map((c) => (c === null
      ? h("span", { class: "mini empty", title: _("no card"), "aria-label": _("no card"), role: "img" })
      : miniCard(c, ctx.cardInfo(c)))));
  }
  if (Array.isArray(v)) {
    if (!v.length) return h("span", { class: "none", text: _("none") });
    if (v.every((x) => typeof x !== "object" || x === null)) return v.map(String).join(", ");
    return h("ul", { class: "sub" }, v.map((x) => h("li", {}, value(x, ctx))));
  }
  if (typeof v === "object") {
    const entries = Object.entries(v);
    if (!entries.length) return h("span", { class: "none", text: _("none") });
    if (entries.every(([, x]) => typeof x !== "object" || x === null)) {
      return entries.map(([k, x]) => `${label(k)} ${x === null ? "—" : x}`).join(" · ");
    }
    return facts(v, ctx);
  }
  return String(v);
}

export function facts(object, ctx, skip = new Set()) {
  const dl = h("dl", { class: "facts" });
  for (const [key, v] of Object.entries(object)) {
    if (skip.has(key)) continue;
    dl.append(h("div", { class: "fact" }, h("dt", { text: label(key) }), h("dd", {}, value(v, ctx))));
  }
  return dl;
}

// One box per seat: name, connection, whose turn, and what the view tells of that seat.
export function renderSeats(box, ctx) {
  const list = seatList(ctx.view) || [];
  const count = ctx.players;
  const boxes = [];
  for (let seat = 0; seat < count; seat += 1) {
    const info = (ctx.seats || [])[seat] || {};
    const data = { ...(list.find((s) => s && s.seat === seat) || list[seat] || {}) };
    for (const key of ctx.board.perSeat || []) {  // a top-level list with one value per seat
      if (Array.isArray(ctx.view[key]) && ctx.view[key].length === count) data[key] = ctx.view[key][seat];
    }
    const classes = ["seat-box"];
    if (seat === ctx.currentPlayer && (ctx.status === undefined || ctx.status === "playing")) classes.push("to-move");
    if (seat === ctx.mySeat) classes.push("mine");
    if (seat === ctx.lastMover) classes.push("last-mover");
    const badges = [];
    // whose turn only once the game is on; presence only while the page hears the server
    const started = ctx.status === undefined || ctx.status === "playing";
    if (seat === ctx.currentPlayer && started) badges.push(h("span", { class: "badge turn", text: _("▶ to move") }));
    if (seat === ctx.lastMover) badges.push(h("span", { class: "badge moved", text: _("moved last") }));
    if (info.kind === "human" && ctx.online !== false) {
      badges.push(h("span", {
        class: `badge ${info.connected ? "on" : "off"}`,
        text: info.connected ? _("● here") : info.claimed ? _("○ away") : _("○ free seat"),
      }));
    }
    if (info.kind === "human" && info.played_by && info.played_by !== "human") {
      badges.push(h("span", { class: "badge bot", text: _("played by a {level} bot", { level: levelWord(info.played_by) }) }));
    }
    const body = ctx.board.seat(data, ctx, seat);
    boxes.push(h("article", { class: classes.join(" "), "data-seat": seat, "aria-label": seatName(ctx, seat) },
      h("h3", {}, h("span", { class: "seat-mark", "aria-hidden": "true", text: `#${seat}` }), " ", seatName(ctx, seat)),
      h("div", { class: "badges" }, badges),
      body));
  }
  box.replaceChildren(...boxes);
}

// The public table, as the game's board draws it. A board is drawn from the context's data alone,
// so it is drawn again only when that data changed: a click that selects a card or sends a move
// leaves the board's elements as they were.
const boardDrawnFrom = new WeakMap();
export function renderBoard(box, ctx) {
  const data = JSON.stringify([ctx.game, ctx.view, ctx.seats, ctx.players, ctx.mySeat, ctx.currentPlayer,
    ctx.lastMover, ctx.legal, ctx.options, ctx.end, ctx.status, ctx.online]);
  if (boardDrawnFrom.get(box) === data) return;
  boardDrawnFrom.set(box, data);
  box.replaceChildren(ctx.board.board(ctx));
}

export function cardButton(text, ctx, { playable, selected, onClick }) {
  const info = ctx.cardInfo(text);
  const face = cardFace(text, info);
  let press = null;  // a long press where no contextmenu comes (iOS): half a second held
  let held = false;
  const button = h("button", {
    type: "button",
    class: `card${face.classList.contains("tall") ? " tall" : ""}${playable ? " playable" : ""}${selected ? " selected" : ""}`,
    "aria-pressed": selected ? "true" : "false",
    "aria-label": playable ? cardName(text) : _("{card} (no move with it now)", { card: cardName(text) }),
    title: info && info.text ? `${cardName(text)}: ${info.text}` : cardName(text),
    "data-card": text,
    onclick: (event) => {
      if (held) {  // the end of a long press shows the card's text: it does not play it
        held = false;
        return;
      }
      onClick(event);
    },
  });
  const detail = () => {
    const box = document.getElementById("card-detail");
    if (box) box.textContent = info && info.text ? info.text : cardName(text);
  };
  button.addEventListener("focus", detail);
  button.addEventListener("mouseenter", detail);
  button.addEventListener("contextmenu", (event) => {  // a long press (Android), a right click
    event.preventDefault();
    detail();
  });
  button.addEventListener("pointerdown", (event) => {
    held = false;
    if (event.pointerType !== "touch") return;
    clearTimeout(press);
    press = setTimeout(() => { held = true; detail(); }, 500);
  });
  for (const end of ["pointerup", "pointercancel", "pointerleave"]) {
    button.addEventListener(end, () => clearTimeout(press));
  }
  button.append(face);
  if (!playable) button.setAttribute("aria-disabled", "true");
  return button;
}
