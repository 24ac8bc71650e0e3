// The game's board for a table or replay page: the module the server names in the page
// (data-board: /games/<id>/board.js, or /static/board_generic.js for a game that brings none),
// its exports over the generic board's (the interface: board_generic.js), and the reference
// data the page embeds.
import * as generic from "./board_generic.js";
import { useCardFace } from "./cards.js";

export async function loadBoard(url) {
  let own = {};
  if (url && !url.endsWith("/board_generic.js")) {
    try {
      own = await import(url);
    } catch (error) {  // the page still plays: the generic board draws the view
      console.error(`the board ${url} did not load; the generic board stands in`, error);
    }
  }
  if (own.cardFace) useCardFace(own.cardFace);
  return { ...generic, ...own };
}

export function pageReference() {
  const node = document.getElementById("reference-data");
  return JSON.parse((node && node.textContent) || "{}") || {};
}
