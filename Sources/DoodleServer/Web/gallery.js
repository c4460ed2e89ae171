// Galleries of finished drawings (a party game's, a pair's history) and the viewer that
// replays one of them stroke by stroke.

import { validAvatar, face } from "./avatar.js";
import { Board } from "./canvas.js";
import { replay } from "./replay.js";
import { t, tn } from "./i18n.js";
import { icon } from "./icons.js";
import { openReport } from "./reports.js";
import { $, el, button, showError } from "./ui.js";

let viewerBoard = null;
let playing = 0;            // which replay is current; an older one stops at its next frame
let current = null;         // the open entry, for "Replay"

// Fills `container` with one tile per entry. An entry is
// `{ id, title, detail, thumb: Node, drawing: async () => ({ actions, drawerAvatar }) }`, and
// optionally `reactions: { like, dislike }` (a party drawing's). `actions` are drawing messages;
// `drawerAvatar` is the drawer's face, absent where nobody sent one (a pair's drawing) and null
// once the drawer deleted itself.
export function renderGallery(container, entries, emptyText) {
  container.replaceChildren();
  if (!entries.length) { container.append(el("p", emptyText, "muted")); return; }
  for (const entry of entries) {
    const tile = button("", () => openViewer(entry), "tile");
    tile.dataset.drawingId = entry.id;
    tile.append(entry.thumb, el("span", entry.title, "tile-title"), el("span", entry.detail, "tile-detail"));
    if (entry.reactions) tile.append(reactionLine(entry.reactions));
    container.append(tile);
  }
}

// Thumbs with their counts; the words for a screen reader.
function reactionLine(reactions) {
  const line = el("span", "", "tile-reactions");
  const like = reactions.like ?? 0, dislike = reactions.dislike ?? 0;
  for (const [kind, n] of [["like", like], ["dislike", dislike]]) {
    const part = el("span", "", kind);
    part.append(icon(kind), el("span", String(n), "count"));
    part.setAttribute("aria-hidden", "true");
    line.append(part);
  }
  line.append(el("span", `${tn("react.likes", like)}, ${tn("react.dislikes", dislike)}`, "sr-only"));
  return line;
}

// Opens the viewer on `entry` and replays it.
export async function openViewer(entry) {
  const dialog = $("viewer");
  viewerBoard ??= new Board($("viewer-canvas"));
  current = entry;
  $("viewer-title").textContent = entry.title;
  showDetail(entry, null);
  const share = $("viewer-share");
  share.classList.toggle("hidden", !entry.sharePath);
  if (entry.sharePath) share.href = entry.sharePath;
  const gif = $("viewer-gif");
  gif.classList.toggle("hidden", !entry.gifPath);
  if (entry.gifPath) {
    gif.href = entry.gifPath;
    gif.download = `doodle-${entry.id}.gif`;
  }
  // A party drawing can be reported to the operators (a pair's stays between the partners).
  const report = $("viewer-report");
  report.classList.toggle("hidden", !entry.sharePath);
  report.onclick = () => openReport({ kind: "drawing", id: entry.id, word: entry.title });
  if (!dialog.open) dialog.showModal();
  await play();
}

// The line under the title ("by Ada"), led by the drawer's face once the drawing brought it.
// The face is decoration there: the line names the drawer.
function showDetail(entry, avatar) {
  const detail = $("viewer-detail");
  detail.replaceChildren(...(avatar ? [face(avatar, 24)] : []), entry.detail);
}

async function play() {
  const mine = ++playing;
  const entry = current;
  viewerBoard.reset([]);
  viewerBoard.canvas.dataset.replay = "loading";
  let drawing;
  try {
    drawing = await entry.drawing();
  } catch (err) {
    viewerBoard.canvas.dataset.replay = "failed";
    showError(t("viewer.failed", { error: err.message }));
    return;
  }
  if (mine !== playing) return;
  showDetail(entry, validAvatar(drawing.drawerAvatar));
  await replay(viewerBoard, drawing.actions, () => mine !== playing || !$("viewer").open);
}

export function setUpViewer() {
  $("viewer-replay").onclick = () => { if (current) play(); };
  $("viewer-close").onclick = () => { playing++; $("viewer").close(); };
}
