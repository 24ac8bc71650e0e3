// The table's chat panel (docs/web-protocol.md, Chat). Players post in the players' channel,
// spectators in theirs; the server decides the channel. Everything a message brings is put on the
// page as text (textContent through h(), never innerHTML). Two settings belong to the person and
// live in this browser's localStorage: the authors they muted (by author key) and, for a player,
// whether the spectators' channel is hidden. The host's token opens and closes the chat.
import { h } from "./render.js";
import { _, n_ } from "./i18n.js";

const MUTED = "aerodeck:chat:muted";
const HIDE_SPECTATORS = "aerodeck:chat:hide-spectators";
const KEEP = 500; // messages kept on the page
export const MAX_CHARS = 500; // the server's limit (service/chat.py)

function loadMuted() {
  try {
    const saved = JSON.parse(localStorage.getItem(MUTED) || "{}");
    return saved && typeof saved === "object" && !Array.isArray(saved) ? saved : {};
  } catch {
    return {};
  }
}

function clock(time) {
  const when = new Date(time);
  return Number.isNaN(when.getTime()) ? "" : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export class ChatPanel {
  // root: the panel's section (table.html); send(frame): over the table's socket, false when
  // not connected; hostToken(): the host token of this tab, or null; hostPlayer: this
  // browser's player hosts the table (its cookie stands for the token); table: the table's id.
  constructor({ root, send, hostToken, hostPlayer = false, table }) {
    this.root = root;
    this.send = send;
    this.hostToken = hostToken;
    this.hostPlayer = hostPlayer;
    this.table = table;
    this.messages = new Map(); // id -> message
    this.open = true;
    this.channel = null; // where this connection posts: players or spectators
    this.key = null; // this connection's own author key
    this.pending = null; // the text sent last, given back to the input if it is refused
    this.muted = loadMuted();
    this.hideSpectators = localStorage.getItem(HIDE_SPECTATORS) === "1";
    const $ = (id) => root.querySelector(`#${id}`);
    this.list = $("chat-log");
    this.input = $("chat-text");
    this.note = $("chat-note");
    this.hidden = $("chat-hidden");
    this.hideBox = $("chat-hide");
    this.switchButton = $("chat-switch");
    this.input.maxLength = MAX_CHARS;
    $("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.say();
    });
    this.hideBox.checked = this.hideSpectators;
    this.hideBox.addEventListener("change", () => {
      this.hideSpectators = this.hideBox.checked;
      localStorage.setItem(HIDE_SPECTATORS, this.hideSpectators ? "1" : "0");
      this.draw();
    });
    this.switchButton.addEventListener("click", () => this.toggle());
  }

  // A chat frame of the server; true when it was one.
  take(frame) {
    switch (frame.type) {
      case "chat_log":
        this.open = frame.open;
        this.channel = frame.channel;
        this.key = frame.key;
        for (const message of frame.messages) this.messages.set(message.id, message);
        this.root.hidden = false;
        break;
      case "chat":
        this.messages.set(frame.id, frame);
        if (frame.key === this.key) this.pending = null;
        break;
      case "chat_state":
        this.open = frame.open;
        this.note.textContent = frame.open ? _("The host opened the chat again.") : "";
        break;
      case "chat_refusal":
        this.refused(frame.reason);
        break;
      default:
        return false;
    }
    while (this.messages.size > KEEP) this.messages.delete(this.messages.keys().next().value);
    this.draw();
    return true;
  }

  say() {
    const text = this.input.value.trim();
    if (!text || !this.open) return;
    if (!this.send({ type: "say", text })) {
      this.refused("not connected just now: the message was not sent");
      return;
    }
    this.pending = text;
    this.input.value = "";
    this.note.textContent = "";
    this.note.classList.remove("error");
  }

  refused(reason) {
    if (this.pending && !this.input.value) this.input.value = this.pending;
    this.pending = null;
    this.note.textContent = _("Not sent: {reason}.", { reason });
    this.note.classList.add("error");
  }

  mute(message) {
    this.muted[message.key] = message.author;
    localStorage.setItem(MUTED, JSON.stringify(this.muted));
    this.draw();
  }

  unmute(key) {
    delete this.muted[key];
    localStorage.setItem(MUTED, JSON.stringify(this.muted));
    this.draw();
  }

  async toggle() {
    const token = this.hostToken();
    if (!token && !this.hostPlayer) return;
    const response = await fetch(`/api/tables/${this.table}/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ host_token: token, open: !this.open }),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      this.note.textContent = typeof answer.detail === "string" ? answer.detail : _("error {status}", { status: response.status });
      this.note.classList.add("error");
      return;
    }
    this.open = answer.open;
    this.draw();
  }

  shown(message) {
    if (this.muted[message.key] !== undefined) return false;
    return !(this.hideSpectators && this.channel === "players" && message.channel === "spectators");
  }

  draw() {
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    const all = [...this.messages.values()].sort((a, b) => a.id - b.id);
    const shown = all.filter((m) => this.shown(m));
    this.list.replaceChildren(...shown.map((m) => messageLine(m, m.key === this.key, () => this.mute(m))));
    if (!shown.length) this.list.append(h("li", { class: "chat-empty", text: _("No messages yet.") }));
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;

    const isPlayer = this.channel === "players";
    this.root.querySelector("#chat-hide-box").hidden = !isPlayer;
    const hiddenCount = isPlayer && this.hideSpectators
      ? all.filter((m) => m.channel === "spectators").length : 0;
    const muted = Object.entries(this.muted);
    const parts = [];
    if (hiddenCount) {
      parts.push(h("span", { text: n_("{count} message from spectators hidden.", "{count} messages from spectators hidden.", hiddenCount) + " " }));
    }
    if (muted.length) {
      parts.push(h("span", { text: _("Muted:") + " " }), ...muted.flatMap(([key, name], i) => [
        i ? _(", ") : "",
        h("button", { type: "button", class: "link-button", "aria-label": _("unmute {name}", { name }),
          onclick: () => this.unmute(key) }, _("{name} (unmute)", { name })),
      ]));
    }
    this.hidden.replaceChildren(...parts);
    this.hidden.hidden = parts.length === 0;

    const label = isPlayer ? _("Message to the table") : _("Message to the spectators");
    this.input.placeholder = this.open ? label : _("The host closed the chat");
    this.input.setAttribute("aria-label", label);
    this.input.disabled = !this.open;
    this.root.querySelector("#chat-form button").disabled = !this.open;
    this.root.classList.toggle("closed", !this.open);
    if (!this.open && !this.note.classList.contains("error")) this.note.textContent = _("The host closed the chat.");
    if (this.open && this.note.textContent === _("The host closed the chat.")) this.note.textContent = "";
    const host = Boolean(this.hostToken()) || this.hostPlayer;
    this.switchButton.hidden = !host;
    this.switchButton.textContent = this.open ? _("Close the chat") : _("Open the chat again");
  }
}

// One message as a list item, all of it text; a mute button unless it is one's own (or read only).
function messageLine(message, mine, onMute) {
  const where = message.channel === "spectators" ? _("spectator") : _("seat {n}", { n: message.seat });
  return h("li", {
    class: `chat-message ${message.channel}${mine ? " mine" : ""}`,
    "data-id": message.id, "data-channel": message.channel, "data-key": message.key,
  },
  h("span", { class: "chat-head" },
    h("span", { class: "chat-author", text: message.author }),
    h("span", { class: "chat-where", text: where }),
    h("time", { datetime: message.time, text: clock(message.time) }),
    mine || !onMute ? null : h("button", {
      type: "button", class: "link-button chat-mute", "aria-label": _("mute {name}", { name: message.author }),
      onclick: onMute,
    }, _("mute"))),
  h("span", { class: "chat-text", text: message.text }));
}

// The replay page's transcript: the same lines, read only.
export function transcript(list, messages) {
  list.replaceChildren(...messages.map((message) => messageLine(message, false, null)));
  if (!messages.length) list.append(h("li", { class: "chat-empty", text: _("Nobody said anything.") }));
}
