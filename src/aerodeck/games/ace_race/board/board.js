// Ace Race on the table page (the interface: /static/board_generic.js), drawn as the table looks:
// the draw pile and the discard pile with its top play, the bidding while it lasts, the rule in
// force in the rulebook's words (which Ace set it, what the next play must be), a giveaway's giver
// and what is owed, hand sizes and games won per seat; each move in words with the rule it plays
// under (moveHelp). The notation stays the button's code.
//
// Fields left out on purpose: "game", "seat" (the page says them), "hand" (the hand box), "winners"
// (the end's standings), "to_act" (the seat boxes and the status line), "rule.name" and
// "rule.need" (English written by the engine: the same facts are said here from the rule's fields
// in the reader's language), "top_run" (said only when it nears a giveaway), "idle" (said only once
// the draw pile is empty, where it can end the game), "game_number" when one game is played.
import { _, n_ } from "/static/i18n.js";
import { capital, h, who } from "/static/render.js";
import { miniCard, playingCard } from "/static/cards.js";

export const perSeat = ["hand_sizes", "wins"];

// A seat from the reader's side: "you" for the page's own seat, a person's name, else "seat N"
// (in the reader's language).
function person(ctx, seat) {
  if (seat === null || seat === undefined || seat < 0) return _("nobody");
  if (seat === ctx.mySeat) return _("you");
  const name = who(ctx, seat);
  return name === `seat ${seat}` ? _("seat {n}", { n: seat }) : name;
}
const VALUE_WORD = { 11: "J", 12: "Q", 13: "K" };
const BANDS = { high: [10, 13], medium: [6, 9], low: [2, 5] };

function suitName(suit) {
  switch (suit) {
    case "S": return _("♠ spades");
    case "H": return _("♥ hearts");
    case "D": return _("♦ diamonds");
    case "C": return _("♣ clubs");
    default: return String(suit);
  }
}

// The rules' names as the rulebook gives them.
function ruleName(rule, suit = "") {
  const names = {
    multiples: _("Multiples"), series: _("Series"), high: _("High"), medium: _("Medium"), low: _("Low"),
    suits: _("Suits"), prime: _("Prime"), abovebelow: _("Above/Below"),
  };
  const name = names[rule] || String(rule);
  return suit ? _("{rule} ({suit})", { rule: name, suit: suitName(suit) }) : name;
}

function value(text) {
  const card = playingCard(text);
  if (!card) return 0;
  const ranks = { J: 11, Q: 12, K: 13, A: 0 };
  return card.rank in ranks ? ranks[card.rank] : Number(card.rank);
}

const valueWord = (v) => VALUE_WORD[v] || String(v);

function cardWord(text) {
  if (String(text).toUpperCase() === "JK") return _("joker");
  const card = playingCard(text);
  return card ? `${card.rank}${card.suit.symbol}` : String(text);
}

// The rule in force as the rulebook states it.
function ruleText(rule) {
  switch (rule.rule) {
    case "multiples":
      return _("A play is two or more cards of the same value, or, if the previous play was a multiple, one card of that value.");
    case "series":
      return _("A play is exactly three cards in sequential order (such as 6-5-4 or 9-10-J), or, if the previous play was a three-card series, one card adjacent in value to its last card.");
    case "high": case "medium": case "low": {
      const [low, high] = BANDS[rule.rule];
      return _("A play is any one card of value {low} to {high} (J=11, Q=12, K=13).", { low, high: valueWord(high) });
    }
    case "suits":
      return _("A play is any one card of {suit}.", { suit: suitName(rule.suit) });
    case "prime":
      return _("A play is any one card of prime value: 2, 3, 5, 7, J (11) or K (13).");
    case "abovebelow":
      return _("A play is one card, alternately higher and lower than the previous play, as the rule maker announced.");
    default:
      return "";
  }
}

