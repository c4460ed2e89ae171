// The protocol's canvas: strokes and fills painted on a <canvas> of any size, the logical
// 1600×1200 scaled to fit. Live party drawing, pair drafts, thumbnails and replays all use it.

export const W = 1600, H = 1200;

// A visible drawing (the `strokes` items of roomState) kept in step with drawing messages.
export class Board {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d", { willReadFrequently: true });
    this.scale = canvas.width / W;
    this.items = [];
    this.open = null;          // the stroke begun and not yet ended
  }

  // Replaces the drawing with `items` (roomState's shape) and paints it. `usedStrokeId` is the
  // roomState's lastStrokeId: undone strokes are not among the items, but their ids are used.
  reset(items = [], usedStrokeId = 0) {
    this.items = items.map((item) => ({ ...item, points: item.points ? [...item.points] : undefined }));
    this.open = null;
    this.usedStrokeId = usedStrokeId || 0;
    this.redraw();
  }

  get isEmpty() { return !this.items.some((i) => i.kind === "fill" || (i.points && i.points.length >= 2)); }
  get lastStrokeId() { return Math.max(this.usedStrokeId || 0, ...this.items.map((i) => i.strokeId || 0)); }

  // Applies one drawing message (strokeBegin, strokePoints, strokeEnd, fill, undo, clear).
  apply(msg) {
    switch (msg.type) {
      case "strokeBegin": {
        this.open = { kind: "stroke", strokeId: msg.strokeId, tool: msg.tool, color: msg.color, width: msg.width, points: [...msg.points] };
        this.items.push(this.open);
        paintStroke(this.ctx, this.scale, this.open, 0);
        break;
      }
      case "strokePoints": {
        if (!this.open || this.open.strokeId !== msg.strokeId) return;
        const from = this.open.points.length - 2;     // continue from the last point painted
        this.open.points.push(...msg.points);
        paintStroke(this.ctx, this.scale, this.open, from);
        break;
      }
      case "strokeEnd":
        if (this.open && this.open.strokeId === msg.strokeId) this.open = null;
        break;
      case "fill": {
        const fill = { kind: "fill", x: msg.x, y: msg.y, color: msg.color };
        this.items.push(fill);
        floodFill(this.ctx, this.scale, fill);
        break;
      }
      case "undo": {
        const removed = this.items.pop();
        if (removed === this.open) this.open = null;
        this.redraw();
        break;
      }
      case "clear":
        this.reset([], this.lastStrokeId);
        break;
    }
  }

  redraw() {
    paintItems(this.ctx, this.scale, this.items);
  }

  // True if any painted pixel is not white: the board shows something.
  hasInk() {
    const data = this.ctx.getImageData(0, 0, this.canvas.width, this.canvas.height).data;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 250 || data[i + 1] < 250 || data[i + 2] < 250) return true;
    return false;
  }
}

// Paints `items` on white.
export function paintItems(ctx, scale, items) {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  for (const item of items) item.kind === "fill" ? floodFill(ctx, scale, item) : paintStroke(ctx, scale, item, 0);
}

// Paints a stroke's segments from point index `fromIndex` (in numbers, so 2 per point).
export function paintStroke(ctx, scale, s, fromIndex) {
  const p = s.points || [];
  if (p.length < 2) return;
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.lineCap = ctx.lineJoin = "round";
  ctx.strokeStyle = ctx.fillStyle = s.tool === "eraser" ? "#ffffff" : s.color;
  ctx.lineWidth = s.width;
  const start = Math.max(0, fromIndex);
  if (p.length === 2 && start === 0) {          // a single point is a dot
    ctx.beginPath(); ctx.arc(p[0], p[1], s.width / 2, 0, Math.PI * 2); ctx.fill();
  } else {
    ctx.beginPath();
    ctx.moveTo(p[start], p[start + 1]);
    for (let i = start + 2; i < p.length; i += 2) ctx.lineTo(p[i], p[i + 1]);
    ctx.stroke();
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

// Scanline flood fill on the bitmap; a small tolerance swallows anti-aliased stroke edges.
export function floodFill(ctx, scale, { x, y, color }) {
  const w = ctx.canvas.width, h = ctx.canvas.height;
  const sx0 = Math.min(w - 1, Math.floor(x * scale)), sy0 = Math.min(h - 1, Math.floor(y * scale));
  const img = ctx.getImageData(0, 0, w, h);
  const px = new Uint32Array(img.data.buffer);
  const target = px[sy0 * w + sx0];
  const n = parseInt(color.slice(1), 16);
  const fill = (255 << 24) | ((n & 0xff) << 16) | (n & 0xff00) | (n >> 16);   // little-endian RGBA
  if ((target >>> 0) === (fill >>> 0)) return;
  const near = (v) => Math.abs((v & 255) - (target & 255)) + Math.abs(((v >> 8) & 255) - ((target >> 8) & 255)) +
    Math.abs(((v >> 16) & 255) - ((target >> 16) & 255)) < 48;
  const seen = new Uint8Array(w * h);
  const stack = [sx0, sy0];
  while (stack.length) {
    const sy = stack.pop();
    let sx = stack.pop();
    while (sx > 0 && !seen[sy * w + sx - 1] && near(px[sy * w + sx - 1])) sx--;
    let up = false, down = false;
    for (; sx < w && !seen[sy * w + sx] && near(px[sy * w + sx]); sx++) {
      seen[sy * w + sx] = 1; px[sy * w + sx] = fill;
      if (sy > 0) { const ok = !seen[(sy - 1) * w + sx] && near(px[(sy - 1) * w + sx]); if (ok && !up) stack.push(sx, sy - 1); up = ok; }
      if (sy < h - 1) { const ok = !seen[(sy + 1) * w + sx] && near(px[(sy + 1) * w + sx]); if (ok && !down) stack.push(sx, sy + 1); down = ok; }
    }
  }
  ctx.putImageData(img, 0, 0);
}

// roomState items as the drawing messages that make them, for a replay.
export function itemsToActions(items) {
  const actions = [];
  for (const item of items) {
    if (item.kind === "fill") actions.push({ type: "fill", x: item.x, y: item.y, color: item.color });
    else {
      actions.push({ type: "strokeBegin", strokeId: item.strokeId, tool: item.tool, color: item.color, width: item.width, points: item.points });
      actions.push({ type: "strokeEnd", strokeId: item.strokeId });
    }
  }
  return actions;
}

// A small canvas showing `items` at once, for a gallery tile or an inbox entry; `label` is
// what a screen reader says for it.
export function thumbnail(items, width = 240, label = "") {
  const canvas = document.createElement("canvas");
  canvas.setAttribute("role", "img");
  if (label) canvas.setAttribute("aria-label", label);
  canvas.width = width; canvas.height = Math.round((width * H) / W);
  new Board(canvas).reset(items);
  return canvas;
}
