// My campaigns in the lobby's "My games" (GET /api/me/campaigns): the campaigns where I fly a
// nation, in progress and finished, each with its sheet, its mission in progress and every
// flown mission's replay.
import { _ } from "./i18n.js";
import { h } from "./render.js";

function totals(campaign) {
  return campaign.sides.map((side, index) => _("{side}: {points}", { side, points: campaign.totals[index] })).join(_(", "));
}

function entry(campaign) {
  const over = campaign.status === "over";
  const state = over
    ? campaign.result || ""
    : _("mission {n} of {length}", { n: campaign.played + 1, length: campaign.length });
  const replays = campaign.games.map((game) =>
    h("a", { href: game.replay, "data-number": game.number }, _("mission {n}", { n: game.number })));
  const links = [];
  replays.forEach((link, index) => { if (index) links.push(" · "); links.push(link); });
  return h("li", { class: over ? "mine done campaign" : "mine campaign", "data-campaign": campaign.campaign },
    h("a", { class: "button" + (over ? "" : " primary"), href: over ? campaign.link : `/t/${campaign.table}` }, over ? _("The sheet") : _("Open")),
    h("span", { class: "game-title", text: campaign.title }),
    h("span", { class: over ? "muted" : "", text: state }),
    h("span", { class: "details muted" }, totals(campaign), " · ", h("a", { href: campaign.link }, _("the sheet")),
      links.length ? " · " : "", links.length ? _("replays:") : "", links.length ? " " : "", ...links));
}

// The campaigns section under my games (a box of its own, so my games' refresh leaves it be).
export function renderCampaigns(box, campaigns) {
  if (!campaigns.length) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  box.replaceChildren(h("h3", { id: "my-campaigns-title" }, _("My campaigns")), h("ul", { class: "my-games" }, ...campaigns.map(entry)));
  box.hidden = false;
}

export async function fetchCampaigns() {
  const response = await fetch("/api/me/campaigns");
  return response.ok ? (await response.json()).campaigns : null;
}
