// Down In Flames on the table page (the interface: /static/board_generic.js): every pair of
// opposing aircraft (range band, altitudes, positions) as the view's `pairs` give them, the
// round and the cycle under way in words, each seat's aircraft a block of lines, the hand of the
// aircraft deciding now, taller card faces with every field whole, the aircraft's ratings on
// their choice buttons, the moves' notation in words. It reads the game's reference data:
// `cards`, `aircraft` (each with its ratings) and `geometry` (the rules' orders of the range
// bands, altitudes and positions).
import { capital, h, who } from "/static/render.js";
import { svgNode, wrap } from "/static/cards.js";

export const perSeat = ["kills"];

const slug = (text) => String(text).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");

// What the moves' notation names, from the reference the page embeds: the aircraft by their
// slug ("fly f-4e-phantom-ii"), the cards' titles by their slug ("pos", "scissors").
const known = new WeakMap();
function lookup(ctx) {
  const reference = ctx.reference || {};
  if (!known.has(reference)) {
    known.set(reference, {
      planes: Object.fromEntries((reference.aircraft || []).map((plane) => [slug(plane.name), plane])),
      titles: Object.fromEntries(Object.entries(reference.cards || {}).map(([text, info]) => [slug(text), info.title || text])),
    });
  }
  return known.get(reference);
}

// The rules' orders of the range bands, altitudes and positions (the reference's geometry).
function geometry(ctx) {
  const geo = (ctx.reference || {}).geometry || {};
  return { ranges: geo.ranges || [], altitudes: geo.altitudes || [], positions: geo.positions || [] };
}

const RANGE_WORDS = { G: "Gun range", HS: "Heat-Seeker range", RH: "Radar-Homing range", AH: "Active-Homing range" };

// Every pair of opposing aircraft, from the seat's side: the view gives each pair's mutual range
// (once the altitudes are revealed) and the first aircraft's position on the second.
function pairsOf(ctx) {
  const craft = ctx.view.aircraft || [];
  const { positions } = geometry(ctx);
  return (ctx.view.pairs || []).map(({ aircraft: [a, b], range, position }) => ({
    a: craft[a], b: craft[b], range, rel: positions.indexOf(position) - 2, key: `${a}-${b}`,
  }));
}

function craftName(ctx, x, many) {
  const plane = x.aircraft || "aircraft not shown yet";
  return `${who(ctx, x.seat)}${many ? ` · #${x.aircraft_no}` : ""} (${plane})`;
}

function pairBox(ctx, pair, many) {
  const { ranges, altitudes, positions } = geometry(ctx);
  const left = craftName(ctx, pair.a, many);
  const right = craftName(ctx, pair.b, many);
  const bands = h("ol", { class: "bands", "aria-label": "range band" }, ranges.map((band) => h("li", {
    class: band === pair.range ? "here" : "", "aria-current": band === pair.range ? "true" : null,
    title: RANGE_WORDS[band] || band,
  }, band === pair.range ? `▼${band}` : band)));
  const alts = h("div", { class: "alts", role: "img", "aria-label": `altitudes: ${left} ${pair.a.altitude || "hidden"}, ${right} ${pair.b.altitude || "hidden"}` },
    [...altitudes].reverse().map((level) => h("div", { class: "alt-row" },
      h("span", { class: "alt-name", text: level }),
      pair.a.altitude === level ? h("span", { class: "alt-mark a", text: "A" }) : "",
      pair.b.altitude === level ? h("span", { class: "alt-mark b", text: "B" }) : "")));
  let height = "altitudes not revealed yet";
  const ia = altitudes.indexOf(pair.a.altitude);
  const ib = altitudes.indexOf(pair.b.altitude);
  if (ia >= 0 && ib >= 0) {
    const d = ib - ia;
    height = d === 0 ? "same altitude" : `B ${Math.abs(d)} level${Math.abs(d) > 1 ? "s" : ""} ${d > 0 ? "above" : "below"} A`;
  }
  const name = (rel) => positions[rel + 2] || "Neutral";
  const position = pair.rel > 0 ? `A holds ${name(pair.rel)} on B`
    : pair.rel < 0 ? `B holds ${name(-pair.rel)} on A` : "Neutral: neither holds a position";
  return h("li", { class: "pair", "data-pair": pair.key, "data-range": pair.range || "", "data-rel": String(pair.rel) },
    h("p", { class: "pair-names" }, h("span", { class: "who-a", text: `A: ${left}` }), " ↔ ", h("span", { class: "who-b", text: `B: ${right}` })),
    h("div", { class: "pair-body" },
      h("div", {}, h("span", { class: "pair-label", text: "Range " }), bands,
        h("p", { class: "pair-line", text: pair.range ? (RANGE_WORDS[pair.range] || pair.range) : "unknown until the altitudes are revealed" })),
      h("div", {}, h("span", { class: "pair-label", text: "Altitude" }), alts, h("p", { class: "pair-line", text: height })),
      h("div", {}, h("span", { class: "pair-label", text: "Position" }), h("p", { class: "pair-line", text: position }))));
}

