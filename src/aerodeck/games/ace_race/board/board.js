// Ace Race on the table page (the interface: /static/board_generic.js): the current rule and what
// it needs in the status line, hand sizes and wins per seat, moves in words.
import { who } from "/static/render.js";
import { playingCard } from "/static/cards.js";

export const perSeat = ["hand_sizes", "wins"];

export function status(ctx) {
  return ctx.view.rule && ctx.view.rule.need ? `The rule: ${ctx.view.rule.name}, ${ctx.view.rule.need}.` : "";
}

// The notation in words (actions.py): "bid 3" takes three undealt cards, "give 7H to 2" gives to
// seat 2, "rule suits H" names the suit; cards as rank and suit symbol.
const SUIT_WORDS = { S: "♠ spades", H: "♥ hearts", D: "♦ diamonds", C: "♣ clubs" };

export function moveLabel(move, ctx, verb) {
  const words = move.trim().split(/\s+/);
  const first = words[0];
  const rest = first === verb && words.length > 1 ? words.slice(1) : words;
  if (first === "bid") return `${first === verb ? "" : "bid "}${rest[rest.length - 1]} undealt card${rest[rest.length - 1] === "1" ? "" : "s"}`;
  return rest.map((w, i) => {
    if (/^\d+$/.test(w) && rest[i - 1] === "to") return who(ctx, Number(w));
    if (SUIT_WORDS[w] && i > 0) return SUIT_WORDS[w];
    const card = playingCard(w);
    return card ? `${card.rank}${card.suit.symbol}` : w;
  }).join(" ");
}
