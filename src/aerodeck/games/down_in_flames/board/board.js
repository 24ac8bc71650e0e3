// Down In Flames on the table page (the interface: /static/board_generic.js): every pair of
// opposing aircraft (range band, altitudes, positions) as the view's `pairs` give them, the
// round and the cycle under way in words, each seat's aircraft a block of lines, the hand of the
// aircraft deciding now, taller card faces with every field whole, the aircraft's ratings on
// their choice buttons, the moves in words (moveLabel) and what each does (moveHelp). It reads
// the game's reference data: `cards`, `aircraft` (each with its ratings) and `geometry` (the
// rules' orders of the range bands, altitudes and positions). Every word goes through the
// catalogs (docs/i18n.md); the Japanese ones are the Japanese rulebook's.
import { capital, h, who } from "/static/render.js";
import { svgNode, wrap } from "/static/cards.js";
import { _, n_ } from "/static/i18n.js";

export const perSeat = ["kills"];

const slug = (text) => String(text).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");

// --- the rules' words ---------------------------------------------------------------------------

// A seat as the page names it, in the reader's language (render.js gives "you", "seat N" or a
// person's name).
function person(ctx, seat) {
  const name = who(ctx, seat);
  if (name === "you") return _("you");
  if (name === "nobody") return _("nobody");
  const numbered = /^seat (\d+)$/.exec(name);
  return numbered ? _("seat {n}", { n: numbered[1] }) : name;
}

function andList(items) {
  if (items.length < 2) return items[0] || "";
  return _("{first} and {last}", { first: items.slice(0, -1).join(_(", ")), last: items[items.length - 1] });
}

function positionWord(name) {
  return ({
    Tailed: _("Tailed"), Disadvantaged: _("Disadvantaged"), Neutral: _("Neutral"),
    Advantage: _("Advantage"), Tailing: _("Tailing"),
  })[name] || name;
}

// "altitude|High": the word in its context, as wording.py's in_context (Ace Race's bid "High" is
// not an altitude, and every game's catalog answers the one lookup).
function altitudeWord(name) {
  const found = ({ Low: _("altitude|Low"), Medium: _("altitude|Medium"), High: _("altitude|High") })[name];
  return found ? found.split("|").pop() : name;
}

function bandName(code) {
  return ({
    G: _("Gun range"), HS: _("Heat-Seeking range"), RH: _("Radar-Homing range"), AH: _("Active-Homing range"),
  })[code] || code;
}

function useWord(kind) {
  return ({
    pos: _("Maneuvering (position)"), range: _("Maneuvering (range)"), gun: _("gun attack"),
    "gun attack": _("gun attack"), tone: _("Tone"), missile: _("missile attack"),
    pos_to_neutral: _("action"), disadv_to_adv: _("action"), altitude_1: _("action"),
    missile_bonus: _("action"), split_s: _("action"), site: _("site attack"), tactic: _("Tactic"),
  })[kind] || kind;
}

function cardWord(name) {
  return ({
    "Speed Maneuver": _("Speed Maneuver"), Countermeasures: _("Countermeasures"),
    "Countermeasures (Lucky, as Ace Pilot)": _("Countermeasures (Lucky, as Ace Pilot)"), Missile: _("Missile"),
  })[name] || name;
}

// The step under way (the view's phase and step), never the phase's internal name.
function stepWord(phase, step) {
  if (phase === "discard") {
    return ({
      pre: _("pre-turn discard/draw"), post: _("post-turn discard/draw"),
      timely: _("Timely: discard, then draw as many"),
    })[step] || _("discard/draw");
  }
  return ({
    pick: _("choosing aircraft in secret"), "alt-pick": _("choosing starting altitude in secret"),
    initiative: _("initiative: who flies first"), burner: _("Afterburners"), altitude: _("Adjust Altitude"),
    speed: _("Speed Maneuvering"), play: _("Play Cards"), react: _("action/reaction cycle"),
    launch: _("launch or hold"), follow: _("follow the altitude change?"), pay: _("paying a discard"),
    over: _("game over"), skill: _("choosing skills in secret"),
    order: _("the side chooses which aircraft flies next"),
    angle: _("90°/0° Angle: choose the starting band and an enemy"),
  })[phase] || "";
}

function ratingWord(name) {
  return ({
    speed: _("speed"), performance: _("performance"), "thrust-pre": _("Pre-Turn thrust"),
    "thrust-post": _("Post-Turn thrust"), gun: _("gun"), ew: _("EW"),
  })[name] || name;
}

