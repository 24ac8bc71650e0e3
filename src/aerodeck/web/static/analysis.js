// The replay page's analysis (service/analysis.py, docs/server.md "Analysis"): the "Analyse"
// button (once per game: the server keeps the result with the table), its progress while it
// runs, then a chart of each seat's running evaluation (inline SVG, as ratings.js draws), each
// player's accuracy and the judged decisions with their marks, the better move in words (its
// notation as code beside it). Clicking a point or a decision jumps the replay to that move.
import { _, n_ } from "./i18n.js";
import { h } from "./render.js";
import { markup } from "./words.js";

const app = document.getElementById("app");
const TABLE = app.dataset.table;
const SEATS = JSON.parse(app.dataset.seats || "[]");
const MOVES = Number(app.dataset.moves || "0");
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 480;
const HEIGHT = 180;
const PAD = { left: 36, right: 8, top: 8, bottom: 22 };
const POLL_MS = 1000;
const SYMBOL = { inaccuracy: "?!", mistake: "?", blunder: "??" };

let decisions = [];

function markWord(mark) {
  if (mark === "inaccuracy") return _("inaccuracy");
  if (mark === "mistake") return _("mistake");
  return _("blunder");
}

function seatWord(seat) {
  const info = SEATS[seat];
  const name = info && info.kind !== "bot" && info.name ? String(info.name) : "";
  return name ? _("{name} (seat {n})", { name, n: seat }) : _("seat {n}", { n: seat });
}

function percent(value) {
  return `${Math.round(100 * value)}%`;
}

function element(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

// replay.js's controls (it may still be loading its board when a stored analysis is drawn)
const replay = () => (window.aerodeck && window.aerodeck.replay) || null;

function go(step) {
  if (!replay()) return;
  replay().go(step);
  document.getElementById("board").scrollIntoView({ block: "nearest" });  // a phone's page
}

// Each seat's evaluation after each of its judged moves: x the move, y the chance to win.
function chart(result) {
  const svg = element("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: "chart evaluation",
    role: "img",
    "aria-label": _("Each player's chance to win after each of their moves, as the analysis judged it"),
  });
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (move) => PAD.left + (plotW * move) / Math.max(1, MOVES);
  const y = (value) => PAD.top + plotH * (1 - value);
  svg.append(element("rect", { x: PAD.left, y: PAD.top, width: plotW, height: plotH, class: "plot" }));
  for (const value of [0, 0.5, 1]) {
    svg.append(element("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(value), y2: y(value), class: "grid" }));
    svg.append(element("text", { x: PAD.left - 4, y: y(value) + 4, class: "axis", "text-anchor": "end" }, percent(value)));
  }
  svg.append(element("text", { x: PAD.left, y: HEIGHT - 6, class: "axis" }, _("move {n}", { n: 1 })));
  svg.append(element("text", { x: WIDTH - PAD.right, y: HEIGHT - 6, class: "axis", "text-anchor": "end" }, _("move {n}", { n: MOVES })));
  svg.append(element("line", { id: "analysis-now", x1: 0, x2: 0, y1: PAD.top, y2: HEIGHT - PAD.bottom, class: "now" }));
  for (const seat of result.seats) {
    const mine = result.decisions.filter((d) => d.seat === seat);
    if (!mine.length) continue;
    const line = mine.map((d) => `${x(d.number)},${y(d.value)}`).join(" ");
    svg.append(element("polyline", { points: line, class: `line seat-line-${seat % 6}` }));
    for (const d of mine) {
      const dot = element("circle", {
        cx: x(d.number), cy: y(d.value), r: d.mark ? 5 : 3,
        class: `dot seat-line-${seat % 6}${d.mark ? ` mark-${d.mark}` : ""}`,
        tabindex: d.mark ? 0 : -1,
      });
      const said = d.mark
        ? _("Move {n}, {who}: {value} ({mark})", { n: d.number, who: seatWord(seat), value: percent(d.value), mark: markWord(d.mark) })
        : _("Move {n}, {who}: {value}", { n: d.number, who: seatWord(seat), value: percent(d.value) });
      dot.append(element("title", {}, said));
      dot.addEventListener("click", () => go(d.number));
      dot.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          go(d.number);
        }
      });
      svg.append(dot);
    }
  }
  return svg;
}

function legend(result) {
  return h("ul", { class: "analysis-legend" }, ...result.seats.map((seat) =>
    h("li", {}, h("span", { class: `swatch seat-line-${seat % 6}`, "aria-hidden": "true" }), seatWord(seat))));
}

