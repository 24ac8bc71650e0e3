// Air Racing on the table page (the interface: /static/board_generic.js), laid out as the
// rulebook's table: in Speed Mod Season the calendar, the eight supply piles with their prices,
// the turn's actions, buys and dollars as labelled tokens, your deck and money; in Race Week the
// course drawn (start line, pylons, lanes, each aircraft with its altitude) and the turn's speed.
// Each seat: its deck, discard pile and cards in play, or its aircraft. Every word through the
// catalogs (/static/i18n.js); a move's notation stays its button's code.
import { _, n_ } from "/static/i18n.js";
import { capital, h, who } from "/static/render.js";
import { miniCard } from "/static/cards.js";

export const perSeat = ["race_wins", "cash", "carried"];
export const notHandVerbs = ["buy"];

const MONTHS = ["October", "November", "December", "January", "February", "March", "April", "May",
  "June", "July", "August"];
const ORDER = ["dollar", "microknot", "fast", "boost", "night-shift", "sponsorship", "team-effort", "wind-tunnel"];
const ALTITUDES = ["low", "mid", "high"];

function monthName(name) {
  const words = {
    October: _("October"), November: _("November"), December: _("December"), January: _("January"),
    February: _("February"), March: _("March"), April: _("April"), May: _("May"), June: _("June"),
    July: _("July"), August: _("August"),
  };
  return words[name] || name;
}

function altitudeName(name) {
  const words = { low: _("low"), mid: _("mid"), high: _("high") };
  return words[name] || name;
}

// Half tiles as tiles: 9 -> "4½".
function tiles(half) {
  const n = Math.max(0, Number(half) || 0);
  const whole = Math.floor(n / 2);
  return n % 2 ? `${whole || ""}½` : String(whole);
}

function tileWords(half) {
  return Number(half) === 2 ? _("1 tile") : _("{tiles} tiles", { tiles: tiles(half) });
}

function info(ctx, name) {
  return ctx.cardInfo(name) || {};
}

// A card by its printed title (the reference's), never its notation name.
function title(ctx, name) {
  return info(ctx, name).title || name;
}

function token(label, value, cls = "") {
  return h("span", { class: `token ${cls}` }, h("span", { class: "token-label", text: label }),
    h("strong", { class: "token-value", text: String(value) }));
}

// Cards by kind with a count: "FAST ×2".
function counted(ctx, counts) {
  const names = ORDER.filter((n) => (counts || {})[n]);
  if (!names.length) return h("span", { class: "none", text: _("none") });
  return h("span", { class: "counted" }, names.map((n) => h("span", { class: "count-chip", title: info(ctx, n).text || "" },
    title(ctx, n), counts[n] > 1 ? h("strong", { text: ` ×${counts[n]}` }) : "")));
}

function placeName(name) {
  const words = { "Standard course": _("Standard course"), "Start/Finish (blue)": _("Start/Finish (blue)") };
  if (words[name]) return words[name];
  const pylon = /^[Pp]ylon (\d+)$/.exec(name || "");
  return pylon ? _("Pylon {n}", { n: pylon[1] }) : String(name || "");
}

// --- Speed Mod Season ---------------------------------------------------------------------------

function calendar(v) {
  const now = MONTHS.indexOf(v.month);
  return h("ol", { class: "calendar", "aria-label": _("The calendar: {month}, month {n} of 11", { month: monthName(v.month), n: now + 1 }) },
    MONTHS.map((m, i) => h("li", { class: i === now ? "now" : i < now ? "past" : "", text: monthName(m).slice(0, 3) })));
}

function supply(ctx) {
  const v = ctx.view;
  return h("div", { class: "supply" }, h("h3", { text: _("The supply: price and cards left") }),
    h("div", { class: "piles" }, ORDER.filter((n) => n in (v.supply || {})).map((n) => h("figure", { class: `pile${v.supply[n] ? "" : " empty-pile"}` },
      miniCard(n, info(ctx, n)),
      h("figcaption", {}, h("strong", { text: `$${info(ctx, n).cost ?? "?"}` }), " ",
        n_("{count} left", "{count} left", v.supply[n]))))));
}