// The whole public table: the campaign mission, the round and the cycle, every pair of enemies.
export function board(ctx) {
  const v = ctx.view;
  const pairs = pairsOf(ctx);
  const many = (v.aircraft || []).length > 2;
  const m = v.mission;  // a campaign mission: what it is, what each nation scores
  const mission = m ? h("p", { class: "mission" }, h("strong", { text: `${m.campaign}, mission ${m.number}: ${m.title}` }),
    ` (${m.turns} turns) · ${m.nations.map((n, seat) => `${capital(who(ctx, seat))}: ${n.name}, ${n.vp} VP`).join(" · ")}`) : "";
  const box = h("div", { class: "pairs-box" }, mission, roundState(ctx, many));
  if (pairs.length) {
    box.append(h("h3", { text: many ? "Every pair of enemies: range, altitude, position" : "The dogfight: range, altitude, position" }),
      h("ul", { class: "pairs" }, pairs.map((p) => pairBox(ctx, p, many))));
  }
  return box;
}

// The round, the step, the deck, the sites, the turn's counters and the cycle under way, in words.
function roundState(ctx, many) {
  const v = ctx.view;
  const craft = (n) => {  // an aircraft by its owner (and number, with several)
    const x = (v.aircraft || [])[n];
    if (!x) return "the site";
    if (!many) return who(ctx, x.seat);
    return x.seat === ctx.mySeat ? `your #${n}` : `${who(ctx, x.seat)}'s #${n}`;
  };
  const pile = Object.entries(v.discard_pile || {}).map(([t, n]) => `${t} ${n}`).join(", ");
  const lines = [h("p", {}, h("strong", { text: `Round ${Math.min(v.round, v.rounds)} of ${v.rounds}` }),
    ` · ${v.phase}${["discard", "play"].includes(v.phase) ? ` (${v.step})` : ""}`
    + `${v.flying !== null ? ` · ${craft(v.flying)} flying` : ""} · deck ${v.deck} · discards ${v.discards}`
    + `${v.mission ? "" : ` · VP limit ${v.vp_limit}, year ${v.year}`}`)];
  for (const site of v.sites || []) {
    lines.push(h("p", {}, `Site ${site.name} (${site.kind}, draws ${site.draw}) defends ${who(ctx, site.seat)}: `
      + site.envelope.map(([alt, band]) => `${alt} ${band}`).join(", ")));
  }
  const counters = [v.speed_left ? `Speed Maneuvers left ${v.speed_left}` : "",
    v.missile_bonus ? `next missile +${v.missile_bonus} (Yo-Yo/Break)` : "",
    v.pay_left ? `cards still to discard ${v.pay_left}` : ""].filter(Boolean);
  if (counters.length) lines.push(h("p", {}, counters.join(" · ")));
  const c = v.cycle;
  if (c) {
    const chain = c.chain.map((link, i) => `${i + 1}. ${capital(craft(link.aircraft))}: ${link.card}`
      + `${link.as && link.as !== link.card ? ` as ${link.as}` : ""}${link.from === "missile" && i ? " (missile hand)" : ""}`);
    lines.push(h("p", { class: "cycle" }, h("strong", { text: `Cycle (${c.use}${c.missile ? `, ${c.missile}` : ""}) against ${craft(c.target)}: ` }),
      chain.join(" → "), c.use === "missile" ? ` · missile hand ${c.missile_hand_size} cards` : ""));
  }
  if (pile) lines.push(h("details", { class: "more" }, h("summary", { text: "Discard pile (face up)" }), h("p", { text: pile })));
  return h("div", { class: "dif-state" }, ...lines);
}

// A seat's aircraft, each in its own block: a player may fly several (teams, aircraft=2).
export function seat(data, ctx, seatNo) {
  const all = ctx.view.aircraft || [];
  const many = all.length > 2;
  return h("div", { class: "dif-seat" },
    all.filter((x) => x.seat === seatNo).map((x) => aircraftBlock(x, many)),
    data.kills !== undefined ? h("p", {}, `Kills by this side: ${data.kills}`) : "");
}

