// The board module interface, and the generic board: what the table and replay pages draw for a
// game that ships no board of its own, and what they take for anything a game's board leaves out.
//
// A game's board is an ES module in its package (the folder `Game.board_assets()` names, holding
// `board.js` and optionally `board.css`), served at /games/<id>/board.js and /games/<id>/board.css.
// The page imports it (`import(url)`); it imports the shared helpers by absolute URL
// (/static/render.js, /static/cards.js, /static/words.js, /static/board_generic.js).
//
// What the page passes to every function, `ctx`:
//   game           the game id
//   view           the seat's view as the server sent it (the replay: the public view of a step)
//   mySeat         the page's seat, or null for a spectator
//   seats          the table's seats [{seat, kind, name, bot, claimed, connected, played_by}]
//   players        how many seats
//   currentPlayer  the seat to decide now (null: nobody); lastMover: the seat that moved last
//   legal          the seat's legal moves now, as notation ([] when it is not its decision)
//   options        the table's game options
//   end            the end frame once the game is over, else null
//   reference      the game's public reference data the page embeds ({cards: {text: info}, ...})
//   cardInfo(text) reference.cards[text], or null
//   board          the board in use: the game's exports over this module's
//
// What a board module may export (every one optional; this module's stands in for a missing one):
//   board(ctx) -> Node                    the public table (a DocumentFragment for several parts)
//   seat(data, ctx, seat) -> Node         the body of a seat's box; data: what the view says of
//                                         the seat (its entries of the view's per-seat lists)
//   perSeat: [key]                        top-level lists of the view with one value per seat,
//                                         shown in the seat boxes and not on the board
//   hand(ctx) -> {cards, title} | null    the cards of the hand box, and its title
//   notHandVerbs: [verb]                  verbs whose moves name a card that is not the hand's
//   verbLabel(verb, ctx) -> text          the legend of a group of moves (their first word);
//                                         "" for none (the default under a board's own moveLabel)
//   moveLabel(move, ctx, verb) -> text | Node   a legal move's button; verb: its group's first word
//                                         when the group has a legend (leave it out), else ""
//   moveHelp(move, ctx, verb) -> text | null    what the move does, in players' words: shown on
//                                         hover, focus or a long press of its button (default: none)
//   status(ctx) -> text                   words added to the status line
//   score(ctx, seat) -> text | Node       the seat's score in the end's standings
//   endExtra(ctx) -> Node | null          below the standings
//   reference(ctx) -> Node | null         the card reference beside the table
//   cardFace(text, info) -> SVG | null    a card's face (null: the shared faces of cards.js)
//
// Everything here reads only the shape of the view (keys, lists, objects), never a game's rules,
// and draws any JSON without failing: a key becomes its words, a list a list, an object its facts.
import { SEAT_KEYS, facts, h, seatKeys, seatList, value } from "./render.js";
import { pretty } from "./cards.js";
import { _ } from "./i18n.js";
import { label } from "./words.js";

// What the page draws elsewhere: the game's id, the seat, the hand, whose turn, the winners, the seats.
const DRAWN_ELSEWHERE = ["game", "seat", "hand", "to_act", "winners", ...SEAT_KEYS];

export const perSeat = [];
export const notHandVerbs = [];

// The public table: each key of the view in words with its value; a long value (a course, a
// list of records) folded under its name. `skip`: keys a game's board draws itself.
export function tableParts(ctx, skip = []) {
  const view = ctx.view || {};
  const hidden = new Set([...DRAWN_ELSEWHERE, ...seatKeys(view), ...(ctx.board.perSeat || []), ...skip]);
  const big = Object.keys(view).filter((k) => !hidden.has(k) && isBig(view[k]));
  return [facts(view, ctx, new Set([...hidden, ...big])),
    ...big.map((k) => h("details", { class: "more" }, h("summary", { text: label(k) }), value(view[k], ctx)))];
}

function isBig(v) {
  return v !== null && typeof v === "object" && JSON.stringify(v).length > 240;
}

export function board(ctx) {
  const parts = document.createDocumentFragment();
  parts.append(...tableParts(ctx));
  return parts;
}

