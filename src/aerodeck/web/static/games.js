// Per-game touches on the generic table: which verbs are not the hand's, what a card says (from
// the reference the page embeds: the games' own card tables), the card and aircraft reference.
import { cards, capital, h, who } from "./render.js";
import { miniCard, playingCard } from "./cards.js";
import { label } from "./words.js";

const REFERENCE = JSON.parse(document.getElementById("reference-data").textContent || "{}");
const CARDS = REFERENCE.cards || {};

function cardInfo(text) {
  return CARDS[text] || null;
}

function referenceTable(rows, columns) {
  return h("div", { class: "ref-scroll" }, h("table", { class: "ref" },
    h("thead", {}, h("tr", {}, columns.map((c) => h("th", { scope: "col", text: label(c) })))),
    h("tbody", {}, rows.map((row) => h("tr", {}, columns.map((c, i) => (i === 0
      ? h("th", { scope: "row", text: String(row[c]) })
      : h("td", { text: String(row[c] ?? "-") }))))))));
}

function cardsReference() {
  const entries = Object.entries(CARDS);
  if (!entries.length && !(REFERENCE.aircraft || []).length) return null;
  const parts = [];
  if (entries.length) {
    parts.push(h("h3", { text: "Cards" }),
      h("ul", { class: "ref-cards" }, entries.map(([, info]) => h("li", { text: info.text }))));
  }
  if ((REFERENCE.aircraft || []).length) {
    parts.push(h("h3", { text: "Aircraft and their ratings" }), referenceTable(REFERENCE.aircraft,
      ["name", "nation", "year", "speed", "performance", "thrust", "afterburner", "gun", "ew", "countermeasures"]));
  }
  return h("div", {}, parts);
}

const common = { cardInfo, reference: cardsReference };

// --- Aces versus Aces: markers as pennies, Ace coins, won cards, the hand on the table ---------

function coin(name) {
  const info = CARDS[`coin:${name}`];
  return h("span", { class: `coin coin-${name}`, title: info ? info.text : name, text: name });
}

function pennies(n) {
  return h("span", { class: "pennies", role: "img", "aria-label": `${n} command marker(s)` },
    "●".repeat(Math.max(0, n)) || "none", h("span", { class: "count", text: ` ${n}` }));
}

function wonPoints(data) {
  const cards = (data.won || []).reduce((sum, c) => sum + ((CARDS[c] || {}).points || 0), 0);
  const coins = (data.coins || []).reduce((sum, c) => sum + ((CARDS[`coin:${c}`] || {}).points || 0), 0);
  return { cards, coins };
}

function avaSeat(data, ctx) {
  const won = wonPoints(data);
  return h("div", { class: "ava-seat" },
    h("p", { class: "score-line" }, h("strong", { class: "big", text: String(data.score ?? 0) }), " points",
      data.in_game === false ? h("span", { class: "badge off", text: "out of the game" }) : ""),
    h("p", {}, "Markers: ", pennies(data.markers ?? 0)),
    h("p", {}, `Cards in hand: ${data.hand_size ?? 0}`,
      data.committed ? h("span", { class: "badge turn", text: "✓ has played face down" }) : ""),
    h("p", {}, "Ace coins: ", (data.coins || []).length ? (data.coins || []).map(coin) : "none"),
    h("div", {}, `Won this round (${won.cards} + ${won.coins} coin points): `,
      (data.won || []).length ? cards(data.won, ctx) : "none"));
}

function avaBoard(ctx) {
  const v = ctx.view;
  const plays = v.last_plays || [];
  return h("div", { class: "ava-board" },
    h("p", { class: "board-line" },
      `Round ${v.round} · hand ${v.hand_number} · first to ${v.target} points · deck ${v.deck} · Aces played ${v.aces_played}`),
    h("div", { class: "trick" }, h("h3", { text: "Last hand" }),
      plays.some((c) => c) ? h("div", { class: "trick-cards" }, plays.map((c, seat) => h("figure", { class: "played" },
        c ? miniCard(c, cardInfo(c)) : h("span", { class: "mini empty", role: "img", "aria-label": "no card" }),
        h("figcaption", { text: `#${seat}` })))) : h("p", { text: "no hand played yet" })),
    v.my_play ? h("div", {}, h("h3", { text: "Your card, face down" }), miniCard(v.my_play, cardInfo(v.my_play))) : "",
    h("details", { class: "discards" }, h("summary", { text: `Discards (${(v.discards || []).length})` }),
      (v.discards || []).length ? cards(v.discards, ctx) : "none"));
}

