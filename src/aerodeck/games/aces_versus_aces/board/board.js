// Aces versus Aces on the table page (the interface: /static/board_generic.js), laid out as the
// rulebook's play mat: the draw deck and the discard pile, the three Ace coins in the centre until
// won, the last hand by seat; each seat's command markers as a pile of pennies, its Ace coins and
// the cards it won with their points; the end's points as a compact grid. Every word through the
// catalogs (/static/i18n.js); a move's notation stays its button's code.
import { _, n_ } from "/static/i18n.js";
import { capital, h, who } from "/static/render.js";
import { miniCard, pretty } from "/static/cards.js";

const COINS = ["nickel", "dime", "quarter"];
const MARKERS = 5;

function coinName(name) {
  const words = { nickel: _("nickel"), dime: _("dime"), quarter: _("quarter") };
  return words[name] || name;
}

// A won card's points and an Ace coin's (`coin:NAME`) are in the reference's cards.
function points(ctx, key) {
  return (((ctx.reference || {}).cards || {})[key] || {}).points || 0;
}

function coin(name, ctx, taken = true) {
  const info = ctx.cardInfo(`coin:${name}`);
  return h("span", {
    class: `coin coin-${name}${taken ? "" : " in-centre"}`,
    title: info ? info.text : coinName(name),
  }, h("span", { class: "coin-name", text: coinName(name) }),
  h("span", { class: "coin-points", text: _("{points} pts", { points: points(ctx, `coin:${name}`) }) }));
}

// Command markers as a pile of pennies: the ones left, and the lost ones faded.
function pennies(n) {
  const left = Math.max(0, Math.min(MARKERS, n));
  const pile = h("span", { class: "pennies", role: "img",
    "aria-label": n_("{count} command marker of 5 left", "{count} command markers of 5 left", left) });
  for (let i = 0; i < MARKERS; i += 1) pile.append(h("span", { class: i < left ? "penny" : "penny lost", "aria-hidden": "true" }));
  return h("span", { class: "marker-pile" }, pile,
    h("span", { class: "count", text: n_("{count} marker", "{count} markers", left) }));
}

function wonPoints(data, ctx) {
  const won = (data.won || []).reduce((sum, c) => sum + points(ctx, c), 0);
  const coins = (data.coins || []).reduce((sum, c) => sum + points(ctx, `coin:${c}`), 0);
  return { cards: won, coins };
}

function token(label, value, cls = "") {
  return h("span", { class: `token ${cls}` }, h("span", { class: "token-label", text: label }),
    h("strong", { class: "token-value", text: String(value) }));
}

export function seat(data, ctx) {
  const won = wonPoints(data, ctx);
  const list = data.won || [];
  return h("div", { class: "ava-seat" },
    h("p", { class: "score-line" },
      h("strong", { class: "big", text: n_("{count} point", "{count} points", data.score ?? 0) }),
      data.in_game === false ? h("span", { class: "ava-mark out", text: _("out of the game") }) : ""),
    h("p", { class: "markers" }, pennies(data.markers ?? 0)),
    h("p", {}, n_("{count} card in hand", "{count} cards in hand", data.hand_size ?? 0),
      data.committed ? h("span", { class: "ava-mark", text: _("✓ card played face down") }) : ""),
    (data.coins || []).length ? h("p", { class: "coins" }, (data.coins || []).map((c) => coin(c, ctx))) : "",
    h("div", { class: "won" },
      h("span", { class: "won-title", text: list.length
        ? n_("Won this round: {count} card, {points} points", "Won this round: {count} cards, {points} points",
          list.length, { points: won.cards + won.coins })
        : _("Nothing won this round") }),
      list.length ? h("span", { class: "cards" }, list.map((c) => miniCard(c, ctx.cardInfo(c)))) : ""));
}

// The centre of the mat: the coins still to be won, in order.
function centreCoins(ctx) {
  const played = ctx.view.aces_played ?? 0;
  const taken = new Set((ctx.view.seats || []).flatMap((s) => s.coins || []));
  const left = COINS.filter((c, i) => i >= played && !taken.has(c));
  return h("div", { class: "centre-coins" },
    h("span", { class: "token-label", text: _("Aces played: {count} of 3", { count: played }) }),
    left.length ? left.map((c) => coin(c, ctx, false)) : h("span", { text: _("every Ace coin is taken") }));
}

function deckPile(count) {
  return h("span", { class: "pile deck-pile", role: "img", "aria-label": n_("Draw deck: {count} card", "Draw deck: {count} cards", count) },
    h("span", { class: "card-back", "aria-hidden": "true" }),
    h("span", { class: "pile-text" }, h("strong", { text: String(count) }), " ", _("to draw")));
}

