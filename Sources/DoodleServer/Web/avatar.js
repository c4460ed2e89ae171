// A player's face as inline SVG: a coloured disc with one of 8 pairs of eyes and one of 8
// mouths (PROTOCOL.md rev 5, "Avatars"). Drawn on a 32-unit grid with strokes of 2 or more, so
// each variant still reads at 24 px; the features are dark on every colour the editor offers.

const NS = "http://www.w3.org/2000/svg";
const INK = "#2b2b2b";

// The server's palette for avatars it derives (docs/protocol.md section 25); the editor offers it.
export const PALETTE = ["#f26b5b", "#f5a623", "#f8e05c", "#8bd346", "#3ec1a0", "#4aa8f0",
  "#7b7bf2", "#c07af0", "#f07ac0", "#9ac4d8", "#d8b08c", "#a0d8b3"];
export const VARIANTS = 8;

// Each variant is a list of [tag, attributes]; strokes and fills default to the ink.
const EYES = [
  [["circle", { cx: 11, cy: 13, r: 2 }], ["circle", { cx: 21, cy: 13, r: 2 }]],
  [["circle", { cx: 11, cy: 13, r: 3.6, fill: "#fff", "stroke-width": 1.2 }], ["circle", { cx: 21, cy: 13, r: 3.6, fill: "#fff", "stroke-width": 1.2 }],
    ["circle", { cx: 11.6, cy: 13.6, r: 1.7 }], ["circle", { cx: 21.6, cy: 13.6, r: 1.7 }]],
  [["ellipse", { cx: 11, cy: 13, rx: 1.6, ry: 3 }], ["ellipse", { cx: 21, cy: 13, rx: 1.6, ry: 3 }]],
  [["path", { d: "M8 14q3-4 6 0M18 14q3-4 6 0", fill: "none", "stroke-width": 2, "stroke-linecap": "round" }]],
  [["path", { d: "M8 13h6M18 13h6", fill: "none", "stroke-width": 2, "stroke-linecap": "round" }]],
  [["circle", { cx: 11, cy: 13, r: 2 }], ["path", { d: "M18 13.5q3 2 6 0", fill: "none", "stroke-width": 2, "stroke-linecap": "round" }]],
  [["circle", { cx: 11, cy: 13, r: 3.8, fill: "none", "stroke-width": 1.6 }], ["circle", { cx: 21, cy: 13, r: 3.8, fill: "none", "stroke-width": 1.6 }],
    ["path", { d: "M14.8 13h2.4", "stroke-width": 1.6 }], ["circle", { cx: 11, cy: 13, r: 1.3 }], ["circle", { cx: 21, cy: 13, r: 1.3 }]],
  [["circle", { cx: 11, cy: 14, r: 2 }], ["circle", { cx: 21, cy: 14, r: 2 }],
    ["path", { d: "M7.5 9.5l6 1.8M24.5 9.5l-6 1.8", fill: "none", "stroke-width": 1.8, "stroke-linecap": "round" }]],
];

const MOUTHS = [
  [["path", { d: "M10 20q6 6 12 0", fill: "none", "stroke-width": 2, "stroke-linecap": "round" }]],
  [["path", { d: "M9 19h14q-1 7-7 7t-7-7z", "stroke-width": 1.2, "stroke-linejoin": "round" }]],
  [["path", { d: "M11 22h10", fill: "none", "stroke-width": 2, "stroke-linecap": "round" }]],
  [["ellipse", { cx: 16, cy: 22, rx: 2.6, ry: 3.2 }]],
  [["path", { d: "M15 22.5v2.5a2 2 0 0 0 4 0v-2.5z", fill: "#e4576e", "stroke-width": 1 }],
    ["path", { d: "M10 21q6 4 12 0", fill: "none", "stroke-width": 2, "stroke-linecap": "round" }]],
  [["path", { d: "M11 21q2.5 3 5 0q2.5 3 5 0", fill: "none", "stroke-width": 1.8, "stroke-linecap": "round", "stroke-linejoin": "round" }]],
  [["path", { d: "M10 24q6-5 12 0", fill: "none", "stroke-width": 2, "stroke-linecap": "round" }]],
  [["rect", { x: 10, y: 19.5, width: 12, height: 5, rx: 2, fill: "#fff", "stroke-width": 1.4 }], ["path", { d: "M10 22h12M14 19.5v5M18 19.5v5", "stroke-width": 1 }]],
];

const svg = (tag, attributes) => {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
};

const COLOR = /^#[0-9a-f]{6}$/;
const inRange = (n) => Number.isInteger(n) && n >= 0 && n < VARIANTS;

// An avatar as the server would take it, or null: what a stored or received value is checked with.
export function validAvatar(value) {
  if (!value || typeof value !== "object") return null;
  const color = String(value.color ?? "").toLowerCase();
  return COLOR.test(color) && inRange(value.eyes) && inRange(value.mouth) ? { color, eyes: value.eyes, mouth: value.mouth } : null;
}

// The face the server gives a player who never chose one: FNV-1a (64 bits) of the id's UTF-8
// bytes picks the colour, eyes and mouth, so the page can show it before the server does.
export function derivedAvatar(playerId) {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(playerId)) h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return { color: PALETTE[Number(h % 12n)], eyes: Number((h >> 16n) % 8n), mouth: Number((h >> 24n) % 8n) };
}

// The face as an <svg>; `label` names it for assistive technology (else it is decoration).
// data-color, data-eyes and data-mouth say what it shows, for styles and tests.
export function face(avatar, size = 24, label = "") {
  const a = validAvatar(avatar) ?? { color: "#c8ced6", eyes: 0, mouth: 2 };
  const root = svg("svg", { viewBox: "0 0 32 32", width: size, height: size, class: "avatar" });
  root.dataset.color = a.color;
  root.dataset.eyes = a.eyes;
  root.dataset.mouth = a.mouth;
  if (label) { root.setAttribute("role", "img"); root.setAttribute("aria-label", label); } else root.setAttribute("aria-hidden", "true");
  root.append(svg("circle", { cx: 16, cy: 16, r: 15, fill: a.color, stroke: "#0003", "stroke-width": 1 }));
  const features = svg("g", { fill: INK, stroke: INK, "stroke-width": 0 });
  for (const [tag, attributes] of [...EYES[a.eyes], ...MOUTHS[a.mouth]]) features.append(svg(tag, attributes));
  root.append(features);
  return root;
}
