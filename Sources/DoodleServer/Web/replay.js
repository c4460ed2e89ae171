// Replays a drawing stroke by stroke: each stroke grows a few points per frame, in the order
// it was drawn, undo and clear included, so a viewer sees how the picture came about.

const POINTS_PER_STEP = 24;        // numbers, so 12 points
const LONGEST_REPLAY_MS = 6000;    // long drawings speed up rather than drag on

// Drawing messages cut so that no step adds more than a few points.
export function replaySteps(actions) {
  const steps = [];
  for (const action of actions) {
    const points = action.points;
    if (!points || points.length <= POINTS_PER_STEP) { steps.push(action); continue; }
    steps.push({ ...action, points: points.slice(0, POINTS_PER_STEP) });
    for (let i = POINTS_PER_STEP; i < points.length; i += POINTS_PER_STEP) {
      steps.push({ type: "strokePoints", strokeId: action.strokeId, points: points.slice(i, i + POINTS_PER_STEP) });
    }
  }
  return steps;
}

// Plays `actions` on `board` from a blank canvas. The board's canvas carries
// `data-replay="playing"` until the last step, then `"done"` (or `"stopped"` if `shouldStop`
// turned true first). Resolves when it ends.
export function replay(board, actions, shouldStop = () => false) {
  const steps = replaySteps(actions);
  const frames = Math.max(1, Math.round(LONGEST_REPLAY_MS / 16));
  const perFrame = Math.max(1, Math.ceil(steps.length / frames));
  board.reset([]);
  board.canvas.dataset.replay = "playing";
  let next = 0;
  return new Promise((resolve) => {
    const frame = () => {
      if (shouldStop()) { board.canvas.dataset.replay = "stopped"; resolve(); return; }
      for (let n = 0; n < perFrame && next < steps.length; n++) board.apply(steps[next++]);
      if (next < steps.length) { requestAnimationFrame(frame); return; }
      board.canvas.dataset.replay = "done";
      resolve();
    };
    requestAnimationFrame(frame);
  });
}
