// Every sound is synthesised with the Web Audio API: no audio file is downloaded.
const MUTE_KEY = "regalia.muted";
let ctx = null;
let muted = localStorage.getItem(MUTE_KEY) === "1";

function audio() {
  if (muted) return null;
  if (!ctx) {
    const Ctor = window.AudioContext || window.webkitAudioContext;
    if (!Ctor) return null;
    ctx = new Ctor();
  }
  if (ctx.state === "suspended") ctx.resume();
  return ctx;
}

function tone(freq, start, length, { type = "sine", gain = 0.15, slide = 0 } = {}) {
  const a = audio();
  if (!a) return;
  const t = a.currentTime + start;
  const osc = a.createOscillator();
  const amp = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  if (slide) osc.frequency.exponentialRampToValueAtTime(Math.max(20, freq + slide), t + length);
  amp.gain.setValueAtTime(0.0001, t);
  amp.gain.exponentialRampToValueAtTime(gain, t + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, t + length);
  osc.connect(amp).connect(a.destination);
  osc.start(t);
  osc.stop(t + length + 0.02);
}

function noise(start, length, { gain = 0.2, filter = 1800 } = {}) {
  const a = audio();
  if (!a) return;
  const frames = Math.floor(a.sampleRate * length);
  const buffer = a.createBuffer(1, frames, a.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
  const src = a.createBufferSource();
  src.buffer = buffer;
  const band = a.createBiquadFilter();
  band.type = "bandpass";
  band.frequency.value = filter;
  const amp = a.createGain();
  amp.gain.value = gain;
  src.connect(band).connect(amp).connect(a.destination);
  src.start(a.currentTime + start);
}

export const sounds = {
  click() { tone(660, 0, 0.06, { type: "triangle", gain: 0.08 }); },
  /** Dice rattling in a cup, then landing. */
  roll() { for (let i = 0; i < 7; i++) noise(i * 0.06, 0.05, { gain: 0.25, filter: 2500 + i * 150 }); },
  skull() { tone(220, 0, 0.35, { type: "sawtooth", gain: 0.06, slide: -120 }); },
  refused() { tone(180, 0, 0.18, { type: "square", gain: 0.05 }); tone(140, 0.12, 0.2, { type: "square", gain: 0.05 }); },
  coin() { tone(1320, 0, 0.08, { type: "square", gain: 0.04 }); tone(1760, 0.07, 0.12, { type: "square", gain: 0.04 }); },
  /** A short royal fanfare (a Grand Heist, a Queen crowned, a match won). */
  fanfare() {
    [523, 659, 784, 1047, 784, 1047].forEach((f, i) => tone(f, i * 0.13, i === 5 ? 0.5 : 0.14,
      { type: "sawtooth", gain: 0.07 }));
  },
  /** A crowd's cheer, louder as ``strength`` (0..1) grows: a procession nearing the Queen. */
  cheer(strength = 0.5) {
    const level = 0.05 + 0.35 * Math.max(0, Math.min(1, strength));
    noise(0, 0.4 + strength * 0.8, { gain: level, filter: 900 });
    noise(0.05, 0.3 + strength * 0.7, { gain: level * 0.7, filter: 1600 });
  },
  spin() { for (let i = 0; i < 12; i++) tone(900 - i * 40, i * 0.05 * (1 + i / 12), 0.03, { type: "triangle", gain: 0.05 }); },
  thud() { noise(0, 0.25, { gain: 0.35, filter: 200 }); tone(90, 0, 0.3, { gain: 0.2, slide: -40 }); },
  turn() { tone(880, 0, 0.12, { gain: 0.06 }); tone(1175, 0.1, 0.16, { gain: 0.06 }); },
  /** King's Gold, the King's Ransom: the whole Treasury pours into a chest (a cascade of coins, then brass). */
  ransom() {
    for (let i = 0; i < 10; i++) tone(1200 + (i % 3) * 260, i * 0.07, 0.09, { type: "square", gain: 0.035 });
    [523, 659, 784, 1047].forEach((f, i) => tone(f, 0.75 + i * 0.12, i === 3 ? 0.45 : 0.13, { type: "sawtooth", gain: 0.06 }));
  },
  /** King's Gold, Broadside Barrage: five cannon blasts in a row. */
  broadside() { for (let i = 0; i < 5; i++) { noise(i * 0.18, 0.3, { gain: 0.35, filter: 180 }); tone(80, i * 0.18, 0.3, { gain: 0.18, slide: -35 }); } },
  /** King's Gold, Royal Amnesty: a ship's bell and a bright chord. */
  amnesty() { tone(1568, 0, 0.8, { gain: 0.08 }); tone(1976, 0.02, 0.8, { gain: 0.05 }); tone(2349, 0.04, 0.8, { gain: 0.04 }); },
  /** King's Gold, Mutiny: a low groan sinking, the crew's roar. */
  mutiny() { tone(160, 0, 0.9, { type: "sawtooth", gain: 0.07, slide: -100 }); noise(0.1, 0.7, { gain: 0.2, filter: 500 }); },
  /** King's Gold, the Captain's Duel: an ability card turned face up. */
  reveal() { noise(0, 0.08, { gain: 0.15, filter: 3500 }); tone(988, 0.06, 0.14, { type: "triangle", gain: 0.07 }); },
  /** A turn clock's last seconds: one tick per second. */
  tick() { tone(1400, 0, 0.05, { type: "square", gain: 0.05 }); },
};

export function isMuted() { return muted; }

export function setMuted(value) {
  muted = value;
  localStorage.setItem(MUTE_KEY, value ? "1" : "0");
}

/** Wire the header's mute switch. */
export function bindMuteButton(button) {
  const paint = () => {
    button.setAttribute("aria-pressed", String(muted));
    button.textContent = muted ? "♪ Sound off" : "♪ Sound on";
  };
  button.addEventListener("click", () => { setMuted(!muted); paint(); });
  paint();
}