function turnTokens(ctx) {
  const v = ctx.view;
  const t = v.turn;
  if (!t || v.to_act === null || v.to_act === undefined || v.phase === "pick") return null;
  const parts = [
    token(_("Actions left"), t.actions),
    token(_("Buys left"), t.buys),
  ];
  if (t.bonus) parts.push(token(_("Extra dollars"), `$${t.bonus}`));
  if (t.spent) parts.push(token(_("Spent"), `$${t.spent}`));
  if (t.redraws) parts.push(token(_("Team Effort redraws"), t.redraws));
  if (t.tunnels) parts.push(token(_("Wind Tunnel choices"), t.tunnels));
  if (v.phase === "redraw") parts.push(token(_("Discarded to redraw"), t.tossed));
  return h("div", { class: "turn-tokens" },
    h("h3", { text: v.to_act === ctx.mySeat ? _("Your turn") : _("{seat}'s turn", { seat: capital(who(ctx, v.to_act)) }) }),
    h("div", { class: "tokens" }, parts));
}

function mine(ctx) {
  const v = ctx.view;
  const quick = v.stage === "quick play" && Array.isArray(v.cash) && ctx.mySeat !== null && ctx.mySeat !== undefined;
  // the view's coins: the dollars in hand, with this turn's extra and spent ones on your turn
  const myTurn = v.to_act === ctx.mySeat;
  const money = quick ? v.cash[ctx.mySeat] : "coins" in v ? v.coins : undefined;
  if (money === undefined && !v.deck) return null;
  const parts = [];
  if (money !== undefined) {
    parts.push(token(myTurn || quick ? _("Your money") : _("Dollars in your hand"), `$${money}`, "money"));
  }
  if (v.deck) {
    const deckSize = Object.values(v.deck).reduce((a, b) => a + b, 0);
    parts.push(token(_("Your deck"), n_("{count} card", "{count} cards", deckSize)),
      h("p", { class: "deck-list" }, _("Your deck holds:"), " ", counted(ctx, v.deck)));
  }
  return h("div", { class: "my-table" }, parts);
}

function season(ctx) {
  const v = ctx.view;
  const head = [];
  if ((v.seasons ?? 1) > 1) head.push(token(_("Season"), _("{n} of {seasons}", { n: v.season_no, seasons: v.seasons })));
  if (v.stage === "quick play") {
    head.push(token(_("Quick Play"), _("$25 of speed mods each, then Race Week")));
  } else {
    head.push(token(_("Speed Mod Season"), monthName(v.month)));
  }
  const parts = [h("div", { class: "mat-line" }, head)];
  if (v.stage !== "quick play") parts.push(calendar(v));
  if (v.phase === "pick") parts.push(h("p", { class: "pick-note", text: _("Everyone takes 7 Dollars and picks 3 speed mods, any mix of Boost and FAST; the 10 cards are shuffled into their deck and they draw 5.") }));
  const turn = turnTokens(ctx);
  if (turn) parts.push(turn);
  const own = mine(ctx);
  if (own) parts.push(own);
  parts.push(supply(ctx));
  const boxed = Object.values(v.box || {}).reduce((a, b) => a + b, 0);
  if (boxed) parts.push(h("p", { class: "box" }, _("Returned to the box:"), " ", counted(ctx, v.box)));
  return parts;
}

// --- Race Week ----------------------------------------------------------------------------------

const SVGNS = "http://www.w3.org/2000/svg";
function svg(name, attrs = {}, text = null) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

function planeWords(ctx, p, length) {
  return _("{seat}: lap {lap}, tile {tile}, lane {lane}, flying {altitude}, speed {speed}", {
    seat: capital(who(ctx, p.seat)), lap: p.lap, tile: Math.floor((p.pos % length) / 2) + 1, lane: p.lane,
    altitude: altitudeName(p.altitude), speed: tiles(p.speed),
  });
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
    "aria-label": _("The course: {name}, {length} tiles, {lanes} lanes.", { name: placeName(course.name), length: length / 2, lanes })
      + " " + planes.map((p) => planeWords(ctx, p, length)).join("; ") });
  for (let lane = 0; lane < lanes; lane += 1) {
    drawing.append(svg("rect", { x: 10, y: 28 + lane * 22, width: length * cell, height: 20, class: "lane" }));
  }
  for (const pylon of course.pylons || []) {
    const x = 10 + pylon.at * cell;
    drawing.append(svg("line", { x1: x, y1: 24, x2: x, y2: height - 6, class: pylon.start ? "start-line" : "pylon-line" }));
    const short = pylon.start ? _("Start") : String((course.pylons || []).indexOf(pylon));
    drawing.append(svg("text", { x: x + 2, y: 18, class: "pylon-name" }, short));
  }
  for (const plane of planes) {
    const x = 10 + ((plane.pos % length) + 0.5) * cell;
    const y = 28 + (plane.lane ?? 0) * 22 + 10;
    const group = svg("g", { class: `plane${plane.seat === ctx.mySeat ? " mine" : ""}` });
    group.append(svg("circle", { cx: x, cy: y, r: 9 }));
    group.append(svg("text", { x, y: y + 4, "text-anchor": "middle" }, String(plane.seat)));
    const alt = ALTITUDES.indexOf(plane.altitude);
    if (alt >= 0) group.append(svg("text", { x: x + 11, y: y - 3, class: "alt" }, ["↓", "–", "↑"][alt]));
    group.append(svg("title", {}, planeWords(ctx, plane, length)));
    drawing.append(group);
  }
  return h("div", { class: "course-box" },
    h("h3", { text: _("{course}: the aircraft on the course", { course: placeName(course.name) }) }),
    drawing,
    h("p", { class: "legend", text: _("Left to right from the start line; lane 0 hugs the pylons. Each disc is an aircraft (its seat number); ↑ high, – mid, ↓ low.") }));
}

