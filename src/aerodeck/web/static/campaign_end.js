// The campaign box at the end of a mission's table (the table page, when its table is a game of
// a campaign): once the server has scored the mission, the campaign's totals, then "Next
// mission" with its table's link, or the campaign's result after the last one, and the sheet.
// A player of the next mission goes there by itself after a few seconds ("Stay here" stops
// it); a spectator, or a page opened on an older mission, gets the link only.
import { _ } from "./i18n.js";
import { h } from "./render.js";

const ASK_EVERY_MS = 1000;
const ASK_AT_MOST = 60;  // the mission is scored as its last move is stored: a minute is ample
const GO_AFTER_S = 5;

let shown = false;

async function campaignOf(id) {
  const response = await fetch(`/api/campaigns/${encodeURIComponent(id)}`);
  return response.ok ? response.json() : null;
}

// Whether the campaign has moved on past mission `number`: scored, and over or with its next
// game's table open as its current table. The server scores a mission, then opens the next
// table, then makes it current: a page that asked in between would see neither the link nor
// the table it goes to.
function movedOn(campaign, number) {
  if (campaign.played < number) return false;
  if (campaign.status === "over") return true;
  const playing = campaign.games.find((g) => g.number === campaign.played + 1);
  return playing !== undefined && playing.table === campaign.table;
}

// The campaign once it has moved on past this table's mission; within the bound, at least
// scored (the next table may wait for room on the server); null: not even scored.
async function scored(id, number) {
  let last = null;
  for (let tries = 0; tries < ASK_AT_MOST; tries += 1) {
    try {
      const campaign = await campaignOf(id);
      if (campaign && campaign.played >= number) last = campaign;
      if (campaign && movedOn(campaign, number)) return campaign;
    } catch {
      // asked again below
    }
    await new Promise((resolve) => setTimeout(resolve, ASK_EVERY_MS));
  }
  return last;
}

export async function showCampaignEnd(box, info, mySeat) {
  if (shown) return;
  shown = true;
  const number = Number(info.number);
  box.replaceChildren(h("p", { class: "wait", text: _("Scoring the mission…") }));
  box.hidden = false;
  const campaign = await scored(info.campaign, number);
  if (!campaign) {
    box.replaceChildren(h("p", {}, h("a", { href: info.link }, _("The campaign sheet"))));
    return;
  }
  const parts = [
    h("h2", { id: "campaign-end-title" }, _("Mission {n} of {length} is over", { n: number, length: campaign.length })),
    h("p", { class: "totals-title", text: _("Totals after mission {n}:", { n: campaign.played }) }),
    h("ul", { class: "totals", id: "campaign-totals" }, campaign.sides.map((side, index) =>
      h("li", { "data-side": index }, _("{side}: {points} VP", { side: side.name, points: campaign.totals[index] })))),
  ];
  const next = campaign.games.find((g) => g.number === number + 1);
  const sheet = h("a", { class: "button", id: "campaign-sheet", href: campaign.link }, _("The campaign sheet"));
  if (campaign.status === "over") {
    parts.push(h("p", { class: "campaign-result", id: "campaign-result", text: campaign.sheet.result || "" }), h("p", {}, sheet));
  } else if (next) {
    const go = h("a", { class: "button primary", id: "campaign-next", href: next.link }, _("Next mission"));
    const row = h("p", {}, go, " ", sheet);
    parts.push(row);
    if (mySeat !== null && mySeat !== undefined && campaign.table === next.table) {
      let left = GO_AFTER_S;
      const said = h("span", { class: "wait", id: "campaign-going" }, _("Going to the next mission in {n} s…", { n: left }));
      const stay = h("button", { type: "button", id: "campaign-stay" }, _("Stay here"));
      const timer = setInterval(() => {
        left -= 1;
        if (left <= 0) {
          clearInterval(timer);
          location.assign(next.link);
        } else {
          said.textContent = _("Going to the next mission in {n} s…", { n: left });
        }
      }, 1000);
      stay.addEventListener("click", () => { clearInterval(timer); said.remove(); stay.remove(); });
      parts.push(h("p", {}, said, " ", stay));
    }
  } else {
    parts.push(h("p", {}, sheet));
  }
  box.replaceChildren(...parts);
}
