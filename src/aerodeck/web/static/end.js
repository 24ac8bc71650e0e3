// The end of a game: standings by returns, the winners, each seat's score as the game's board
// says it, and the record (the end frame's own) to download and replay with `aerodeck replay`.
import { h, seatName } from "./render.js";

export function renderEnd(box, ctx, state, table) {
  const end = state.end;
  if (box.dataset.version === String(end.version)) return;
  box.dataset.version = String(end.version);
  // the server's standings (tied seats share a place); from the returns if a frame lacks them
  const order = Array.isArray(end.standings) && end.standings.length
    ? end.standings.map((s) => ({ seat: s.seat, r: s.return, place: s.place }))
    : end.returns.map((r, seat) => ({ seat, r })).sort((a, b) => b.r - a.r)
      .map((x, i, all) => ({ ...x, place: 1 + all.filter((y) => y.r > x.r).length }));
  const rows = order.map(({ seat, r, place }) => h("tr", { class: end.winners.includes(seat) ? "winner" : "" },
    h("td", { text: String(place) }),
    h("th", { scope: "row" }, seatName(ctx, seat), end.winners.includes(seat) ? " ★ winner" : ""),
    h("td", { text: String(Math.round(r * 1000) / 1000) }),
    h("td", {}, ctx.board.score(ctx, seat))));
  const blob = new Blob([JSON.stringify(end.record, null, 1)], { type: "application/json" });
  const download = h("a", {
    class: "button primary", href: URL.createObjectURL(blob), download: `aerodeck-${ctx.game}-${table}.json`,
  }, "Download the record");
  const winners = end.winners.map((s) => seatName(ctx, s)).join(", ") || "nobody";
  box.replaceChildren(
    h("h2", { id: "end-title", tabindex: "-1" }, "The game is over"),
    h("p", { class: "winners" }, `Won by ${winners}.`),
    end.forfeit ? h("p", { class: "why forfeit", id: "forfeit", text: `Why: ${end.forfeit.reason}.` }) : "",
    !end.forfeit && typeof ctx.view.end === "string" && ctx.view.end ? h("p", { class: "why", text: `Why: ${ctx.view.end}.` }) : "",
    h("table", { class: "standings" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Place" }), h("th", { scope: "col", text: "Player" }),
        h("th", { scope: "col", text: "Result" }), h("th", { scope: "col", text: "Score" }))),
      h("tbody", {}, rows)),
    ctx.board.endExtra(ctx) || "",
    h("p", {}, download, " ", h("a", { class: "button", href: `/t/${table}/replay` }, "Replay it step by step"),
      " (or ", h("code", { text: "aerodeck replay FILE" }), ")."),
    h("p", {}, h("a", { href: "/", class: "button" }, "Back to the lobby")));
  box.hidden = false;
}
