// The table page: seat from the invite link (fragment), this tab's sessionStorage, or the
// signed-in player's own seat (the server finds it by the session cookie), the socket, and the
// drawing of every frame. The server decides everything: the page only offers the legal
// moves it was sent (or a typed notation) and shows the server's answer.
import { TableLink } from "./net.js";
import { loadHost, loadSeat, saveSeat, forgetSeat } from "./session.js";
import { h, renderBoard, renderSeats, cardButton, who, named } from "./render.js";
import { markup } from "./words.js";
import { _ } from "./i18n.js";
import { clearWhy, keepRoomForBar, movesWith, renderMoves, renderWhy, showWhy } from "./actionbar.js";
import { fly, flyFromSeat, landing, markLastChange } from "./motion.js";
import { loadBoard, pageReference } from "./boards.js";
import { renderEnd } from "./end.js";
import { ChatPanel } from "./chat.js";
import { TurnSignals } from "./notify.js";
import { HandInView } from "./handview.js";
import { followRematch, renderRematch } from "./rematch.js";
import { renderHint } from "./hints.js";
import { showCampaignEnd } from "./campaign_end.js";

const app = document.getElementById("app");
const TABLE = app.dataset.table;
const HOST_PLAYER = app.dataset.host === "1";  // this browser's player hosts the table
// the campaign this table is a mission of (campaign_end.js), or null
const CAMPAIGN = app.dataset.campaign ? { campaign: app.dataset.campaign, number: app.dataset.mission, link: `/c/${app.dataset.campaign}` } : null;
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
  online: false, newMoves: [], lastMoves: [],
};
const signals = new TurnSignals({ title: app.dataset.title, table: TABLE, controls: $("turn-alerts") });
// Light motion (a played card flying to the table, new log lines, the turn marker), never when
// the reader asks for reduced motion; nothing waits on it (the state is drawn at once).
const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");
const handInView = new HandInView(() => REDUCED.matches);
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
    status: state.status, online: state.online,
    cardInfo: (text) => CARDS[text] || null,
  };
}

function notice(text, refusal = false) {
  const box = $("notice");
  box.textContent = text || "";
  box.hidden = !text;
  box.dataset.refusal = refusal ? "1" : "";
}

// A refused move's reason stands until the game moves on or the person writes another move.
function clearRefusal() {
  if ($("notice").dataset.refusal) notice("");
}

// --- moves ----------------------------------------------------------------------------------

function act(move) {
  if (state.busy || !move) return;
  state.counter += 1;
  const id = `${state.seat}.${state.version}.${state.counter}.${Math.random().toString(36).slice(2, 8)}`;
  const frame = { type: "act", id, version: state.version, move };
  if (!link.send(frame)) {
    notice(_("Not connected just now: the move was not sent. Try again once connected."));
    return;
  }
  state.busy = { id, move, version: state.version, from: cardFrom(move) };
  state.selected = null;
  notice("");
  draw();
}

// Where the card a move plays sits in the hand (its face and place), for its flight to the table
// (none with reduced motion: measuring its place would lay the page out for nothing).
function cardFrom(move) {
  if (REDUCED.matches) return null;
  const card = (board.hand(ctx())?.cards || []).find((c) => movesWith(c, state.legal, board).includes(move));
  const button = card === undefined ? null : document.querySelector(`#hand button.card[data-card="${CSS.escape(card)}"]`);
  if (!button) return null;
  return { rect: button.getBoundingClientRect(), face: button.querySelector(".face") };
}

// The moves of the last update, seen on the board: each card flies from where it was (the hand
// for this page's own move, the mover's seat box for another's) to where it landed.
function showMoves(moves) {
  if (REDUCED.matches) {  // nothing flies, and nothing is measured for a flight
    state.mine = null;
    return;
  }
  for (const move of moves) {
    let flew;
    if (move.seat === state.seat && state.mine && state.mine.from) {
      flew = fly(state.mine.from.face, state.mine.from.rect, landing(move.move));
    } else if (move.seat !== state.seat) {
      flew = flyFromSeat(move);
    }
    if (flew) state.flights += 1;
  }
  state.mine = null;
}

