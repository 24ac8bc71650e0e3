// On a phone the action bar is pinned at the bottom of the window and covers what lies under it.
// When the turn comes to this seat (once, at the turn's start: never on later frames of the same
// turn), the hand is brought into view above the bar, as a phone card game shows the cards to
// choose from: the page scrolls the least it can (the hand's scroll-margin-bottom is the bar's
// measured height, aerodeck.css), and when the hand is taller than the room above the bar, the bar
// gives up height for this turn (down to a floor; its moves scroll inside it). Nothing moves when
// the cards are already in view, while the person is scrolling or typing, or on a wide screen,
// where the bar sits at the top. Smooth scrolling unless prefers-reduced-motion.

const PHONE = window.matchMedia("(max-width: 40rem)");
const GESTURE_MS = 1500;  // a scroll by hand this recent means the person is reading elsewhere
const BAR_FLOOR_PX = 160;  // the least the bar keeps: its prompt and a row of moves
const GAP_PX = 8;  // between the hand and the bar

let lastGesture = -Infinity;
for (const gesture of ["wheel", "touchmove"]) {
  window.addEventListener(gesture, () => { lastGesture = performance.now(); }, { passive: true });
}
const SCROLL_KEYS = new Set(["PageUp", "PageDown", "ArrowUp", "ArrowDown", "Home", "End", " "]);
window.addEventListener("keydown", (event) => {  // keys scroll the page only where nothing has focus
  const onPage = event.target === document.body || event.target === document.documentElement;
  if (onPage && SCROLL_KEYS.has(event.key)) lastGesture = performance.now();
});

function typing() {
  const active = document.activeElement;
  return Boolean(active && (active.matches("input, textarea, select") || active.isContentEditable));
}

// The hand's cards on show, or null (no hand, or an empty one).
function handCards() {
  const box = document.getElementById("hand-box");
  if (!box || box.hidden) return null;
  const cards = [...document.querySelectorAll("#hand button.card")];
  return cards.length ? cards : null;
}

// The cards' extent on the page: [top, bottom] in viewport pixels.
function extent(cards) {
  const rects = cards.map((card) => card.getBoundingClientRect());
  return [Math.min(...rects.map((r) => r.top)), Math.max(...rects.map((r) => r.bottom))];
}

function inView(cards, bar) {
  const [top, bottom] = extent(cards);
  return top >= 0 && bottom <= bar.getBoundingClientRect().top;
}

// The bar's height for this turn: no more than leaves the hand room above it.
function fitBar(cards, bar) {
  const [top, bottom] = extent(cards);
  const room = window.innerHeight - (bottom - top) - 2 * GAP_PX;
  if (room < bar.offsetHeight) {
    document.documentElement.style.setProperty("--bar-max", `${Math.max(BAR_FLOOR_PX, Math.floor(room))}px`);
  }
}

function releaseBar() {
  document.documentElement.style.removeProperty("--bar-max");
}

export class HandInView {
  constructor(reduced) {
    this.reduced = reduced;  // () => whether the reader asks for reduced motion
    this.mine = false;
  }

  // After every drawing: myTurn (this seat has moves to make now), othersMoved (the frame drawn
  // brought another seat's move: with quick bots the turn comes back in the frame that answers
  // the seat's own move, so its moves never leave the page between the two turns).
  update(myTurn, othersMoved) {
    const started = myTurn && (!this.mine || othersMoved);
    this.mine = myTurn;
    if (!myTurn || started) releaseBar();
    if (!started || !PHONE.matches) return;
    const cards = handCards();
    const bar = document.getElementById("action-bar");
    if (!cards || !bar || bar.hidden || inView(cards, bar)) return;
    if (typing() || performance.now() - lastGesture < GESTURE_MS) return;
    fitBar(cards, bar);
    // the bar's new height reaches --bar-height (the hand's scroll margin) on the next frame
    requestAnimationFrame(() => {
      document.documentElement.style.setProperty("--bar-height", `${bar.offsetHeight}px`);
      // the hand with its title where both fit above the bar, else its cards alone
      const box = document.getElementById("hand-box");
      const room = window.innerHeight - bar.offsetHeight - 2 * GAP_PX;
      const shown = box.offsetHeight <= room ? box : document.getElementById("hand");
      shown.scrollIntoView({ block: "nearest", behavior: this.reduced() ? "instant" : "smooth" });
    });
  }
}