// One aircraft as a player reads it: what it is, where it flies, its weapons, its ratings as
// printed and as flown here, its skills; only what the view holds (another seat's secret
// choices stay "secret" until revealed).
function aircraftBlock(x, many) {
  const line = (key, text) => h("p", { class: "craft-line" }, h("span", { class: "craft-key", text: key }), ` ${text}`);
  const name = x.aircraft || (x.chosen ? "aircraft chosen (secret)" : "no aircraft chosen yet");
  const title = [`${many ? `#${x.aircraft_no} ` : ""}${name}`, x.vp !== undefined ? `${x.vp} VP` : "",
    x.alive ? "" : "shot down", many ? `side ${x.side}` : ""].filter(Boolean).join(" · ");
  if (!x.alive) return h("section", { class: "dif-craft down", "data-aircraft": x.aircraft_no }, h("h4", { text: title }));
  const altitude = x.altitude || (x.altitude_chosen ? "altitude secret" : "altitude not chosen");
  const flight = [altitude, `band ${x.range}`, `${x.hand_size} ${x.hand_size === 1 ? "card" : "cards"} in hand`,
    x.on ? `${x.on.position} on #${x.on.target}` : ""].filter(Boolean).join(" · ");
  const lines = [line("Flying", flight)];
  if (x.missiles !== undefined) {
    const missiles = Object.entries(x.missiles).map(([m, n]) => `${n}× ${m}`).join(", ") || "no missiles";
    lines.push(line("Weapons", `${missiles} · countermeasures ${x.countermeasures} · afterburners ${x.afterburners}`
      + `${x.afterburner_on ? " (lit)" : ""} · reach ${x.reach || "-"}`));
  }
  const r = x.ratings;
  if (r) {
    const here = (v) => (v !== undefined ? ` (${v} here)` : "");
    lines.push(line("Ratings", `${r.nation} ${r.year} · speed ${r.speed} · performance ${r.performance}${here(x.performance)}`
      + ` · thrust ${r.thrust_pre}/${r.ab_pre} pre, ${r.thrust_post}/${r.ab_post} post`
      + `${x.thrust ? ` (${x.thrust[0]} pre, ${x.thrust[1]} post here)` : ""} · gun ${r.gun} · EW ${r.ew}${here(x.ew)}`));
  }
  if (x.skills) {
    const changes = Object.entries(x.rating_changes || {}).map(([k, v]) => `${k} ${v > 0 ? "+" : ""}${v}`);
    const used = (x.skills_used || []).length ? ` · used: ${x.skills_used.join(", ")}` : "";
    lines.push(line("Skills", `${x.skills.join(", ") || "none"}${changes.length ? ` (${changes.join(", ")})` : ""}${used}`));
  }
  if (x.pool_size !== undefined) lines.push(line("Expertise pool", `${x.pool_size} ${x.pool_size === 1 ? "card" : "cards"}`));
  return h("section", { class: "dif-craft", "data-aircraft": x.aircraft_no }, h("h4", { text: title }), ...lines);
}

