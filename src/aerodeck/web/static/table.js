// The table page: seat from the invite link (fragment), this tab's sessionStorage, or the
// signed-in player's own seat (the server finds it by the session cookie), the socket, and the
// drawing of every frame. The server decides everything: the page only offers the legal
// moves it was sent (or a typed notation) and shows the server's answer.
import { TableLink } from "./net.js";
import { loadHost, loadSeat, saveSeat, forgetSeat } from "./session.js";
import { h, renderBoard, renderSeats, cardButton, who, named } from "./render.js";
import { markup } from "./words.js";
import { pretty } from "./cards.js";
import { loadBoard, pageReference } from "./boards.js";
import { renderEnd } from "./end.js";
import { ChatPanel } from "./chat.js";
import { TurnSignals } from "./notify.js";
import { followRematch, renderRematch } from "./rematch.js";

const app = document.getElementById("app");
const TABLE = app.dataset.table;
const HOST_PLAYER = app.dataset.host === "1";  // this browser's player hosts the table
const GAME = app.dataset.game;
const board = await loadBoard(app.dataset.board);
const REFERENCE = pageReference();
const CARDS = REFERENCE.cards || {};
const $ = (id) => document.getElementById(id);

const state = {
  seat: null, token: null, version: null, status: "waiting", currentPlayer: null, view: null,
  legal: [], seats: [], players: 0, events: [], history: [], latestFrom: 0, end: null,
  selected: null, busy: null, counter: 0, lastMover: null, options: {},
  arrivedFrom: null, turnMoved: false, moved: false, flights: 0, deadline: null, rematch: null,
};
const signals = new TurnSignals({ title: app.dataset.title, table: TABLE, controls: $("turn-alerts") });
// Light motion (a played card flying to the table, new log lines, the turn marker), never when
// the reader asks for reduced motion; nothing waits on it (the state is drawn at once).
const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");
let link = null;
const chat = new ChatPanel({
  root: $("chat"), table: TABLE, hostToken: () => loadHost(TABLE), hostPlayer: HOST_PLAYER,
  send: (frame) => Boolean(link) && link.send(frame),
});

function ctx() {
  return {
    game: GAME, view: state.view || {}, seats: state.seats, players: state.players,
    mySeat: state.seat, currentPlayer: state.currentPlayer, lastMover: state.lastMover,
    legal: state.legal, options: state.options, end: state.end, reference: REFERENCE, board,
    cardInfo: (text) => CARDS[text] || null,
  };
}

function notice(text) {
  const box = $("notice");
  box.textContent = text || "";
  box.hidden = !text;
}

// --- moves -----------------------------------------------------------------------------------

function tokens(move) {
  return move.toLowerCase().split(/[\s,:;]+/).filter(Boolean);
}

