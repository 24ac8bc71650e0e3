import { _ } from "./i18n.js";

// Words of the log: the server's event text carries Rich-style markup ([bold]...[/bold],
// [red]...[/red]); it becomes spans here, after the text itself is escaped.
const STYLES = new Set([
  "bold", "italic", "dim", "underline", "red", "green", "blue", "yellow", "magenta", "cyan",
  "white", "black", "bright_red", "bright_green", "bright_blue", "bright_yellow",
]);

function escape(text) {
  return text.replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

export function markup(text) {
  let open = 0;
  const html = escape(String(text)).replace(/\[(\/?)([a-z_ ]*)\]/g, (whole, slash, words) => {
    if (slash) {
      if (!open) return whole;
      open -= 1;
      return "</span>";
    }
    const parts = words.trim().split(/\s+/);
    if (!parts.length || !parts.every((p) => STYLES.has(p))) return whole;
    open += 1;
    return `<span class="${parts.map((p) => `m-${p}`).join(" ")}">`;
  });
  return html + "</span>".repeat(open);
}

export function plain(text) {
  const node = document.createElement("span");
  node.innerHTML = markup(text);
  return node.textContent;
}

export function label(key) {
  return String(key).replace(/_/g, " ");
}

// A list in words: "ann", "ann and bea", "ann, bea and cy" (in the reader's language).
export function and(items) {
  const list = items.map(String);
  if (list.length <= 1) return list[0] || "";
  return _("{names} and {last}", { names: list.slice(0, -1).join(_(", ")), last: list[list.length - 1] });
}
