// The end of a game, as a player reads it: the outcome first ("You won", "You lost", "Draw"; a
// spectator: who won), then every cause of the end (the game's own end lines, or the forfeit),
// the rematch offer (rematch.js), the standings (a winner's place, shared when tied) with each
// seat's result and its score in the board's words, and the record to download or replay.
import { _ } from "./i18n.js";
import { capital, h, named, seatName, who } from "./render.js";
import { and, markup, plain } from "./words.js";

// An event that ends something (a round, a game, a match, a race): its type ends in "end".
const ENDING = /(^|[_-])end$/;

// The game's lines about its end: the run of ending events the last move brought.
export function endLines(events) {
  const lines = [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const type = String((events[i].event || {}).type || "");
    if (!ENDING.test(type)) break;
    lines.unshift(events[i].text);
  }
  return lines;
}

function standings(end) {
  if (Array.isArray(end.standings) && end.standings.length) {
    return end.standings.map((s) => ({ seat: s.seat, r: s.return, place: s.place }));
  }
  return end.returns.map((r, seat) => ({ seat, r })).sort((a, b) => b.r - a.r)
    .map((x, i, all) => ({ ...x, place: 1 + all.filter((y) => y.r > x.r).length }));
}

// Everyone won (or nobody did): a draw.
function isDraw(end, players) {
  return end.winners.length === 0 || end.winners.length === players;
}

export function outcome(ctx, end) {
  const players = end.returns.length;
  const mine = ctx.mySeat;
  // not _("Draw"): a game's catalog has that word as the move that draws a card
  if (isDraw(end, players)) return { text: _("It is a draw"), kind: "draw" };
  if (mine !== null && mine !== undefined) {
    if (!end.winners.includes(mine)) return { text: _("You lost"), kind: "lost" };
    return end.winners.length > 1 ? { text: _("You share the win"), kind: "won" } : { text: _("You won"), kind: "won" };
  }
  const names = end.winners.map((s) => who(ctx, s));
  return { text: capital(wonBy(names)), kind: "won" };
}

function wonBy(names) {
  return names.length > 1 ? _("{names} share the win", { names: and(names) }) : _("{name} won", { name: names[0] });
}

function resultWord(end, seat, players) {
  if (isDraw(end, players)) return _("drew");
  if (!end.winners.includes(seat)) return _("lost");
  return end.winners.length > 1 ? _("shared the win") : _("won");
}

export function renderEnd(box, ctx, state, table) {
  const end = state.end;
  if (box.dataset.version === String(end.version)) return;
  box.dataset.version = String(end.version);
  const players = end.returns.length;
  const result = outcome(ctx, end);
  const order = standings(end);
  // The server's standings: the winners, then the game's own order of the rest (State.placings);
  // "2= (tied)" where seats share a place. A draw shows no places.
  const places = h("ol", { class: "places" }, order.map(({ seat, place }) => {
    const won = end.winners.includes(seat) && !isDraw(end, players);
    const tied = order.filter((o) => o.place === place).length > 1;
    const shown = isDraw(end, players) ? "" : tied ? _("{place}= (tied)", { place }) : String(place);
    return h("li", { class: won ? "winner" : "", "data-seat": seat },
      h("span", { class: "place", text: shown }),
      h("strong", { class: "name", text: seatName(ctx, seat) }),
      h("span", { class: "result", text: resultWord(end, seat, players) }),
      h("span", { class: "score" }, ctx.board.score(ctx, seat)));
  }));
  const causes = [];
  if (end.forfeit) {
    causes.push(h("li", { id: "forfeit", class: "forfeit", text: _("{who} ran out of time and lost the game.", { who: capital(who(ctx, end.forfeit.seat)) }) }));
  } else {
    for (const line of endLines(state.events)) {
      const li = h("li");
      li.innerHTML = markup(named(line, ctx));
      causes.push(li);
    }
    if (!causes.length && typeof ctx.view.end === "string" && ctx.view.end) causes.push(h("li", { text: plain(ctx.view.end) }));
  }
  const blob = new Blob([JSON.stringify(end.record, null, 1)], { type: "application/json" });
  const download = h("a", {
    class: "button", href: URL.createObjectURL(blob), download: `aerodeck-${ctx.game}-${table}.json`,
  }, _("Download the record"));
  box.replaceChildren(
    h("h2", { id: "end-title", tabindex: "-1", class: `outcome ${result.kind}` }, result.text),
    h("p", { class: "why-title", text: causes.length ? _("The game is over:") : _("The game is over.") }),
    causes.length ? h("ul", { class: "why causes" }, causes) : "",
    h("div", { id: "rematch", class: "rematch", hidden: true, "aria-labelledby": "rematch-title" }),
    places,
    h("div", { class: "end-extra" }, ctx.board.endExtra(ctx) || ""),
    h("p", { class: "end-links" }, download, " ", h("a", { class: "button", href: `/t/${table}/replay` }, _("Replay it step by step")),
      " ", h("a", { href: "/", class: "button" }, _("Back to the lobby"))));
  box.hidden = false;
}