export function slug(card) {
  return String(card).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

// The moves a card of the hand takes part in (a board may say which verbs are not the hand's,
// like Air Racing's buys from the supply).
function movesWith(card) {
  const names = new Set([String(card).toLowerCase(), slug(card)]);
  const notHand = new Set(board.notHandVerbs || []);
  return state.legal.filter((move) => {
    const words = tokens(move);
    return !notHand.has(words[0]) && words.some((t) => names.has(t));
  });
}

function act(move) {
  if (state.busy || !move) return;
  state.counter += 1;
  const id = `${state.seat}.${state.version}.${state.counter}.${Math.random().toString(36).slice(2, 8)}`;
  const frame = { type: "act", id, version: state.version, move };
  if (!link.send(frame)) {
    notice("Not connected just now: the move was not sent. Try again once connected.");
    return;
  }
  state.busy = { id, move, version: state.version, from: cardFrom(move) };
  state.selected = null;
  notice("");
  draw();
}

// Where the card a move plays sits in the hand (its face and place), for its flight to the table.
function cardFrom(move) {
  const card = (board.hand(ctx())?.cards || []).find((c) => movesWith(c).includes(move));
  const button = card === undefined ? null : document.querySelector(`#hand button.card[data-card="${CSS.escape(card)}"]`);
  if (!button) return null;
  return { rect: button.getBoundingClientRect(), face: button.querySelector(".face") };
}

function fly(from) {
  if (!from || REDUCED.matches || typeof Element.prototype.animate !== "function") return;
  const board = $("board").getBoundingClientRect();
  const ghost = h("div", { class: "flying", "aria-hidden": "true" });
  ghost.append(from.face.cloneNode(true));
  Object.assign(ghost.style, {
    left: `${from.rect.left}px`, top: `${from.rect.top}px`, width: `${from.rect.width}px`,
  });
  document.body.append(ghost);
  state.flights += 1;
  const dx = board.left + board.width / 2 - (from.rect.left + from.rect.width / 2);
  const dy = board.top + Math.min(board.height / 2, 90) - (from.rect.top + from.rect.height / 2);
  const flight = ghost.animate([
    { transform: "translate(0, 0) scale(1)", opacity: 1 },
    { transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0 },
  ], { duration: 450, easing: "ease-in" });
  const done = () => ghost.remove();
  flight.onfinish = done;
  flight.oncancel = done;
}

// A move's button text: the move without its verb (the group says it), cards as rank and suit.
function moveLabel(move, verb) {
  if (state.selected) {  // the chosen card goes without saying: show the rest of the move
    const names = new Set([String(state.selected).toLowerCase(), slug(state.selected)]);
    move = move.split(/\s+/).filter((w) => !names.has(w.toLowerCase())).join(" ") || move;
  }
  return board.moveLabel(move, ctx(), verb);
}

function renderMoves() {
  const box = $("moves");
  const mine = state.legal.length > 0 && state.status === "playing";
  box.hidden = !mine;
  $("legal-list").replaceChildren(...state.legal.map((m) => h("option", { value: m })));
  if (!mine) return;
  const buttons = $("move-buttons");
  const parts = [];
  const disabled = Boolean(state.busy);
  if (state.legal.length === 1) {
    parts.push(h("p", { class: "forced" }, "Only one move is possible: ",
      h("button", { type: "button", class: "primary move", "data-move": state.legal[0], disabled,
        onclick: () => act(state.legal[0]) }, moveLabel(state.legal[0], ""))));
  }
  let offered = state.legal.length === 1 ? [] : state.legal;
  if (state.selected) {
    offered = movesWith(state.selected);
    parts.push(h("p", { class: "choose" }, `With this card: choose a target or a way to play it, or `,
      h("button", { type: "button", class: "link-button", onclick: () => { state.selected = null; draw(); } },
        "choose another card")));
  }
  const groups = new Map();
  for (const move of offered) {
    const verb = tokens(move)[0] || move;
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(move);
  }
  for (const [verb, moves] of groups) {
    const verbText = move0Verb(moves[0]);
    parts.push(h("fieldset", { class: "verb" }, h("legend", { text: pretty(verbText) }),
      moves.map((move) => h("button", {
        type: "button", class: "move", "data-move": move, disabled,
        title: move, onclick: () => act(move),
      }, moveLabel(move, verbText)))));
  }
  buttons.replaceChildren(...parts);
  $("moves-title").textContent = state.busy ? "Sending your move…" : "Your move";
}

function move0Verb(move) {
  return move.trim().split(/\s+/)[0];
}

function renderHand() {
  const held = state.view ? board.hand(ctx()) : null;
  const box = $("hand-box");
  $("card-detail").textContent = "";
  box.hidden = !held;
  if (!held) return;
  $("hand-title").textContent = held.title;
  const hand = held.cards;
  const c = ctx();
  $("hand").replaceChildren(...hand.map((card, index) => {
    const moves = state.status === "playing" ? movesWith(card) : [];
    return cardButton(card, c, {
      playable: moves.length > 0 && !state.busy,
      selected: state.selected === card,
      onClick: () => {
        if (state.busy) return;
        if (!moves.length) {
          notice(`No move with ${card} just now.`);
          return;
        }
        const distinct = [...new Set(moves)];
        if (distinct.length === 1) act(distinct[0]);
        else {
          state.selected = card;
          draw();
          const first = document.querySelector("#move-buttons .verb button");
          if (first) first.focus();
        }
      },
      index,
    });
  }));
  if (!hand.length) $("hand").replaceChildren(h("p", { class: "none", text: "no cards" }));
}

// --- status, log, end ------------------------------------------------------------------------

function renderStatus() {
  const c = ctx();
  const view = state.view || {};
  let text;
  if (state.status === "waiting") text = "Waiting for players to take their seats.";
  else if (state.status === "over") text = "The game is over.";
  else if (state.legal.length) text = `Your move${view.phase ? ` (${String(view.phase).replace(/_/g, " ")})` : ""}.`;
  else {
    text = `Waiting for ${who(c, state.currentPlayer)}${view.phase ? ` (${String(view.phase).replace(/_/g, " ")})` : ""}.`;
  }
  const more = board.status(c);
  if (more) text += ` ${more}`;
  $("status").textContent = text;
  const playing = state.status === "playing";
  signals.update({ myTurn: state.legal.length > 0 && playing, seated: state.seat !== null && state.status !== "over", text });
  renderClock();
  $("who").textContent = state.seat === null ? "watching" : `you are seat ${state.seat}`;
}

// The move clock: the time left for the decision in progress (the server's deadline, so it is the
// same in every tab and survives a restart), redrawn every second outside the live status line.
function timeLeft(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const [d, h, m] = [Math.floor(s / 86400), Math.floor(s / 3600) % 24, Math.floor(s / 60) % 60];
  if (d) return `${d} d ${h} h`;
  if (h) return `${h} h ${m} min`;
  if (m) return `${m} min ${s % 60} s`;
  return `${s} s`;
}

function renderClock() {
  const box = $("turn-clock");
  box.hidden = !state.deadline || state.status !== "playing";
  if (box.hidden) return;
  const then = new Date(state.deadline);
  const after = app.dataset.onTimeout === "forfeit" ? "the seat to move loses the game" : "a bot makes the move";
  box.textContent = `clock: ${timeLeft(then - Date.now())} left`;
  box.title = `Until ${then.toLocaleString()}; then ${after}.`;
}
setInterval(renderClock, 1000);

function renderLog() {
  const log = $("log");
  const c = ctx();
  const items = state.events.map((event, i) => {
    const classes = [i >= state.latestFrom ? "latest" : "", state.arrivedFrom !== null && i >= state.arrivedFrom ? "arrived" : ""];
    const li = h("li", { class: classes.join(" ").trim() });
    li.innerHTML = markup(named(event.text, c));
    return li;
  });
  log.replaceChildren(...items.slice(-300));
  log.scrollTop = log.scrollHeight;
}

// Redrawing replaces the buttons: keep the keyboard's place (the same move or card, else the
// first thing to press in the same area).
function focusKey() {
  const el = document.activeElement;
  if (!el || !el.dataset) return null;
  if (el.dataset.move) return { sel: `#move-buttons button[data-move="${CSS.escape(el.dataset.move)}"]`, area: "#moves" };
  if (el.dataset.card) return { sel: `#hand button[data-card="${CSS.escape(el.dataset.card)}"]`, area: "#hand-box" };
  return null;
}

function restoreFocus(key) {
  if (!key || (document.activeElement && document.activeElement !== document.body)) return;
  const again = document.querySelector(key.sel)
    || document.querySelector(`${key.area} button.playable, ${key.area} button.move:not([disabled])`)
    || document.querySelector("#hand button.playable, #move-buttons button.move:not([disabled])");
  if (again) again.focus({ preventScroll: true });
}

function draw() {
  if (!state.view) return;
  const key = focusKey();
  const c = ctx();
  renderStatus();
  renderSeats($("seats"), c);
  if (state.turnMoved) $("seats").querySelectorAll(".seat-box.to-move").forEach((b) => b.classList.add("turn-new"));
  if (state.moved) $("seats").querySelectorAll(".seat-box.last-mover").forEach((b) => b.classList.add("moved-new"));
  renderBoard($("board"), c);
  renderHand();
  renderMoves();
  renderLog();
  renderHost();
  restoreFocus(key);
  if (state.end) {
    renderEnd($("end"), c, state, TABLE);
    renderRematch($("rematch"), c, state.rematch, (answer) => link.send({ type: "rematch", answer }));
  }
  state.arrivedFrom = null;  // the motion plays once, for what is new in this frame
  state.turnMoved = false;
  state.moved = false;
  if (!$("reference-box").dataset.done) {
    $("reference-box").dataset.done = "1";
    const ref = board.reference(c);
    if (ref) {
      $("reference").replaceChildren(ref);
      $("reference-box").hidden = false;
    }
  }
}

// --- frames ----------------------------------------------------------------------------------

function onFrame(frame) {
  if (chat.take(frame)) return;
  switch (frame.type) {
    case "welcome":
      state.seat = frame.seat;
      state.players = frame.players;
      state.options = frame.options;
      if (frame.full) {
        state.events = frame.events;
        state.history = frame.history || [];
        state.latestFrom = Math.max(0, frame.events.length - 1);
      } else if (frame.events.length) {
        state.latestFrom = state.events.length;
        state.arrivedFrom = state.events.length;
        state.events = state.events.concat(frame.events);
      }
      take(frame);
      state.busy = null;
      if (state.seat === null) offerSeat();
      else $("join").hidden = true;
      break;
    case "update":
      if (frame.events.length) {
        state.latestFrom = state.events.length;
        state.arrivedFrom = state.events.length;
        state.events = state.events.concat(frame.events);
      }
      if (frame.moves.length) {
        state.history = state.history.concat(frame.moves);
        state.lastMover = frame.moves[frame.moves.length - 1].seat;
        state.moved = true;
      }
      if (state.busy && frame.version !== state.busy.version) state.busy = null;
      take(frame);
      if (state.seat === null) offerSeat();
      break;
    case "ack":
      // stored and applied: the update with the new view follows (busy until then)
      if (state.busy && state.busy.id === frame.id) {
        state.busy.acked = frame.version;
        fly(state.busy.from);
      }
      break;
    case "refusal":
      if (state.busy && state.busy.id === frame.id) state.busy = null;
      notice(`Refused: ${frame.reason}`);
      break;
    case "end":
      state.end = frame;
      state.status = "over";
      state.deadline = null;
      break;
    case "rematch":
      state.rematch = frame;
      if (followRematch(frame)) return;
      break;
    case "error":
      notice(frame.reason);
      break;
    default:
      return;
  }
  draw();
}

function take(frame) {
  if (state.view && frame.current_player !== state.currentPlayer) state.turnMoved = true;
  state.version = frame.version;
  state.status = frame.status;
  state.currentPlayer = frame.current_player;
  state.view = frame.view;
  state.legal = frame.legal;
  state.seats = frame.seats;
  state.deadline = frame.deadline || null;
  if (state.selected && !state.legal.length) state.selected = null;
}

// --- seats -----------------------------------------------------------------------------------

function fragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { invite: params.get("invite"), seat: params.get("seat") };
}

