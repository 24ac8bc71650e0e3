// The lobby's campaign form: a game's series option is a choice of its campaigns by name (the
// server's series_choices); with one chosen, the person may fly the whole campaign (each mission
// at a table of its own, POST /api/campaigns): the nation they fly, or none to watch bots fly
// both, and who flies the other nation (a friend by invite link, or a bot level). Without "the
// whole campaign", the form makes an ordinary table of one mission, as before.
import { _ } from "./i18n.js";

const CHOICES = JSON.parse(document.getElementById("campaign-data").textContent || "{}");
const box = document.getElementById("campaign-box");
const whole = document.getElementById("campaign-whole");
const side = document.getElementById("campaign-side");
const other = document.getElementById("campaign-other");
const otherLabel = document.getElementById("campaign-other-label");
const gameSelect = document.getElementById("game");
const WATCH = "watch";

function seriesSelect() {
  return document.querySelector(`fieldset.options[data-game="${gameSelect.value}"] select[data-series]`);
}

function choice() {
  const select = seriesSelect();
  if (!select || !select.value) return null;
  return (CHOICES[gameSelect.value] || []).find((c) => c.value === select.value) || null;
}

// The parts of the form a whole campaign decides for itself: the players and seats (the sides),
// the rating and the clock (a campaign's missions are unrated and untimed).
function fit() {
  const chosen = choice();
  box.hidden = !chosen;
  const active = Boolean(chosen) && whole.checked;
  for (const el of box.querySelectorAll(".campaign-whole-only")) el.hidden = !active;
  for (const id of ["players", "rated", "clock", "on-timeout"]) {
    const field = document.getElementById(id).closest(".field");
    if (field) field.hidden = active;
  }
  document.querySelector("fieldset.seats").hidden = active;
  if (!chosen) return;
  document.getElementById("campaign-about").textContent = chosen.text;
  const was = side.value;
  side.replaceChildren(
    ...chosen.sides.map((name, index) => new Option(name, String(index))),
    new Option(_("neither: bots fly both nations, I watch"), WATCH),
  );
  side.value = [...side.options].some((o) => o.value === was) ? was : "0";
  const watching = side.value === WATCH;
  otherLabel.textContent = watching ? _("The bots' level") : _("Who flies the other nation");
  other.options[0].disabled = watching;
  if (watching && other.value === "human") other.value = "bot:medium";
}

// The request that starts the chosen campaign, from the lobby's table request; null when the
// form makes an ordinary table.
export function campaignRequest(table) {
  const chosen = choice();
  if (!chosen || !whole.checked) return null;
  const mine = side.value === WATCH ? null : Number(side.value);
  const opponent = other.value === "human" ? { kind: "human" } : { kind: "bot", bot: other.value.slice(4) };
  const sides = chosen.sides.map((name, index) => (index === mine ? { kind: "human" } : opponent));
  const options = { ...table.options };
  delete options[chosen.option];
  return {
    game: table.game, campaign: chosen.value, options, sides, claim: mine,
    name: table.name, listed: table.listed,
  };
}

// After the campaign started: its sheet linked, and "go" to the sheet when nobody's seat is ours.
export function campaignCreated(answer) {
  const sheet = document.getElementById("go-sheet");
  sheet.hidden = !answer.sheet;
  if (!answer.sheet) return;
  sheet.href = answer.sheet;
  if (answer.seat === null) {
    const go = document.getElementById("go");
    go.href = answer.sheet;
    go.textContent = _("Watch the campaign");
  }
}

for (const select of document.querySelectorAll("select[data-series]")) select.addEventListener("change", fit);
gameSelect.addEventListener("change", fit);
whole.addEventListener("change", fit);
side.addEventListener("change", fit);
fit();
