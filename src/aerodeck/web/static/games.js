// Per-game touches on the generic table: labels, what a seat box shows, card values.
const generic = {};

const layouts = {};

export function layoutFor(game) {
  return layouts[game] || generic;
}