function accuracies(result) {
  return h("ul", { class: "accuracy" }, ...result.summary.map((s) => {
    if (!s.decisions) return h("li", { text: _("{who}: no decision to judge", { who: seatWord(s.seat) }) });
    const counts = [
      n_("{count} inaccuracy", "{count} inaccuracies", s.inaccuracies),
      n_("{count} mistake", "{count} mistakes", s.mistakes),
      n_("{count} blunder", "{count} blunders", s.blunders),
    ].join(" · ");
    return h("li", {},
      h("strong", { text: _("{who}: accuracy {accuracy}%", { who: seatWord(s.seat), accuracy: s.accuracy.toFixed(1) }) }),
      " ", h("span", { class: "muted", text: counts }));
  }));
}

function decisionRow(d) {
  const row = h("li", { class: `decision${d.mark ? ` mark-${d.mark}` : ""}`, "data-move": String(d.number) });
  const head = h("button", { type: "button", class: "link-button" });
  head.append(_("Move {n}, {who}", { n: d.number, who: seatWord(d.seat) }));
  head.addEventListener("click", () => go(d.number));
  row.append(head, " ");
  if (d.mark) row.append(h("span", { class: "mark", text: `${SYMBOL[d.mark]} ${markWord(d.mark)}` }), " ");
  row.append(h("span", { class: "value", text: _("evaluation {value}", { value: percent(d.value) }) }));
  if (d.best !== d.played) {
    const better = h("div", { class: "better" });
    better.append(_("Better ({value}):", { value: percent(d.best_value) }), " ");
    if (d.best_words) {
      const words = h("span", { class: "words" });
      words.innerHTML = markup(d.best_words);  // the event's words, escaped, then styled
      better.append(words, " ");
    }
    better.append(h("code", { text: d.best, title: _("the move as a player types it") }));
    row.append(better);
  }
  return row;
}

function render(result) {
  decisions = result.decisions;
  const marked = decisions.filter((d) => d.mark);
  const all = h("details", { class: "all-decisions" },
    h("summary", { text: n_("{count} judged decision", "{count} judged decisions", decisions.length) }),
    h("ol", { class: "decisions" }, ...decisions.map(decisionRow)));
  $("analysis-body").replaceChildren(
    accuracies(result),
    h("figure", { class: "evaluation-chart" }, chart(result), legend(result)),
    h("h3", { text: marked.length ? _("Marked moves") : _("No move marked: every decision kept its chances.") }),
    h("ol", { class: "decisions marked" }, ...marked.map(decisionRow)),
    all,
  );
  follow(replay() ? replay().at() : 0);
}

// The replay moved: the chart's line and the list follow.
function follow(step) {
  const now = document.getElementById("analysis-now");
  if (now) {
    const plotW = WIDTH - PAD.left - PAD.right;
    const at = PAD.left + (plotW * step) / Math.max(1, MOVES);
    now.setAttribute("x1", String(at));
    now.setAttribute("x2", String(at));
  }
  for (const row of document.querySelectorAll(".decisions .decision")) {
    row.classList.toggle("current", Number(row.dataset.move) === step);
  }
}

function show(answer) {
  const status = $("analysis-status");
  const bar = $("analysis-progress");
  $("analyse").hidden = answer.status !== "none";
  bar.hidden = !(answer.status === "queued" || answer.status === "running");
  if (answer.status === "none") {
    status.textContent = _("Not analysed yet.");
  } else if (answer.status === "queued" && !answer.done) {
    status.textContent = _("Waiting for the analysis to start…");
  } else if (answer.status === "queued" || answer.status === "running") {
    bar.max = Math.max(1, answer.total);
    bar.value = answer.done;
    status.textContent = _("Analysing: {done} of {total} decisions", { done: answer.done, total: answer.total });
  } else if (answer.status === "failed") {
    status.textContent = _("The analysis failed.");
  } else {
    status.textContent = "";
    render(answer.result);
  }
  return answer.status;
}

async function poll() {
  let answer;
  try {
    const response = await fetch(`/api/tables/${TABLE}/analysis`);
    answer = await response.json();
  } catch {
    setTimeout(poll, POLL_MS * 3);
    return;
  }
  const status = show(answer);
  if (status === "queued" || status === "running") setTimeout(poll, POLL_MS);
}

$("analyse").addEventListener("click", async () => {
  $("analyse").disabled = true;
  const response = await fetch(`/api/tables/${TABLE}/analysis`, { method: "POST" });
  const answer = await response.json();
  $("analyse").disabled = false;
  if (!response.ok) {
    $("analysis-status").textContent = answer.detail || _("The analysis could not start.");
    return;
  }
  if (["queued", "running"].includes(show(answer))) setTimeout(poll, POLL_MS);
});
document.addEventListener("replay-step", (event) => follow(event.detail));
poll();
