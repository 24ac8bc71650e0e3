// The campaign sheet (/c/{id}): drawn by the server; while the campaign goes on, this page asks
// for the campaign every few seconds and reloads itself when a mission was scored or the next
// one's table opened, so a person watching sees the sheet move on to the end.
const page = document.getElementById("campaign");
const ID = page.dataset.campaign;
const EVERY_MS = 3000;

async function check() {
  if (document.hidden) return;
  try {
    const response = await fetch(`/api/campaigns/${encodeURIComponent(ID)}`);
    if (!response.ok) return;
    const now = await response.json();
    if (String(now.played) !== page.dataset.played || String(now.table || "") !== page.dataset.table || now.status !== page.dataset.status) {
      location.reload();
    }
  } catch {
    // the server is away a moment: asked again on the next tick
  }
}

if (page.dataset.status !== "over") setInterval(check, EVERY_MS);