// What the next play must be, from what lies on top under the rule.
function needText(rule) {
  const last = rule.last || [];
  const top = last.length ? value(last[last.length - 1]) : 0;
  if (rule.rule === "multiples" && rule.last_kind === "multiple" && last.length) {
    return _("Next: two or more cards of one value, or one more {value}.", { value: valueWord(value(last[0])) });
  }
  if (rule.rule === "series" && rule.last_kind === "series" && top) {
    const options = [top - 1, top + 1].filter((x) => x >= 2 && x <= 13).map(valueWord);
    return options.length > 1
      ? _("Next: a new three-card series, or one {first} or {second}.", { first: options[0], second: options[1] })
      : _("Next: a new three-card series, or one {first}.", { first: options[0] });
  }
  if (rule.rule === "abovebelow") {
    if (!rule.direction) return _("Next: any one card, announcing whether the one after must be higher or lower.");
    if (rule.direction === "higher") {
      return top === 13 ? _("Next: a card higher than K: none, so only an Ace or a joker can go on.")
        : _("Next: one card higher than {value}.", { value: valueWord(top) });
    }
    return top === 2 ? _("Next: a card lower than 2: none, so only an Ace or a joker can go on.")
      : _("Next: one card lower than {value}.", { value: valueWord(top) });
  }
  return "";
}

// --- the table --------------------------------------------------------------------------------

function piles(ctx) {
  const v = ctx.view;
  const pile = v.pile || [];
  const draw = h("div", { class: "ar-draw" }, h("span", { class: "ar-name", text: _("Draw pile") }),
    h("span", { class: "mini ar-back", role: "img", "aria-label": _("the draw pile") }),
    h("span", { text: v.draw_size ? n_("{count} card", "{count} cards", v.draw_size) : _("empty") }));
  const shown = pile.slice(-6);
  const discard = h("div", { class: "ar-discard" }, h("span", { class: "ar-name", text: _("Discard pile") }),
    shown.length ? h("span", { class: "ar-pile-cards" }, shown.map((c, i) => {
      const card = miniCard(c, ctx.cardInfo(c));
      if (i === shown.length - 1) card.classList.add("ar-top");
      return card;
    })) : h("span", { text: _("empty") }),
    pile.length > shown.length ? h("span", { class: "ar-more", text: n_("{count} more below", "{count} more below", pile.length - shown.length) }) : null);
  return h("div", { class: "ar-piles" }, draw, discard);
}

function bidding(ctx) {
  const v = ctx.view;
  const bid = v.bid || {};
  const lines = [_("Bidding for up to 6 of the undealt cards: the highest bidder takes that many and sets the first rule.")];
  if (bid.high >= 0) lines.push(_("Highest bid: {count} by {seat}.", { count: bid.high, seat: person(ctx, bid.leader) }));
  else lines.push(_("No bid yet."));
  const out = (bid.passed || []).map((p, s) => (p ? s : null)).filter((s) => s !== null);
  if (out.length) lines.push(_("Passed: {seats}.", { seats: out.map((s) => person(ctx, s)).join(_(", ")) }));
  if (bid.winner >= 0) {
    lines.push(bid.winner === ctx.mySeat ? _("You won the bidding: choose the first rule.")
      : _("{seat} won the bidding and chooses the first rule.", { seat: capital(person(ctx, bid.winner)) }));
  }
  return h("div", { class: "ar-rule ar-bidding" }, h("h3", { text: _("Bidding") }), lines.map((t) => h("p", { text: t })));
}

function ruleBox(ctx) {
  const rule = ctx.view.rule;
  const box = h("div", { class: "ar-rule" },
    h("h3", {}, _("The rule: {rule}", { rule: ruleName(rule.rule, rule.suit) }),
      h("span", { class: "ar-ace", text: _("an Ace of {suit} rule", { suit: suitName(rule.ace) }) })),
    h("p", { text: ruleText(rule) }));
  const playing = ctx.view.to_act !== null && ctx.view.to_act !== undefined;
  const need = playing ? needText(rule) : "";
  if (need) box.append(h("p", { class: "ar-need", text: need }));
  const last = rule.last || [];
  if (last.length) {
    const onJoker = rule.last_kind === "joker";
    box.append(h("p", { class: "ar-last" }, onJoker ? _("Last play, on a joker:") : _("Last play:"), " ",
      h("span", { class: "cards" }, last.map((c) => miniCard(c, ctx.cardInfo(c))))));
  } else {
    box.append(h("p", { class: "ar-last", text: _("Nothing played under this rule yet.") }));
  }
  if (playing) {
    box.append(h("p", { class: "ar-always", text: _("At any turn: an Ace sets a new rule; a joker carries one card the rule forbids; or draw a card.") }));
  }
  return box;
}

