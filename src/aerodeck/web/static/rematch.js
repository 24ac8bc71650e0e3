// Rematch at the end of a game (docs/web-protocol.md: rematch): one click offers the same seats
// and options at a new table, the others accept or decline here, bots accept at once; when every
// person has accepted, the server starts the new table and every page moves to it.
import { _ } from "./i18n.js";
import { capital, h, who } from "./render.js";
import { and } from "./words.js";
import { saveHost, saveSeat } from "./session.js";

const SAID = { pending: () => _("not answered yet"), accepted: () => _("accepted"), declined: () => _("declined") };

function isBot(ctx, seat) {
  const info = (ctx.seats || [])[seat];
  return Boolean(info && info.kind === "bot");
}

// The rematch has started: keep the new seat's token and the host token this page was sent
// (a page of a signed-in player needs neither) and go to the new table.
export function followRematch(frame) {
  if (typeof frame.table !== "string" || !frame.table) return false;
  if (typeof frame.token === "string" && typeof frame.seat === "number") saveSeat(frame.table, frame.seat, frame.token);
  if (typeof frame.host_token === "string") saveHost(frame.table, frame.host_token);
  location.assign(`/t/${encodeURIComponent(frame.table)}`);
  return true;
}

// The rematch box under the end: the offer button, or the answers so far with this seat's own
// choice to make.
export function renderRematch(box, ctx, offer, answer) {
  const mine = ctx.mySeat;
  const parts = [h("h3", { id: "rematch-title", class: "sr" }, _("Rematch"))];
  const open = offer && !offer.table && !offer.answers.includes("declined");
  if (offer && offer.answers.includes("declined")) {
    const by = offer.answers.map((a, seat) => (a === "declined" ? who(ctx, seat) : null)).filter(Boolean);
    parts.push(h("p", { class: "declined", text: _("The rematch was declined by {names}.", { names: and(by) }) }));
  }
  if (open) {
    parts.push(h("p", { text: _("{who} offered a rematch: the same seats, moved one place on, and the same options at a new table.", { who: capital(who(ctx, offer.offered_by)) }) }));
    parts.push(h("ul", { class: "answers" }, offer.answers.map((a, seat) =>
      h("li", { "data-answer": a, "data-seat": seat }, isBot(ctx, seat)
        ? _("{who} (bot): {answer}", { who: capital(who(ctx, seat)), answer: SAID[a] ? SAID[a]() : a })
        : _("{who}: {answer}", { who: capital(who(ctx, seat)), answer: SAID[a] ? SAID[a]() : a })))));
    if (mine !== null && offer.answers[mine] === "pending") {
      parts.push(h("p", {},
        h("button", { type: "button", class: "primary", id: "rematch-accept", onclick: () => answer("accept") }, _("Accept the rematch")),
        " ",
        h("button", { type: "button", id: "rematch-decline", onclick: () => answer("decline") }, _("Decline"))));
    } else if (mine !== null) {
      parts.push(h("p", { class: "wait", text: _("Waiting for the others: this page moves to the new table when everyone has accepted.") }));
    }
  } else if (mine !== null && !(offer && offer.table)) {
    parts.push(h("p", {},
      h("button", { type: "button", class: "primary", id: "rematch-offer", onclick: () => answer("offer") }, _("Rematch")),
      " ", _("the same seats and options at a new table (bots accept at once).")));
  }
  box.replaceChildren(...parts);
  box.hidden = parts.length === 1;
}
