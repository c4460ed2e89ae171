// Short cues made with Web Audio (no sound files): your turn, a correct guess, game over.
// Off until the player turns them on; the choice is kept in localStorage.

const STORE = "doodle.sound";
const CUES = {
  turn: [[660, 0], [880, 0.12]],
  correct: [[523, 0], [659, 0.08], [784, 0.16]],
  over: [[784, 0], [659, 0.14], [523, 0.28], [392, 0.42]],
};

let audio = null;
let on = localStorage.getItem(STORE) === "on";

export const soundOn = () => on;

// Browsers only let audio start from a click, so the context is made by the click that turns
// the sound on (or the first cue after a reload, which may stay silent until a click).
export function setSound(next) {
  on = next;
  localStorage.setItem(STORE, on ? "on" : "off");
  if (on) {
    audio ??= new AudioContext();
    audio.resume();
  }
}

export function play(cue) {
  if (!on || !CUES[cue]) return;
  audio ??= new AudioContext();
  const start = audio.currentTime + 0.02;
  for (const [frequency, at] of CUES[cue]) {
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.type = "triangle";
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(0.2, start + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.18);
    osc.connect(gain).connect(audio.destination);
    osc.start(start + at);
    osc.stop(start + at + 0.2);
  }
}
