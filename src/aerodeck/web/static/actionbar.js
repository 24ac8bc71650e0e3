// The action bar, where the eyes are (as on Board Game Arena): the prompt (whose decision it is,
// in the board's words) and the moves the seat may make now, grouped by what they do and in words
// (the board's verbLabel and moveLabel). Every move says what it does on hover, focus or a long
// press (the board's moveHelp), its notation kept for the tooltip and the typing box only. Pinned
// at the top of the window on a wide screen, at the bottom on a phone, so the moves are always in
// view. The "Why not…?" box asks the server why a move the player expected is not offered
// (docs/web-protocol.md: why).
import { _ } from "./i18n.js";
import { h } from "./render.js";

const LONG_PRESS_MS = 500;

function tokens(move) {
  return move.toLowerCase().split(/[\s,:;]+/).filter(Boolean);
}

export function slug(card) {
  return String(card).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

// The moves of `legal` a card of the hand takes part in (a board may say which verbs are not the
// hand's, like Air Racing's buys from the supply).
export function movesWith(card, legal, board) {
  const names = new Set([String(card).toLowerCase(), slug(card)]);
  const notHand = new Set(board.notHandVerbs || []);
  return legal.filter((move) => {
    const words = tokens(move);
    return !notHand.has(words[0]) && words.some((t) => names.has(t));
  });
}

export function verbOf(move) {
  return move.trim().split(/\s+/)[0] || move;
}

// A move's button text: the board's words for it, the chosen card left out (it goes without saying).
function buttonText(move, verb, ctx, selected) {
  if (selected) {
    const names = new Set([String(selected).toLowerCase(), slug(selected)]);
    move = move.split(/\s+/).filter((w) => !names.has(w.toLowerCase())).join(" ") || move;
  }
  return ctx.board.moveLabel(move, ctx, verb);
}

// What a move does, for its help line: the board's words, else nothing.
function helpOf(move, ctx, verb) {
  const said = ctx.board.moveHelp ? ctx.board.moveHelp(move, ctx, verb) : null;
  return said ? String(said) : "";
}

function showHelp(text) {
  const line = document.getElementById("move-help");
  if (line) {
    line.textContent = text;
    line.hidden = !text;
  }
}

function moveButton(move, verb, ctx, { selected, disabled, act, primary }) {
  const help = helpOf(move, ctx, verb);
  let press = null;
  let held = false;
  const button = h("button", {
    type: "button", class: primary ? "primary move" : "move", "data-move": move, disabled,
    title: help || null,
    onclick: () => {
      if (held) {  // the end of a long press shows what the move does: it does not make it
        held = false;
        return;
      }
      act(move);
    },
  }, buttonText(move, verb, ctx, selected));
  if (help) {
    button.setAttribute("aria-description", help);
    for (const shown of ["focus", "mouseenter"]) button.addEventListener(shown, () => showHelp(help));
    button.addEventListener("contextmenu", (event) => {
      event.preventDefault();
      showHelp(help);
    });
    button.addEventListener("pointerdown", (event) => {
      held = false;
      if (event.pointerType !== "touch") return;
      clearTimeout(press);
      press = setTimeout(() => { held = true; showHelp(help); }, LONG_PRESS_MS);
    });
    for (const end of ["pointerup", "pointercancel", "pointerleave"]) {
      button.addEventListener(end, () => clearTimeout(press));
    }
  }
  return button;
}

// The moves box of the bar: `offer` {legal, selected, busy, act, unselect}.
export function renderMoves(ctx, offer) {
  const box = document.getElementById("moves");
  const mine = offer.legal.length > 0 && offer.playing;
  box.hidden = !mine;
  document.getElementById("legal-list").replaceChildren(...offer.legal.map((m) => h("option", { value: m })));
  if (!mine) {
    showHelp("");
    return;
  }
  const disabled = Boolean(offer.busy);
  const parts = [];
  if (offer.legal.length === 1) {
    const only = offer.legal[0];
    parts.push(h("p", { class: "forced" }, _("Only one move is possible:"), " ",
      moveButton(only, "", ctx, { disabled, act: offer.act, primary: true })));
  }
  let offered = offer.legal.length === 1 ? [] : offer.legal;
  if (offer.selected) {
    offered = movesWith(offer.selected, offer.legal, ctx.board);
    parts.push(h("p", { class: "choose" }, _("With this card: choose a target or a way to play it, or"), " ",
      h("button", { type: "button", class: "link-button", onclick: offer.unselect }, _("choose another card"))));
  }
  const groups = new Map();
  for (const move of offered) {
    const verb = verbOf(move);
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(move);
  }
  for (const [verb, moves] of groups) {
    const legend = ctx.board.verbLabel(verb, ctx);
    const said = legend ? verb : "";  // without a legend the button says the whole move
    parts.push(h("fieldset", { class: "verb", "data-verb": verb }, legend ? h("legend", { text: legend }) : null,
      moves.map((move) => moveButton(move, said, ctx, { selected: offer.selected, disabled, act: offer.act }))));
  }
  document.getElementById("move-buttons").replaceChildren(...parts);
}

// The "Why not…?" box: shown to a seated player while the game is on.
export function renderWhy(ctx, playing) {
  document.getElementById("why").hidden = !(playing && ctx.mySeat !== null);
}

const WHY_CODES = {
  legal: () => _("That move is allowed now: it is among the moves offered."),
  not_your_turn: () => _("It is not your decision now."),
  not_started: () => _("The game has not started yet."),
  game_over: () => _("The game is over: no more moves."),
  spectator: () => _("Only a player at the table can ask about a move."),
};

// The server's answer to a `why`, in the bar.
export function showWhy(frame) {
  const out = document.getElementById("why-answer");
  const said = WHY_CODES[frame.code];
  out.textContent = said ? said() : _("Not allowed: {reason}", { reason: frame.reason });
  out.dataset.code = frame.code;
}

export function clearWhy() {
  const out = document.getElementById("why-answer");
  out.textContent = "";
  delete out.dataset.code;
}

// Keep the page's bottom clear of the bar pinned there (phones): the bar's height as a variable.
// The bar is marked "more-below" while moves are scrolled out of view under its edge.
export function keepRoomForBar() {
  const bar = document.getElementById("action-bar");
  const set = () => {
    document.documentElement.style.setProperty("--bar-height", `${bar.offsetHeight}px`);
    markMoreBelow(bar);
  };
  if (typeof ResizeObserver === "function") {
    const observer = new ResizeObserver(set);
    observer.observe(bar);
    observer.observe(document.getElementById("move-buttons"));
  }
  bar.addEventListener("scroll", () => markMoreBelow(bar), { passive: true });
  set();
}

function markMoreBelow(bar) {
  bar.classList.toggle("more-below", bar.scrollTop + bar.clientHeight < bar.scrollHeight - 2);
}
