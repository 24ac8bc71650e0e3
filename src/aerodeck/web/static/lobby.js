// The lobby: fit the form to the chosen game, create the table through the REST lobby, keep the
// creator's seat token in this tab's sessionStorage (never in a URL), and hand out invite links.
import { saveSeat, saveHost } from "./session.js";
import { _ } from "./i18n.js";
import { levelWord } from "./render.js";
import { campaignCreated, campaignRequest } from "./lobby_campaign.js";

// The bot levels offered (the server's catalogue, in the page's language), medium by default; the
// server also accepts the levels' older names and each game's own bots, not offered here.
const LEVELS = JSON.parse(document.getElementById("levels-data").textContent || "[]");
const DEFAULT_BOT = "bot:medium";

const form = document.getElementById("create");
const gameSelect = document.getElementById("game");
const players = document.getElementById("players");

function chosen() {
  return gameSelect.selectedOptions[0];
}

// The game's own player count, unless the person chose one this game also allows.
function fitPlayers() {
  const option = chosen();
  const counts = option.dataset.counts.split(",").map(Number);
  const keep = players.dataset.chosen ? Number(players.value) : Number(option.dataset.default);
  players.replaceChildren(
    ...counts.map((n) => new Option(_("{n} players", { n }), String(n), false, n === keep)),
  );
  if (!counts.includes(keep)) players.value = option.dataset.default;
}

function fitSeats() {
  const count = Number(players.value);
  for (const row of document.querySelectorAll(".seat-row")) {
    const seat = Number(row.dataset.seat);
    row.hidden = seat >= count;
    const select = row.querySelector("select");
    if (seat === 0) continue;
    const was = select.dataset.fitted ? select.value : DEFAULT_BOT;
    select.dataset.fitted = "1";
    select.replaceChildren(
      new Option(_("a person (invite link)"), "human"),
      ...LEVELS.map((level) => Object.assign(new Option(_("{level} bot", { level: level.label }), `bot:${level.name}`),
        { title: level.description })),
    );
    select.value = [...select.options].some((o) => o.value === was) ? was : DEFAULT_BOT;
  }
}

function fitGame() {
  const id = gameSelect.value;
  for (const el of document.querySelectorAll("[data-game]")) el.hidden = el.dataset.game !== id;
  fitPlayers();
  fitSeats();
}

// A preset ("standard", "quick") sets the options below it; changing one of them makes it "custom".
function applyPreset(select) {
  const box = select.closest("fieldset.options");
  const chosen = select.selectedOptions[0];
  box.querySelector(".preset-help").textContent = chosen.dataset.help || "";
  if (select.value === "custom") return;
  const values = JSON.parse(chosen.dataset.options || "{}");
  for (const input of box.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    const value = name in values ? values[name] : JSON.parse(input.dataset.default);
    if (input.dataset.kind === "bool") input.checked = Boolean(value);
    else input.value = String(value);
  }
}

for (const select of document.querySelectorAll("select.preset")) {
  select.addEventListener("change", () => applyPreset(select));
  const box = select.closest("fieldset.options");
  for (const input of box.querySelectorAll("[data-option]")) {
    input.addEventListener("change", () => {
      select.value = "custom";
      box.querySelector(".preset-help").textContent = select.selectedOptions[0].dataset.help || "";
    });
  }
}

function readOptions() {
  const options = {};
  const box = document.querySelector(`fieldset.options[data-game="${gameSelect.value}"]`);
  // only what differs from the game's defaults: the server fills in the rest
  for (const input of box.querySelectorAll("[data-option]")) {
    const kind = input.dataset.kind;
    let value;
    if (kind === "bool") value = input.checked;
    else if (kind === "int") value = Number.parseInt(input.value, 10);
    else value = input.value;
    if (kind === "int" && Number.isNaN(value)) value = input.value;  // the server says why
    if (value !== JSON.parse(input.dataset.default)) options[input.dataset.option] = value;
  }
  return options;
}

function readSeats() {
  const count = Number(players.value);
  const seats = [];
  for (let i = 0; i < count; i += 1) {
    const value = i === 0 ? "human" : document.getElementById(`seat${i}`).value;
    seats.push(value === "human" ? { kind: "human" } : { kind: "bot", bot: value.slice(4) });
  }
  return seats;
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = _("Copied");
  } catch {
    button.textContent = _("Select and copy");
  }
  setTimeout(() => { button.textContent = _("Copy"); }, 2000);
}

