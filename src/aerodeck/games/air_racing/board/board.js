// Air Racing on the table page (the interface: /static/board_generic.js): the course drawn (start
// line, pylons, lanes, each aircraft with its altitude), buys from the supply never taken for a
// card of the hand, race wins and cash per seat, the finishing order at the end.
import { capital, h, who } from "/static/render.js";
import { tableParts } from "/static/board_generic.js";

export const perSeat = ["race_wins", "cash", "carried"];
export const notHandVerbs = ["buy"];

const SVGNS = "http://www.w3.org/2000/svg";
function svg(name, attrs = {}, text = null) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

function courseDrawing(ctx) {
  const course = ctx.view.course;
  const planes = ctx.view.aircraft;
  if (!course || !Array.isArray(planes)) return null;
  const length = course.length || 1;
  const lanes = course.lanes || 1;
  const cell = 16;
  const width = length * cell + 20;
  const height = lanes * 22 + 40;
  const drawing = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "course", role: "img",
    "aria-label": `The course: ${course.name}, ${length} tiles, ${lanes} lanes; ` + planes.map((p) =>
      `seat ${p.seat} at tile ${p.pos % length} lap ${p.lap} lane ${p.lane} altitude ${p.altitude}`).join("; ") });
  for (let lane = 0; lane < lanes; lane += 1) {
    drawing.append(svg("rect", { x: 10, y: 28 + lane * 22, width: length * cell, height: 20, class: "lane" }));
  }
  for (const pylon of course.pylons || []) {
    const x = 10 + pylon.at * cell;
    drawing.append(svg("line", { x1: x, y1: 24, x2: x, y2: height - 6, class: pylon.start ? "start-line" : "pylon-line" }));
    drawing.append(svg("text", { x: x + 2, y: 18, class: "pylon-name" }, pylon.start ? "Start" : pylon.name.replace("Pylon ", "P")));
  }
  for (const plane of planes) {
    const x = 10 + ((plane.pos % length) + 0.5) * cell;
    const y = 28 + (plane.lane ?? 0) * 22 + 10;
    const group = svg("g", { class: `plane${plane.seat === ctx.mySeat ? " mine" : ""}` });
    group.append(svg("circle", { cx: x, cy: y, r: 9 }));
    group.append(svg("text", { x, y: y + 4, "text-anchor": "middle" }, String(plane.seat)));
    const alt = String(plane.altitude || "").slice(0, 1).toUpperCase();
    if (alt) group.append(svg("text", { x: x + 11, y: y - 3, class: "alt" }, alt));
    group.append(svg("title", {}, `seat ${plane.seat}: lap ${plane.lap}, tile ${plane.pos % length}, ${plane.altitude}, speed ${plane.speed}`));
    drawing.append(group);
  }
  return h("div", { class: "course-box" }, h("h3", { text: `${course.name}: lap and position` }), drawing);
}

export function board(ctx) {
  const parts = document.createDocumentFragment();
  const course = courseDrawing(ctx);
  if (course) parts.append(course);
  parts.append(...tableParts(ctx));
  return parts;
}

// The finishing order: who crossed the line, then the field by laps and place on the course.
export function endExtra(ctx) {
  const planes = ctx.view.aircraft;
  if (!Array.isArray(planes) || !planes.length) return null;
  const far = (p) => p.pos || 0;  // the distance flown, laps included
  const order = [...planes].sort((a, b) => far(b) - far(a));
  return h("div", {}, h("h3", { text: "Finishing order" }), h("ol", { class: "finish" }, order.map((p) => h("li", {},
    `${capital(who(ctx, p.seat))}: lap ${p.lap}, ${p.pos >= (ctx.view.finish || Infinity) ? "over the line" : `at ${p.pos} of ${ctx.view.finish}`}`,
    (ctx.view.winners || []).includes(p.seat) ? " ★ won the race" : ""))));
}

// "fly 1": fly in lane 1 (the lane costs 1 speed a lane moved)
export function moveLabel(move, ctx, verb) {
  const words = move.trim().split(/\s+/);
  const rest = words[0] === verb && words.length > 1 ? words.slice(1) : words;
  if (words[0] === "fly" && rest.length) return `${verb === "fly" ? "" : "fly "}in lane ${rest[rest.length - 1]}`;
  return rest.join(" ");
}
