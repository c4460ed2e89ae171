// Line icons for buttons that would otherwise need words (the page ships no icon font, and a
// phone's emoji differ): 24×24 paths drawn with the button's text colour.

const PATHS = {
  pen: "M4 20l4-1 11-11-3-3L5 16l-1 4zM14 6l3 3",
  eraser: "M8 20h12M4 15l9-9 6 6-8 8H8l-4-4zM9 10l6 6",
  fill: "M5 11l7-7 7 7-7 7-7-7zM5 11h14M20 15c0 2 1 3 1 4a1 1 0 0 1-2 0c0-1 1-2 1-4z",
  undo: "M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3",
  clear: "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6",
  soundOn: "M4 9h4l5-4v14l-5-4H4V9zM16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11",
  soundOff: "M4 9h4l5-4v14l-5-4H4V9zM16 9l5 6M21 9l-5 6",
  // A thumb up, and the same mirrored top to bottom (the arcs' sweep flips with it).
  like: "M3 11h4v9H3zM7 11l4-7c1.6 0 2.6 1.2 2 3l-1 3h6a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 16.8 20H7",
  dislike: "M3 13h4V4H3zM7 13l4 7c1.6 0 2.6-1.2 2-3l-1-3h6a2 2 0 0 0 2-2.3l-1.2-6A2 2 0 0 0 16.8 4H7",
  // A speech bubble: as it is (chat shown), and struck through (muted).
  chat: "M4 5h16v11H10l-5 4v-4H4z",
  chatOff: "M4 5h16v11H10l-5 4v-4H4zM3 3l18 18",
  flag: "M5 21V4M5 4h12l-2.5 4.5L17 13H5",
  // A head and shoulders: the player's account.
  person: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7",
};

// An <svg> for `name`, hidden from screen readers: the button carries the name.
export function icon(name) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("fill", "none");
  svg.setAttribute("stroke", "currentColor");
  svg.setAttribute("stroke-width", "2");
  svg.setAttribute("stroke-linecap", "round");
  svg.setAttribute("stroke-linejoin", "round");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", PATHS[name]);
  svg.append(path);
  return svg;
}
