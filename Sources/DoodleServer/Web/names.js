// What the page checks of a name before the server does (PROTOCOL.md rev 5, "Names"): 1–24
// grapheme clusters after trimming, so "👩‍👩‍👧‍👦" counts as one. The blocklist and the
// refused characters are the server's to judge; its `invalid_name` says which rule (`reason`).

import { t } from "./i18n.js";

export const MAX_NAME = 24;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });
export const nameLength = (text) => [...graphemes.segment(text.trim())].length;

// Why `text` cannot be a name, in the page's language, or "" when it may be one.
export function nameProblem(text) {
  const length = nameLength(text);
  if (length === 0) return t("name.empty");
  if (length > MAX_NAME) return t("name.tooLong", { max: MAX_NAME, n: length });
  return "";
}

// The server's refusal of a name: its `reason` when it gives one, else its own words.
export function refusedNameText(msg) {
  const key = `name.refused.${msg.reason}`;
  const text = t(key);
  return text !== key ? text : t("name.refused", { why: msg.message || "" });
}