// The shipped skills as the Japanese rulebook names them (a data set's own stay as written).
function skillWord(name) {
  return ({
    Newbie: _("Newbie"), Nugget: _("Nugget"), Green: _("Green"), Plumber: _("Plumber"),
    "Drift Factor": _("Drift Factor"), "Guided Intercept 2": _("Guided Intercept 2"),
    "Guided Intercept 3": _("Guided Intercept 3"), Edge: _("Edge"), "Gun Fighter": _("Gun Fighter"),
    Locked: _("Locked"), "90° Angle": _("90° Angle"), "0° Angle": _("0° Angle"), Alert: _("Alert"),
    Cocky: _("Cocky"), "Eagle Eyes": _("Eagle Eyes"), "Fighter Pilot": _("Fighter Pilot"),
    Focused: _("Focused"), Grit: _("Grit"), Lucky: _("Lucky"), Relief: _("Relief"), Jink: _("Jink"),
    Skilled: _("Skilled"), "Up the Sleeve": _("Up the Sleeve"), Agile: _("Agile"), Brave: _("Brave"),
    Diligent: _("Diligent"), "Quick Hands": _("Quick Hands"), "Test Pilot": _("Test Pilot"),
    Timely: _("Timely"), "Better Envelope": _("Better Envelope"), NFOD: _("NFOD"), Veteran: _("Veteran"),
    "In My Sights!": _("In My Sights!"), Tiger: _("Tiger"), "Bat-Turn": _("Bat-Turn"), Ace: _("Ace"),
    "Edge of Envelope": _("Edge of Envelope"), "Aircraft Expertise": _("Aircraft Expertise"),
  })[name] || name;
}

// A rating that may fall below zero (EW at High, R4) with a minus sign, not a hyphen.
const signed = (value) => (typeof value === "number" && value < 0 ? `−${-value}` : String(value));

const skillList = (names) => (names || []).map(skillWord).join(_(", "));

// What the moves' notation names, from the reference the page embeds and the view: the aircraft
// by their slug ("fly f-4e-phantom-ii"), the cards' titles by their slug ("pos", "scissors"),
// the missiles and skills the view names.
const known = new WeakMap();
function lookup(ctx) {
  const reference = ctx.reference || {};
  if (!known.has(reference)) {
    known.set(reference, {
      planes: Object.fromEntries((reference.aircraft || []).map((plane) => [slug(plane.name), plane])),
      titles: Object.fromEntries(Object.entries(reference.cards || {}).map(([text, info]) => [slug(text), info.title || text])),
      cards: Object.fromEntries(Object.entries(reference.cards || {}).map(([text, info]) => [slug(text), info])),
    });
  }
  return known.get(reference);
}

function namesInView(ctx) {
  const v = ctx.view || {};
  const names = {};
  for (const x of v.aircraft || []) {
    for (const m of Object.keys(x.missiles || {})) names[slug(m)] = m;
    for (const s of [...(x.skills || []), ...(x.skills_used || [])]) names[slug(s)] = skillWord(s);
  }
  for (const [m] of v.load || []) names[slug(m)] = m;
  for (const s of v.skill_options || []) names[slug(s)] = skillWord(s);
  return names;
}

// The rules' orders of the range bands, altitudes and positions (the reference's geometry).
function geometry(ctx) {
  const geo = (ctx.reference || {}).geometry || {};
  return { ranges: geo.ranges || [], altitudes: geo.altitudes || [], positions: geo.positions || [] };
}

// --- the table -----------------------------------------------------------------------------------

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
  const plane = x.aircraft || _("aircraft not shown yet");
  if (many) return _("{seat} · #{number} ({aircraft})", { seat: person(ctx, x.seat), number: x.aircraft_no, aircraft: plane });
  return _("{seat} ({aircraft})", { seat: person(ctx, x.seat), aircraft: plane });
}

