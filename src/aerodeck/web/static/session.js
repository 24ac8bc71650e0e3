// Secrets of this tab: a seat token and a host token per table, in sessionStorage only (a token
// never goes into a URL: the server would log it). A reload keeps them; another tab does not.
const key = (kind, table) => `aerodeck:${kind}:${table}`;

export function saveSeat(table, seat, token) {
  sessionStorage.setItem(key("seat", table), JSON.stringify({ seat, token }));
}

export function loadSeat(table) {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key("seat", table)) || "null");
    return saved && typeof saved.token === "string" ? saved : null;
  } catch {
    return null;
  }
}

export function forgetSeat(table) {
  sessionStorage.removeItem(key("seat", table));
}

export function saveHost(table, token) {
  sessionStorage.setItem(key("host", table), token);
}

export function loadHost(table) {
  return sessionStorage.getItem(key("host", table));
}
