// The server's word packs (GET /v1/word-packs) and which one the player plays with. The list is
// asked for once: packs change only when the server is redeployed.

import { api } from "./connection.js";
import { language } from "./i18n.js";

const STORE = "doodle.pack";
let packs = [];           // [{ id, name, words }] once loaded
let loading = null;

// Loads the list once; `changed` runs when it is in (every pack select is filled then).
export function loadPacks(changed) {
  loading ??= api("/v1/word-packs").then(
    (list) => { packs = Array.isArray(list) ? list : []; },
    () => { loading = null; },       // asked again the next time a view needs it
  );
  loading.then(changed);
}

export const packName = (id) => packs.find((p) => p.id === id)?.name ?? id;

// The player's own pick; until there is one, the pack of the page's language (so a German page
// plays German words), or the first pack the server lists.
export function preferredPack() {
  const stored = localStorage.getItem(STORE);
  if (stored && (!packs.length || packs.some((p) => p.id === stored))) return stored;
  if (!packs.length || packs.some((p) => p.id === language())) return language();
  return packs[0].id;
}

export function rememberPack(id) { localStorage.setItem(STORE, id); }

// Fills a <select> with the packs by name, keeping its current choice if it still exists.
export function fillPackSelect(select, fallback) {
  const current = select.value || fallback;
  if (!packs.length) return;
  select.replaceChildren(...packs.map((p) => {
    const option = new Option(p.name, p.id);
    option.lang = p.id;
    return option;
  }));
  select.value = packs.some((p) => p.id === current) ? current : preferredPack();
}