function race(ctx) {
  const v = ctx.view;
  const head = [
    token(_("Race Week"), v.heat ? _("heat for the grid") : placeName((v.course || {}).name)),
    token(_("Laps"), v.laps),
    token(_("Round"), v.round),
  ];
  if ((v.seasons ?? 1) > 1) head.push(token(_("Season"), _("{n} of {seasons}", { n: v.season_no, seasons: v.seasons })));
  const parts = [h("div", { class: "mat-line" }, head)];
  if ((v.grid || []).length) {
    parts.push(h("p", { class: "grid-order" }, _("Starting grid, inside out:"), " ",
      (v.grid || []).map((s) => capital(who(ctx, s))).join(_(", "))));
  }
  const drawing = courseDrawing(ctx);
  if (drawing) parts.push(drawing);
  if (v.to_act !== null && v.to_act !== undefined) {
    const flying = v.to_act === ctx.mySeat ? _("You fly") : _("{seat} flies", { seat: capital(who(ctx, v.to_act)) });
    const waiting = (v.queue || []).map((s) => who(ctx, s));
    parts.push(h("div", { class: "turn-tokens" }, h("h3", { text: flying }),
      h("div", { class: "tokens" },
        token(_("Speed left to fly"), tileWords(v.speed_left)),
        token(_("Boosts played this turn"), v.boosts_used ?? 0),
        token(_("Still to fly this round"), waiting.length ? waiting.join(_(", ")) : _("nobody")))));
  }
  return parts;
}

export function board(ctx) {
  const parts = document.createDocumentFragment();
  parts.append(...(ctx.view.stage === "race" ? race(ctx) : season(ctx)));
  return parts;
}

// --- each seat ----------------------------------------------------------------------------------

function facts(rows) {
  return h("dl", { class: "air-facts" }, rows.filter(Boolean).map(([label, value]) => h("div", { class: "fact" },
    h("dt", { text: label }), h("dd", {}, value))));
}

export function seat(data, ctx) {
  const v = ctx.view;
  const rows = [];
  if ((v.seasons ?? 1) > 1 && data.race_wins !== undefined) rows.push([_("Races won"), String(data.race_wins)]);
  if (data.carried && Object.keys(data.carried).length) rows.push([_("Carried from last season"), counted(ctx, data.carried)]);
  if (v.stage === "quick play") {
    if (data.cash !== undefined) rows.push([_("Money to spend"), `$${data.cash}`]);
    rows.push([_("Speed mods"), _("Microknot {microknot} · FAST {fast} · Boost {boost}", { microknot: data.microknot ?? 0, fast: data.fast ?? 0, boost: data.boost ?? 0 })]);
    return facts(rows);
  }
  if (v.stage === "race" && data.pos !== undefined) {
    const finish = v.finish || 0;
    const toGo = Math.max(0, finish - (data.pos || 0));
    rows.push(
      [_("Lap"), _("{lap} of {laps}", { lap: data.lap, laps: v.laps })],
      [_("Distance to go"), toGo ? tileWords(toGo) : _("over the line")],
      [_("Lane"), String(data.lane)],
      [_("Altitude"), altitudeName(data.altitude)],
      [_("Speed"), tileWords(data.speed)],
      [_("Speed mods"), _("Microknot {microknot} · FAST {fast} · Boost {boost}", { microknot: data.microknot ?? 0, fast: data.fast ?? 0, boost: data.boost ?? 0 })],
    );
    if (data.owed) rows.push([_("Penalty owed"), tileWords(data.owed)]);
    return facts(rows);
  }
  const owns = Object.keys(data.cards || {}).length;
  if (v.phase === "pick" && data.hand_size === 0 && !owns) {
    rows.push([_("Deck"), _("not yet picked: 7 Dollars and 3 speed mods")]);
  } else if (data.hand_size !== undefined) {
    const discard = Object.values(data.discard || {}).reduce((a, b) => a + b, 0);
    rows.push(
      [_("Hand"), n_("{count} card", "{count} cards", data.hand_size)],
      [_("Deck"), n_("{count} card", "{count} cards", data.deck_size ?? 0)],
      [_("Discard pile"), discard ? h("span", {}, n_("{count} card: ", "{count} cards: ", discard), counted(ctx, data.discard)) : _("empty")],
    );
    if ((data.in_play || []).length) rows.push([_("In play"), h("span", { class: "cards" }, data.in_play.map((c) => miniCard(c, info(ctx, c))))]);
    rows.push([_("Owns"), counted(ctx, data.cards)]);
  }
  return facts(rows);
}