function giveaway(ctx) {
  const v = ctx.view;
  if (v.phase !== "give" || v.giver === null || v.giver === undefined) return null;
  const text = v.giver === ctx.mySeat
    ? n_("You may give away {count} more card to any other player, or keep it.", "You may give away {count} more cards to any other players, or keep them.", v.give_left)
    : n_("{seat} may give away {count} more card to another player.", "{seat} may give away {count} more cards to other players.", v.give_left, { seat: capital(person(ctx, v.giver)) });
  return h("p", { class: "ar-give", role: "note", text });
}

function facts(ctx) {
  const v = ctx.view;
  const out = [_("Dealer: {seat}", { seat: person(ctx, v.dealer) })];
  if (v.rule) out.push(_("Turn {turn} (the game stops at {max})", { turn: v.turn, max: v.max_turns }));
  if (v.games > 1) out.push(_("game {number} of {games}", { number: v.game_number, games: v.games }));
  if ((v.previous_winners || []).length) {
    out.push(_("won the previous game: {seats}", { seats: v.previous_winners.map((s) => person(ctx, s)).join(_(", ")) }));
  }
  if (!v.draw_size && v.idle) {
    out.push(n_("nobody has played for {count} turn: a round without a play ends the game",
      "nobody has played for {count} turns: a round without a play ends the game", v.idle));
  }
  if (v.top_run >= 2 && v.rule) out.push(n_("{count} card of one value on top: four make a giveaway", "{count} cards of one value on top: four make a giveaway", v.top_run));
  return h("p", { class: "ar-facts", text: out.join(" · ") });
}

export function board(ctx) {
  const v = ctx.view;
  const parts = document.createDocumentFragment();
  parts.append(piles(ctx));
  parts.append(v.rule ? ruleBox(ctx) : bidding(ctx));
  const give = giveaway(ctx);
  if (give) parts.append(give);
  if (v.drawn && v.to_act === ctx.mySeat) {
    parts.append(h("p", { class: "ar-drawn", role: "note" }, _("You drew:"), " ", miniCard(v.drawn, ctx.cardInfo(v.drawn)),
      " ", _("only that card may be played now, or pass.")));
  }
  parts.append(facts(ctx));
  return parts;
}

export function seat(data, ctx) {
  const parts = [n_("{count} card in hand", "{count} cards in hand", data.hand_sizes || 0)];
  if (ctx.view.games > 1) parts.push(n_("{count} game won", "{count} games won", data.wins || 0));
  return h("p", { class: "ar-seat", text: parts.join(" · ") });
}

export function hand(ctx) {
  return Array.isArray(ctx.view.hand) ? { cards: ctx.view.hand, title: _("Your hand") } : null;
}

export function score(ctx, seatNo) {
  const v = ctx.view;
  const left = (v.hand_sizes || [])[seatNo] || 0;
  const parts = [left ? n_("{count} card left", "{count} cards left", left) : _("hand emptied")];
  if (v.games > 1) parts.push(n_("{count} game won", "{count} games won", (v.wins || [])[seatNo] || 0));
  return parts.join(" · ");
}

export function status(ctx) {
  const v = ctx.view;
  if (v.to_act === null || v.to_act === undefined) return "";
  const me = v.to_act === ctx.mySeat;
  const actor = capital(person(ctx, v.to_act));
  switch (v.phase) {
    case "bid":
      return me ? _("Bid for undealt cards, or pass.") : _("{seat} bids or passes.", { seat: actor });
    case "rule":
      return me ? _("Choose the first rule.") : _("{seat} chooses the first rule.", { seat: actor });
    case "give":
      return me ? _("Give away a card, or keep the rest.") : _("{seat} is giving cards away.", { seat: actor });
    case "drawn":
      return me ? _("Play the card you drew, or pass.") : _("{seat} drew a card and may play it.", { seat: actor });
    case "turn":
      return me ? _("Play under the rule, play an Ace or a joker, or draw.") : _("{seat} plays or draws.", { seat: actor });
    default:
      return "";
  }
}

// --- moves in words --------------------------------------------------------------------------

const RULES = new Set(["multiples", "series", "high", "medium", "low", "suits", "prime", "abovebelow"]);