function drawMoves() {
  renderMoves(ctx(), {
    legal: state.legal, playing: state.status === "playing", selected: state.selected, busy: state.busy, act,
    unselect: () => { state.selected = null; draw(); },
  });
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
    const moves = state.status === "playing" ? movesWith(card, state.legal, board) : [];
    return cardButton(card, c, {
      playable: moves.length > 0 && !state.busy,
      selected: state.selected === card,
      onClick: () => {
        if (state.busy) return;
        if (!moves.length) {
          notice(_("No move with this card just now."));
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
  if (!hand.length) $("hand").replaceChildren(h("p", { class: "none", text: _("no cards") }));
}

// --- status, log, end ------------------------------------------------------------------------

// The prompt of the action bar: whose decision it is, in words, and what the board adds (never an
// internal phase name: the board's status says what the decision is about).
function renderStatus() {
  const c = ctx();
  let text;
  if (state.status === "waiting") text = _("Waiting for players to take their seats.");
  else if (state.status === "over") text = _("The game is over.");
  else if (state.legal.length) text = state.busy ? _("Your move: sending it…") : _("Your move.");
  else if (state.currentPlayer === null || state.currentPlayer === undefined) text = "";
  else if (state.seat !== null && (state.seats[state.currentPlayer] || {}).played_by && state.currentPlayer === state.seat) {
    text = _("A bot is making your move.");
  } else text = _("Waiting for {who}.", { who: who(c, state.currentPlayer) });
  const more = state.status === "playing" ? board.status(c) : "";
  $("status").replaceChildren(h("span", { class: "prompt", text }), more ? " " : "",
    more ? h("span", { class: "board-status", text: more }) : "");
  if (more) text += ` ${more}`;
  const playing = state.status === "playing";
  signals.update({ myTurn: state.legal.length > 0 && playing, seated: state.seat !== null && state.status !== "over", text });
  $("action-bar").classList.toggle("my-turn", state.legal.length > 0 && playing);
  renderHint({ mySeat: state.seat, myTurn: state.legal.length > 0 && playing, version: state.version });
  renderClock();
  $("who").textContent = state.seat === null ? _("watching") : _("you are seat {n}", { n: state.seat });
}

// The move clock: the time left for the decision in progress (the server's deadline, so it is the
// same in every tab and survives a restart), redrawn every second outside the live status line.
function timeLeft(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const [d, h, m] = [Math.floor(s / 86400), Math.floor(s / 3600) % 24, Math.floor(s / 60) % 60];
  if (d) return _("{d} d {h} h", { d, h });
  if (h) return _("{h} h {m} min", { h, m });
  if (m) return _("{m} min {s} s", { m, s: s % 60 });
  return _("{s} s", { s });
}

function renderClock() {
  const box = $("turn-clock");
  box.hidden = !state.deadline || state.status !== "playing";
  if (box.hidden) return;
  const then = new Date(state.deadline);
  const after = app.dataset.onTimeout === "forfeit" ? _("the seat to move loses the game") : _("a bot makes the move");
  box.textContent = _("clock: {time} left", { time: timeLeft(then - Date.now()) });
  box.title = _("Until {when}; then {after}.", { when: then.toLocaleString(document.documentElement.lang || undefined), after });
}
setInterval(renderClock, 1000);

const LOG_LINES = 300;
let logNames = null;  // the seats' names the log's lines were written with

// The last LOG_LINES lines of the log. A line once marked up stays while it shows the same event
// in the same names: a frame appends its new lines and drops the oldest, so a long game's log is
// not parsed and laid out again whole at every frame (it was most of a page's work per move).
function renderLog() {
  const log = $("log");
  const c = ctx();
  const first = Math.max(0, state.events.length - LOG_LINES);
  const wanted = state.events.slice(first);
  const names = JSON.stringify((c.seats || []).map((s) => s && [s.name, s.kind]));  // what named() reads
  let lines = [...log.children];
  const start = lines.findIndex((li) => li.event === wanted[0]);
  const same = names === logNames && start >= 0 && lines.slice(start).every((li, k) => li.event === wanted[k]);
  if (!same) {  // another window of events (a full welcome) or a name changed: every line again
    log.replaceChildren();
    lines = [];
    logNames = names;
  } else {
    lines.slice(0, start).forEach((li) => li.remove());
    lines = lines.slice(start);
  }
  const added = wanted.slice(lines.length).map((event) => {
    const li = document.createElement("li");
    li.event = event;
    li.innerHTML = markup(named(event.text, c));
    return li;
  });
  log.append(...added);
  [...log.children].forEach((li, k) => {
    const i = first + k;
    const classes = [i >= state.latestFrom ? "latest" : "", state.arrivedFrom !== null && i >= state.arrivedFrom ? "arrived" : ""];
    const name = classes.join(" ").trim();
    if (li.className !== name) li.className = name;
  });
  // at the next frame, once the whole draw is laid out: reading the height now would lay the
  // page out twice
  if (added.length) requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
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
  drawMoves();
  const myTurn = state.legal.length > 0 && state.status === "playing";
  handInView.update(myTurn, state.newMoves.some((m) => m.seat !== state.seat));
  renderWhy(c, state.status === "playing");
  markLastChange(state.lastMoves);
  if (state.newMoves.length) showMoves(state.newMoves);
  state.newMoves = [];
  renderLog();
  renderHost();
  restoreFocus(key);
  if (state.end) {
    renderEnd($("end"), c, state, TABLE);
    $("action-bar").hidden = true;
    if (CAMPAIGN) showCampaignEnd($("campaign-end"), CAMPAIGN, state.seat);  // no rematch: the next mission
    else renderRematch($("rematch"), c, state.rematch, (answer) => link.send({ type: "rematch", answer }));
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
        state.newMoves = frame.moves;
        state.lastMoves = frame.moves;
        clearWhy();  // an answer was about the position before this move
        clearRefusal();
      }
      if (state.busy && frame.version !== state.busy.version) state.busy = null;
      take(frame);
      if (state.seat === null) offerSeat();
      break;
    case "ack":
      // stored and applied: the update with the new view follows (busy until then)
      if (state.busy && state.busy.id === frame.id) {
        state.busy.acked = frame.version;
        state.mine = { from: state.busy.from };  // it flies once the update shows where it lands
      }
      break;
    case "refusal":
      if (state.busy && state.busy.id === frame.id) state.busy = null;
      notice(refusalText(frame), true);
      break;
    case "why":
      showWhy(frame);
      return;
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

// A refusal in the page's words; the rule itself (illegal, notation) as the engine says it.
const REFUSED = {
  stale: () => _("The table moved on before your move arrived: look again and choose."),
  not_your_turn: () => _("It is not your decision now."),
  spectator: () => _("A spectator cannot make moves."),
  not_started: () => _("The game has not started yet: the table waits for players."),
  game_over: () => _("The game is over: no more moves."),
  bot: () => _("A bot is playing this seat just now: take it back first."),
  server: () => _("The server did not take the move: nothing was played. Try again."),
};

function refusalText(frame) {
  const said = REFUSED[frame.code];
  return _("Refused: {reason}", { reason: said ? said() : frame.reason });
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
    $("join-title").textContent = _("You are invited to this table");
  } else if (free && state.status !== "over") {
    box.hidden = false;
    $("join-title").textContent = _("Seat {n} is free", { n: free.seat });
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
  let last = _("no free seat");
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
    last = typeof answer.detail === "string" ? answer.detail : _("error {status}", { status: response.status });
  }
  error.textContent = _("Could not take the seat: {reason}", { reason: last });
}

// --- the host's seat controls (REST of the protocol) and taking one's seat back ---------------

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(typeof answer.detail === "string" ? answer.detail : _("error {status}", { status: response.status }));
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
      rows.push(h("p", {}, _("A bot plays your seat."), " ", h("button", {
        type: "button", class: "primary", onclick: () => post(`/api/tables/${TABLE}/seats/${state.seat}/take`,
          { token: saved ? saved.token : null }).catch((e) => { $("host-error").textContent = e.message; }),
      }, _("Take my seat back"))));
    }
  }
  if ((hostToken || HOST_PLAYER) && state.status !== "over") {
    for (const seat of state.seats) {
      if (seat.kind !== "human" || seat.connected || seat.seat === state.seat) continue;
      const away = seat.claimed ? _("Seat {n}: {name} is away.", { n: seat.seat, name: seat.name || _("a person") })
        : _("Seat {n}: nobody has taken it yet.", { n: seat.seat });
      const controls = [];
      if (!seat.played_by || seat.played_by === "human") {
        controls.push(h("button", { type: "button", onclick: () => post(`/api/tables/${TABLE}/seats/${seat.seat}/bot`,
          { host_token: hostToken, bot: null }).catch((e) => { $("host-error").textContent = e.message; }) },
        _("Let a bot play it")));
      }
      const label = seat.claimed ? _("Give the seat a new invite link") : _("New invite link");
      controls.push(h("button", { type: "button", class: "new-invite", "data-seat": seat.seat, onclick: async () => {
        if (seat.claimed && !confirm(_("{name} loses seat {n}: whoever opens the new link takes it. Go on?", { name: seat.name || _("The person"), n: seat.seat }))) return;
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
        controls.push(h("input", { readonly: true, class: "link-box", value: issued.get(seat.seat), "aria-label": _("new invite link for seat {n}", { n: seat.seat }) }));
      }
      rows.push(h("div", { class: "host-seat", id: `host-seat-${seat.seat}` }, h("p", { text: away }), controls));
    }
  }
  box.hidden = rows.length === 0;
  $("host-seats").replaceChildren(...rows);
  $("host-title").textContent = hostToken || HOST_PLAYER ? _("Your table (host)") : _("Your seat");
}

function onLinkState(kind, detail) {
  const box = $("link-state");
  box.className = `link-state ${kind}`;
  if (kind === "connected") box.textContent = _("● connected");
  else if (kind === "connecting") box.textContent = _("connecting…");
  else if (kind === "waiting") box.textContent = _("○ offline: retrying in {s} s", { s: detail });
  else box.textContent = _("closed: {reason}", { reason: detail });
  if (kind === "closed") notice(detail);
  // who is here is known only while this page hears the server
  const online = kind === "connected";
  if (online !== state.online) {
    state.online = online;
    if (state.view) renderSeats($("seats"), ctx());
  }
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
      notice(_("This page no longer holds its seat (released, or the host gave it a new invite): you are watching."));
    },
  });
  link.open();
}

$("join-form").addEventListener("submit", join);
$("why-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const move = $("why-move").value.trim();
  if (!move) return;
  if (!link || !link.send({ type: "why", move })) {
    $("why-answer").textContent = _("Not connected just now: ask again once connected.");
  }
});
keepRoomForBar();
$("notation").addEventListener("input", clearRefusal);
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