function pairBox(ctx, pair, many) {
  const { ranges, altitudes, positions } = geometry(ctx);
  const left = craftName(ctx, pair.a, many);
  const right = craftName(ctx, pair.b, many);
  // the chips with a space between them (a flex row draws none), so their text reads "G HS RH AH"
  const bands = h("ol", { class: "bands", "aria-label": _("range band") }, ranges.flatMap((band, i) => [i ? " " : "", h("li", {
    class: band === pair.range ? "here" : "", "aria-current": band === pair.range ? "true" : null,
    title: bandName(band),
  }, band === pair.range ? `▼${band}` : band)]));
  const altitudeOf = (x) => (x.altitude ? altitudeWord(x.altitude) : _("hidden"));
  const alts = h("div", {
    class: "alts", role: "img",
    "aria-label": _("altitudes: {a} {a_altitude}, {b} {b_altitude}", { a: left, a_altitude: altitudeOf(pair.a), b: right, b_altitude: altitudeOf(pair.b) }),
  }, [...altitudes].reverse().map((level) => h("div", { class: "alt-row" },
    h("span", { class: "alt-name", text: altitudeWord(level) }),
    pair.a.altitude === level ? h("span", { class: "alt-mark a", text: "A" }) : "", " ",
    pair.b.altitude === level ? h("span", { class: "alt-mark b", text: "B" }) : "")));
  let height = _("altitudes not revealed yet");
  const ia = altitudes.indexOf(pair.a.altitude);
  const ib = altitudes.indexOf(pair.b.altitude);
  if (ia >= 0 && ib >= 0) {
    const d = ib - ia;
    height = d === 0 ? _("same altitude")
      : d > 0 ? n_("B {count} level above A", "B {count} levels above A", d)
        : n_("B {count} level below A", "B {count} levels below A", -d);
  }
  const name = (rel) => positionWord(positions[rel + 2] || "Neutral");
  const position = pair.rel > 0 ? _("A holds {position} on B", { position: name(pair.rel) })
    : pair.rel < 0 ? _("B holds {position} on A", { position: name(-pair.rel) }) : _("Neutral: neither holds a position");
  return h("li", { class: "pair", "data-pair": pair.key, "data-range": pair.range || "", "data-rel": String(pair.rel) },
    h("p", { class: "pair-names" }, h("span", { class: "who-a", text: `A: ${left}` }), " ↔ ", h("span", { class: "who-b", text: `B: ${right}` })),
    h("div", { class: "pair-body" },
      h("div", {}, h("span", { class: "pair-label", text: _("Range") }), " ", bands, " ",
        h("p", { class: "pair-line", text: pair.range ? bandName(pair.range) : _("unknown until the altitudes are revealed") })),
      h("div", {}, h("span", { class: "pair-label", text: _("Altitude") }), " ", alts, " ", h("p", { class: "pair-line", text: height })),
      h("div", {}, h("span", { class: "pair-label", text: _("Position") }), " ", h("p", { class: "pair-line", text: position }))));
}

// The whole public table: the campaign mission, the round and the cycle, every pair of enemies.
export function board(ctx) {
  const v = ctx.view;
  const pairs = pairsOf(ctx);
  const many = (v.aircraft || []).length > 2;
  const m = v.mission;  // a campaign mission: what it is, what each nation scores
  const mission = m ? h("p", { class: "mission" },
    h("strong", { text: m.title ? _("{campaign}, mission {number}: {title}", { campaign: m.campaign, number: m.number, title: m.title })
      : _("{campaign}, mission {number}", { campaign: m.campaign, number: m.number }) }),
    " (" + n_("{count} turn", "{count} turns", m.turns) + ") · "
    + m.nations.map((n, seat) => _("{seat}: {nation}, {vp} VP", { seat: capital(person(ctx, seat)), nation: n.name, vp: n.vp })).join(" · ")) : "";
  const box = h("div", { class: "pairs-box" }, mission, roundState(ctx, many));
  if (pairs.length) {
    box.append(h("h3", { text: many ? _("Every pair of enemies: range, altitude, position") : _("The dogfight: range, altitude, position") }),
      h("ul", { class: "pairs" }, pairs.map((p) => pairBox(ctx, p, many))));
  }
  return box;
}

// An aircraft by its owner (and number, with several): "your #2", "seat 1's #3".
function craftOf(ctx, n, many) {
  const x = (ctx.view.aircraft || [])[n];
  if (!x) return _("the site");
  if (!many) return person(ctx, x.seat);
  return x.seat === ctx.mySeat ? _("your #{number}", { number: n }) : _("{seat}'s #{number}", { seat: person(ctx, x.seat), number: n });
}

