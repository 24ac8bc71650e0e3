// Race to Ace on the table page (the interface: /static/board_generic.js): the dogfight and the
// card awaiting an answer in words, the acquisitions in words, moves in words (the notation stays
// the button's tooltip and can be typed).
import { h, who } from "/static/render.js";
import { tableParts } from "/static/board_generic.js";

function acquisitions(ctx) {
  const list = ctx.view.acquisitions || [];
  if (!list.length) return null;
  return h("div", { class: "acquisitions" }, h("h3", { text: "Acquisitions" }), h("ul", {}, list.map((a) => h("li", {},
    h("strong", { text: String(a.kind).toUpperCase() }), ` by ${who(ctx, a.by)} on ${who(ctx, a.on)}`,
    a.cover ? ` — covered by ${String(a.cover).toUpperCase()} of ${who(ctx, a.cover_by)}` : "",
    h("span", { class: "ref-code", text: ` (${a.ref})` })))));
}

export function board(ctx) {
  const parts = document.createDocumentFragment();
  const acquired = acquisitions(ctx);
  if (acquired) parts.append(acquired);
  parts.append(...tableParts(ctx, ["acquisitions"]));
  return parts;
}

export function status(ctx) {
  const v = ctx.view;
  const parts = [];
  const you = (seat) => who(ctx, seat);
  if (v.dogfight) {
    const attacks = v.dogfight.attacker === ctx.mySeat ? "attack" : "attacks";
    parts.push(`Dogfight: ${you(v.dogfight.attacker)} ${attacks} ${you(v.dogfight.defender)} (${v.dogfight.kind}).`);
  }
  if (v.pending) {
    const answer = v.pending.against === ctx.mySeat ? "answer it or pass" : `${you(v.pending.against)} may answer it`;
    parts.push(`${String(v.pending.card).toUpperCase()} by ${you(v.pending.by)} against ${you(v.pending.against)}: ${answer}.`);
  }
  return parts.join(" ");
}

// The notation in words (actions.py): "radar 2" aims at pilot 2; "maneuver V0>2" is played on the
// VISUAL that pilot 0 placed on pilot 2.
const STACKS = { v: "VISUAL", r: "RADAR" };

export function moveLabel(move, ctx, verb) {
  const words = move.trim().split(/\s+/);
  if (words[0] === verb && words.length > 1) words.shift();
  const said = words.map((w) => {
    if (/^\d+$/.test(w)) return `at ${who(ctx, Number(w))}`;
    const stack = /^([vr])(\d+)>(\d+)$/i.exec(w);
    if (stack) {
      const owner = who(ctx, Number(stack[2]));
      const of = owner === "you" ? "your" : `${owner}'s`;
      return `on ${of} ${STACKS[stack[1].toLowerCase()]} on ${who(ctx, Number(stack[3]))}`;
    }
    if (w === "pass") return "pass (no answer)";
    return w.toUpperCase() === w ? w : w.replace(/^./, (c) => c.toUpperCase());
  });
  return said.join(" ");
}