export function seat(data, ctx) {
  return facts(data, ctx, new Set(["seat"]));
}

// The view's own hand, else the hands of the seat's entries in the view's per-seat lists.
export function hand(ctx) {
  const view = ctx.view || {};
  if (Array.isArray(view.hand)) return { cards: view.hand, title: _("Your hand") };
  const own = seatKeys(view).flatMap((key) => view[key])
    .filter((item) => item.seat === ctx.mySeat && Array.isArray(item.hand));
  if (!own.length) return null;
  return { cards: own.flatMap((item) => item.hand), title: own.length > 1 ? _("Your hands") : _("Your hand") };
}

// A move without its verb (the group's legend says it), playing cards as rank and suit.
export function moveLabel(move, ctx, verb) {
  return pretty((verb && move.startsWith(verb) ? move.slice(verb.length).trim() : move) || move);
}

// A group's legend. Under this module's moveLabel (the notation less its verb) the verb in words
// (in the reader's language where a catalog has the word); under a board's own moveLabel none:
// that board words each whole move itself (it is given no verb to leave out).
export function verbLabel(verb, ctx) {
  return ctx.board.moveLabel === moveLabel ? _(label(verb)) : "";
}

export function moveHelp() {
  return null;
}

export function status() {
  return "";
}

const SCORE_KEYS = ["score", "vp", "kills", "acquisitions", "wins", "race_wins", "lap", "pos", "hand_sizes"];
const SCORE_WORDS = {  // whole messages, looked up when shown (a lone word may mean another
  // thing in a game's catalog, which is read first: Race to Ace's "kills" is its kills to win)
  score: (n) => _("score {count}", { count: n }), vp: (n) => _("victory points {count}", { count: n }),
  kills: (n) => _("kills {count}", { count: n }), acquisitions: (n) => _("acquisitions {count}", { count: n }),
  wins: (n) => _("wins {count}", { count: n }), race_wins: (n) => _("races won {count}", { count: n }),
  lap: (n) => _("lap {count}", { count: n }), pos: (n) => _("position {count}", { count: n }),
  hand_sizes: (n) => _("cards left {count}", { count: n }),
};

// What the final view says of a seat's score (its score, victory points, kills...).
export function score(ctx, seatNo) {
  const data = { ...((seatList(ctx.view) || [])[seatNo] || {}) };
  for (const key of ctx.board.perSeat || []) {
    if (Array.isArray(ctx.view[key])) data[key] = ctx.view[key][seatNo];
  }
  return SCORE_KEYS.filter((k) => k in data && typeof data[k] !== "object")
    .map((k) => SCORE_WORDS[k](data[k])).join(" · ");
}

export function endExtra() {
  return null;
}

// A table of the reference: `rows` objects (or lists in the order of `columns`).
export function referenceTable(rows, columns) {
  const cell = (row, c, i) => String((Array.isArray(row) ? row[i] : row[c]) ?? "-");
  return h("div", { class: "ref-scroll" }, h("table", { class: "ref" },
    h("thead", {}, h("tr", {}, columns.map((c) => h("th", { scope: "col", text: label(c) })))),
    h("tbody", {}, rows.map((row) => h("tr", {}, columns.map((c, i) => (i === 0
      ? h("th", { scope: "row", text: cell(row, c, i) })
      : h("td", { text: cell(row, c, i) }))))))));
}

// Every card of the reference with its text, and the reference's tables.
export function reference(ctx) {
  const entries = Object.entries((ctx.reference || {}).cards || {});
  const tables = ((ctx.reference || {}).tables || []).filter((t) => t && Array.isArray(t.rows) && Array.isArray(t.columns));
  if (!entries.length && !tables.length) return null;
  const parts = [];
  if (entries.length) {
    parts.push(h("h3", { text: _("Cards") }),
      h("ul", { class: "ref-cards" }, entries.map(([text, info]) => h("li", { text: (info && info.text) || text }))));
  }
  for (const table of tables) parts.push(h("h3", { text: String(table.title || "") }), referenceTable(table.rows, table.columns));
  return h("div", {}, parts);
}