function invitesList(created) {
  const list = document.getElementById("invites");
  list.replaceChildren();
  for (const invite of created.invites) {
    const item = document.createElement("li");
    const link = invite.link;  // the server's link carries the code and the seat
    const label = document.createElement("span");
    label.textContent = _("Seat {n}:", { n: invite.seat });
    const text = document.createElement("input");
    text.readOnly = true;
    text.value = link;
    text.className = "link-box";
    text.setAttribute("aria-label", _("invite link for seat {n}", { n: invite.seat }));
    text.dataset.invite = String(invite.seat);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "copy";
    button.textContent = _("Copy");
    button.addEventListener("click", () => copy(link, button));
    item.append(label, " ", text, button);
    list.append(item);
  }
  document.getElementById("invite-intro").hidden = !created.invites.length;
  if (!created.invites.length) {
    const item = document.createElement("li");
    item.textContent = _("Every other seat is a bot: nobody to invite.");
    list.append(item);
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = document.getElementById("create-error");
  error.textContent = "";
  const clock = document.getElementById("clock").value;
  const body = {
    game: gameSelect.value,
    players: Number(players.value),
    options: readOptions(),
    seats: readSeats(),
    listed: document.getElementById("listed").checked,
    rated: document.getElementById("rated").checked,
    hints: document.getElementById("hints").checked,
    clock: clock ? Number(clock) : null,
    on_timeout: document.getElementById("on-timeout").value,
    claim: 0,
    name: document.getElementById("name").value.trim(),
  };
  localStorage.setItem("aerodeck:name", body.name);
  const button = document.getElementById("create-button");
  button.disabled = true;
  try {
    const campaign = campaignRequest(body);  // a whole campaign: its first mission's table
    const response = await fetch(campaign ? "/api/campaigns" : "/api/tables", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(campaign || body),
    });
    const answer = await response.json();
    if (!response.ok) {
      const detail = Array.isArray(answer.detail)
        ? answer.detail.map((d) => `${d.loc.slice(1).join(".")}: ${d.msg}`).join("; ")
        : answer.detail;
      error.textContent = _("The table was not created: {reason}", { reason: detail });
      return;
    }
    saveSeat(answer.table, answer.seat, answer.token);
    saveHost(answer.table, answer.host_token);
    invitesList(answer);
    document.getElementById("spectate").textContent = answer.spectate;
    document.getElementById("go").href = `/t/${answer.table}`;
    campaignCreated(answer);
    const created = document.getElementById("created");
    created.hidden = false;
    created.querySelector("h2").setAttribute("tabindex", "-1");
    created.querySelector("h2").focus();
  } catch (failure) {
    error.textContent = _("The server did not answer: {reason}", { reason: failure });
  } finally {
    button.disabled = false;
  }
});

for (const button of document.querySelectorAll("[data-copy-from]")) {
  button.addEventListener("click", () =>
    copy(document.getElementById(button.dataset.copyFrom).textContent, button));
}
gameSelect.addEventListener("change", fitGame);
players.addEventListener("change", () => { players.dataset.chosen = "1"; fitSeats(); });
document.getElementById("name").value = localStorage.getItem("aerodeck:name") || "";
fitGame();

// The open tables, refreshed while the lobby is in view (the server rendered the first list).
function seatChip(s) {
  const chip = document.createElement("span");
  chip.className = "seat-chip";
  if (s.kind === "bot") chip.textContent = _("{n}: {level} bot", { n: s.seat, level: levelWord(s.bot) });
  else if (s.claimed) chip.textContent = `${s.seat}: ${s.name || _("a person")}`;
  else chip.textContent = _("{n}: free", { n: s.seat });
  chip.append(" ");
  return chip;
}

function tablesView(tables) {
  if (!tables.length) {
    const p = document.createElement("p");
    p.textContent = _("No open table just now: start one above.");
    return p;
  }
  const table = document.createElement("table");
  table.className = "tables";
  const head = table.createTHead().insertRow();
  for (const title of [_("Game"), _("Status"), _("Seats"), _("Moves")]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = title;
    head.append(th);
  }
  const blank = document.createElement("th");
  blank.scope = "col";
  blank.append(Object.assign(document.createElement("span"), { className: "sr", textContent: _("Actions") }));
  head.append(blank);
  const body = table.createTBody();
  for (const t of tables) {
    const row = body.insertRow();
    row.insertCell().textContent = t.title;
    row.insertCell().textContent = t.status === "waiting" ? _("waiting for players") : _("playing");
    row.insertCell().append(...t.seats.map(seatChip));
    row.insertCell().textContent = String(t.version);
    const link = document.createElement("a");
    link.className = "button";
    link.href = `/t/${encodeURIComponent(t.table)}`;
    link.textContent = t.status === "waiting" ? _("Join") : _("Watch");
    row.insertCell().append(link);
  }
  return table;
}

async function refreshTables() {
  if (document.hidden) return;
  try {
    const response = await fetch("/api/tables");
    if (response.ok) document.getElementById("open-tables").replaceChildren(tablesView((await response.json()).tables));
  } catch {
    // offline: keep the list shown; the next refresh tries again
  }
}
setInterval(refreshTables, 15000);
document.addEventListener("visibilitychange", refreshTables);

// Hints make a game unrated (docs/server.md, "Hints"): the two boxes exclude each other.
document.getElementById("hints").addEventListener("change", (event) => {
  if (event.target.checked) document.getElementById("rated").checked = false;
});
document.getElementById("rated").addEventListener("change", (event) => {
  if (event.target.checked) document.getElementById("hints").checked = false;
});