// The round, the step, the deck, the sites, the turn's counters and the cycle under way, in words.
function roundState(ctx, many) {
  const v = ctx.view;
  const craft = (n) => craftOf(ctx, n, many);
  const pile = Object.entries(v.discard_pile || {}).map(([t, n]) => `${t} ${n}`).join(_(", "));
  const facts = [stepWord(v.phase, v.step)];
  if (v.flying !== null && v.flying !== undefined && v.phase !== "over") facts.push(_("{aircraft} flying", { aircraft: craft(v.flying) }));
  facts.push(_("deck {count}", { count: v.deck }), _("discards {count}", { count: v.discards }));
  if (!v.mission) facts.push(_("VP limit {vp_limit}, year {year}", { vp_limit: v.vp_limit, year: v.year }));
  const lines = [h("p", {}, h("strong", { text: _("Round {round} of {rounds}", { round: Math.min(v.round, v.rounds), rounds: v.rounds }) }),
    ` · ${facts.filter(Boolean).join(" · ")}`)];
  for (const site of v.sites || []) {
    const cells = site.envelope.map(([alt, band]) => `${altitudeWord(alt)} ${band}`).join(_(", "));
    lines.push(h("p", {}, _("Site {name} ({kind}, draws {draw}) defends {seat}: {cells}",
      { name: site.name, kind: site.kind, draw: site.draw, seat: person(ctx, site.seat), cells })));
  }
  const counters = [v.speed_left ? _("Speed Maneuvers left {count}", { count: v.speed_left }) : "",
    v.missile_bonus ? _("next missile +{count} (Yo-Yo/Break)", { count: v.missile_bonus }) : "",
    v.pay_left ? _("cards still to discard {count}", { count: v.pay_left }) : ""].filter(Boolean);
  if (counters.length) lines.push(h("p", {}, counters.join(" · ")));
  const c = v.cycle;
  if (c) {
    const chain = c.chain.map((link, i) => {
      const played = link.as && link.as !== link.card
        ? _("{card} as {as}", { card: cardWord(link.card), as: cardWord(link.as) }) : cardWord(link.card);
      const from = link.from === "missile" && i ? " " + _("(missile hand)") : "";
      return `${i + 1}. ${capital(craft(link.aircraft))}: ${played}${from}`;
    });
    const use = c.missile ? `${useWord(c.use)}, ${c.missile}` : useWord(c.use);
    lines.push(h("p", { class: "cycle" }, h("strong", { text: _("Cycle ({use}) against {target}: ", { use, target: craft(c.target) }) }),
      chain.join(" → "), c.use === "missile" ? " · " + n_("missile hand {count} card", "missile hand {count} cards", c.missile_hand_size) : ""));
  }
  if (v.follow) lines.push(h("p", {}, v.follow.direction === "up" ? _("The enemy climbed: follow or stay.") : _("The enemy dived: follow or stay.")));
  if (pile) lines.push(h("details", { class: "more" }, h("summary", { text: _("Discard pile (face up)") }), h("p", { text: pile })));
  return h("div", { class: "dif-state" }, ...lines);
}

// A seat's aircraft, each in its own block: a player may fly several (teams, aircraft=2).
export function seat(data, ctx, seatNo) {
  const all = ctx.view.aircraft || [];
  const many = all.length > 2;
  return h("div", { class: "dif-seat" },
    all.filter((x) => x.seat === seatNo).map((x) => aircraftBlock(x, many, Boolean(ctx.view.mission))),
    data.kills !== undefined ? h("p", {}, _("Kills by this side: {count}", { count: data.kills })) : "");
}

