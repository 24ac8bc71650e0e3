// The words of the page in the reader's language: the same gettext catalogs as the server and
// the terminal (docs/i18n.md), embedded by the server in every page as JSON
// (<script type="application/json" id="messages">) for the language of <html lang>.
//
//   _("Your move")                                   -> "あなたの番です"
//   _("{name} joined", { name })                     placeholders are named and filled after
//   n_("{count} card", "{count} cards", n)           the form for a count ({count} is filled)
//
// Write every message as one string literal (no template literal, no concatenation) so that
// `scripts/messages.py` finds it.

let catalog = null;

function messages() {
  if (catalog === null) {
    const node = typeof document !== "undefined" ? document.getElementById("messages") : null;
    try {
      catalog = JSON.parse((node && node.textContent) || "{}") || {};
    } catch {
      catalog = {};
    }
  }
  return catalog;
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

export function _(message, params) {
  const found = messages()[message];
  return fill(typeof found === "string" && found ? found : message, params);
}

export function n_(singular, plural, count, params) {
  const found = messages()[singular];
  let text = count === 1 ? singular : plural;
  if (Array.isArray(found) && found.length) {
    // the languages offered today (English, Japanese) have one form or English's two
    text = found.length === 1 ? found[0] : found[count === 1 ? 0 : 1] || text;
  }
  return fill(text, { count, ...(params || {}) });
}

// The page's language (a BCP 47 tag: "en", "ja"), for Intl formatting.
export function language() {
  return (typeof document !== "undefined" && document.documentElement.lang) || "en";
}
