// The share page (GET /d/{id}): replays the drawing stroke by stroke, and shows its word only
// when the visitor asks. The page itself never holds the word; this script fetches the drawing
// (GET /v1/drawings/{id}) for its strokes and keeps the word off the screen until then.

import { validAvatar, face } from "./avatar.js";
import { Board } from "./canvas.js";
import { replay } from "./replay.js";
import { addShareReport } from "./share-report.js";

const id = document.body.dataset.drawingId;
addShareReport(document.querySelector(".share-page"), id);
const board = new Board(document.getElementById("share-canvas"));
const show = document.getElementById("share-show");
const again = document.getElementById("share-replay");
const word = document.getElementById("share-word");
let drawing = null;
let playing = 0;

// The server's page names the drawer ("Drawn by <b>Ada</b>"); the face comes only with the
// drawing's JSON, so it joins the name here, kept on one line with it. A deleted drawer has none.
function showDrawerFace(avatar) {
  const name = document.querySelector(".share-page > p > b");
  if (!name || !avatar) return;
  const drawerFace = face(avatar, 28);
  drawerFace.id = "share-drawer-face";
  const drawer = Object.assign(document.createElement("span"), { className: "share-drawer" });
  name.replaceWith(drawer);
  drawer.append(drawerFace, name);
}

async function play() {
  const mine = ++playing;
  await replay(board, drawing.actions, () => mine !== playing);
}

show.onclick = () => {
  if (!drawing) return;
  // A telephone drawing was drawn from a prompt (a player's sentence), not a word to guess.
  word.textContent = drawing.kind === "telephone"
    ? `It was drawn from “${drawing.word}”.`
    : `The word was “${drawing.word}”.`;
  word.hidden = false;
  show.disabled = true;
};
again.onclick = () => { if (drawing) play(); };

try {
  const answer = await fetch(`/v1/drawings/${encodeURIComponent(id)}`);
  if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
  drawing = await answer.json();
  showDrawerFace(validAvatar(drawing.drawerAvatar));
  play();
} catch (error) {
  word.textContent = `The drawing could not be loaded (${error.message}).`;
  word.hidden = false;
  show.disabled = true;
  again.disabled = true;
}
