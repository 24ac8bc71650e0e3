// Card faces as SVG, built from the card's text in the view: playing cards as rank and suit
// symbol (four suit colours, and always the symbol, so no suit is told by colour alone), jokers,
// and the named cards of Race to Ace, Air Racing and Down In Flames with the values we know.
const SVG = "http://www.w3.org/2000/svg";
const SUITS = {
  S: { symbol: "♠", name: "spades", css: "suit-s" },
  H: { symbol: "♥", name: "hearts", css: "suit-h" },
  D: { symbol: "♦", name: "diamonds", css: "suit-d" },
  C: { symbol: "♣", name: "clubs", css: "suit-c" },
};
const RANKS = { A: "ace", K: "king", Q: "queen", J: "jack" };
const PLAYING = /^(10|[2-9]|[JQKA])([SHDC])$/i;

export function playingCard(text) {
  const match = PLAYING.exec(String(text).trim());
  if (!match) return null;
  const rank = match[1].toUpperCase();
  const suit = SUITS[match[2].toUpperCase()];
  return { rank, suit, name: `${RANKS[rank] || rank} of ${suit.name}` };
}

export function isCardText(text) {
  return typeof text === "string" && (PLAYING.test(text.trim()) || text.trim().toUpperCase() === "JK");
}

export function cardName(text) {
  const card = playingCard(text);
  if (card) return card.name;
  if (String(text).toUpperCase() === "JK") return "joker";
  return String(text).replace(/-/g, " ");
}

function el(name, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

function wrap(text, width) {
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
  const svg = el("svg", { viewBox: "0 0 70 100", class: "face", "aria-hidden": "true" });
  svg.append(el("rect", { x: 1, y: 1, width: 68, height: 98, rx: 7, class: "card-bg" }));
  const card = playingCard(text);
  if (card) {
    svg.classList.add(card.suit.css);
    svg.append(el("text", { x: 6, y: 20, class: "rank" }, card.rank));
    svg.append(el("text", { x: 7, y: 36, class: "pip-small" }, card.suit.symbol));
    svg.append(el("text", { x: 35, y: 70, class: "pip", "text-anchor": "middle" }, card.suit.symbol));
    svg.append(el("text", { x: 64, y: 92, class: "rank", "text-anchor": "end" }, card.rank));
    return svg;
  }
  if (String(text).toUpperCase() === "JK") {
    svg.classList.add("joker");
    svg.append(el("text", { x: 35, y: 45, class: "pip", "text-anchor": "middle" }, "★"));
    svg.append(el("text", { x: 35, y: 80, class: "named", "text-anchor": "middle" }, "JOKER"));
    return svg;
  }
  if (info && Array.isArray(info.reacts)) return difFace(svg, info);
  svg.classList.add("named-card", `kind-${(info && info.kind) || "plain"}`);
  svg.append(el("rect", { x: 1, y: 1, width: 68, height: 18, rx: 7, class: "card-band" }));
  const title = (info && info.title) || cardName(text);
  const lines = wrap(title.toUpperCase(), 11).slice(0, 3);
  lines.forEach((line, i) => {
    const fit = line.length > 9 ? { textLength: 62, lengthAdjust: "spacingAndGlyphs" } : {};
    svg.append(el("text", { x: 35, y: 34 + i * 11, class: "named", "text-anchor": "middle", ...fit }, line));
  });
  const values = ((info && info.lines) || []).flatMap((line) => wrap(line, 15)).slice(0, 4);
  values.forEach((line, i) => {
    svg.append(el("text", { x: 35, y: 68 + i * 8.5, class: "value", "text-anchor": "middle" }, line));
  });
  return svg;
}

// Down In Flames: a taller face with every field whole (title, Positioning, Range, the action,
// each card it reacts to on its own line), so nothing is cut short.
function difFace(svg, info) {
  svg.setAttribute("viewBox", "0 0 100 160");
  svg.classList.add("named-card", "dif-card", `kind-${info.kind || "plain"}`);
  svg.replaceChildren(el("rect", { x: 1, y: 1, width: 98, height: 158, rx: 8, class: "card-bg" }));
  svg.append(el("rect", { x: 1, y: 1, width: 98, height: 30, rx: 8, class: "card-band" }));
  const title = wrap(info.title.toUpperCase(), 14).slice(0, 2);
  title.forEach((line, i) => {
    const y = title.length === 1 ? 20 : 13 + i * 11;
    svg.append(el("text", { x: 50, y, class: "band-title", "text-anchor": "middle" }, line));
  });
  [["POS", info.positioning, 4], ["RNG", info.range, 52]].forEach(([name, number, x]) => {
    svg.append(el("rect", { x, y: 35, width: 44, height: 30, rx: 4, class: "value-box" }));
    svg.append(el("text", { x: x + 22, y: 45, class: "value-name", "text-anchor": "middle" }, name));
    svg.append(el("text", { x: x + 22, y: 62, class: "value-number", "text-anchor": "middle" }, String(number)));
  });
  let y = 78;
  for (const line of info.action ? wrap(info.action, 18).slice(0, 2) : []) {
    svg.append(el("text", { x: 50, y, class: "dif-line action", "text-anchor": "middle" }, line));
    y += 10;
  }
  y += info.action ? 3 : 0;
  svg.append(el("text", { x: 6, y, class: "dif-line react-head" }, info.reacts.length ? "Reacts to:" : "Reacts to: none"));
  for (const name of info.reacts.slice(0, 6)) {
    y += 10.5;
    const fit = name.length > 12 ? { textLength: 84, lengthAdjust: "spacingAndGlyphs" } : {};
    svg.append(el("text", { x: 10, y, class: "dif-line", ...fit }, `• ${name}`));
  }
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