function freeSeat() {
  return state.seats.find((s) => s.kind === "human" && !s.claimed);
}

function offerSeat() {
  const { invite } = fragment();
  const free = freeSeat();
  const box = $("join");
  if (invite) {
    box.hidden = false;
    $("join-title").textContent = "You are invited to this table";
  } else if (free && state.status !== "over") {
    box.hidden = false;
    $("join-title").textContent = `Seat ${free.seat} is free`;
  } else {
    box.hidden = true;
  }
}

async function join(event) {
  event.preventDefault();
  const { invite, seat } = fragment();
  const name = $("join-name").value.trim();
  localStorage.setItem("aerodeck:name", name);
  const error = $("join-error");
  error.textContent = "";
  let seats;
  if (invite && seat !== null) seats = [Number(seat)];
  else if (invite) seats = state.seats.filter((s) => s.kind === "human" && !s.claimed).map((s) => s.seat);
  else seats = [null];
  let last = "no free seat";
  for (const s of seats) {
    const response = await fetch(`/api/tables/${TABLE}/join`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seat: s, invite: invite || null, name }),
    });
    const answer = await response.json().catch(() => ({}));
    if (response.ok) {
      saveSeat(TABLE, answer.seat, answer.token);
      history.replaceState(null, "", location.pathname);
      $("join").hidden = true;
      start();
      return;
    }
    last = typeof answer.detail === "string" ? answer.detail : `error ${response.status}`;
  }
  error.textContent = `Could not take the seat: ${last}`;
}

