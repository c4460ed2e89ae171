// "My devices" in the account dialog: every device that holds a token of this player, when it
// was last seen, this one marked; any other one can be signed out (its token stops working and
// its connection closes).

import { now } from "./connection.js";
import { devices, signOutDevice, refusalText } from "./account-api.js";
import { t, language } from "./i18n.js";
import { $, el, button, rebuildKeepingFocus } from "./ui.js";

let list = { state: "idle", devices: [] };   // idle | loading | ready | failed
let status = "";

export function resetDevices() { list = { state: "idle", devices: [] }; status = ""; }

// When a device was last seen, in the page's language: "just now", "5 minutes ago", a date.
function seen(at) {
  const minutes = Math.round((now() - at) / 60000);
  if (minutes < 2) return t("devices.justNow");
  const relative = new Intl.RelativeTimeFormat(language(), { numeric: "auto" });
  if (minutes < 60) return relative.format(-minutes, "minute");
  if (minutes < 60 * 24) return relative.format(-Math.round(minutes / 60), "hour");
  return new Intl.DateTimeFormat(language(), { dateStyle: "medium" }).format(at);
}

export async function loadDevices() {
  list = { state: "loading", devices: list.devices };
  renderDevices();
  try {
    const answer = await devices();
    list = { state: "ready", devices: Array.isArray(answer) ? answer : [] };
  } catch (err) {
    list = { state: "failed", devices: [], error: refusalText(err, t("devices.notSignedIn")) };
  }
  renderDevices();
}

async function signOut(device) {
  status = t("devices.signingOut", { label: device.label });
  renderDevices();
  try {
    await signOutDevice(device.id);
    status = t("devices.signedOut", { label: device.label });
  } catch (err) {
    status = t("devices.signOutFailed", { label: device.label, error: refusalText(err, t("devices.notSignedIn")) });
  }
  await loadDevices();
  // The list was rebuilt: the button that had the focus is gone with its device.
  if ($("account").open && !$("device-list").contains(document.activeElement)) $("devices-refresh").focus();
}

function deviceLine(device) {
  const li = el("li", "", device.current ? "current" : "");
  li.dataset.deviceId = device.id;
  const about = el("span", "", "device-about");
  // Two browsers of one kind share a label: when each was signed in and last used tells them apart.
  const since = new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(device.createdAt);
  about.append(el("b", device.label), el("span", t("devices.lastSeen", { when: seen(device.lastSeenAt) }), "muted last-seen"),
    el("span", t("devices.since", { date: since }), "muted since"));
  li.append(about);
  if (device.current) {
    li.append(el("span", t("devices.thisDevice"), "badge"));
  } else {
    const out = button(t("devices.signOut"), () => signOut(device), "small");
    out.dataset.key = `sign-out:${device.id}`;
    out.setAttribute("aria-label", t("devices.signOutLabel", { label: device.label, when: seen(device.lastSeenAt) }));
    li.append(out);
  }
  return li;
}

export function renderDevices() {
  const box = $("device-list");
  box.dataset.state = list.state;
  if (list.state === "failed") box.replaceChildren(el("li", list.error, "muted"));
  else if (list.state === "loading" && !list.devices.length) box.replaceChildren(el("li", t("devices.loading"), "muted"));
  else rebuildKeepingFocus(box, () => list.devices.map(deviceLine));
  $("devices-status").textContent = status;
}

export function setUpDevices() {
  $("devices-refresh").onclick = () => { status = ""; loadDevices(); };
}
