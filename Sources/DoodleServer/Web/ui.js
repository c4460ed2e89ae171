// Small DOM helpers shared by every view.

import { t } from "./i18n.js";

export const $ = (id) => document.getElementById(id);

// A new element with text content and optional class names.
export function el(tag, text = "", className = "") {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// A button that does `onclick`; `type="button"` so it never submits a surrounding form.
export function button(label, onclick, className = "") {
  const b = el("button", label, className);
  b.type = "button";
  b.onclick = onclick;
  return b;
}

// A toggle button says whether it is on to assistive technology, not only by its looks.
export function setPressed(b, on) { b.setAttribute("aria-pressed", on ? "true" : "false"); }

let toastTimer = null;
export function showError(text) {
  const toast = $("toast");
  toast.textContent = text;
  toast.classList.remove("hidden");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => toast.classList.add("hidden"), 4000);
}

// Appends a line to a scrolling log, following it down only if the reader was at the bottom;
// returns the line.
export function appendLog(box, text, className = "") {
  const line = el("div", text, className);
  const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
  box.append(line);
  if (atBottom) box.scrollTop = box.scrollHeight;
  return line;
}

// Rebuilds `list` with `build()` and gives the focus back to the button it was on (found again
// by its data-key), so a list redrawn on every room event does not lose a keyboard user's place.
export function rebuildKeepingFocus(list, build) {
  const key = list.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  list.replaceChildren(...build());
  if (key) list.querySelector(`[data-key="${CSS.escape(key)}"]`)?.focus();
}

// Copies a link from a read-only input and says so on the button for a moment; the button's
// own label comes back so it can be used again (and is read out again) after.
const COPIED_MS = 2000;
export function copyFrom(input, copyButton) {
  input.select();
  const done = () => {
    clearTimeout(copyButton.copiedTimer);
    copyButton.textContent = t("room.copied");
    copyButton.copiedTimer = setTimeout(() => { copyButton.textContent = t(copyButton.dataset.i18n); }, COPIED_MS);
  };
  (navigator.clipboard ? navigator.clipboard.writeText(input.value) : Promise.reject(new Error("no clipboard")))
    .then(done, () => { if (document.execCommand("copy")) done(); });
}

// Keeps `node`'s text on one line by shrinking its font (down to `min` px) when it would be
// wider than its box: a long hint on a phone stays one row of letters. Letter spacing is set
// in em in the styles, so it shrinks along.
export function fitOneLine(node, min = 9) {
  node.style.fontSize = "";
  if (!node.textContent || node.scrollWidth <= node.clientWidth) return;
  const size = parseFloat(getComputedStyle(node).fontSize);
  node.style.fontSize = `${Math.max(min, Math.floor(size * (node.clientWidth / node.scrollWidth) * 10) / 10)}px`;
}
