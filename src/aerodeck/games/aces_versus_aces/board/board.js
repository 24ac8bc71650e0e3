// Aces versus Aces on the table page (the interface: /static/board_generic.js): command markers
// as pennies, Ace coins, won cards with this round's card and coin points, the last hand by
// seat, your face-down card, the discards folded.
import { cards, h } from "/static/render.js";
import { miniCard } from "/static/cards.js";

// A won card's points and an Ace coin's (`coin:NAME`) are in the reference's cards.
function points(ctx, key) {
  return (((ctx.reference || {}).cards || {})[key] || {}).points || 0;
}

function coin(name, ctx) {
  const info = ctx.cardInfo(`coin:${name}`);
  return h("span", { class: `coin coin-${name}`, title: info ? info.text : name, text: name });
}

function pennies(n) {
  return h("span", { class: "pennies", role: "img", "aria-label": `${n} command marker(s)` },
    "●".repeat(Math.max(0, n)) || "none", h("span", { class: "count", text: ` ${n}` }));
}

function wonPoints(data, ctx) {
  const won = (data.won || []).reduce((sum, c) => sum + points(ctx, c), 0);
  const coins = (data.coins || []).reduce((sum, c) => sum + points(ctx, `coin:${c}`), 0);
  return { cards: won, coins };
}

export function seat(data, ctx) {
  const won = wonPoints(data, ctx);
  return h("div", { class: "ava-seat" },
    h("p", { class: "score-line" }, h("strong", { class: "big", text: String(data.score ?? 0) }), " points",
      data.in_game === false ? h("span", { class: "badge off", text: "out of the game" }) : ""),
    h("p", {}, "Markers: ", pennies(data.markers ?? 0)),
    h("p", {}, `Cards in hand: ${data.hand_size ?? 0}`,
      data.committed ? h("span", { class: "badge turn", text: "✓ has played face down" }) : ""),
    h("p", {}, "Ace coins: ", (data.coins || []).length ? (data.coins || []).map((c) => coin(c, ctx)) : "none"),
    h("div", {}, `Won this round (${won.cards} + ${won.coins} coin points): `,
      (data.won || []).length ? cards(data.won, ctx) : "none"));
}

export function board(ctx) {
  const v = ctx.view;
  const plays = v.last_plays || [];
  return h("div", { class: "ava-board" },
    h("p", { class: "board-line" },
      `Round ${v.round} · hand ${v.hand_number} · first to ${v.target} points · deck ${v.deck} · Aces played ${v.aces_played}`),
    h("div", { class: "trick" }, h("h3", { text: "Last hand" }),
      plays.some((c) => c) ? h("div", { class: "trick-cards" }, plays.map((c, seat) => h("figure", { class: "played" },
        c ? miniCard(c, ctx.cardInfo(c)) : h("span", { class: "mini empty", role: "img", "aria-label": "no card" }),
        h("figcaption", { text: `#${seat}` })))) : h("p", { text: "no hand played yet" })),
    v.my_play ? h("div", {}, h("h3", { text: "Your card, face down" }), miniCard(v.my_play, ctx.cardInfo(v.my_play))) : "",
    h("details", { class: "discards" }, h("summary", { text: `Discards (${(v.discards || []).length})` }),
      (v.discards || []).length ? cards(v.discards, ctx) : "none"));
}

// The end's breakdown: the points, and this round's won cards and Ace coins each with its points.
export function score(ctx, seat) {
  const data = (ctx.view.seats || [])[seat] || {};
  const won = wonPoints(data, ctx);
  const each = (points, node) => h("span", { class: "scored" }, node, h("span", { class: "pts", text: `${points}` }));
  return h("div", { class: "breakdown" },
    h("p", {}, h("strong", { text: `${data.score ?? 0} points` }), ` (this round: cards ${won.cards} + coins ${won.coins})`),
    (data.won || []).length ? h("p", { class: "scored-list", "aria-label": "cards won this round, with their points" },
      (data.won || []).map((c) => each(points(ctx, c), miniCard(c, ctx.cardInfo(c))))) : "",
    (data.coins || []).length ? h("p", { class: "scored-list", "aria-label": "Ace coins, with their points" },
      (data.coins || []).map((c) => each(points(ctx, `coin:${c}`), coin(c, ctx)))) : "");
}

export function reference(ctx) {
  const coins = Object.entries((ctx.reference || {}).cards || {}).filter(([k]) => k.startsWith("coin:")).map(([, i]) => i.text);
  return h("ul", { class: "ref-cards" },
    h("li", { text: "A won card scores at the round's end: numbered cards 1 point, J Q K 2 points." }),
    h("li", { text: "An Ace scores by the coin it takes: " + coins.join("; ") + "." }),
    h("li", { text: "The highest card wins the hand; hover a card for its value." }));
}

export function status(ctx) {
  return ctx.view.phase === "play" && ctx.legal.length
    ? "Choose a card to play face down: the highest card wins the hand." : "";
}
