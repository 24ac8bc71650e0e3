// "Your turn" signals of the table page. For as long as it is this seat's move, the tab's title
// reads "Your turn - ..." and its icon carries a red dot, whether the tab is in view or not (a
// glance at the tab strip says it). When the turn comes while the tab is hidden or the window is
// not in front, two more signals, each the person's choice, kept in this browser: a short sound
// (off until switched on) and a browser notification (the permission is asked only on a click of
// "Notify me"; once allowed they are on until switched off).
import { _ } from "./i18n.js";
const ICON = "/static/favicon.svg";
const TURN_ICON = "/static/favicon_turn.svg";
const SOUND_KEY = "aerodeck:turn-sound";    // "on", else off
const NOTIFY_KEY = "aerodeck:turn-notify";  // "off", else on once allowed

function away() {
  return document.visibilityState === "hidden" || !document.hasFocus();
}

function notifications() {
  return typeof window.Notification === "function" ? window.Notification : null;
}

export class TurnSignals {
  // title: the game's title; table: the table's id (one notification per table at a time);
  // controls: the element the toggles are drawn in.
  constructor({ title, table, controls }) {
    this.title = title;
    this.table = table;
    this.controls = controls;
    this.mine = null;  // unknown until the first frame: a page opened on one's turn does not ring
    this.audio = null;
    this.icon = document.querySelector('link[rel="icon"]');
  }

  // After every frame: myTurn (this seat has moves to make now), seated (not a spectator), what
  // the status line says.
  update({ myTurn, seated, text }) {
    const was = this.mine;
    this.mine = myTurn;
    document.title = myTurn ? _("Your turn - {title}", { title: this.title }) + " · aerodeck" : `${this.title} · aerodeck`;
    if (this.icon) this.icon.href = myTurn ? TURN_ICON : ICON;
    this.drawControls(seated);
    if (myTurn && was === false && away()) {
      this.ring();
      this.notify(text);
    }
  }

  soundOn() {
    return localStorage.getItem(SOUND_KEY) === "on";
  }

  notifyOn() {
    const N = notifications();
    return Boolean(N) && N.permission === "granted" && localStorage.getItem(NOTIFY_KEY) !== "off";
  }

  ring() {
    if (!this.soundOn()) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    this.audio ||= new Context();
    const at = this.audio.currentTime;
    const tone = this.audio.createOscillator();
    const gain = this.audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.12, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + 0.35);
    tone.connect(gain).connect(this.audio.destination);
    tone.start(at);
    tone.stop(at + 0.35);
  }

  notify(text) {
    if (!this.notifyOn()) return;
    try {
      const shown = new (notifications())(_("Your turn - {title}", { title: this.title }), {
        body: text || _("It is your move."), tag: `aerodeck-${this.table}`, icon: TURN_ICON,
      });
      shown.onclick = () => { window.focus(); shown.close(); };
    } catch {
      // some browsers (Chrome on Android) show notifications only from a service worker
    }
  }

  drawControls(seated) {
    const box = this.controls;
    box.hidden = !seated;
    if (!seated || box.dataset.drawn === String(notifications()?.permission)) return;
    box.dataset.drawn = String(notifications()?.permission);
    const sound = document.createElement("label");
    const soundBox = Object.assign(document.createElement("input"), { type: "checkbox", id: "turn-sound", checked: this.soundOn() });
    soundBox.addEventListener("change", () => {
      localStorage.setItem(SOUND_KEY, soundBox.checked ? "on" : "off");
      if (soundBox.checked) this.ring();  // a click lets the page play sound, and says how it sounds
    });
    sound.append(soundBox, " ", _("sound on my turn"));
    const parts = [sound];
    const N = notifications();
    if (N && N.permission === "default") {
      const ask = Object.assign(document.createElement("button"), { type: "button", id: "turn-ask", textContent: _("Notify me on my turn") });
      ask.addEventListener("click", async () => {
        await N.requestPermission();
        this.drawControls(true);
      });
      parts.push(ask);
    } else if (N && N.permission === "granted") {
      const label = document.createElement("label");
      const box2 = Object.assign(document.createElement("input"), { type: "checkbox", id: "turn-notify", checked: this.notifyOn() });
      box2.addEventListener("change", () => localStorage.setItem(NOTIFY_KEY, box2.checked ? "on" : "off"));
      label.append(box2, " ", _("notifications"));
      parts.push(label);
    }
    box.replaceChildren(...parts);
  }
}