// One aircraft as a player reads it: what it is, where it flies, its weapons, its ratings as
// printed and as flown here, its skills; only what the view holds (another seat's secret
// choices stay "secret" until revealed). In a campaign mission the mission VP replace the
// aircraft's own (R41): those are not shown.
function aircraftBlock(x, many, mission) {
  const line = (key, text) => h("p", { class: "craft-line" }, h("span", { class: "craft-key", text: key }), ` ${text}`);
  const name = x.aircraft || (x.chosen ? _("aircraft chosen (secret)") : _("no aircraft chosen yet"));
  const title = [`${many ? `#${x.aircraft_no} ` : ""}${name}`, x.vp !== undefined && !mission ? _("{vp} VP", { vp: x.vp }) : "",
    x.alive ? "" : _("shot down"), many ? _("side {side}", { side: x.side }) : ""].filter(Boolean).join(" · ");
  if (!x.alive) return h("section", { class: "dif-craft down", "data-aircraft": x.aircraft_no }, h("h4", { text: title }));
  const altitude = x.altitude ? altitudeWord(x.altitude) : (x.altitude_chosen ? _("altitude secret") : _("altitude not chosen"));
  const flight = [altitude, _("band {band}", { band: x.range }), n_("{count} card in hand", "{count} cards in hand", x.hand_size),
    x.on ? _("{position} on #{number}", { position: positionWord(x.on.position), number: x.on.target }) : ""].filter(Boolean).join(" · ");
  const lines = [line(_("Flying"), flight)];
  if (x.missiles !== undefined) {
    const missiles = Object.entries(x.missiles).map(([m, n]) => `${n}× ${m}`).join(_(", ")) || _("no missiles");
    const facts = [missiles, _("countermeasures {count}", { count: x.countermeasures }),
      x.afterburner_on ? _("afterburners {count} (lit)", { count: x.afterburners }) : _("afterburners {count}", { count: x.afterburners }),
      _("reach {band}", { band: x.reach || "-" })];
    lines.push(line(_("Weapons"), facts.join(" · ")));
  }
  const r = x.ratings;
  if (r) {
    const facts = [`${r.nation} ${r.year}`, _("speed {value}", { value: r.speed }),
      x.performance !== undefined ? _("performance {value} ({here} here)", { value: r.performance, here: x.performance }) : _("performance {value}", { value: r.performance }),
      _("thrust {pre}/{ab_pre} pre, {post}/{ab_post} post", { pre: r.thrust_pre, ab_pre: r.ab_pre, post: r.thrust_post, ab_post: r.ab_post })
        + (x.thrust ? " " + _("({pre} pre, {post} post here)", { pre: x.thrust[0], post: x.thrust[1] }) : ""),
      _("gun {value}", { value: r.gun }),
      x.ew !== undefined ? _("EW {value} ({here} here)", { value: r.ew, here: signed(x.ew) }) : _("EW {value}", { value: r.ew })];
    lines.push(line(_("Ratings"), facts.join(" · ")));
  }
  if (x.skills) {
    const changes = Object.entries(x.rating_changes || {}).map(([k, v]) => `${ratingWord(k)} ${v > 0 ? "+" : ""}${v}`);
    const used = (x.skills_used || []).length ? " · " + _("used: {skills}", { skills: skillList(x.skills_used) }) : "";
    const none = _("none");
    const comma = _(", ");
    lines.push(line(_("Skills"), `${skillList(x.skills) || none}${changes.length ? ` (${changes.join(comma)})` : ""}${used}`));
  }
  if (x.pool_size !== undefined) lines.push(line(_("Expertise pool"), n_("{count} card", "{count} cards", x.pool_size)));
  return h("section", { class: "dif-craft", "data-aircraft": x.aircraft_no }, h("h4", { text: title }), ...lines);
}

// The hand of the seat's aircraft deciding now, else the hands of all its aircraft.
export function hand(ctx) {
  const own = (ctx.view.aircraft || []).filter((x) => x.seat === ctx.mySeat && Array.isArray(x.hand));
  if (own.length < 2) return own.length ? { cards: own[0].hand, title: _("Your hand") } : null;
  const deciding = own.find((x) => x.aircraft_no === ctx.view.deciding);
  if (deciding) return { cards: deciding.hand, title: _("Hand of #{number} (deciding now)", { number: deciding.aircraft_no }) };
  return { cards: own.flatMap((x) => x.hand), title: _("Hands of {aircraft}", { aircraft: andList(own.map((x) => `#${x.aircraft_no}`)) }) };
}

// The end table's score: each aircraft the seat flew, its VP and fate, and its side's kills.
export function score(ctx, seatNo) {
  const all = ctx.view.aircraft || [];
  const many = all.length > 2;
  const mine = all.filter((x) => x.seat === seatNo);
  const kills = (ctx.view.kills || [])[mine.length ? mine[0].side : seatNo];
  const craft = mine.map((x) => {
    const unnamed = _("aircraft");
    const plane = `${many ? `#${x.aircraft_no} ` : ""}${x.aircraft || unnamed}`;
    const named = x.vp !== undefined && !ctx.view.mission ? _("{aircraft} ({vp} VP)", { aircraft: plane, vp: x.vp }) : plane;
    const fate = x.alive ? _("flying") : _("shot down");
    return `${named}: ${fate}`;
  });
  if (kills !== undefined) craft.push(_("kills by its side {count}", { count: kills }));
  return craft.join(" · ");
}

// The prompt's second half: the card a reaction is awaited to, else the step under way.
export function status(ctx) {
  const cycle = ctx.view.cycle;
  if (!cycle || !Array.isArray(cycle.chain) || !cycle.chain.length) {
    const step = stepWord(ctx.view.phase, ctx.view.step);
    return step && ctx.view.phase !== "over" ? _("{step}.", { step: capital(step) }) : "";
  }
  const last = cycle.chain[cycle.chain.length - 1];
  const by = ((ctx.view.aircraft || [])[last.aircraft] || {}).seat;
  const params = { who: capital(person(ctx, by)), card: cardWord(last.card), as: cardWord(last.as || ""), use: useWord(cycle.use) };
  if (last.as && last.as !== last.card) return _("{who} played {card} as {as} ({use}): a reaction is awaited.", params);
  return _("{who} played {card} ({use}): a reaction is awaited.", params);
}

