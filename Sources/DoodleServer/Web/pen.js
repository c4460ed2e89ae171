// Drawing with a finger, pen or mouse: pointer events on a transparent canvas over the board
// become drawing messages. Points are batched every 50 ms, at most 256 per message; the stroke
// shows at once on the overlay while the messages are on their way.

import { W, H, paintStroke } from "./canvas.js";
import { t, onLanguageChange } from "./i18n.js";
import { icon } from "./icons.js";
import { button, el, setPressed } from "./ui.js";

// Each colour with the name a screen reader says (a key of i18n.js's "color.*").
const COLORS = [["#000000", "black"], ["#ffffff", "white"], ["#7f8c8d", "grey"], ["#c0392b", "red"], ["#e67e22", "orange"],
  ["#f1c40f", "yellow"], ["#27ae60", "green"], ["#2980b9", "blue"], ["#8e44ad", "purple"], ["#6d4c41", "brown"], ["#ff9ff3", "pink"]];
const WIDTHS = [4, 10, 24, 48];

export class Pen {
  // - ink: the overlay canvas (1600×1200) the pointer draws on.
  // - toolbar: where the tool buttons go.
  // - canDraw(): whether drawing is allowed now.
  // - emit(msg): sends one drawing message; false when over the budget (it is tried again).
  // - lastStrokeId(): the highest strokeId already in the drawing (ids must grow).
  // - strokeDone(): a stroke's end was sent.
  constructor({ ink, toolbar, canDraw, emit, lastStrokeId, strokeDone = () => {} }) {
    Object.assign(this, { ink, canDraw, emit, lastStrokeId, strokeDone });
    this.ctx = ink.getContext("2d");
    this.tool = { tool: "pen", color: "#000000", width: 10 };
    this.strokeId = 0;
    this.stroke = null;       // the stroke under the pointer: { points }
    this.pending = [];        // its points not yet sent
    this.begun = false;       // its strokeBegin went out
    this.buildTools(toolbar);
    ink.addEventListener("pointerdown", (e) => this.down(e));
    ink.addEventListener("pointermove", (e) => this.move(e));
    for (const type of ["pointerup", "pointercancel"]) ink.addEventListener(type, () => this.finish());
    setInterval(() => { if (this.stroke) this.flush(); }, 50);
  }

  get drawing() { return this.stroke !== null; }
  clearPreview() { this.ctx.clearRect(0, 0, W, H); }

  point(e) {
    const r = this.ink.getBoundingClientRect();
    const x = Math.round(((e.clientX - r.left) / r.width) * W), y = Math.round(((e.clientY - r.top) / r.height) * H);
    return [Math.min(W - 1, Math.max(0, x)), Math.min(H - 1, Math.max(0, y))];
  }

  down(e) {
    if (!this.canDraw() || e.button !== 0) return;
    e.preventDefault();
    const [x, y] = this.point(e);
    if (this.tool.tool === "fill") { this.emit({ type: "fill", x, y, color: this.tool.color }); return; }
    this.ink.setPointerCapture(e.pointerId);
    this.strokeId = Math.max(this.strokeId, this.lastStrokeId()) + 1;
    this.stroke = { tool: this.tool.tool, color: this.tool.color, width: this.tool.width, points: [x, y] };
    this.pending = [x, y]; this.begun = false;
    paintStroke(this.ctx, 1, this.stroke, 0);
  }

  move(e) {
    if (!this.stroke) return;
    const [x, y] = this.point(e), p = this.stroke.points;
    if (p[p.length - 2] === x && p[p.length - 1] === y) return;
    p.push(x, y); this.pending.push(x, y);
    paintStroke(this.ctx, 1, this.stroke, p.length - 4);
  }

  flush() {
    while (this.pending.length) {
      const chunk = this.pending.slice(0, 512);
      const msg = this.begun ? { type: "strokePoints", strokeId: this.strokeId, points: chunk }
        : { type: "strokeBegin", strokeId: this.strokeId, tool: this.stroke.tool, color: this.stroke.color, width: this.stroke.width, points: chunk };
      if (!this.emit(msg)) return;                 // over budget: keep the points for the next tick
      this.begun = true;
      this.pending.splice(0, chunk.length);
    }
  }

  finish() {
    if (!this.stroke) return;
    this.flush();
    const end = { type: "strokeEnd", strokeId: this.strokeId };
    // Over budget, the end waits a second; a lost end would only delay the server closing it.
    if (this.begun && !this.emit(end)) setTimeout(() => this.emit(end), 1000);
    this.stroke = null;
    this.strokeDone();
  }

  // Every toggle says whether it is the one chosen (aria-pressed) and has a name in the
  // page's language; the labels are rewritten when the language changes.
  // Buttons come in groups (colours; widths, tools and actions) that wrap as wholes, so a narrow
  // screen never puts one width button on the colours' row.
  buildTools(bar) {
    bar.replaceChildren();
    let group = null;
    const startGroup = () => { group = el("span", "", "tool-group"); bar.append(group); };
    const add = (onclick, name, labelKey, vars) => {
      const b = button("", onclick);
      if (name) b.append(icon(name));
      b.dataset.label = labelKey;
      b.dataset.labelVars = JSON.stringify(vars || {});
      group.append(b);
      return b;
    };
    const gap = () => group.append(el("span", "", "sep"));
    startGroup();
    const swatches = COLORS.map(([c, name]) => {
      const b = add(() => { this.tool.color = c; if (this.tool.tool === "eraser") this.tool.tool = "pen"; mark(); }, null, `color.${name}`);
      b.className = "swatch"; b.style.background = c; b.dataset.color = c;
      return b;
    });
    bar.append(el("span", "", "sep"));
    startGroup();
    const widths = WIDTHS.map((w) => {
      const b = add(() => { this.tool.width = w; mark(); }, null, "tool.width", { n: w });
      const dot = el("span", "", "width-dot");
      dot.style.width = dot.style.height = `${Math.max(3, Math.round(w / 2))}px`;
      b.append(dot);
      b.dataset.width = w;
      return b;
    });
    gap();
    const tools = ["pen", "eraser", "fill"].map((name) => {
      const b = add(() => { this.tool.tool = name; mark(); }, name, `tool.${name}`);
      b.dataset.tool = name;
      return b;
    });
    gap();
    add(() => this.emit({ type: "undo" }), "undo", "tool.undo").dataset.action = "undo";
    add(() => this.emit({ type: "clear" }), "clear", "tool.clear").dataset.action = "clear";
    const mark = () => {
      swatches.forEach((b) => setPressed(b, b.dataset.color === this.tool.color && this.tool.tool !== "eraser"));
      widths.forEach((b) => setPressed(b, Number(b.dataset.width) === this.tool.width));
      tools.forEach((b) => setPressed(b, b.dataset.tool === this.tool.tool));
    };
    this.labelTools = () => {
      for (const b of bar.querySelectorAll("button")) {
        const text = t(b.dataset.label, JSON.parse(b.dataset.labelVars));
        b.setAttribute("aria-label", text);
        b.title = text;
      }
    };
    onLanguageChange(this.labelTools);
    this.labelTools();
    mark();
  }
}
