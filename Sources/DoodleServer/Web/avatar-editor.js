// The face editor beside the name field: a colour from a few swatches, eyes and mouth cycled
// through their 8 variants each. The choice is kept in localStorage; the page sends it in
// `hello` and, once changed, with the next `rename`.

import "./avatar-strings.js";
import { face, validAvatar, derivedAvatar, VARIANTS } from "./avatar.js";
import { t, onLanguageChange } from "./i18n.js";
import { $, button, setPressed } from "./ui.js";

const STORE = "doodle.avatar";
// Eight of the server's twelve colours: one row of swatches on a phone, each with a name.
const SWATCHES = [["#f26b5b", "coral"], ["#f5a623", "orange"], ["#f8e05c", "yellow"], ["#8bd346", "green"],
  ["#3ec1a0", "teal"], ["#4aa8f0", "blue"], ["#c07af0", "violet"], ["#f07ac0", "pink"]];

let playerId = null;      // whose derived face stands in while nothing was chosen here
let changed = false;      // edited since the server last heard of it

export function storedAvatar() {
  try { return validAvatar(JSON.parse(localStorage.getItem(STORE) || "null")); } catch { return null; }
}

// What the editor shows: the choice made here, else the face the server derives for us.
export const shownAvatar = () => storedAvatar() ?? (playerId ? derivedAvatar(playerId) : null);

// Whether the player changed the face since it was last sent; `avatarSent()` clears it.
export const avatarChanged = () => changed;
export function avatarSent() { changed = false; }

// The server told us who we are: a face nobody chose here is the one derived from that id.
export function setAvatarOwner(id) { playerId = id; renderAvatarEditor(); }

// A first visit starts with a face picked at random, so two strangers rarely look alike.
export function ensureAvatar() {
  if (storedAvatar() || playerId) return;
  const pick = (n) => Math.floor(Math.random() * n);
  store({ color: SWATCHES[pick(SWATCHES.length)][0], eyes: pick(VARIANTS), mouth: pick(VARIANTS) });
  renderAvatarEditor();
}

function store(avatar) { localStorage.setItem(STORE, JSON.stringify(avatar)); }

// One part changes; the others stay as shown (before any welcome, as a first face would be).
function change(part) {
  store({ ...(shownAvatar() ?? derivedAvatar("")), ...part });
  changed = true;
  renderAvatarEditor();
}

export function renderAvatarEditor() {
  const avatar = shownAvatar();
  $("avatar-preview").replaceChildren(face(avatar, 40, t("avatar.preview")));
  for (const swatch of $("avatar-colors").children) setPressed(swatch, swatch.dataset.color === avatar?.color);
}

export function setUpAvatarEditor() {
  $("avatar-colors").replaceChildren(...SWATCHES.map(([color, name]) => {
    const swatch = button("", () => change({ color }), "swatch");
    swatch.dataset.color = color;
    swatch.style.background = color;
    swatch.dataset.name = name;
    return swatch;
  }));
  const cycle = (key) => () => change({ [key]: ((shownAvatar()?.[key] ?? 0) + 1) % VARIANTS });
  $("avatar-eyes").onclick = cycle("eyes");
  $("avatar-mouth").onclick = cycle("mouth");
  const label = () => {
    for (const swatch of $("avatar-colors").children) {
      swatch.title = t(`avatar.color.${swatch.dataset.name}`);
      swatch.setAttribute("aria-label", swatch.title);
    }
  };
  label();
  onLanguageChange(() => { label(); renderAvatarEditor(); });
  renderAvatarEditor();
}
