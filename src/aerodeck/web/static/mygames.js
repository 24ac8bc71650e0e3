// My games in the lobby (GET /api/me/games): my tables in progress, those waiting for my move
// first, then my finished games with their replay and record; the count of tables waiting for
// me in the heading and the tab's title. Refreshed while the lobby is in view.
import { _, n_ } from "./i18n.js";
import { fetchCampaigns, renderCampaigns } from "./mycampaigns.js";
const box = document.getElementById("my-games");
const TITLE = document.title;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function others(game) {
  return game.names.filter((name, seat) => seat !== game.seat).join(_(", "));
}

function inProgress(game) {
  const turn = game.your_turn
    ? el("strong", { class: "your-turn", text: _("your turn") })
    : el("span", { class: "muted", text: game.status === "waiting" ? _("waiting for players") : _("their turn") });
  return el("li", { class: game.your_turn ? "mine your-turn-row" : "mine", "data-table": game.table },
    el("a", { class: "button" + (game.your_turn ? " primary" : ""), href: game.link, text: game.your_turn ? _("Play") : _("Open") }),
    el("span", { class: "game-title", text: game.title }), turn,
    el("span", { class: "details muted", text: _("seat {seat} · with {others} · move {move}", { seat: game.seat, others: others(game), move: game.version }) }));
}

function finished(game) {
  const result = game.won ? _("won") : game.players > 2 ? _("lost, place {place}", { place: game.place }) : _("lost");
  return el("li", { class: "mine done", "data-table": game.table },
    el("span", { class: "game-title", text: game.title }),
    el("span", { class: game.won ? "won" : "muted", text: result }),
    el("span", { class: "details muted" }, _("with {others}", { others: others(game) }), " · ",
      el("a", { href: game.replay, text: _("replay") }), " · ",
      el("a", { href: game.record, download: `aerodeck-${game.game}-${game.table}.json`, text: _("record") })));
}

function render(mine) {
  const waiting = mine.waiting_for_you;
  const heading = el("h2", { id: "my-games-title" }, _("My games"));
  if (waiting) heading.append(" ", el("span", { class: "badge", id: "my-turns", text: n_("{count} waiting for you", "{count} waiting for you", waiting) }));
  const parts = [heading];
  if (mine.playing.length) parts.push(el("ul", { class: "my-games" }, ...mine.playing.map(inProgress)));
  else parts.push(el("p", { class: "muted", text: _("No table in progress.") }));
  if (mine.finished.length) {
    parts.push(el("h3", { text: _("Finished") }), el("ul", { class: "my-games" }, ...mine.finished.map(finished)));
  }
  box.replaceChildren(...parts);
  box.hidden = !mine.playing.length && !mine.finished.length;
  document.title = waiting ? `(${waiting}) ${TITLE}` : TITLE;
}

async function refresh() {
  if (document.hidden) return;
  try {
    const response = await fetch("/api/me/games");
    if (response.ok) render(await response.json());
    const campaigns = await fetchCampaigns();
    if (campaigns) renderCampaigns(document.getElementById("my-campaigns"), campaigns);
  } catch {
    // offline: keep what is shown; the next refresh tries again
  }
}

refresh();
setInterval(refresh, 15000);
document.addEventListener("visibilitychange", refresh);