// --- the moves in words ----------------------------------------------------------------------

// A move's notation read (actions.py): its verb, its words, the target aircraft "@t" (several
// aircraft). The table page may leave out the card already chosen ("pos 1" for "pos scissors 1").
function readMove(move, ctx) {
  const words = String(move).trim().split(/\s+/);
  let target = null;
  if (words.length > 1 && /^@\d+$/.test(words[words.length - 1])) target = Number(words.pop().slice(1));
  const [verb, ...args] = words;
  const { titles } = lookup(ctx);
  const card = CARD_VERBS.has(verb) && args.length && titles[args[0]] ? args.shift() : null;
  return { verb, args, target, card, title: card ? titles[card] : null };
}

const CARD_VERBS = new Set(["discard", "react", "pos", "range", "attack", "tone", "act", "expertise", "agile", "jink"]);

// "me-1 foe+1": the range changes in words.
function rangeChanges(args) {
  return args.map((w) => /^(me|foe)([+-]\d+)$/.exec(w)).filter(Boolean).map(([, side, d]) => {
    const change = d.replace("-", "−");
    return side === "me" ? _("your range {change}", { change }) : _("enemy range {change}", { change });
  }).join(_(", "));
}

function targetWords(ctx, t) {
  const craft = (ctx.view.aircraft || []).find((x) => x.aircraft_no === t);
  if (!craft) return _("aircraft #{number}", { number: t });
  const plane = craft.aircraft || _("aircraft");
  if (craft.seat === ctx.mySeat) return _("your {aircraft} (#{number})", { aircraft: plane, number: t });
  return _("{seat}'s {aircraft} (#{number})", { seat: person(ctx, craft.seat), aircraft: plane, number: t });
}

// The move's phrase, without its target.
function phrase(m, ctx) {
  const names = namesInView(ctx);
  const card = m.title;
  const arg = m.args[0];
  const with_ = (text) => (card ? _("{card}: {move}", { card, move: text }) : text);
  switch (m.verb) {
    case "alt": return _("start at {altitude}", { altitude: altitudeWord(capital(arg || "")) });
    case "pairs": return n_("{count} pair of {missile}", "{count} pairs of {missile}", Number(m.args[1]), { missile: names[arg] || arg });
    case "clean": return _("no missiles (a clean load)");
    case "ready": return _("done: ready");
    case "skill": return _("take the skill {skill}", { skill: names[arg] || arg });
    case "rate": return m.args[1] === "up" ? _("raise {rating}", { rating: ratingWord(arg) }) : _("lower {rating}", { rating: ratingWord(arg) });
    case "angle": return _("start at {band}", { band: bandName((arg || "").toUpperCase()) });
    case "first": return _("fly first");
    case "second": return _("fly second");
    case "next": return _("this aircraft flies next");
    case "burner": return _("light an afterburner");
    case "no-burner": return _("no afterburner");
    case "discard": return card ? _("discard {card}", { card }) : _("discard it");
    case "draw": return _("draw cards");
    case "neutral": return ctx.view.phase === "discard" ? _("Bat-Turn: back to Neutral") : _("give up the position: Neutral");
    case "climb": return _("climb (discard 1 card)");
    case "dive": return _("dive (draw 1 card)");
    case "level": return _("stay level");
    case "speed": return arg === "pos" ? _("Speed Maneuver for position") : _("Speed Maneuver: {changes}", { changes: rangeChanges(m.args) });
    case "end": return ctx.view.phase === "speed" ? _("no Speed Maneuver") : _("end your card play");
    case "pos": return with_(n_("position {count} step", "position {count} steps", Number(arg)));
    case "range": return with_(rangeChanges(m.args));
    case "attack": return with_(_("gun attack"));
    case "tone": return with_(_("fire {missile}", { missile: names[arg] || arg }));
    case "act": return with_(arg === "up" ? _("climb one level") : arg === "down" ? _("dive one level") : _("its action"));
    case "react": return card ? _("react with {card}", { card }) : _("react with it");
    case "expertise": return _("take {card} from the Aircraft Expertise pool", { card: card || "" });
    case "agile": return _("{card} as Ace Pilot (Agile)", { card: card || "" });
    case "jink": return _("{card} as Ace Pilot (Jink)", { card: card || "" });
    case "cm": return _("use a countermeasure");
    case "pass": return _("no reaction");
    case "lucky": return _("Lucky: a countermeasure as Ace Pilot");
    case "launch": return _("launch the missile");
    case "launch2": return _("launch two missiles as one");
    case "hold": return _("hold the missile");
    case "follow": return _("follow the altitude change");
    case "stay": return _("stay at your altitude");
    case "timely": return _("Timely: discard, then draw as many");
    default: return null;
  }
}