// The end's breakdown: the points, and this round's won cards and Ace coins each with its points.
function avaScore(ctx, seat) {
  const data = (ctx.view.seats || [])[seat] || {};
  const won = wonPoints(data);
  const each = (text, points, node) => h("span", { class: "scored" }, node, h("span", { class: "pts", text: `${points}` }));
  return h("div", { class: "breakdown" },
    h("p", {}, h("strong", { text: `${data.score ?? 0} points` }), ` (this round: cards ${won.cards} + coins ${won.coins})`),
    (data.won || []).length ? h("p", { class: "scored-list", "aria-label": "cards won this round, with their points" },
      (data.won || []).map((c) => each(c, (CARDS[c] || {}).points || 0, miniCard(c, cardInfo(c))))) : "",
    (data.coins || []).length ? h("p", { class: "scored-list", "aria-label": "Ace coins, with their points" },
      (data.coins || []).map((c) => each(c, (CARDS[`coin:${c}`] || {}).points || 0, coin(c)))) : "");
}

// Air Racing's finishing order: who crossed the line, then the field by laps and place on the course.
function arFinish(ctx) {
  const planes = ctx.view.aircraft;
  if (!Array.isArray(planes) || !planes.length) return null;
  const far = (p) => p.pos || 0;  // the distance flown, laps included
  const order = [...planes].sort((a, b) => far(b) - far(a));
  return h("div", {}, h("h3", { text: "Finishing order" }), h("ol", { class: "finish" }, order.map((p) => h("li", {},
    `${capital(who(ctx, p.seat))}: lap ${p.lap}, ${p.pos >= (ctx.view.finish || Infinity) ? "over the line" : `at ${p.pos} of ${ctx.view.finish}`}`,
    (ctx.view.winners || []).includes(p.seat) ? " ★ won the race" : ""))));
}

function avaReference() {
  const coins = Object.entries(CARDS).filter(([k]) => k.startsWith("coin:")).map(([, i]) => i.text);
  return h("ul", { class: "ref-cards" },
    h("li", { text: "A won card scores at the round's end: numbered cards 1 point, J Q K 2 points." }),
    h("li", { text: "An Ace scores by the coin it takes: " + coins.join("; ") + "." }),
    h("li", { text: "The highest card wins the hand; hover a card for its value." }));
}

// --- Air Racing: the course, its pylons and lanes, and every aircraft on it ------------------

const SVGNS = "http://www.w3.org/2000/svg";
function svg(name, attrs = {}, text = null) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

function courseDrawing(ctx) {
  const course = ctx.view.course;
  const planes = ctx.view.aircraft;
  if (!course || !Array.isArray(planes)) return null;
  const length = course.length || 1;
  const lanes = course.lanes || 1;
  const cell = 16;
  const width = length * cell + 20;
  const height = lanes * 22 + 40;
  const drawing = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "course", role: "img",
    "aria-label": `The course: ${course.name}, ${length} tiles, ${lanes} lanes; ` + planes.map((p) =>
      `seat ${p.seat} at tile ${p.pos % length} lap ${p.lap} lane ${p.lane} altitude ${p.altitude}`).join("; ") });
  for (let lane = 0; lane < lanes; lane += 1) {
    drawing.append(svg("rect", { x: 10, y: 28 + lane * 22, width: length * cell, height: 20, class: "lane" }));
  }
  for (const pylon of course.pylons || []) {
    const x = 10 + pylon.at * cell;
    drawing.append(svg("line", { x1: x, y1: 24, x2: x, y2: height - 6, class: pylon.start ? "start-line" : "pylon-line" }));
    drawing.append(svg("text", { x: x + 2, y: 18, class: "pylon-name" }, pylon.start ? "Start" : pylon.name.replace("Pylon ", "P")));
  }
  for (const plane of planes) {
    const x = 10 + ((plane.pos % length) + 0.5) * cell;
    const y = 28 + (plane.lane ?? 0) * 22 + 10;
    const group = svg("g", { class: `plane${plane.seat === ctx.mySeat ? " mine" : ""}` });
    group.append(svg("circle", { cx: x, cy: y, r: 9 }));
    group.append(svg("text", { x, y: y + 4, "text-anchor": "middle" }, String(plane.seat)));
    const alt = String(plane.altitude || "").slice(0, 1).toUpperCase();
    if (alt) group.append(svg("text", { x: x + 11, y: y - 3, class: "alt" }, alt));
    group.append(svg("title", {}, `seat ${plane.seat}: lap ${plane.lap}, tile ${plane.pos % length}, ${plane.altitude}, speed ${plane.speed}`));
    drawing.append(group);
  }
  return h("div", { class: "course-box" }, h("h3", { text: `${course.name}: lap and position` }), drawing);
}

