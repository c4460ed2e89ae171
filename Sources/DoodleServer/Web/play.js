// "Play" on the front page: quick play in the picked game (party or telephone) and word pack,
// which seats the player in the fullest open public room of that kind or opens a new one.

import { send } from "./connection.js";
import { onLanguageChange } from "./i18n.js";
import { fillPackSelect, preferredPack, rememberPack } from "./packs.js";
import { $ } from "./ui.js";

const MODE_STORE = "doodle.playMode";

// The pack the front page plays and lists rooms in.
export const pickedPack = () => $("play-pack").value || preferredPack();

export function quickPlay() {
  const pack = pickedPack();
  const mode = $("play-mode").value === "telephone" ? { mode: "telephone" } : {};
  send(pack ? { type: "quickPlay", wordPack: pack, ...mode } : { type: "quickPlay", ...mode });
}

// `changed` runs when the player picks another pack (the room list follows it).
export function setUpPlay(changed) {
  const picker = $("play-pack");
  picker.onchange = () => { rememberPack(picker.value); changed(); };
  $("play").onclick = quickPlay;
  const mode = $("play-mode");
  mode.value = localStorage.getItem(MODE_STORE) === "telephone" ? "telephone" : "party";
  mode.onchange = () => localStorage.setItem(MODE_STORE, mode.value);
  // Until the player picks a pack, the pack follows the page's language.
  onLanguageChange(() => {
    const pack = preferredPack();
    if (pack === picker.value || !picker.querySelector(`option[value="${pack}"]`)) return;
    picker.value = pack;
    changed();
  });
}

export function fillPlayPacks() { fillPackSelect($("play-pack"), preferredPack()); }