// verb: the move group's legend (unused: the label says the whole move in words).
export function moveLabel(move, ctx, verb) {
  const m = readMove(move, ctx);
  const plane = m.verb === "fly" ? lookup(ctx).planes[m.args.join("-")] : null;
  if (plane) {
    return h("span", { class: "plane-choice" }, h("strong", { text: plane.name }), " ",
      h("span", { class: "ratings", text: [`${plane.nation} ${plane.year}`, _("speed {value}", { value: plane.speed }),
        _("perf {value}", { value: plane.performance }), _("thrust {value}", { value: plane.thrust }),
        _("AB {value}", { value: plane.afterburner }), _("gun {value}", { value: plane.gun }),
        _("EW {value}", { value: plane.ew }), _("CM {value}", { value: plane.countermeasures })].join(" · ") }));
  }
  const text = phrase(m, ctx) || (m.verb === "fly" ? _("fly this aircraft") : move);
  if (m.target === null) return text;
  if (m.verb === "next") return _("{aircraft} flies next", { aircraft: targetWords(ctx, m.target) });
  return _("{move}, at {target}", { move: text, target: targetWords(ctx, m.target) });
}

// What a move does: the rule in players' words, for the move's hover, focus or long press (the
// table shows it); verb as for moveLabel.
export function moveHelp(move, ctx, verb) {
  const m = readMove(move, ctx);
  const info = m.card ? lookup(ctx).cards[m.card] : null;
  switch (m.verb) {
    case "fly": return _("Fly this aircraft: chosen in secret and revealed when everyone has chosen. Its VP go to the enemy who shoots it down.");
    case "alt": return _("Start the dogfight at this altitude, chosen in secret. High lowers thrust and EW one level and raises Performance one level.");
    case "pairs": return _("A custom missile load: take this many pairs of the missile; the load's VP count within the agreed limit.");
    case "clean": return _("Fly without missiles: the aircraft's VP are its value without missiles.");
    case "ready": return _("Your choice is complete: it is revealed with the others'.");
    case "skill": return _("Take this skill: it costs VP within the agreed limit and is revealed with the others'.");
    case "rate": return _("Your skill changes one rating by one level: choose which.");
    case "angle": return _("90°/0° Angle: start the dogfight at this range band, and bring one enemy aircraft's range to yours.");
    case "first": case "second": return _("The aircraft with the higher EW has the initiative and chooses whether it flies first or second.");
    case "next": return _("Your side chooses which of its aircraft that have not flown this round flies next.");
    case "burner": return _("Light an afterburner: until your next turn both draw steps use the afterburner thrust, and a Heat-Seeking missile fired at you draws 2 more cards.");
    case "no-burner": return _("Keep your afterburners: both draw steps use your normal thrust.");
    case "discard": return ctx.view.phase === "pay"
      ? _("Discard this card to pay what the move costs.")
      : _("Discard this card; then you draw up to your thrust, never holding more than your Performance.");
    case "draw": return _("Draw as many cards as your thrust (your afterburner thrust when lit), never holding more than your Performance.");
    case "neutral": return ctx.view.phase === "discard"
      ? _("Bat-Turn: from Disadvantaged or Tailed, back to Neutral.")
      : _("Give up your Advantage or Tailing on the enemy: you are both Neutral.");
    case "climb": return _("Climb one altitude level: discard 1 card, the energy a climb costs. An enemy may follow you.");
    case "dive": return _("Dive one altitude level: draw 1 card, the energy a dive gives. An enemy may follow you.");
    case "level": return _("Keep your altitude.");
    case "speed": return _("Your speed rating is higher than the enemy's: a Maneuvering for position or range without a card. The enemy may react as to a Maneuvering card.");
    case "end": return ctx.view.phase === "speed"
      ? _("Go on to Play Cards without a Speed Maneuver.")
      : _("Play no more cards this turn: the post-turn discard/draw follows.");
    case "pos": return _("Maneuvering for position: move up to the card's Positioning steps towards Tailing. You may gain Advantage or Tailing only within your weapons' range. The enemy may react.");
    case "range": return _("Maneuvering for range: change your own and the enemy's range band by up to the card's Range in all. Two aircraft are at the farther of their bands, one band farther for each altitude level between them. The enemy may react.");
    case "attack": return _("Gun attack: Gun range and the same altitude; discard the cards the card asks, less your gun rating. If the enemy does not answer with the last card, it is shot down.");
    case "tone": return _("Tone: fire this missile. It needs a missile left, its own range band and Neutral, Advantage or Tailing. If the Tone stands, you may launch it.");
    case "act": return actHelp(info, m.args[0]);
    case "react": return _("React: this card's React To list names the card just played. The player who plays the last card wins the exchange.");
    case "expertise": return _("Aircraft Expertise: play one card of the pool set aside at the start, once per aircraft turn, as if from your hand.");
    case "agile": return _("Agile, once per game: play this card as an Ace Pilot, at any time.");
    case "jink": return _("Jink, once per game: play this card as an Ace Pilot against a gun attack on you.");
    case "cm": return _("A countermeasure cancels a Tone or one of the missile's cards.");
    case "pass": return _("Do not react: the last card played takes effect.");
    case "lucky": return _("Lucky, once per game: a countermeasure played as an Ace Pilot.");
    case "launch": return _("Launch: the missile draws its cards by your position, less the target's EW, and plays them against the target. If the target cannot answer the last one, it is shot down.");
    case "launch2": return _("Optional rule: launch two missiles of this type as one, for more cards.");
    case "hold": return _("Keep the missile for later.");
    case "follow": return _("Follow the enemy's altitude change. Holding Advantage you discard 1 card to follow (Tailing, none); the climb's or dive's card comes as well.");
    case "stay": return _("Stay at your altitude: the altitude difference adds to your mutual range.");
    case "timely": return _("Timely, once per game: discard any cards, then draw as many.");
    default: return "";
  }
}