// --- Down In Flames: each aircraft's ratings on its choice --------------------------------

function aircraftBySlug() {
  const out = {};
  for (const plane of REFERENCE.aircraft || []) {
    out[plane.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "")] = plane;
  }
  return out;
}
const PLANES = aircraftBySlug();
const TITLES = Object.fromEntries(Object.entries(CARDS).map(([text, info]) => [
  text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, ""), info.title || text]));

// Every pair of opposing aircraft, from the seat's side: the view gives each pair's mutual range
// (once the altitudes are revealed) and the first aircraft's position on the second.
const GEO = REFERENCE.geometry || {};
const RANGE_BANDS = GEO.ranges || [];
const ALT_LEVELS = GEO.altitudes || [];
const POSITION_NAMES = GEO.positions || [];
const RANGE_WORDS = { G: "Gun range", HS: "Heat-Seeker range", RH: "Radar-Homing range", AH: "Active-Homing range" };

export function difPairs(view) {
  const craft = view.aircraft || [];
  return (view.pairs || []).map(({ aircraft: [a, b], range, position }) => ({
    a: craft[a], b: craft[b], range, rel: POSITION_NAMES.indexOf(position) - 2, key: `${a}-${b}`,
  }));
}

function craftName(ctx, x, many) {
  const plane = x.aircraft || "aircraft not shown yet";
  return `${who(ctx, x.seat)}${many ? ` · #${x.aircraft_no}` : ""} (${plane})`;
}

