// A finished game step by step: the server replayed the record with the engine and embedded each
// step (public view, every hand, the move, its events); this page draws them with the table's
// own renderer. Keys: ← and → step, Home and End jump.
import { cards, h, named, renderBoard, renderSeats, seatName, who } from "./render.js";
import { _ } from "./i18n.js";
import { loadBoard, pageReference } from "./boards.js";
import { markup } from "./words.js";
import { transcript } from "./chat.js";

const app = document.getElementById("app");
const GAME = app.dataset.game;
const PLAYERS = Number(app.dataset.players);
const STEPS = JSON.parse(document.getElementById("steps-data").textContent);
const CHAT = JSON.parse(document.getElementById("chat-data").textContent);
const SEATS = JSON.parse(app.dataset.seats || "[]");  // who sat where: names, bot levels
const board = await loadBoard(app.dataset.board);
const REFERENCE = pageReference();
const CARDS = REFERENCE.cards || {};
const $ = (id) => document.getElementById(id);
let at = 0;

function ctxFor(step) {
  return {
    game: GAME, view: step.view, seats: SEATS, players: PLAYERS, mySeat: null,
    currentPlayer: step.current_player, lastMover: step.seat, legal: [], options: {}, end: null,
    reference: REFERENCE, board, cardInfo: (text) => CARDS[text] || null,
  };
}

function draw() {
  const step = STEPS[at];
  const ctx = ctxFor(step);
  $("step").value = String(at);
  $("step-text").textContent = _("{n} of {total}", { n: at, total: STEPS.length - 1 });
  $("status").textContent = step.move === null
    ? _("The deal, before the first move.")
    : _("Move {n}: {who}.", { n: at, who: who(ctx, step.seat) });
  renderSeats($("seats"), ctx);
  renderBoard($("board"), ctx);
  $("hands").replaceChildren(...step.hands.map((hand, seat) => h("div", { class: "replay-hand" },
    h("h3", { text: seatName(ctx, seat) }), hand && hand.length ? cards(hand, ctx) : h("span", { class: "none", text: _("no cards") }))));
  const log = [];
  STEPS.slice(0, at + 1).forEach((s, i) => {
    for (const text of s.events) {
      const li = h("li", { class: i === at ? "latest" : "" });
      li.innerHTML = markup(named(text, ctx));
      log.push(li);
    }
  });
  $("log").replaceChildren(...log.slice(-300));
  $("log").scrollTop = $("log").scrollHeight;
  document.dispatchEvent(new CustomEvent("replay-step", { detail: at }));  // analysis.js follows
}

function go(to) {
  at = Math.max(0, Math.min(STEPS.length - 1, to));
  draw();
}

$("controls").addEventListener("submit", (event) => event.preventDefault());
$("step").max = String(STEPS.length - 1);
$("step").addEventListener("input", () => go(Number($("step").value)));
$("first").addEventListener("click", () => go(0));
$("back").addEventListener("click", () => go(at - 1));
$("next").addEventListener("click", () => go(at + 1));
$("last").addEventListener("click", () => go(STEPS.length - 1));
document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
  if (event.key === "ArrowRight") go(at + 1);
  else if (event.key === "ArrowLeft") go(at - 1);
  else if (event.key === "Home") go(0);
  else if (event.key === "End") go(STEPS.length - 1);
  else return;
  event.preventDefault();
});
transcript($("chat-log"), CHAT);
window.aerodeck = { replay: { steps: STEPS.length, at: () => at, go } };
draw();