function parse(move) {
  const words = move.trim().split(/\s+/);
  const lower = words.map((w) => w.toLowerCase());
  const out = { verb: lower[0], cards: [], rule: null, suit: "", direction: null, amount: null, to: null };
  for (let i = 0; i < words.length; i += 1) {
    const w = lower[i];
    if (RULES.has(w)) {
      out.rule = w;
      if (w === "suits" && words[i + 1]) out.suit = words[i + 1].toUpperCase();
    } else if (w === "higher" || w === "lower") out.direction = w;
    else if (/^\d+$/.test(w) && lower[i - 1] === "to") out.to = Number(w);
    else if (/^\d+$/.test(w) && lower[0] === "bid") out.amount = Number(w);
    else if ((playingCard(words[i]) || w === "jk") && !(out.rule === "suits" && i > 0 && lower[i - 1] === "suits")) out.cards.push(words[i]);
  }
  return out;
}

// The cards a move plays; none named when the table left out the card chosen in the hand.
const cardsWords = (cards) => (cards.length ? cards.map(cardWord).join(" ") : _("this card"));

export function moveLabel(move, ctx) {
  const m = parse(move);
  const v = ctx.view;
  switch (m.verb) {
    case "bid":
      return n_("Bid {count}: take {count} undealt card", "Bid {count}: take {count} undealt cards", m.amount ?? 0);
    case "pass":
      if (v.phase === "bid") return _("Pass (no bid)");
      if (v.phase === "give") return _("Keep the rest");
      if (v.phase === "drawn") return _("Pass: keep the drawn card");
      return _("Pass");
    case "draw":
      return _("Draw a card");
    case "rule":
      return _("First rule: {rule}", { rule: ruleName(m.rule, m.suit) });
    case "joker":
      return _("{cards} on a joker", { cards: cardsWords(m.cards) });
    case "give":
      return m.to === null ? _("Give {cards}", { cards: cardsWords(m.cards) }) : _("Give {cards} to {seat}", { cards: cardsWords(m.cards), seat: person(ctx, m.to) });
    case "play":
    default:
      if (m.rule) {
        return m.cards.length ? _("{ace}: the rule becomes {rule}", { ace: cardsWords(m.cards), rule: ruleName(m.rule, m.suit) })
          : _("The rule becomes {rule}", { rule: ruleName(m.rule, m.suit) });
      }
      if (m.direction === "higher") return _("Play {cards}, next higher", { cards: cardsWords(m.cards) });
      if (m.direction === "lower") return _("Play {cards}, next lower", { cards: cardsWords(m.cards) });
      return _("Play {cards}", { cards: cardsWords(m.cards) });
  }
}

export function moveHelp(move, ctx) {
  const m = parse(move);
  const v = ctx.view;
  switch (m.verb) {
    case "bid":
      return n_("Bid {count}: if no one bids higher, you add {count} undealt card to your hand unseen, then set the first rule and play first.",
        "Bid {count}: if no one bids higher, you add {count} undealt cards to your hand unseen, then set the first rule and play first.", m.amount ?? 0);
    case "pass":
      if (v.phase === "bid") return _("Pass: you bid no more in this bidding.");
      if (v.phase === "give") return _("Keep the cards you may still give away: the giveaway ends.");
      if (v.phase === "drawn") return _("Keep the drawn card and end your turn.");
      return _("The draw pile is empty and you cannot or will not play: your turn ends.");
    case "draw":
      return _("Take the top card of the draw pile: you may then play that card only, or pass.");
    case "rule":
      return [_("Set the first rule: {rule}.", { rule: ruleName(m.rule, m.suit) }), ruleText({ rule: m.rule, suit: m.suit })].join(" ");
    case "joker":
      return _("Break the rule for one turn: {cards} goes on a joker, and the next player plays on {cards}.", { cards: cardsWords(m.cards) });
    case "give":
      return _("Giveaway: {cards} leaves your hand for the hand of {seat}.", { cards: cardsWords(m.cards), seat: person(ctx, m.to) });
    default:
      if (m.rule) {
        return [_("An Ace may be played at any turn: it sets a new rule, {rule}, and the discard pile is shuffled into the draw pile; you then play first under it.", { rule: ruleName(m.rule, m.suit) }),
          ruleText({ rule: m.rule, suit: m.suit })].join(" ");
      }
      if (m.direction) {
        return m.direction === "higher"
          ? _("Play {cards} and announce higher: the next card must be higher, the one after lower, and so on.", { cards: cardsWords(m.cards) })
          : _("Play {cards} and announce lower: the next card must be lower, the one after higher, and so on.", { cards: cardsWords(m.cards) });
      }
      return _("Play {cards} under the rule; the first to empty their hand wins.", { cards: cardsWords(m.cards) });
  }
}