function actHelp(info, direction) {
  const action = info ? info.action_code : "";
  if (action === "pos_to_neutral") return _("Barrel Roll: from Disadvantaged or Tailed, back to Neutral.");
  if (action === "disadv_to_adv") return _("From Disadvantaged, take Advantage.");
  if (action === "missile_bonus") return _("Your next missile attack this turn draws 1 more card.");
  if (action === "altitude_1" || direction) return _("Vertical Roll: change altitude one level; draw 1 card to dive, discard 1 to climb.");
  return _("The card's own action.");
}

const displayWidth = (text) => [...String(text)].reduce((n, ch) => n + (ch.codePointAt(0) > 0x2e80 ? 2 : 1), 0);

// A card face's text in lines of about `width` characters: words where the text has spaces,
// else characters (Japanese), a wide character counting two.
function textLines(text, width) {
  const lines = [];
  for (const line of wrap(text, width)) {
    let part = "";
    let size = 0;
    for (const ch of line) {
      const wide = ch.codePointAt(0) > 0x2e80 ? 2 : 1;
      if (size + wide > width && part) {
        lines.push(part);
        part = "";
        size = 0;
      }
      part += ch;
      size += wide;
    }
    if (part) lines.push(part);
  }
  return lines;
}

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
  [[_("POS"), info.positioning, 4], [_("RNG"), info.range, 52]].forEach(([name, number, x]) => {
    svg.append(svgNode("rect", { x, y: 35, width: 44, height: 30, rx: 4, class: "value-box" }));
    svg.append(svgNode("text", { x: x + 22, y: 45, class: "value-name", "text-anchor": "middle" }, name));
    svg.append(svgNode("text", { x: x + 22, y: 62, class: "value-number", "text-anchor": "middle" }, String(number)));
  });
  let y = 78;
  for (const line of info.action ? textLines(info.action, 18).slice(0, 2) : []) {
    svg.append(svgNode("text", { x: 50, y, class: "dif-line action", "text-anchor": "middle" }, line));
    y += 10;
  }
  y += info.action ? 3 : 0;
  const head = info.reacts.length ? _("Reacts to:") : _("Reacts to: none");
  const squeeze = displayWidth(head) > 17 ? { textLength: 88, lengthAdjust: "spacingAndGlyphs" } : {};
  svg.append(svgNode("text", { x: 6, y, class: "dif-line react-head", ...squeeze }, head));
  for (const name of info.reacts.slice(0, 6)) {
    y += 10.5;
    const fit = displayWidth(name) > 12 ? { textLength: 84, lengthAdjust: "spacingAndGlyphs" } : {};
    svg.append(svgNode("text", { x: 10, y, class: "dif-line", ...fit }, `• ${name}`));
  }
  return svg;
}
