// Rematch at the end of a game (docs/web-protocol.md: rematch): one click offers the same seats
// and options at a new table, the others accept or decline here, bots accept at once; when every
// person has accepted, the server starts the new table and every page moves to it.
import { capital, h, who } from "./render.js";
import { saveHost, saveSeat } from "./session.js";

const SAID = { pending: "not answered yet", accepted: "accepted", declined: "declined" };

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
  const parts = [h("h2", { id: "rematch-title" }, "Rematch")];
  const open = offer && !offer.table && !offer.answers.includes("declined");
  if (offer && offer.answers.includes("declined")) {
    const by = offer.answers.map((a, seat) => (a === "declined" ? who(ctx, seat) : null)).filter(Boolean);
    parts.push(h("p", { class: "declined", text: `The rematch was declined by ${by.join(", ")}.` }));
  }
  if (open) {
    parts.push(h("p", { text: `${capital(who(ctx, offer.offered_by))} offered a rematch: the same seats, moved one place on, and the same options at a new table.` }));
    parts.push(h("ul", { class: "answers" }, offer.answers.map((a, seat) =>
      h("li", { "data-answer": a, "data-seat": seat }, `${capital(who(ctx, seat))}${isBot(ctx, seat) ? " (bot)" : ""}: ${SAID[a] || a}`))));
    if (mine !== null && offer.answers[mine] === "pending") {
      parts.push(h("p", {},
        h("button", { type: "button", class: "primary", id: "rematch-accept", onclick: () => answer("accept") }, "Accept the rematch"),
        " ",
        h("button", { type: "button", id: "rematch-decline", onclick: () => answer("decline") }, "Decline")));
    } else if (mine !== null) {
      parts.push(h("p", { class: "wait", text: "Waiting for the others: this page moves to the new table when everyone has accepted." }));
    }
  } else if (mine !== null && !(offer && offer.table)) {
    parts.push(h("p", {},
      h("button", { type: "button", class: "primary", id: "rematch-offer", onclick: () => answer("offer") }, "Rematch"),
      " the same seats and options at a new table (bots accept at once)."));
  }
  box.replaceChildren(...parts);
  box.hidden = parts.length === 1;
}