function pairBox(ctx, pair, many) {
  const left = craftName(ctx, pair.a, many);
  const right = craftName(ctx, pair.b, many);
  const bands = h("ol", { class: "bands", "aria-label": "range band" }, RANGE_BANDS.map((band) => h("li", {
    class: band === pair.range ? "here" : "", "aria-current": band === pair.range ? "true" : null,
    title: RANGE_WORDS[band] || band,
  }, band === pair.range ? `▼${band}` : band)));
  const alts = h("div", { class: "alts", role: "img", "aria-label": `altitudes: ${left} ${pair.a.altitude || "hidden"}, ${right} ${pair.b.altitude || "hidden"}` },
    [...ALT_LEVELS].reverse().map((level) => h("div", { class: "alt-row" },
      h("span", { class: "alt-name", text: level }),
      pair.a.altitude === level ? h("span", { class: "alt-mark a", text: "A" }) : "",
      pair.b.altitude === level ? h("span", { class: "alt-mark b", text: "B" }) : "")));
  let height = "altitudes not revealed yet";
  const ia = ALT_LEVELS.indexOf(pair.a.altitude);
  const ib = ALT_LEVELS.indexOf(pair.b.altitude);
  if (ia >= 0 && ib >= 0) {
    const d = ib - ia;
    height = d === 0 ? "same altitude" : `B ${Math.abs(d)} level${Math.abs(d) > 1 ? "s" : ""} ${d > 0 ? "above" : "below"} A`;
  }
  const name = (rel) => POSITION_NAMES[rel + 2] || "Neutral";
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

function difBoard(ctx) {
  const v = ctx.view;
  const pairs = difPairs(v);
  const many = (v.aircraft || []).length > 2;
  const m = v.mission;  // a campaign mission: what it is, what each nation scores
  const mission = m ? h("p", { class: "mission" }, h("strong", { text: `${m.campaign}, mission ${m.number}: ${m.title}` }),
    ` (${m.turns} turns) · ${m.nations.map((n, seat) => `${capital(who(ctx, seat))}: ${n.name}, ${n.vp} VP`).join(" · ")}`) : "";
  const box = h("div", { class: "pairs-box" }, mission, difState(ctx, many));
  if (pairs.length) {
    box.append(h("h3", { text: many ? "Every pair of enemies: range, altitude, position" : "The dogfight: range, altitude, position" }),
      h("ul", { class: "pairs" }, pairs.map((p) => pairBox(ctx, p, many))));
  }
  return box;
}

// The round, the step, the deck, the sites, the turn's counters and the cycle under way, in
// words (the generic board listed them as raw fields: "cycle: use: range by: 1 chain: ...").
function difState(ctx, many) {
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

// A seat's aircraft, each in its own block: a player may fly several (teams, aircraft=2),
// which one merged box per seat would mix up.
function difSeat(data, ctx, seat) {
  const all = ctx.view.aircraft || [];
  const many = all.length > 2;
  return h("div", { class: "dif-seat" },
    all.filter((x) => x.seat === seat).map((x) => difCraft(x, many)),
    data.kills !== undefined ? h("p", {}, `Kills by this side: ${data.kills}`) : "");
}

// One aircraft as a player reads it: what it is, where it flies, its weapons, its ratings as
// printed and as flown here, its skills; only what the view holds (another seat's secret
// choices stay "secret" until revealed).
function difCraft(x, many) {
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

// The end table's score: each aircraft the seat flew, its VP and fate, and its side's kills.
function difScore(ctx, seat) {
  const all = ctx.view.aircraft || [];
  const many = all.length > 2;
  const mine = all.filter((x) => x.seat === seat);
  const kills = (ctx.view.kills || [])[mine.length ? mine[0].side : seat];
  const craft = mine.map((x) => `${many ? `#${x.aircraft_no} ` : ""}${x.aircraft || "aircraft"}`
    + `${x.vp !== undefined ? ` (${x.vp} VP)` : ""}: ${x.alive ? "flying" : "shot down"}`);
  if (kills !== undefined) craft.push(`kills by its side ${kills}`);
  return craft.join(" · ");
}

function difStatus(ctx) {
  const cycle = ctx.view.cycle;
  if (!cycle || !Array.isArray(cycle.chain) || !cycle.chain.length) return "";
  const last = cycle.chain[cycle.chain.length - 1];
  const by = ((ctx.view.aircraft || [])[last.aircraft] || {}).seat;
  return `${capital(who(ctx, by))} played ${last.card}${last.as ? ` as ${last.as}` : ""} (${cycle.use}): a reaction is awaited.`;
}

function rtaAcquisitions(ctx) {
  const list = ctx.view.acquisitions || [];
  if (!list.length) return null;
  return h("div", { class: "acquisitions" }, h("h3", { text: "Acquisitions" }), h("ul", {}, list.map((a) => h("li", {},
    h("strong", { text: String(a.kind).toUpperCase() }), ` by ${who(ctx, a.by)} on ${who(ctx, a.on)}`,
    a.cover ? ` — covered by ${String(a.cover).toUpperCase()} of ${who(ctx, a.cover_by)}` : "",
    h("span", { class: "ref-code", text: ` (${a.ref})` })))));
}

function rtaStatus(ctx) {
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

// Ace Race's notation in words (actions.py): "bid 3" takes three undealt cards, "give 7H to 2"
// gives to seat 2, "rule suits H" names the suit; cards as rank and suit symbol.
const SUIT_WORDS = { S: "♠ spades", H: "♥ hearts", D: "♦ diamonds", C: "♣ clubs" };

function arMove(move, ctx, verb) {
  const words = move.trim().split(/\s+/);
  const first = words[0];
  const rest = first === verb && words.length > 1 ? words.slice(1) : words;
  if (first === "bid") return `${first === verb ? "" : "bid "}${rest[rest.length - 1]} undealt card${rest[rest.length - 1] === "1" ? "" : "s"}`;
  return rest.map((w, i) => {
    if (/^\d+$/.test(w) && rest[i - 1] === "to") return who(ctx, Number(w));
    if (SUIT_WORDS[w] && i > 0) return SUIT_WORDS[w];
    const card = playingCard(w);
    return card ? `${card.rank}${card.suit.symbol}` : w;
  }).join(" ");
}

// Race to Ace's notation in words (actions.py): "radar 2" aims at pilot 2; "maneuver V0>2" is
// played on the VISUAL that pilot 0 placed on pilot 2. The notation stays in the tooltip.
const RTA_STACK = { v: "VISUAL", r: "RADAR" };

function rtaMove(move, ctx, verb) {
  const words = move.trim().split(/\s+/);
  if (words[0] === verb && words.length > 1) words.shift();
  const said = words.map((w) => {
    if (/^\d+$/.test(w)) return `at ${who(ctx, Number(w))}`;
    const stack = /^([vr])(\d+)>(\d+)$/i.exec(w);
    if (stack) {
      const owner = who(ctx, Number(stack[2]));
      const of = owner === "you" ? "your" : `${owner}'s`;
      return `on ${of} ${RTA_STACK[stack[1].toLowerCase()]} on ${who(ctx, Number(stack[3]))}`;
    }
    if (w === "pass") return "pass (no answer)";
    return w.toUpperCase() === w ? w : w.replace(/^./, (c) => c.toUpperCase());
  });
  return said.join(" ");
}

// Down In Flames' notation in words (actions.py): "me-1" your own range band, "foe+1" the
// enemy's, "@2" the target aircraft (its owner and type), the number after a "pos" card the steps.
function difWord(word, before, ctx) {
  const delta = /^(me|foe)([+-]\d+)$/.exec(word);
  if (delta) return `${delta[1] === "me" ? "your range" : "enemy range"} ${delta[2].replace("-", "−")}`;
  const target = /^@(\d+)$/.exec(word);
  if (target) {
    const craft = (ctx.view.aircraft || []).find((x) => x.aircraft_no === Number(target[1]));
    if (!craft) return `at aircraft ${target[1]}`;
    const owner = who(ctx, craft.seat);
    return `at ${owner === "you" ? "your" : `${owner}'s`} ${craft.aircraft || "aircraft"} (#${target[1]})`;
  }
  if (/^\d+$/.test(word) && TITLES[before]) return `+${word} position`;
  return TITLES[word] || word;
}

function difMove(move, ctx, group) {
  const [verb, ...rest] = move.split(/\s+/);
  const plane = verb === "fly" ? PLANES[rest.join("-")] : null;
  if (!plane) {
    const words = verb === group ? rest : [verb, ...rest];
    return words.map((w, i) => difWord(w, words[i - 1], ctx)).join(" ") || move;
  }
  return h("span", { class: "plane-choice" }, h("strong", { text: plane.name }),
    h("span", { class: "ratings", text: `${plane.nation} ${plane.year} · speed ${plane.speed} · perf ${plane.performance} · thrust ${plane.thrust} · AB ${plane.afterburner} · gun ${plane.gun} · EW ${plane.ew} · CM ${plane.countermeasures}` }));
}

const layouts = {
  aces_versus_aces: {
    ...common,
    seat: avaSeat,
    board: avaBoard,
    reference: avaReference,
    score: avaScore,
    status: (ctx) => (ctx.view.phase === "play" && ctx.legal.length
      ? "Choose a card to play face down: the highest card wins the hand." : ""),
  },
  ace_race: {
    ...common,
    moveLabel: arMove,
    perSeat: ["hand_sizes", "wins"],
    status: (ctx) => (ctx.view.rule && ctx.view.rule.need ? `The rule: ${ctx.view.rule.name}, ${ctx.view.rule.need}.` : ""),
  },
  race_to_ace: {
    ...common,
    moveLabel: rtaMove,
    status: rtaStatus,
    boardExtra: rtaAcquisitions,
    boardSkip: ["acquisitions"],
  },
  air_racing: {
    ...common, notHandVerbs: ["buy"], boardExtra: courseDrawing, perSeat: ["race_wins", "cash", "carried"],
    endExtra: arFinish,
    // "fly 1": fly in lane 1 (the lane costs 1 speed a lane moved)
    moveLabel: (move, ctx, verb) => {
      const words = move.trim().split(/\s+/);
      const rest = words[0] === verb && words.length > 1 ? words.slice(1) : words;
      if (words[0] === "fly" && rest.length) return `${verb === "fly" ? "" : "fly "}in lane ${rest[rest.length - 1]}`;
      return rest.join(" ");
    },
  },
  down_in_flames: {
    ...common, moveLabel: difMove, status: difStatus, perSeat: ["kills"], boardExtra: difBoard, score: difScore,
    seat: difSeat,  // one block per aircraft; the hand is drawn as cards below
    boardSkip: ["pairs", "mission", "phase", "round", "rounds", "step", "deck", "discards", "discard_pile", "site",
      "sites", "flying", "cycle", "missile_bonus", "speed_left", "pay_left", "vp_limit", "year", "kills", "end",
      "picking", "deciding", "loading"],  // drawn by difBoard and the seat boxes
  },
};

export function layoutFor(game) {
  return layouts[game] || common;
}