// The hand of the seat's aircraft deciding now, else the hands of all its aircraft.
export function hand(ctx) {
  const own = (ctx.view.aircraft || []).filter((x) => x.seat === ctx.mySeat && Array.isArray(x.hand));
  if (own.length < 2) return own.length ? { cards: own[0].hand, title: "Your hand" } : null;
  const deciding = own.find((x) => x.aircraft_no === ctx.view.deciding);
  if (deciding) return { cards: deciding.hand, title: `Hand of #${deciding.aircraft_no} (deciding now)` };
  return { cards: own.flatMap((x) => x.hand), title: `Hands of ${own.map((x) => `#${x.aircraft_no}`).join(" and ")}` };
}

// The end table's score: each aircraft the seat flew, its VP and fate, and its side's kills.
export function score(ctx, seatNo) {
  const all = ctx.view.aircraft || [];
  const many = all.length > 2;
  const mine = all.filter((x) => x.seat === seatNo);
  const kills = (ctx.view.kills || [])[mine.length ? mine[0].side : seatNo];
  const craft = mine.map((x) => `${many ? `#${x.aircraft_no} ` : ""}${x.aircraft || "aircraft"}`
    + `${x.vp !== undefined ? ` (${x.vp} VP)` : ""}: ${x.alive ? "flying" : "shot down"}`);
  if (kills !== undefined) craft.push(`kills by its side ${kills}`);
  return craft.join(" · ");
}

export function status(ctx) {
  const cycle = ctx.view.cycle;
  if (!cycle || !Array.isArray(cycle.chain) || !cycle.chain.length) return "";
  const last = cycle.chain[cycle.chain.length - 1];
  const by = ((ctx.view.aircraft || [])[last.aircraft] || {}).seat;
  return `${capital(who(ctx, by))} played ${last.card}${last.as ? ` as ${last.as}` : ""} (${cycle.use}): a reaction is awaited.`;
}

// The notation in words (actions.py): "me-1" your own range band, "foe+1" the enemy's, "@2" the
// target aircraft (its owner and type), the number after a "pos" card the steps.
function word(text, before, ctx) {
  const delta = /^(me|foe)([+-]\d+)$/.exec(text);
  if (delta) return `${delta[1] === "me" ? "your range" : "enemy range"} ${delta[2].replace("-", "−")}`;
  const target = /^@(\d+)$/.exec(text);
  const { titles } = lookup(ctx);
  if (target) {
    const craft = (ctx.view.aircraft || []).find((x) => x.aircraft_no === Number(target[1]));
    if (!craft) return `at aircraft ${target[1]}`;
    const owner = who(ctx, craft.seat);
    return `at ${owner === "you" ? "your" : `${owner}'s`} ${craft.aircraft || "aircraft"} (#${target[1]})`;
  }
  if (/^\d+$/.test(text) && titles[before]) return `+${text} position`;
  return titles[text] || text;
}

export function moveLabel(move, ctx, group) {
  const [verb, ...rest] = move.split(/\s+/);
  const plane = verb === "fly" ? lookup(ctx).planes[rest.join("-")] : null;
  if (!plane) {
    const words = verb === group ? rest : [verb, ...rest];
    return words.map((w, i) => word(w, words[i - 1], ctx)).join(" ") || move;
  }
  return h("span", { class: "plane-choice" }, h("strong", { text: plane.name }),
    h("span", { class: "ratings", text: `${plane.nation} ${plane.year} · speed ${plane.speed} · perf ${plane.performance} · thrust ${plane.thrust} · AB ${plane.afterburner} · gun ${plane.gun} · EW ${plane.ew} · CM ${plane.countermeasures}` }));
}

// A taller face with every field whole (title, Positioning, Range, the action, each card it
// reacts to on its own line), so nothing is cut short; `tall` widens its button.
export function cardFace(text, info) {
  if (!info || !Array.isArray(info.reacts)) return null;
  const svg = svgNode("svg", { viewBox: "0 0 100 160", class: `face tall named-card dif-card kind-${info.kind || "plain"}`, "aria-hidden": "true" });
  svg.append(svgNode("rect", { x: 1, y: 1, width: 98, height: 158, rx: 8, class: "card-bg" }));
  svg.append(svgNode("rect", { x: 1, y: 1, width: 98, height: 30, rx: 8, class: "card-band" }));
  const title = wrap(info.title.toUpperCase(), 14).slice(0, 2);
  title.forEach((line, i) => {
    const y = title.length === 1 ? 20 : 13 + i * 11;
    svg.append(svgNode("text", { x: 50, y, class: "band-title", "text-anchor": "middle" }, line));
  });
  [["POS", info.positioning, 4], ["RNG", info.range, 52]].forEach(([name, number, x]) => {
    svg.append(svgNode("rect", { x, y: 35, width: 44, height: 30, rx: 4, class: "value-box" }));
    svg.append(svgNode("text", { x: x + 22, y: 45, class: "value-name", "text-anchor": "middle" }, name));
    svg.append(svgNode("text", { x: x + 22, y: 62, class: "value-number", "text-anchor": "middle" }, String(number)));
  });
  let y = 78;
  for (const line of info.action ? wrap(info.action, 18).slice(0, 2) : []) {
    svg.append(svgNode("text", { x: 50, y, class: "dif-line action", "text-anchor": "middle" }, line));
    y += 10;
  }
  y += info.action ? 3 : 0;
  svg.append(svgNode("text", { x: 6, y, class: "dif-line react-head" }, info.reacts.length ? "Reacts to:" : "Reacts to: none"));
  for (const name of info.reacts.slice(0, 6)) {
    y += 10.5;
    const fit = name.length > 12 ? { textLength: 84, lengthAdjust: "spacingAndGlyphs" } : {};
    svg.append(svgNode("text", { x: 10, y, class: "dif-line", ...fit }, `• ${name}`));
  }
  return svg;
}
