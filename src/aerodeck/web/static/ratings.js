// The player page's rating charts: each <figure class="rating-chart" data-points="[...]"> gets an
// inline SVG line of the rating after each rated game (oldest on the left), with the first and
// last dates and the lowest and highest ratings marked. No chart library, no inline script: the
// points come from the figure's data attribute, the text goes in as text.
import { _ } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const HEIGHT = 140;
const PAD = { left: 40, right: 10, top: 10, bottom: 24 };

function element(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

function day(iso) {
  return iso.slice(0, 10);
}

export function chart(points, label) {
  const svg = element("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: "chart",
    role: "img",
    "aria-label": _("{label}: rating {values}", { label, values: points.map((p) => p.rating.toFixed(1)).join(", ") }),
  });
  const values = points.map((p) => p.rating);
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high - low < 1) {
    low -= 0.5;
    high += 0.5;
  }
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i) => PAD.left + (points.length === 1 ? plotW / 2 : (plotW * i) / (points.length - 1));
  const y = (v) => PAD.top + plotH * (1 - (v - low) / (high - low));
  svg.append(element("rect", { x: PAD.left, y: PAD.top, width: plotW, height: plotH, class: "plot" }));
  for (const value of [low, high]) {
    svg.append(element("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(value), y2: y(value), class: "grid" }));
    svg.append(element("text", { x: PAD.left - 4, y: y(value) + 4, class: "axis", "text-anchor": "end" }, value.toFixed(1)));
  }
  const first = points[0];
  const last = points[points.length - 1];
  svg.append(element("text", { x: PAD.left, y: HEIGHT - 6, class: "axis" }, day(first.at)));
  if (points.length > 1) {
    svg.append(element("text", { x: WIDTH - PAD.right, y: HEIGHT - 6, class: "axis", "text-anchor": "end" }, day(last.at)));
  }
  svg.append(element("polyline", { points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), class: "line" }));
  points.forEach((p, i) => {
    const dot = element("circle", { cx: x(i), cy: y(p.rating), r: 3, class: "dot" });
    dot.append(element("title", {}, `${day(p.at)}: ${p.rating.toFixed(1)}`));
    svg.append(dot);
  });
  return svg;
}

for (const figure of document.querySelectorAll("figure.rating-chart")) {
  let points = [];
  try {
    points = JSON.parse(figure.dataset.points || "[]");
  } catch {
    points = [];
  }
  if (points.length) figure.prepend(chart(points, figure.dataset.label || _("rating")));
}