// --- the host's seat controls (REST of the protocol) and taking one's seat back ---------------

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(typeof answer.detail === "string" ? answer.detail : `error ${response.status}`);
  return answer;
}

const issued = new Map();  // seat -> the invite link the host made last (shown until it is used)

function renderHost() {
  const hostToken = loadHost(TABLE);  // null where the host player's cookie stands for it
  const saved = loadSeat(TABLE);
  const box = $("host");
  const rows = [];
  if (state.seat !== null) {
    const mine = state.seats[state.seat] || {};
    if (mine.played_by && mine.played_by !== "human" && state.status === "playing") {
      rows.push(h("p", {}, `A bot (${mine.played_by}) plays your seat. `, h("button", {
        type: "button", class: "primary", onclick: () => post(`/api/tables/${TABLE}/seats/${state.seat}/take`,
          { token: saved ? saved.token : null }).catch((e) => { $("host-error").textContent = e.message; }),
      }, "Take my seat back")));
    }
  }
  if ((hostToken || HOST_PLAYER) && state.status !== "over") {
    for (const seat of state.seats) {
      if (seat.kind !== "human" || seat.connected || seat.seat === state.seat) continue;
      const away = seat.claimed ? `${seat.name || "a person"} is away` : "nobody has taken it yet";
      const controls = [];
      if (!seat.played_by || seat.played_by === "human") {
        controls.push(h("button", { type: "button", onclick: () => post(`/api/tables/${TABLE}/seats/${seat.seat}/bot`,
          { host_token: hostToken, bot: null }).catch((e) => { $("host-error").textContent = e.message; }) },
        "Let a bot play it"));
      }
      const label = seat.claimed ? "Give the seat a new invite link" : "New invite link";
      controls.push(h("button", { type: "button", class: "new-invite", "data-seat": seat.seat, onclick: async () => {
        if (seat.claimed && !confirm(`${seat.name || "The person"} loses seat ${seat.seat}: whoever opens the new link takes it. Go on?`)) return;
        try {
          const answer = await post(`/api/tables/${TABLE}/seats/${seat.seat}/invite`, { host_token: hostToken });
          issued.set(seat.seat, answer.link);  // #invite=CODE&seat=N, kept across redraws
          $("host-error").textContent = "";
          renderHost();
          const out = document.querySelector(`#host-seat-${seat.seat} input.link-box`);
          if (out) out.select();
        } catch (e) { $("host-error").textContent = e.message; }
      } }, label));
      if (!seat.claimed && issued.has(seat.seat)) {
        controls.push(h("input", { readonly: true, class: "link-box", value: issued.get(seat.seat), "aria-label": `new invite link for seat ${seat.seat}` }));
      }
      rows.push(h("div", { class: "host-seat", id: `host-seat-${seat.seat}` }, h("p", { text: `Seat ${seat.seat}: ${away}.` }), controls));
    }
  }
  box.hidden = rows.length === 0;
  $("host-seats").replaceChildren(...rows);
  $("host-title").textContent = hostToken || HOST_PLAYER ? "Your table (host)" : "Your seat";
}

function onLinkState(kind, detail) {
  const box = $("link-state");
  box.className = `link-state ${kind}`;
  if (kind === "connected") box.textContent = "● connected";
  else if (kind === "connecting") box.textContent = "connecting…";
  else if (kind === "waiting") box.textContent = `○ offline: retrying in ${detail}s`;
  else box.textContent = `closed: ${detail}`;
  if (kind === "closed") notice(detail);
}

function start() {
  if (link) link.stop();
  const saved = loadSeat(TABLE);
  state.version = null;
  link = new TableLink({
    table: TABLE,
    token: saved ? saved.token : null,
    chat: true,
    onFrame,
    onState: onLinkState,
    onBadToken: () => {
      forgetSeat(TABLE);
      notice("This page no longer holds its seat (released, or the host gave it a new invite): you are watching.");
    },
  });
  link.open();
}

$("join-form").addEventListener("submit", join);
$("join-name").value = localStorage.getItem("aerodeck:name") || "";
$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const move = $("notation").value.trim();
  if (!move) return;
  act(move);
  $("notation").value = "";
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && state.selected) {
    state.selected = null;
    draw();
  }
});
window.aerodeck = { state, chat, reducedMotion: () => REDUCED.matches, redraw: () => draw() };
start();