export function hand(ctx) {
  const v = ctx.view;
  if (!Array.isArray(v.hand) || (!v.hand.length && v.phase === "pick")) return null;
  return { cards: v.hand, title: _("Your hand") };
}

// --- the end ------------------------------------------------------------------------------------

export function score(ctx, seatNo) {
  const v = ctx.view;
  const plane = (v.aircraft || []).find((p) => p.seat === seatNo);
  const parts = [];
  if ((v.seasons ?? 1) > 1) parts.push(n_("{count} race won", "{count} races won", (v.race_wins || [])[seatNo] ?? 0));
  if (plane) {
    const behind = Math.max(0, (v.finish || 0) - plane.pos);
    parts.push(behind ? _("{tiles} tiles from the line", { tiles: tiles(behind) }) : _("over the line"));
  }
  return parts.join(" · ");
}

// The finishing order: who crossed the line, then the field by distance flown.
export function endExtra(ctx) {
  const planes = ctx.view.aircraft;
  if (!Array.isArray(planes) || !planes.length) return null;
  const winners = ctx.view.winners || [];
  const order = [...planes].sort((a, b) => (winners.includes(b.seat) - winners.includes(a.seat)) || (b.pos || 0) - (a.pos || 0));
  const finish = ctx.view.finish || 0;
  return h("div", {}, h("h3", { text: _("Finishing order") }), h("ol", { class: "finish" }, order.map((p) => h("li", {},
    capital(who(ctx, p.seat)), ": ",
    p.pos >= finish ? _("over the line") : _("lap {lap}, {tiles} tiles from the line", { lap: p.lap, tiles: tiles(finish - p.pos) }),
    winners.includes(p.seat) ? [" ★", _("won the race")].join(" ") : ""))));
}

// --- the moves ------------------------------------------------------------------------------------

function myPlane(ctx) {
  return (ctx.view.aircraft || []).find((p) => p.seat === ctx.mySeat) || null;
}

// "fly 1" flies in lane 1, "alt high" climbs to high, "start BBF" picks 2 Boost and 1 FAST...
export function moveLabel(move, ctx, verb) {
  const [word, arg] = move.trim().split(/\s+/);
  switch (word) {
    case "start": {
      const boost = (arg || "").toUpperCase().split("").filter((c) => c === "B").length;
      return _("{boost} Boost, {fast} FAST", { boost, fast: 3 - boost });
    }
    case "play": return title(ctx, arg);
    case "double": return _("{card} twice", { card: title(ctx, arg) });
    case "tunnel": return _("Take $2 instead");
    case "redraw": return _("Discard and redraw");
    case "toss": return title(ctx, arg);
    case "draw": return _("Draw");
    case "buys": return _("Go to the buys");
    case "buy": return _("{card} (${cost})", { card: title(ctx, arg), cost: info(ctx, arg).cost ?? "?" });
    case "end": return ctx.view.phase === "quick" ? _("Done shopping") : _("End my turn");
    case "alt": {
      const plane = myPlane(ctx);
      const change = plane ? ALTITUDES.indexOf(arg) - ALTITUDES.indexOf(plane.altitude) : 0;
      if (change > 0) return _("{altitude} (climbing costs {count} speed)", { altitude: capital(altitudeName(arg)), count: change });
      if (change < 0) return _("{altitude} (diving gives {count} speed)", { altitude: capital(altitudeName(arg)), count: -change });
      return _("Stay {altitude}", { altitude: altitudeName(arg) });
    }
    case "boost": return _("Play a Boost");
    case "cancel": return _("Cancel it with another Boost");
    case "accept": return _("Accept the -3 penalty");
    case "fly": {
      const plane = myPlane(ctx);
      const moved = plane ? Math.abs(Number(arg) - plane.lane) : 0;
      return moved ? _("Lane {lane} (costs {count} speed)", { lane: arg, count: moved }) : _("Stay in lane {lane}", { lane: arg });
    }
    case "side": return arg === "in" ? _("Pass on the inside") : _("Pass on the outside");
    default: return move;
  }
}

