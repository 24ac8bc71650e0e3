// The player in the lobby header: change the name others see, turn the guest into an account,
// sign in, change the password, sign out here or everywhere, through the JSON calls of docs/web-protocol.md
// ("Players and accounts"). The session's secret stays in its HttpOnly cookie: this script
// never sees it. A call that changes who is signed in reloads the page, which then shows the
// new player (or, after signing out, a new guest).
import { _, n_ } from "./i18n.js";
const status = document.getElementById("account-status");

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.detail || `${response.status} ${response.statusText}`);
  return answer;
}

function say(text, isError = false) {
  status.textContent = text;
  status.classList.toggle("error", isError);
}

// Submit `form` through `work(fields)` instead of the browser (which would post a form body the
// JSON API does not read); a refusal is shown as its one line.
function handle(id, work) {
  const form = document.getElementById(id);
  if (!form) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    say("");
    try {
      await work(new FormData(form));
    } catch (error) {
      say(error.message, true);
    } finally {
      button.disabled = false;
    }
  });
}

const credentials = (fields) => ({
  username: fields.get("username"),
  password: fields.get("password"),
});

handle("name-form", async (fields) => {
  const me = await post("/api/me/name", { name: fields.get("name") });
  document.getElementById("display-name").value = me.name;
  say(_("You play as {name}.", { name: me.name }));
});
handle("register-form", async (fields) => {
  await post("/api/account", credentials(fields));
  location.reload();
});
handle("sign-in-form", async (fields) => {
  await post("/api/sign-in", credentials(fields));
  location.reload();
});
handle("password-form", async (fields) => {
  await post("/api/me/password", { current: fields.get("current"), new: fields.get("new") });
  const form = document.getElementById("password-form");
  form.reset();
  form.closest("details").open = false;
  say(_("Password changed: every other device is signed out."));
});
handle("sign-out-form", async () => {
  await post("/api/sign-out", {});
  location.reload();
});
handle("sign-out-everywhere-form", async () => {
  await post("/api/sign-out-everywhere", {});
  location.reload();
});
