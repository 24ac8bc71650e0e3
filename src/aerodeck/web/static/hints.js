// "Suggest a move" in the action bar (service/hints.py, docs/server.md "Hints"): shown to the
// seat to move at a table whose host allowed hints. The server answers from this seat's view
// alone with the hard bot's move, what it does in words (its notation as code) and one line of
// why. A hint stands for the position it was asked at: the next change clears it.
import { _ } from "./i18n.js";
import { h } from "./render.js";
import { loadSeat } from "./session.js";
import { markup } from "./words.js";

const box = document.getElementById("hint");
const ask = document.getElementById("hint-ask");
const out = document.getElementById("hint-answer");
const TABLE = document.getElementById("app").dataset.table;
let shownAt = null;  // the version the hint on show was asked at
let seat = null;

// After every change: the button for the seat to move (hints allowed), a stale hint cleared.
export function renderHint({ mySeat, myTurn, version }) {
  seat = mySeat;
  box.hidden = !(box.dataset.allowed === "yes" && mySeat !== null && myTurn);
  if (shownAt !== null && shownAt !== version) {
    out.replaceChildren();
    shownAt = null;
  }
}

ask.addEventListener("click", async () => {
  if (seat === null) return;
  const saved = loadSeat(TABLE);
  ask.disabled = true;
  out.textContent = _("Thinking…");
  try {
    const response = await fetch(`/api/tables/${TABLE}/seats/${seat}/hint`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: saved ? saved.token : null }),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      out.textContent = typeof answer.detail === "string" ? answer.detail : _("No hint now.");
      return;
    }
    const words = h("span", { class: "words" });
    words.innerHTML = markup(answer.words || "");  // the event's words, escaped, then styled
    out.replaceChildren(h("strong", { text: _("Suggested:") }), " ", words, " ",
      h("code", { text: answer.move, title: _("the move as a player types it") }), " ",
      h("span", { class: "reason", text: answer.reason }));
    shownAt = answer.version;
  } finally {
    ask.disabled = false;
  }
});
