// One WebSocket to the table (docs/web-protocol.md), reopened by itself after a drop or a server
// restart: exponential backoff with jitter, then a hello with the last version it saw, so the
// server sends exactly what was missed. Only the protocol's client frames are ever sent.
import { _ } from "./i18n.js";

const FINAL = new Map([  // looked up when shown (the reader's language)
  [4400, () => _("the page sent a frame the server did not accept")],
  [4404, () => _("this table no longer exists")],
]);
const PING_MS = 25000;
const MAX_DELAY_MS = 15000;

export class TableLink {
  constructor({ table, token, onFrame, onState, onBadToken, chat = false }) {
    // token null: a spectator, or the signed-in player's own seat (found by the session cookie)
    this.table = table;
    this.chat = chat;
    this.token = token;
    this.onFrame = onFrame;
    this.onState = onState;
    this.onBadToken = onBadToken;
    this.lastVersion = null;
    this.failures = 0;
    this.ws = null;
    this.timer = null;
    this.pinger = null;
    this.stopped = false;
    window.addEventListener("online", () => this.retryNow());
  }

  url() {
    // the table in the query: a proxy in front of several processes routes by it, so every
    // connection of one table meets on one process (docs/web-protocol.md)
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws?table=${encodeURIComponent(this.table)}`;
  }

  open() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.onState("connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.later();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({
        type: "hello", table: this.table, token: this.token, last_version: this.lastVersion,
        ...(this.chat ? { chat: true } : {}),
      }));
    });
    ws.addEventListener("message", (message) => {
      let frame;
      try {
        frame = JSON.parse(message.data);
      } catch {
        return;
      }
      if (frame.type === "welcome") {
        this.failures = 0;
        this.onState("connected");
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this.send({ type: "ping" }), PING_MS);
      }
      if (typeof frame.version === "number" && frame.type !== "ack") this.lastVersion = frame.version;
      this.onFrame(frame);
    });
    ws.addEventListener("close", (closed) => {
      if (this.ws !== ws) return;
      clearInterval(this.pinger);
      this.ws = null;
      if (closed.code === 4401) {  // the seat's token or player lost the seat: watch instead
        this.token = null;
        this.lastVersion = null;
        this.onBadToken();
        this.open();
        return;
      }
      if (FINAL.has(closed.code)) {
        this.stopped = true;
        this.onState("closed", FINAL.get(closed.code)());
        return;
      }
      this.later();
    });
  }

  later() {
    if (this.stopped) return;
    const delay = Math.min(MAX_DELAY_MS, 500 * 2 ** this.failures) * (0.75 + Math.random() * 0.5);
    this.failures += 1;
    this.onState("waiting", Math.round(delay / 1000));
    this.timer = setTimeout(() => this.open(), delay);
  }

  retryNow() {
    if (!this.ws && !this.stopped) {
      this.failures = 0;
      this.open();
    }
  }

  send(frame) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close(1000);
  }
}