export function board(ctx) {
  const v = ctx.view;
  const plays = v.last_plays || [];
  const discards = v.discards || [];
  const top = discards[discards.length - 1];
  return h("div", { class: "ava-board" },
    h("div", { class: "mat-line" },
      token(_("Round"), v.round ?? 1),
      token(_("Hand number"), v.hand_number ?? 1),
      token(_("Wins at"), n_("{count} point", "{count} points", v.target ?? 50))),
    h("div", { class: "mat" },
      h("figure", { class: "mat-spot" }, deckPile(v.deck ?? 0), h("figcaption", { text: _("Draw pile") })),
      h("figure", { class: "mat-spot" },
        top ? miniCard(top, ctx.cardInfo(top)) : h("span", { class: "mini empty", role: "img", "aria-label": _("no card") }),
        h("figcaption", { text: _("Discard ({count})", { count: discards.length }) })),
      centreCoins(ctx)),
    h("div", { class: "trick" }, h("h3", { text: _("Last hand") }),
      plays.some((c) => c) ? h("div", { class: "trick-cards" }, plays.map((c, s) => (c ? h("figure", { class: "played" },
        miniCard(c, ctx.cardInfo(c)), h("figcaption", { text: capital(who(ctx, s)) })) : ""))) : h("p", { text: _("no hand played yet") })),
    v.my_play ? h("div", { class: "my-play" }, h("h3", { text: _("Your card, face down") }), miniCard(v.my_play, ctx.cardInfo(v.my_play))) : "",
    discards.length ? h("details", { class: "discards" }, h("summary", { text: n_("The discard pile: {count} card", "The discard pile: {count} cards", discards.length) }),
      h("span", { class: "cards" }, discards.map((c) => miniCard(c, ctx.cardInfo(c))))) : "");
}

export function hand(ctx) {
  return Array.isArray(ctx.view.hand) ? { cards: ctx.view.hand, title: _("Your hand") } : null;
}

// The end's standing of a seat: points and this round's share, in one line.
export function score(ctx, seatNo) {
  const data = (ctx.view.seats || [])[seatNo] || {};
  return n_("{count} point", "{count} points", data.score ?? 0);
}

// The end: every seat in one compact grid (points, markers left, Ace coins, cards won this round).
export function endExtra(ctx) {
  const seats = ctx.view.seats || [];
  if (!seats.length) return null;
  const order = [...seats].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  const row = (s) => {
    const won = wonPoints(s, ctx);
    return h("tr", {},
      h("th", { scope: "row", text: capital(who(ctx, s.seat)) }),
      h("td", { class: "num", text: String(s.score ?? 0) }),
      h("td", { class: "num", text: s.in_game === false ? _("out") : String(s.markers ?? 0) }),
      h("td", { text: (s.coins || []).length ? (s.coins || []).map(coinName).join(_(", ")) : "–" }),
      h("td", { class: "num", text: n_("{count} card, {points} pts", "{count} cards, {points} pts", (s.won || []).length, { points: won.cards }) }));
  };
  return h("div", { class: "ava-end" }, h("h3", { text: _("Points") }),
    h("table", { class: "ava-grid" },
      h("thead", {}, h("tr", {},
        [[_("Player"), ""], [_("Points"), "num"], [_("Markers"), "num"], [_("Ace coins"), ""], [_("Won, last round"), "num"]]
          .map(([t, cls]) => h("th", { scope: "col", class: cls || null, text: t })))),
      h("tbody", {}, order.map(row))),
    h("p", { class: "note", text: _("A round scores 1 point a numbered card and 2 a face card won or still held, 3, 5 or 8 for the nickel, dime or quarter, and -5 for an Ace still held.") }));
}

export function reference(ctx) {
  const coins = COINS.map((c) => ctx.cardInfo(`coin:${c}`)).filter(Boolean).map((i) => i.text);
  return h("ul", { class: "ref-cards" },
    h("li", { text: _("The highest card wins the hand: Ace, then K, Q, J, 10 down to 2.") }),
    h("li", { text: _("At the round's end, each card won or still held scores: numbered cards 1 point, J Q K 2 points.") }),
    h("li", { text: _("An Ace scores by the coin it takes: {coins}. An Ace still held costs 5 points.", { coins: coins.join(_(", ")) }) }),
    h("li", { text: _("A face card beaten by a higher face card or an Ace costs its player a command marker; with none left they are out.") }));
}

export function status(ctx) {
  const v = ctx.view;
  if (!ctx.legal.length) return "";
  if (v.phase === "play") return _("Choose a card to play face down: the highest card wins the hand.");
  if (v.phase === "discard") return _("You may discard one card and draw a replacement, or keep your hand.");
  return "";
}

// A move in words; its notation stays the button's code.
export function moveLabel(move, ctx, verb) {
  const [word, card] = move.trim().split(/\s+/);
  if (word === "keep") return _("Keep my hand");
  if (word === "play" && card) return verb === "play" ? pretty(card) : _("Play {card}", { card: pretty(card) });
  if (word === "discard" && card) return verb === "discard" ? pretty(card) : _("Discard {card}", { card: pretty(card) });
  return pretty(move);
}

// What a move does and the rule behind it, for the hover, focus or long press.
export function moveHelp(move, ctx, verb) {
  const [word, card] = move.trim().split(/\s+/);
  if (word === "keep") return _("Keep your hand as it is. The next hand starts once every player has chosen.");
  if (word === "discard" && card) {
    return _("Discard {card} face up and draw a replacement from the deck. A discarded Ace does not count as played.", { card: pretty(card) });
  }
  if (word === "play" && card) {
    const rank = card.slice(0, -1).toUpperCase();
    const text = _("Play {card} face down; all cards are revealed together and the highest wins the hand and keeps the cards played. Equal high cards send the hand to the discard pile.", { card: pretty(card) });
    const ace = _("An Ace that wins takes the next Ace coin (nickel 3, dime 5, quarter 8 points).");
    const face = _("A face card beaten by a higher face card or an Ace costs you a command marker.");
    if (rank === "A") return [text, ace].join(" ");
    if (["K", "Q", "J"].includes(rank)) return [text, face].join(" ");
    return text;
  }
  return "";
}