// What a move does, with the rule in players' words, for the hover, focus or long press.
export function moveHelp(move, ctx, verb) {
  const [word, arg] = move.trim().split(/\s+/);
  switch (word) {
    case "start": return _("Your starting deck: 7 Dollars and these 3 speed mods, shuffled; you draw 5. Boost gives +3 speed once in the race, FAST +1 on every skill check.");
    case "play": return _("Play {card} (one of your actions): {does}", { card: title(ctx, arg), does: info(ctx, arg).does || "" });
    case "double": return _("The Wind Tunnel plays {card} twice for this one action: {does}", { card: title(ctx, arg), does: info(ctx, arg).does || "" });
    case "tunnel": return _("Instead of playing a card twice, the Wind Tunnel gives you $2 more to spend in the buy phase, like a Sponsorship.");
    case "redraw": return _("Team Effort: instead of one of its two extra actions, discard any cards from your hand, then draw as many from your deck.");
    case "toss": return _("Discard {card} from your hand; you draw a card for each one discarded when you choose Draw.", { card: title(ctx, arg) });
    case "draw": return _("Draw as many cards as you discarded, and go on with your turn.");
    case "buys": return _("End the action phase: the actions you did not use are lost. Next you buy cards with the Dollars in your hand and any extra dollars.");
    case "buy": return _("Buy {card} for ${cost}: it goes to your discard pile and comes up in later hands. {does}", { card: title(ctx, arg), cost: info(ctx, arg).cost ?? "?", does: info(ctx, arg).does || "" });
    case "end": return ctx.view.phase === "quick"
      ? _("Stop shopping: the money you did not spend is lost.")
      : _("End your turn: your hand, the cards you played and your buys go to your discard pile and you draw 5. Unused buys and dollars are lost.");
    case "alt": return _("Fly {altitude} this turn. Climbing costs 1 speed a level and diving gives 1 speed a level, at most 2 levels a turn.", { altitude: altitudeName(arg) });
    case "boost": return _("+3 speed this turn if the backfire check passes: roll the die, add your FAST, less 1 for each Boost already played this turn; 6 or more passes, a 0 always fails. A backfire gives no speed and a -3 penalty next turn. The Boost goes back to the box.");
    case "cancel": return _("Spend another Boost card to avoid the -3 backfire penalty.");
    case "accept": return _("Keep your Boosts: the backfire costs 3 speed on your next turn.");
    case "fly": {
      const plane = myPlane(ctx);
      const rest = _("Rounding a pylon in lane 0 needs a skill check; failing costs 2 speed next turn. Outer lanes are longer round the bends.");
      const stay = plane && Number(arg) === plane.lane;
      const how = stay
        ? _("Stay in lane {lane} and fly all your speed.", { lane: arg })
        : _("Move to lane {lane} (1 speed a lane, through clear air), then fly all your remaining speed.", { lane: arg });
      return how + " " + rest;
    }
    case "side": return _("An aircraft blocks your way: spend 1 speed to move to its side and pass on the {side}.", { side: arg === "in" ? _("inside") : _("outside") });
    default: return "";
  }
}

export function status(ctx) {
  const v = ctx.view;
  if (!ctx.legal.length) return "";
  const words = {
    pick: _("Pick your three starting speed mods."),
    action: _("Action phase: play an action card, or go to the buys."),
    tunnel: _("Wind Tunnel: choose an action card to play twice, or take $2."),
    redraw: _("Team Effort: discard cards from your hand, then draw as many."),
    buy: _("Buy phase: buy a card from the supply, or end your turn."),
    quick: _("Quick Play: buy speed mods with your money, then say you are done."),
    altitude: _("Choose your altitude for this turn."),
    boost: _("Play a Boost, or choose your lane and fly."),
    cancel: _("Your engine backfired: cancel it with another Boost, or accept the penalty."),
    side: _("You are blocked: pass on the inside or the outside."),
  };
  return words[v.phase] || "";
}
