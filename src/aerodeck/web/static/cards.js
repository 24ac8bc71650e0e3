// Card faces as SVG, built from the card's text in the view: playing cards as rank and suit
// symbol (four suit colours, and always the symbol, so no suit is told by colour alone), jokers,
// and named cards with the title and values of the game's reference (a game's board may draw
// its own faces: its `cardFace`, see board_generic.js).
import { _ } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const SUITS = {  // a suit's name is looked up when it is shown (the reader's language)
  S: { symbol: "♠", name: () => _("spades"), css: "suit-s" },
  H: { symbol: "♥", name: () => _("hearts"), css: "suit-h" },
  D: { symbol: "♦", name: () => _("diamonds"), css: "suit-d" },
  C: { symbol: "♣", name: () => _("clubs"), css: "suit-c" },
};
const RANKS = { A: () => _("ace"), K: () => _("king"), Q: () => _("queen"), J: () => _("jack") };
const PLAYING = /^(10|[2-9]|[JQKA])([SHDC])$/i;

export function playingCard(text) {
  const match = PLAYING.exec(String(text).trim());
  if (!match) return null;
  const rank = match[1].toUpperCase();
  const suit = SUITS[match[2].toUpperCase()];
  return { rank, suit, name: _("{rank} of {suit}", { rank: RANKS[rank] ? RANKS[rank]() : rank, suit: suit.name() }) };
}

export function isCardText(text) {
  return typeof text === "string" && (PLAYING.test(text.trim()) || text.trim().toUpperCase() === "JK");
}

export function cardName(text) {
  const card = playingCard(text);
  if (card) return card.name;
  if (String(text).toUpperCase() === "JK") return _("joker");
  return String(text).replace(/-/g, " ");
}

// Playing cards in a text as rank and suit symbol ("play 7H" reads "play 7♥").
export function pretty(text) {
  return text.split(/\s+/).map((word) => {
    const card = playingCard(word);
    return card ? `${card.rank}${card.suit.symbol}` : word;
  }).join(" ");
}

// The game's own faces (its board's `cardFace`), tried before the shared ones.
let gameFace = null;
export function useCardFace(draw) {
  gameFace = draw;
}

export function svgNode(name, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

export function wrap(text, width) {
  const words = String(text).split(/\s+/);
  const lines = [];
  let line = "";
  for (const word of words) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// A card face: ``text`` the card as the view writes it; ``info`` optional {title, lines, kind}.
export function cardFace(text, info = null) {
  const own = gameFace ? gameFace(text, info) : null;
  if (own) return own;
  const svg = svgNode("svg", { viewBox: "0 0 70 100", class: "face", "aria-hidden": "true" });
  svg.append(svgNode("rect", { x: 1, y: 1, width: 68, height: 98, rx: 7, class: "card-bg" }));
  const card = playingCard(text);
  if (card) {
    svg.classList.add(card.suit.css);
    svg.append(svgNode("text", { x: 6, y: 20, class: "rank" }, card.rank));
    svg.append(svgNode("text", { x: 7, y: 36, class: "pip-small" }, card.suit.symbol));
    svg.append(svgNode("text", { x: 35, y: 70, class: "pip", "text-anchor": "middle" }, card.suit.symbol));
    svg.append(svgNode("text", { x: 64, y: 92, class: "rank", "text-anchor": "end" }, card.rank));
    return svg;
  }
  if (String(text).toUpperCase() === "JK") {
    svg.classList.add("joker");
    svg.append(svgNode("text", { x: 35, y: 45, class: "pip", "text-anchor": "middle" }, "★"));
    svg.append(svgNode("text", { x: 35, y: 80, class: "named", "text-anchor": "middle" }, "JOKER"));
    return svg;
  }
  svg.classList.add("named-card", `kind-${(info && info.kind) || "plain"}`);
  svg.append(svgNode("rect", { x: 1, y: 1, width: 68, height: 18, rx: 7, class: "card-band" }));
  const title = (info && info.title) || cardName(text);
  const lines = wrap(title.toUpperCase(), 11).slice(0, 3);
  lines.forEach((line, i) => {
    const fit = line.length > 9 ? { textLength: 62, lengthAdjust: "spacingAndGlyphs" } : {};
    svg.append(svgNode("text", { x: 35, y: 34 + i * 11, class: "named", "text-anchor": "middle", ...fit }, line));
  });
  const values = ((info && info.lines) || []).flatMap((line) => wrap(line, 15)).slice(0, 4);
  values.forEach((line, i) => {
    svg.append(svgNode("text", { x: 35, y: 68 + i * 8.5, class: "value", "text-anchor": "middle" }, line));
  });
  return svg;
}

// A small face for cards others have shown (won cards, the discard pile, last plays).
export function miniCard(text, info = null) {
  const span = document.createElement("span");
  span.className = "mini";
  span.dataset.card = text;
  span.title = info && info.text ? info.text : cardName(text);
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", cardName(text));
  span.append(cardFace(text, info));
  return span;
}
