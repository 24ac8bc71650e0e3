// Everyone's plays seen on the board: a card a move names flies, briefly, from where it was (your
// hand, or the mover's seat box) to where it lands on the table, and the place it landed stays
// marked until the next move. Never with prefers-reduced-motion (the table page does not call the
// flights then, nor measures for them); nothing waits on the motion (the state is drawn at once,
// the flight is a ghost drawn over it).
import { h } from "./render.js";
import { slug } from "./actionbar.js";

const FLIGHT_MS = 450;

// The cards a move's notation names, as the page marks them (data-card), in a form to compare.
function named(move) {
  return new Set(String(move).split(/[\s,:;]+/).filter(Boolean).map((w) => slug(w)));
}

// Where a move's card landed on the board or in the seat boxes: the last element that shows it.
export function landing(move) {
  const names = named(move);
  const shown = [...document.querySelectorAll("#board [data-card], #seats [data-card]")]
    .filter((el) => names.has(slug(el.dataset.card)));
  return shown.length ? shown[shown.length - 1] : null;
}

// Mark the place the last move changed (cleared on every drawing first).
export function markLastChange(moves) {
  for (const old of document.querySelectorAll(".last-change")) old.classList.remove("last-change");
  const last = moves[moves.length - 1];
  const spot = last ? landing(last.move) : null;
  if (spot) spot.classList.add("last-change");
  return spot;
}

// A ghost of `face` from `fromRect` to `target`'s place (or the board's middle).
export function fly(face, fromRect, target) {
  if (!face || !fromRect || typeof Element.prototype.animate !== "function") return false;
  const board = document.getElementById("board").getBoundingClientRect();
  const to = target ? target.getBoundingClientRect() : null;
  const ghost = h("div", { class: "flying", "aria-hidden": "true" });
  ghost.append(face.cloneNode(true));
  Object.assign(ghost.style, {
    left: `${fromRect.left}px`, top: `${fromRect.top}px`, width: `${Math.max(fromRect.width, 40)}px`,
  });
  document.body.append(ghost);
  const [toX, toY] = to
    ? [to.left + to.width / 2, to.top + to.height / 2]
    : [board.left + board.width / 2, board.top + Math.min(board.height / 2, 90)];
  const dx = toX - (fromRect.left + fromRect.width / 2);
  const dy = toY - (fromRect.top + fromRect.height / 2);
  const scale = to ? Math.max(0.3, Math.min(1, to.width / Math.max(fromRect.width, 1))) : 0.6;
  const flight = ghost.animate([
    { transform: "translate(0, 0) scale(1)", opacity: 1 },
    { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: to ? 0.9 : 0 },
  ], { duration: FLIGHT_MS, easing: "ease-in" });
  const done = () => ghost.remove();
  flight.onfinish = done;
  flight.oncancel = done;
  return true;
}

// Another seat's move: its card from the mover's seat box to where it landed.
export function flyFromSeat(move) {
  const spot = landing(move.move);
  const box = document.querySelector(`#seats .seat-box[data-seat="${move.seat}"]`);
  if (!spot || !box) return false;
  const face = spot.querySelector(".face") || spot;
  const rect = box.getBoundingClientRect();
  const from = { left: rect.left + rect.width / 2 - 20, top: rect.top + 8, width: 40, height: 57 };
  return fly(face, from, spot);
}
