/**
 * Renders Folio's seed images: no network, so every picture is drawn here as SVG
 * and rasterised with sharp into content/images/*.jpg.
 *
 *   npx tsx content/scripts/make-images.ts            # all images
 *   npx tsx content/scripts/make-images.ts hero-foo    # only keys containing "hero-foo"
 *
 * Everything is deterministic: the random generator is seeded from the image key,
 * so re-running produces the same artwork (byte-for-byte for a given sharp/libvips).
 *
 * - one hero per article (1920x1080), motif and palette chosen by the article's
 *   first topic, composition varied by the slug;
 * - one avatar per author (512x512), an abstract head-and-shoulders portrait;
 * - a few page and inline images (1600x1000, the home hero 1920x1080).
 *
 * The alt texts in content/assets.yaml describe these drawings; if you change a
 * motif here, update the matching alt text there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { readContentFolder } from '../../api/publishing/contentFolder';
import { contentFilesOf } from '../../api/publishing/readContentFiles';

const CONTENT = path.resolve(__dirname, '..');
const OUT = path.join(CONTENT, 'images');
const JPEG = { quality: 78, mozjpeg: true } as const;

// ---------------------------------------------------------------- randomness

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

type Rng = {
  (): number;
  range(a: number, b: number): number;
  int(a: number, b: number): number;
  pick<T>(items: readonly T[]): T;
};

function makeRng(seed: string): Rng {
  let a = hashString(seed);
  const next = (() => {
    // mulberry32
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as Rng;
  next.range = (lo, hi) => lo + (hi - lo) * next();
  next.int = (lo, hi) => Math.floor(next.range(lo, hi + 1));
  next.pick = <T,>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from empty list');
    return item;
  };
  return next;
}

// ---------------------------------------------------------------- colour

function hexToHsl(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return [h * 60, s, l];
}

function hslToHex(h: number, s: number, l: number): string {
  h = ((h % 360) + 360) % 360;
  s = Math.min(1, Math.max(0, s));
  l = Math.min(1, Math.max(0, l));
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  const to = (v: number) => Math.round((v + m) * 255).toString(16).padStart(2, '0');
  return `#${to(r)}${to(g)}${to(b)}`;
}

/** Shift a colour's hue (degrees) and lightness (absolute, -1..1). */
function shift(hex: string, dh: number, dl = 0, ds = 0): string {
  const [h, s, l] = hexToHsl(hex);
  return hslToHex(h + dh, s + ds, l + dl);
}

function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (p: number, sh: number) => (p >> sh) & 255;
  const c = (sh: number) => Math.round(ch(pa, sh) * (1 - t) + ch(pb, sh) * t).toString(16).padStart(2, '0');
  return `#${c(16)}${c(8)}${c(0)}`;
}

type Palette = Record<string, string>;

const PALETTES: Record<string, Palette> = {
  cities: { skyTop: '#1f1940', skyMid: '#6b3f78', skyLow: '#f0a25a', far: '#7a4f83', mid: '#3b2758', near: '#1a1230', window: '#ffd27a', sun: '#ffe3a3' },
  nature: { skyTop: '#cfe3d6', skyLow: '#f6e3b0', sun: '#fff6d8', w1: '#8fc1b0', w2: '#5a9e8f', w3: '#2f7f6f', w4: '#1d5a5e', w5: '#123f45', foam: '#f4fbf6' },
  science: { bg1: '#27215e', bg2: '#0b0d2a', ring: '#7fe3ff', core: '#ffe9a8', body: '#ff9f7a', star: '#dfe7ff' },
  technology: { bg1: '#0f2f3d', bg2: '#07111d', trace: '#2ec4b6', node: '#9ff5e8', chip: '#143c4c', glow: '#3ff0d8' },
  food: { bg1: '#e07a5f', bg2: '#b4472f', plate: '#f4e9d8', rim: '#d9c6a5', saffron: '#f2a541', olive: '#7a8b4a', deep: '#7c2f22', dot: '#3d1a12' },
  craft: { light: '#e2b56f', mid: '#c48a4d', dark: '#8a5a35', deep: '#4a2c1c' },
  design: { paper: '#f2ede3', red: '#d7263d', blue: '#1b4b8f', ochre: '#e0a526', ink: '#1a1a1a' },
  'work-culture': { bg: '#e7e3d8', line: '#c9c3b3', slate: '#4a5a6a', sage: '#9bb09a', mustard: '#d9a441', pale: '#d5d0c2' },
};

function shiftedPalette(p: Palette, dh: number): Palette {
  const out: Palette = {};
  for (const [k, v] of Object.entries(p)) out[k] = shift(v, dh);
  return out;
}

function col(p: Palette, key: string): string {
  const v = p[key];
  if (!v) throw new Error(`palette has no colour ${key}`);
  return v;
}

// ---------------------------------------------------------------- svg helpers

const f = (n: number) => (Math.round(n * 10) / 10).toString();

function grainDefs(id: string, freq = 0.85): string {
  return `<filter id="${id}" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="2" seed="7" stitchTiles="stitch"/>
    <feColorMatrix type="saturate" values="0"/>
  </filter>`;
}

/** Film grain plus a soft vignette, laid over any picture. */
function finish(w: number, h: number, grain = 0.07, vignette = 0.35): string {
  return `<defs>${grainDefs('grain')}
    <radialGradient id="vig" cx="50%" cy="48%" r="75%">
      <stop offset="55%" stop-color="#000" stop-opacity="0"/>
      <stop offset="100%" stop-color="#000" stop-opacity="${vignette}"/>
    </radialGradient></defs>
  <rect width="${w}" height="${h}" filter="url(#grain)" opacity="${grain}" style="mix-blend-mode:overlay"/>
  <rect width="${w}" height="${h}" fill="url(#vig)"/>`;
}

function svgDoc(w: number, h: number, inner: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${inner}</svg>`;
}

/** Smooth closed band: a wavy top edge from x=0..w, filled down to the bottom. */
function wavePath(w: number, h: number, y: number, amp: number, len: number, phase: number, rng: Rng): string {
  const pts: string[] = [];
  const step = 24;
  const amp2 = amp * rng.range(0.2, 0.5);
  const len2 = len * rng.range(0.35, 0.6);
  for (let x = -step; x <= w + step; x += step) {
    const yy = y + amp * Math.sin((x / len) * Math.PI * 2 + phase) + amp2 * Math.sin((x / len2) * Math.PI * 2 + phase * 1.7);
    pts.push(`${f(x)},${f(yy)}`);
  }
  return `M${pts.join(' L')} L${w + step},${h + 10} L${-step},${h + 10} Z`;
}

// ---------------------------------------------------------------- hero motifs

type Motif = (rng: Rng, p: Palette, w: number, h: number) => string;

const cities: Motif = (rng, p, w, h) => {
  const horizon = h * rng.range(0.58, 0.66);
  const sunX = rng.range(0.2, 0.8) * w;
  const sunY = horizon - rng.range(40, 160);
  let s = `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${col(p, 'skyTop')}"/>
      <stop offset="0.55" stop-color="${col(p, 'skyMid')}"/>
      <stop offset="1" stop-color="${col(p, 'skyLow')}"/>
    </linearGradient>
    <radialGradient id="sunglow" cx="${f(sunX)}" cy="${f(sunY)}" r="${f(w * 0.35)}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${col(p, 'sun')}" stop-opacity="0.75"/>
      <stop offset="1" stop-color="${col(p, 'sun')}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="haze" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${col(p, 'skyLow')}" stop-opacity="0"/>
      <stop offset="1" stop-color="${col(p, 'skyLow')}" stop-opacity="0.16"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <rect width="${w}" height="${h}" fill="url(#sunglow)"/>
  <circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(rng.range(60, 95))}" fill="${col(p, 'sun')}" opacity="0.92"/>`;
  // thin cloud streaks
  for (let i = 0; i < 5; i++) {
    const y = rng.range(h * 0.12, horizon - 120);
    const x = rng.range(-200, w - 200);
    s += `<rect x="${f(x)}" y="${f(y)}" width="${f(rng.range(300, 800))}" height="${f(rng.range(3, 9))}" rx="4" fill="${col(p, 'sun')}" opacity="${f(rng.range(0.12, 0.3))}"/>`;
  }
  const layers: Array<{ fill: string; base: number; hmin: number; hmax: number; windows: number }> = [
    { fill: col(p, 'far'), base: horizon + 40, hmin: 90, hmax: 300, windows: 0 },
    { fill: col(p, 'mid'), base: horizon + 170, hmin: 140, hmax: 420, windows: 0.12 },
    { fill: col(p, 'near'), base: h + 20, hmin: 260, hmax: 560, windows: 0.22 },
  ];
  for (const layer of layers) {
    let x = rng.range(-120, -20);
    while (x < w) {
      const bw = rng.range(70, 190);
      const bh = rng.range(layer.hmin, layer.hmax);
      const top = layer.base - bh;
      s += `<rect x="${f(x)}" y="${f(top)}" width="${f(bw + 1)}" height="${f(bh + 40)}" fill="${layer.fill}"/>`;
      const roof = rng();
      if (roof < 0.15) {
        // a rooftop water tank on legs
        const tx = x + bw * rng.range(0.2, 0.6);
        s += `<rect x="${f(tx)}" y="${f(top - 46)}" width="34" height="30" rx="3" fill="${layer.fill}"/>
          <path d="M${f(tx - 2)},${f(top - 46)} L${f(tx + 17)},${f(top - 62)} L${f(tx + 36)},${f(top - 46)} Z" fill="${layer.fill}"/>
          <rect x="${f(tx + 4)}" y="${f(top - 16)}" width="4" height="16" fill="${layer.fill}"/>
          <rect x="${f(tx + 26)}" y="${f(top - 16)}" width="4" height="16" fill="${layer.fill}"/>`;
      } else if (roof < 0.3) {
        s += `<rect x="${f(x + bw / 2 - 2)}" y="${f(top - rng.range(30, 90))}" width="3" height="90" fill="${layer.fill}"/>`;
      } else if (roof < 0.42) {
        s += `<path d="M${f(x)},${f(top)} L${f(x + bw / 2)},${f(top - bw * 0.35)} L${f(x + bw + 1)},${f(top)} Z" fill="${layer.fill}"/>`;
      }
      if (layer.windows > 0) {
        const cols = Math.max(2, Math.floor(bw / 26));
        const gap = bw / cols;
        for (let wy = top + 22; wy < layer.base - 30; wy += 34) {
          for (let c = 0; c < cols; c++) {
            if (rng() < layer.windows) {
              s += `<rect x="${f(x + c * gap + gap * 0.28)}" y="${f(wy)}" width="${f(gap * 0.44)}" height="14" fill="${col(p, 'window')}" opacity="${f(rng.range(0.55, 0.95))}"/>`;
            }
          }
        }
      }
      x += bw + rng.range(-10, 18);
    }
    // atmospheric haze: each nearer layer sits in front of a soft glow
    s += `<rect x="0" y="${f(layer.base - 260)}" width="${w}" height="260" fill="url(#haze)"/>`;
  }
  return s;
};

const nature: Motif = (rng, p, w, h) => {
  const horizon = h * rng.range(0.42, 0.52);
  const sunX = rng.range(0.22, 0.78) * w;
  const sunY = horizon - rng.range(110, 230);
  let s = `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${col(p, 'skyTop')}"/>
      <stop offset="1" stop-color="${col(p, 'skyLow')}"/>
    </linearGradient>
    <radialGradient id="sunglow" cx="${f(sunX)}" cy="${f(sunY)}" r="${f(w * 0.3)}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="6"/></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <rect width="${w}" height="${h}" fill="url(#sunglow)"/>
  <circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(rng.range(70, 110))}" fill="${col(p, 'sun')}" filter="url(#soft)" opacity="0.95"/>`;
  const bands = ['w1', 'w2', 'w3', 'w4', 'w5'];
  const n = 7;
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const y = horizon + Math.pow(t, 1.35) * (h - horizon) * 0.9;
    const amp = 6 + t * rng.range(18, 34);
    const len = rng.range(380, 900) * (0.6 + t);
    const key = bands[Math.min(bands.length - 1, Math.floor(t * bands.length))] ?? 'w5';
    const fill = mix(col(p, key), col(p, 'skyLow'), (1 - t) * 0.25);
    const phase = rng.range(0, Math.PI * 2);
    s += `<path d="${wavePath(w, h, y, amp, len, phase, rng)}" fill="${fill}"/>`;
    // foam line along the crest
    s += `<path d="${wavePath(w, h, y + 4, amp, len, phase, rng).split(' L' + (w + 24))[0]}" fill="none" stroke="${col(p, 'foam')}" stroke-width="${f(1 + t * 2)}" opacity="${f(0.18 + t * 0.2)}"/>`;
  }
  // glitter path under the sun
  for (let i = 0; i < 70; i++) {
    const y = rng.range(horizon + 10, h * 0.85);
    const spread = 30 + (y - horizon) * 0.45;
    const x = sunX + rng.range(-spread, spread);
    s += `<rect x="${f(x)}" y="${f(y)}" width="${f(rng.range(12, 60))}" height="${f(rng.range(2, 4))}" rx="2" fill="${col(p, 'sun')}" opacity="${f(rng.range(0.25, 0.6))}"/>`;
  }
  return s;
};

const science: Motif = (rng, p, w, h) => {
  const cx = w * rng.range(0.38, 0.62);
  const cy = h * rng.range(0.42, 0.58);
  let s = `<defs>
    <radialGradient id="bg" cx="${f(cx)}" cy="${f(cy)}" r="${f(w * 0.75)}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${col(p, 'bg1')}"/>
      <stop offset="1" stop-color="${col(p, 'bg2')}"/>
    </radialGradient>
    <radialGradient id="core" cx="${f(cx)}" cy="${f(cy)}" r="260" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${col(p, 'core')}" stop-opacity="1"/>
      <stop offset="0.18" stop-color="${col(p, 'core')}" stop-opacity="0.7"/>
      <stop offset="1" stop-color="${col(p, 'core')}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  for (let i = 0; i < 260; i++) {
    s += `<circle cx="${f(rng() * w)}" cy="${f(rng() * h)}" r="${f(rng.range(0.6, 2.2))}" fill="${col(p, 'star')}" opacity="${f(rng.range(0.2, 0.8))}"/>`;
  }
  const tilt = rng.range(-30, 30);
  const rings = rng.int(5, 7);
  for (let i = 0; i < rings; i++) {
    const rx = 150 + i * rng.range(95, 125);
    const ry = rx * rng.range(0.3, 0.45);
    const rot = tilt + rng.range(-14, 14);
    s += `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f(rot)})">
      <ellipse rx="${f(rx)}" ry="${f(ry)}" fill="none" stroke="${col(p, 'ring')}" stroke-width="${f(rng.range(1.2, 2.6))}" opacity="${f(rng.range(0.25, 0.6))}"/>`;
    const bodies = rng.int(1, 2);
    for (let b = 0; b < bodies; b++) {
      const a = rng.range(0, Math.PI * 2);
      const r = rng.range(5, 15);
      const color = rng() < 0.5 ? col(p, 'body') : col(p, 'ring');
      s += `<circle cx="${f(rx * Math.cos(a))}" cy="${f(ry * Math.sin(a))}" r="${f(r * 2.6)}" fill="${color}" opacity="0.12"/>
        <circle cx="${f(rx * Math.cos(a))}" cy="${f(ry * Math.sin(a))}" r="${f(r)}" fill="${color}"/>`;
    }
    s += `</g>`;
  }
  s += `<circle cx="${f(cx)}" cy="${f(cy)}" r="260" fill="url(#core)"/>
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rng.range(34, 48))}" fill="${col(p, 'core')}"/>`;
  return s;
};

const technology: Motif = (rng, p, w, h) => {
  const step = 60;
  let s = `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${col(p, 'bg1')}"/>
      <stop offset="1" stop-color="${col(p, 'bg2')}"/>
    </linearGradient>
    <filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="5"/></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  // faint dot grid
  for (let x = step / 2; x < w; x += step) {
    for (let y = step / 2; y < h; y += step) {
      s += `<circle cx="${x}" cy="${y}" r="1.4" fill="${col(p, 'node')}" opacity="0.12"/>`;
    }
  }
  // chips
  const chips: Array<[number, number, number, number]> = [];
  for (let i = 0; i < rng.int(2, 3); i++) {
    const cw = step * rng.int(3, 5);
    const ch = step * rng.int(2, 4);
    const x = step / 2 + step * rng.int(2, Math.floor(w / step) - 7);
    const y = step / 2 + step * rng.int(1, Math.floor(h / step) - 6);
    chips.push([x, y, cw, ch]);
  }
  // traces: orthogonal random walks on the grid
  let traces = '';
  let nodes = '';
  for (let i = 0; i < 46; i++) {
    let x = step / 2 + step * rng.int(0, Math.floor(w / step) - 1);
    let y = step / 2 + step * rng.int(0, Math.floor(h / step) - 1);
    const pts = [`${x},${y}`];
    let dir = rng.int(0, 3);
    const len = rng.int(4, 14);
    for (let k = 0; k < len; k++) {
      if (rng() < 0.3) dir = (dir + (rng() < 0.5 ? 1 : 3)) % 4;
      const [dx, dy] = ([[1, 0], [0, 1], [-1, 0], [0, -1]] as const)[dir] ?? ([1, 0] as const);
      const n = rng.int(1, 3);
      x += dx * step * n;
      y += dy * step * n;
      pts.push(`${x},${y}`);
    }
    const o = rng.range(0.35, 0.9);
    traces += `<polyline points="${pts.join(' ')}" fill="none" stroke="${col(p, 'trace')}" stroke-width="${f(rng.range(2, 4))}" stroke-linejoin="round" opacity="${f(o)}"/>`;
    const end = pts[pts.length - 1] ?? '0,0';
    const [ex, ey] = end.split(',');
    const start = pts[0] ?? '0,0';
    const [sx, sy] = start.split(',');
    nodes += `<circle cx="${ex}" cy="${ey}" r="7" fill="${col(p, 'node')}"/><circle cx="${sx}" cy="${sy}" r="5" fill="none" stroke="${col(p, 'node')}" stroke-width="2"/>`;
  }
  s += `<g filter="url(#glow)" opacity="0.7">${traces}</g>${traces}<g filter="url(#glow)">${nodes}</g>${nodes}`;
  for (const [x, y, cw, ch] of chips) {
    for (let k = 0; k < cw; k += 20) {
      s += `<rect x="${x + k + 6}" y="${y - 14}" width="6" height="14" fill="${col(p, 'trace')}" opacity="0.8"/><rect x="${x + k + 6}" y="${y + ch}" width="6" height="14" fill="${col(p, 'trace')}" opacity="0.8"/>`;
    }
    s += `<rect x="${x}" y="${y}" width="${cw}" height="${ch}" rx="10" fill="${col(p, 'chip')}" stroke="${col(p, 'trace')}" stroke-width="3"/>
      <rect x="${x + 18}" y="${y + 18}" width="${cw - 36}" height="${ch - 36}" rx="6" fill="none" stroke="${col(p, 'node')}" stroke-width="1.5" opacity="0.5"/>`;
  }
  s += `<circle cx="${f(w * rng.range(0.3, 0.7))}" cy="${f(h * rng.range(0.3, 0.7))}" r="${f(w * 0.35)}" fill="${col(p, 'glow')}" opacity="0.06"/>`;
  return s;
};

const food: Motif = (rng, p, w, h) => {
  let s = `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${col(p, 'bg1')}"/>
      <stop offset="1" stop-color="${col(p, 'bg2')}"/>
    </linearGradient>
    <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="18"/></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  // linen stripes
  for (let y = 0; y < h; y += 14) {
    s += `<rect x="0" y="${y}" width="${w}" height="3" fill="#ffffff" opacity="0.035"/>`;
  }
  const fills = ['saffron', 'olive', 'deep', 'plate'];
  const placed: Array<[number, number, number]> = [];
  for (let attempt = 0; attempt < 200 && placed.length < 6; attempt++) {
    const r = rng.range(150, 330);
    const x = rng.range(r * 0.4, w - r * 0.4);
    const y = rng.range(r * 0.4, h - r * 0.4);
    if (placed.some(([px, py, pr]) => Math.hypot(px - x, py - y) < (pr + r) * 0.78)) continue;
    placed.push([x, y, r]);
  }
  for (const [x, y, r] of placed) {
    const inner = col(p, rng.pick(fills));
    s += `<circle cx="${f(x + 22)}" cy="${f(y + 30)}" r="${f(r)}" fill="#2a0d06" opacity="0.35" filter="url(#shadow)"/>
      <circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${col(p, 'plate')}"/>
      <circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.86)}" fill="none" stroke="${col(p, 'rim')}" stroke-width="3"/>
      <circle cx="${f(x)}" cy="${f(y)}" r="${f(r * rng.range(0.5, 0.7))}" fill="${inner}"/>`;
    // garnish: small dots on the filling
    const dots = rng.int(6, 18);
    for (let i = 0; i < dots; i++) {
      const a = rng.range(0, Math.PI * 2);
      const d = rng.range(0, r * 0.45);
      s += `<circle cx="${f(x + d * Math.cos(a))}" cy="${f(y + d * Math.sin(a))}" r="${f(rng.range(3, 9))}" fill="${rng() < 0.5 ? col(p, 'plate') : col(p, 'dot')}" opacity="0.8"/>`;
    }
  }
  // scattered seeds and crumbs
  for (let i = 0; i < 90; i++) {
    s += `<ellipse cx="${f(rng() * w)}" cy="${f(rng() * h)}" rx="${f(rng.range(2, 6))}" ry="${f(rng.range(1.5, 3))}" transform="rotate(${f(rng.range(0, 180))})" fill="${rng() < 0.6 ? col(p, 'plate') : col(p, 'dot')}" opacity="${f(rng.range(0.35, 0.8))}"/>`;
  }
  return s;
};

const craft: Motif = (rng, p, w, h) => {
  const kx = w * rng.range(0.3, 0.7);
  const ky = h * rng.range(0.35, 0.65);
  const angle = rng.range(-8, 8);
  let s = `<rect width="${w}" height="${h}" fill="${col(p, 'mid')}"/>
    <g transform="rotate(${f(angle)} ${w / 2} ${h / 2})">`;
  const shades = [col(p, 'light'), mix(col(p, 'light'), col(p, 'mid'), 0.5), col(p, 'mid'), mix(col(p, 'mid'), col(p, 'dark'), 0.5)];
  const n = 46;
  const phase = rng.range(0, 10);
  for (let i = -4; i < n + 4; i++) {
    const base = (i / n) * (h + 300) - 150;
    const pts: string[] = [];
    for (let x = -200; x <= w + 200; x += 20) {
      const dx = x - kx;
      const dy = base - ky;
      const d2 = dx * dx + dy * dy * 2.2;
      const push = 150 * Math.exp(-d2 / 60000) * Math.sign(dy || 1);
      const yy = base + 18 * Math.sin(x / 260 + i * 0.15 + phase) + 8 * Math.sin(x / 90 + i * 0.7) + push;
      pts.push(`${f(x)},${f(yy)}`);
    }
    const fill = shades[((i % shades.length) + shades.length) % shades.length] ?? col(p, 'mid');
    s += `<path d="M${pts.join(' L')} L${w + 200},${h + 400} L-200,${h + 400} Z" fill="${fill}"/>`;
    s += `<path d="M${pts.join(' L')}" fill="none" stroke="${col(p, 'dark')}" stroke-width="${f(rng.range(1, 2.6))}" opacity="${f(rng.range(0.35, 0.75))}"/>`;
  }
  // the knot
  for (let r = 7; r >= 1; r--) {
    s += `<ellipse cx="${f(kx)}" cy="${f(ky)}" rx="${f(r * 13)}" ry="${f(r * 6)}" fill="${r % 2 ? col(p, 'dark') : col(p, 'mid')}" opacity="0.9"/>`;
  }
  s += `<ellipse cx="${f(kx)}" cy="${f(ky)}" rx="10" ry="5" fill="${col(p, 'deep')}"/></g>`;
  // long pores
  for (let i = 0; i < 160; i++) {
    s += `<rect x="${f(rng() * w)}" y="${f(rng() * h)}" width="${f(rng.range(20, 80))}" height="1.6" fill="${col(p, 'deep')}" opacity="${f(rng.range(0.15, 0.4))}" transform="rotate(${f(angle)})"/>`;
  }
  s += `<rect width="${w}" height="${h}" fill="${col(p, 'light')}" opacity="0.06"/>`;
  return s;
};

const design: Motif = (rng, p, w, h) => {
  const ink = col(p, 'ink');
  let s = `<rect width="${w}" height="${h}" fill="${col(p, 'paper')}"/>`;
  // faint construction grid
  for (let x = 0; x < w; x += 120) s += `<rect x="${x}" y="0" width="1" height="${h}" fill="${ink}" opacity="0.05"/>`;
  for (let y = 0; y < h; y += 120) s += `<rect x="0" y="${y}" width="${w}" height="1" fill="${ink}" opacity="0.05"/>`;
  const cx = w * rng.range(0.28, 0.45);
  const cy = h * rng.range(0.4, 0.55);
  const r = rng.range(250, 330);
  s += `<rect x="${f(w * rng.range(0.5, 0.6))}" y="${f(h * rng.range(0.12, 0.2))}" width="${f(w * rng.range(0.18, 0.26))}" height="${f(h * rng.range(0.5, 0.66))}" fill="${col(p, 'ochre')}"/>`;
  s += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${col(p, 'red')}"/>`;
  // blue half disc
  const hx = w * rng.range(0.62, 0.78);
  const hy = h * rng.range(0.62, 0.78);
  const hr = rng.range(170, 240);
  const rot = rng.pick([0, 90, 180, 270]);
  s += `<path transform="rotate(${rot} ${f(hx)} ${f(hy)})" d="M${f(hx - hr)},${f(hy)} A${f(hr)},${f(hr)} 0 0 1 ${f(hx + hr)},${f(hy)} Z" fill="${col(p, 'blue')}"/>`;
  // small ochre square and black bar
  s += `<rect x="${f(cx + r * 0.5)}" y="${f(cy + r * 0.55)}" width="${f(rng.range(90, 150))}" height="${f(rng.range(90, 150))}" fill="${col(p, 'ochre')}" opacity="0.95"/>`;
  s += `<rect x="${f(w * 0.08)}" y="${f(h * rng.range(0.78, 0.86))}" width="${f(w * rng.range(0.3, 0.45))}" height="14" fill="${ink}"/>`;
  // diagonal line
  const x1 = rng.range(0, w * 0.3);
  s += `<line x1="${f(x1)}" y1="${h + 10}" x2="${f(x1 + w * 0.8)}" y2="-10" stroke="${ink}" stroke-width="4"/>`;
  // row of dots
  const dy = h * rng.range(0.1, 0.18);
  for (let i = 0; i < 7; i++) s += `<circle cx="${f(w * 0.08 + i * 40)}" cy="${f(dy)}" r="9" fill="${ink}"/>`;
  // thin ring
  s += `<circle cx="${f(hx)}" cy="${f(hy - hr * 0.2)}" r="${f(hr * 1.25)}" fill="none" stroke="${ink}" stroke-width="2" opacity="0.7"/>`;
  return s;
};

const workCulture: Motif = (rng, p, w, h) => {
  let s = `<rect width="${w}" height="${h}" fill="${col(p, 'bg')}"/>`;
  const rows = 7;
  const cols = 16;
  const top = 110;
  const left = 130;
  const rh = (h - top - 90) / rows;
  const cw = (w - left - 90) / cols;
  for (let c = 0; c <= cols; c++) {
    s += `<rect x="${f(left + c * cw)}" y="${top - 30}" width="2" height="${f(rows * rh + 40)}" fill="${col(p, 'line')}"/>`;
  }
  for (let r = 0; r < rows; r++) {
    const y = top + r * rh;
    s += `<rect x="${left - 70}" y="${f(y + rh * 0.35)}" width="36" height="${f(rh * 0.3)}" rx="6" fill="${r >= 5 ? col(p, 'mustard') : col(p, 'slate')}" opacity="0.5"/>`;
    let c = rng.int(0, 2);
    while (c < cols - 1) {
      const len = rng.int(1, 4);
      if (c + len > cols) break;
      const weekend = r >= 5;
      const key = weekend ? rng.pick(['sage', 'pale', 'sage']) : rng.pick(['slate', 'slate', 'sage', 'pale', 'mustard']);
      const highlight = key === 'mustard';
      s += `<rect x="${f(left + c * cw + 6)}" y="${f(y + 10)}" width="${f(len * cw - 12)}" height="${f(rh - 20)}" rx="14" fill="${col(p, key)}" opacity="${highlight ? 1 : 0.88}"/>`;
      if (!highlight && key !== 'pale') {
        s += `<rect x="${f(left + c * cw + 26)}" y="${f(y + 28)}" width="${f(Math.max(20, len * cw * rng.range(0.3, 0.6)))}" height="8" rx="4" fill="#ffffff" opacity="0.45"/>`;
      }
      c += len + (weekend ? rng.int(1, 4) : rng.int(0, 1));
    }
  }
  // "now" marker
  const nx = left + cw * rng.range(3, cols - 3);
  s += `<rect x="${f(nx)}" y="${top - 50}" width="4" height="${f(rows * rh + 70)}" fill="${col(p, 'mustard')}"/><circle cx="${f(nx + 2)}" cy="${top - 50}" r="12" fill="${col(p, 'mustard')}"/>`;
  return s;
};

const MOTIFS: Record<string, Motif> = {
  cities,
  nature,
  science,
  technology,
  food,
  craft,
  design,
  'work-culture': workCulture,
};

function heroSvg(slug: string, topic: string): string {
  const rng = makeRng(slug);
  const base = PALETTES[topic];
  const motif = MOTIFS[topic];
  if (!base || !motif) throw new Error(`no motif for topic ${topic}`);
  const p = shiftedPalette(base, rng.range(-10, 10));
  const w = 1920;
  const h = 1080;
  const grain = topic === 'design' || topic === 'work-culture' ? 0.2 : 0.18;
  return svgDoc(w, h, motif(rng, p, w, h) + finish(w, h, grain, topic === 'design' ? 0.12 : 0.3));
}

// ---------------------------------------------------------------- avatars

type AvatarStyle = { bg1: string; bg2: string; figure: string; accent: string; pattern: 'grid' | 'orbit' | 'circles' | 'grain' | 'dots' | 'waves';
  feature: 'bob' | 'glasses' | 'bun' | 'beard' | 'longHair' | 'hat';
};

const AVATARS: Record<string, AvatarStyle> = {
  'mara-lindqvist': { bg1: '#7a4f9a', bg2: '#f0a25a', figure: '#2b1a3d', accent: '#ffe3a3', pattern: 'grid', feature: 'bob' },
  'tobias-okafor': { bg1: '#3a3590', bg2: '#15184a', figure: '#0d1233', accent: '#7fe3ff', pattern: 'orbit', feature: 'glasses' },
  'ines-carvalho': { bg1: '#f2b33d', bg2: '#e07a5f', figure: '#6e2a1c', accent: '#f8eedf', pattern: 'circles', feature: 'bun' },
  'theo-hargreaves': { bg1: '#e6b873', bg2: '#b57a45', figure: '#3e2517', accent: '#7a4b2c', pattern: 'grain', feature: 'beard' },
  'noor-haddad': { bg1: '#2ec4b6', bg2: '#0f4c5c', figure: '#0b1a2e', accent: '#c9fff6', pattern: 'dots', feature: 'longHair' },
  'eliza-marsh': { bg1: '#9fd3c0', bg2: '#3b8a78', figure: '#173f33', accent: '#f2fbf5', pattern: 'waves', feature: 'hat' },
};

function avatarSvg(slug: string): string {
  const st = AVATARS[slug];
  if (!st) throw new Error(`no avatar style for ${slug}`);
  const rng = makeRng(`avatar:${slug}`);
  const S = 512;
  let s = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${st.bg1}"/><stop offset="1" stop-color="${st.bg2}"/></linearGradient></defs>
    <rect width="${S}" height="${S}" fill="url(#bg)"/>`;
  switch (st.pattern) {
    case 'grid':
      for (let i = 0; i < 9; i++) {
        s += `<rect x="${f(rng.range(0, S))}" y="0" width="${f(rng.range(2, 6))}" height="${S}" fill="${st.accent}" opacity="0.22"/>`;
        s += `<rect x="0" y="${f(rng.range(0, S))}" width="${S}" height="${f(rng.range(2, 6))}" fill="${st.accent}" opacity="0.22"/>`;
      }
      break;
    case 'orbit':
      s += `<ellipse cx="256" cy="230" rx="230" ry="80" transform="rotate(-18 256 230)" fill="none" stroke="${st.accent}" stroke-width="4" opacity="0.7"/>
        <circle cx="62" cy="290" r="12" fill="${st.accent}"/><circle cx="440" cy="140" r="8" fill="#ffb08a"/>`;
      break;
    case 'circles':
      for (let i = 0; i < 4; i++) s += `<circle cx="${f(rng.range(40, 470))}" cy="${f(rng.range(40, 300))}" r="${f(rng.range(50, 110))}" fill="${st.accent}" opacity="0.35"/>`;
      break;
    case 'grain':
      for (let y = -40; y < S + 40; y += 22) {
        let d = `M-10,${y}`;
        for (let x = 0; x <= S + 20; x += 16) d += ` L${x},${f(y + 10 * Math.sin(x / 70 + y / 50))}`;
        s += `<path d="${d}" fill="none" stroke="${st.accent}" stroke-width="3" opacity="0.45"/>`;
      }
      break;
    case 'dots':
      for (let x = 16; x < S; x += 32) for (let y = 16; y < S; y += 32) s += `<circle cx="${x}" cy="${y}" r="2.5" fill="${st.accent}" opacity="0.35"/>`;
      break;
    case 'waves':
      for (let i = 0; i < 6; i++) {
        const y = 120 + i * 70;
        let d = `M-10,${y}`;
        for (let x = 0; x <= S + 20; x += 16) d += ` L${x},${f(y + 14 * Math.sin(x / 60 + i))}`;
        s += `<path d="${d} L${S + 20},${S} L-10,${S} Z" fill="${st.accent}" opacity="0.08"/>`;
      }
      break;
  }
  // head and shoulders, with one distinguishing feature per writer
  const hx = 256 + rng.range(-10, 10);
  const fig = st.figure;
  const hair = shift(fig, 0, -0.1);
  const behind: Record<AvatarStyle['feature'], string> = {
    bob: `<path d="M${f(hx - 112)},250 C${f(hx - 120)},120 ${f(hx + 120)},120 ${f(hx + 112)},250 L${f(hx + 104)},300 L${f(hx - 104)},300 Z" fill="${hair}"/>`,
    longHair: `<path d="M${f(hx - 108)},230 C${f(hx - 118)},110 ${f(hx + 118)},110 ${f(hx + 108)},230 L${f(hx + 130)},400 L${f(hx - 130)},400 Z" fill="${hair}"/>`,
    bun: `<circle cx="${f(hx + 10)}" cy="104" r="46" fill="${hair}"/>`,
    glasses: '',
    beard: '',
    hat: '',
  };
  const front: Record<AvatarStyle['feature'], string> = {
    bob: '',
    longHair: '',
    bun: `<path d="M${f(hx - 92)},205 C${f(hx - 85)},120 ${f(hx + 85)},120 ${f(hx + 92)},205 C${f(hx + 40)},165 ${f(hx - 40)},165 ${f(hx - 92)},205 Z" fill="${hair}"/>`,
    glasses: `<path d="M${f(hx - 90)},190 C${f(hx - 80)},118 ${f(hx + 80)},118 ${f(hx + 90)},190 C${f(hx + 50)},150 ${f(hx - 50)},150 ${f(hx - 90)},190 Z" fill="${hair}"/>
      <circle cx="${f(hx - 36)}" cy="222" r="26" fill="none" stroke="${st.accent}" stroke-width="6"/>
      <circle cx="${f(hx + 36)}" cy="222" r="26" fill="none" stroke="${st.accent}" stroke-width="6"/>
      <rect x="${f(hx - 10)}" y="218" width="20" height="6" fill="${st.accent}"/>`,
    beard: `<path d="M${f(hx - 88)},230 C${f(hx - 80)},330 ${f(hx + 80)},330 ${f(hx + 88)},230 C${f(hx + 40)},270 ${f(hx - 40)},270 ${f(hx - 88)},230 Z" fill="${hair}"/>
      <path d="M${f(hx - 90)},190 C${f(hx - 80)},112 ${f(hx + 80)},112 ${f(hx + 90)},190 C${f(hx + 50)},160 ${f(hx - 50)},160 ${f(hx - 90)},190 Z" fill="${hair}"/>`,
    hat: `<ellipse cx="${f(hx)}" cy="158" rx="150" ry="26" fill="${st.accent}" opacity="0.95"/>
      <path d="M${f(hx - 84)},160 C${f(hx - 80)},70 ${f(hx + 80)},70 ${f(hx + 84)},160 Z" fill="${st.accent}"/>
      <rect x="${f(hx - 84)}" y="138" width="168" height="14" fill="${fig}" opacity="0.5"/>`,
  };
  s += `${behind[st.feature]}
    <path d="M${f(hx - 190)},${S + 10} C${f(hx - 180)},360 ${f(hx - 110)},326 ${f(hx)},326 C${f(hx + 110)},326 ${f(hx + 180)},360 ${f(hx + 190)},${S + 10} Z" fill="${fig}"/>
    <rect x="${f(hx - 30)}" y="280" width="60" height="60" fill="${fig}"/>
    <circle cx="${f(hx)}" cy="212" r="92" fill="${fig}"/>
    <circle cx="${f(hx - 30)}" cy="190" r="40" fill="#ffffff" opacity="0.06"/>
    ${front[st.feature]}`;
  return svgDoc(S, S, s + finish(S, S, 0.08, 0.3));
}

// ---------------------------------------------------------------- page and inline images

function homeHeroSvg(): string {
  const rng = makeRng('page-home-hero');
  const w = 1920;
  const h = 1080;
  const bands = ['#6b3f78', '#c48a4d', '#3a3590', '#2ec4b6', '#e07a5f', '#3b8a78', '#d7263d', '#d9a441'];
  let s = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f3e6cf"/><stop offset="1" stop-color="#e4cfad"/></linearGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter></defs>
    <rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  bands.forEach((band, i) => {
    const pw = 520;
    const ph = 700;
    const x = 180 + i * 190 + rng.range(-30, 30);
    const y = 190 + rng.range(-60, 60);
    const rot = -24 + i * 6.5 + rng.range(-3, 3);
    let lines = '';
    for (let k = 0; k < 14; k++) {
      lines += `<rect x="40" y="${150 + k * 34}" width="${f(rng.range(300, 440))}" height="10" rx="5" fill="#b9ad9a" opacity="0.55"/>`;
    }
    s += `<g transform="rotate(${f(rot)} ${f(x + pw / 2)} ${f(y + ph)})">
      <rect x="${f(x + 14)}" y="${f(y + 22)}" width="${pw}" height="${ph}" fill="#5a4028" opacity="0.35" filter="url(#shadow)"/>
      <g transform="translate(${f(x)} ${f(y)})">
        <rect width="${pw}" height="${ph}" fill="#fbf7f0"/>
        <rect width="${pw}" height="22" fill="${band}"/>
        <rect x="40" y="62" width="${f(rng.range(220, 360))}" height="28" rx="6" fill="#3b3530" opacity="0.75"/>
        ${lines}
      </g></g>`;
  });
  return svgDoc(w, h, s + finish(w, h, 0.07, 0.28));
}

function aboutDeskSvg(): string {
  const rng = makeRng('page-about-desk');
  const w = 1600;
  const h = 1000;
  let s = `<defs><filter id="sh" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="12"/></filter></defs>
    <rect width="${w}" height="${h}" fill="#b7834f"/>`;
  for (let y = 0; y < h; y += 9) {
    let d = `M0,${y}`;
    for (let x = 0; x <= w; x += 40) d += ` L${x},${f(y + 5 * Math.sin(x / 210 + y / 37))}`;
    s += `<path d="${d}" fill="none" stroke="${rng() < 0.5 ? '#9c6a3c' : '#c89560'}" stroke-width="${f(rng.range(1, 3))}" opacity="0.55"/>`;
  }
  // loose pages
  s += `<g transform="rotate(-9 1180 330)"><rect x="1000" y="120" width="420" height="560" fill="#3b2410" opacity="0.3" filter="url(#sh)"/><rect x="990" y="110" width="420" height="560" fill="#f7f1e6"/>`;
  for (let k = 0; k < 13; k++) s += `<rect x="1030" y="${170 + k * 34}" width="${f(rng.range(240, 340))}" height="9" rx="4" fill="#b5aa98"/>`;
  s += `</g><g transform="rotate(5 1250 700)"><rect x="1080" y="560" width="380" height="360" fill="#f1e9da"/>`;
  for (let k = 0; k < 8; k++) s += `<rect x="1115" y="${610 + k * 34}" width="${f(rng.range(200, 300))}" height="9" rx="4" fill="#b5aa98"/>`;
  s += `</g>`;
  // open notebook
  s += `<g transform="rotate(-3 560 520)">
    <rect x="190" y="230" width="760" height="540" rx="10" fill="#3b2410" opacity="0.35" filter="url(#sh)"/>
    <rect x="170" y="210" width="760" height="540" rx="10" fill="#2f4858"/>
    <rect x="185" y="222" width="362" height="516" fill="#fbf8f1"/><rect x="553" y="222" width="362" height="516" fill="#fbf8f1"/>
    <rect x="545" y="222" width="10" height="516" fill="#d8d0c0"/>`;
  for (let k = 0; k < 14; k++) {
    s += `<rect x="205" y="${270 + k * 32}" width="322" height="1.5" fill="#9bb3c7"/><rect x="573" y="${270 + k * 32}" width="322" height="1.5" fill="#9bb3c7"/>`;
    if (k < 9) s += `<path d="M215,${266 + k * 32} q${f(rng.range(60, 120))},-10 ${f(rng.range(160, 290))},0" fill="none" stroke="#2b3a55" stroke-width="2.5" opacity="0.8"/>`;
  }
  s += `</g>`;
  // pencil
  s += `<g transform="rotate(28 820 820)"><rect x="640" y="808" width="360" height="26" fill="#f2b33d"/><rect x="640" y="808" width="360" height="8" fill="#f6c766"/>
    <rect x="612" y="808" width="30" height="26" fill="#c9c3b8"/><rect x="596" y="808" width="18" height="26" rx="4" fill="#e07a7a"/>
    <path d="M1000,808 L1052,821 L1000,834 Z" fill="#f1d3a8"/><path d="M1036,817 L1052,821 L1036,825 Z" fill="#333"/></g>`;
  // coffee cup with saucer
  s += `<circle cx="1258" cy="236" r="150" fill="#3b2410" opacity="0.3" filter="url(#sh)"/>
    <circle cx="1250" cy="225" r="150" fill="#f4efe6"/><circle cx="1250" cy="225" r="128" fill="none" stroke="#ddd3c4" stroke-width="3"/>
    <rect x="1340" y="205" width="80" height="34" rx="17" fill="#f4efe6" stroke="#ddd3c4" stroke-width="3"/>
    <circle cx="1250" cy="225" r="98" fill="#fbf8f2"/><circle cx="1250" cy="225" r="80" fill="#5b3320"/>
    <circle cx="1250" cy="225" r="62" fill="#7a4a2c"/><circle cx="1232" cy="210" r="22" fill="#c99b6d" opacity="0.7"/>`;
  return svgDoc(w, h, s + finish(w, h, 0.07, 0.3));
}

function startHereMapSvg(): string {
  const rng = makeRng('page-start-here-map');
  const w = 1600;
  const h = 1000;
  const colours = ['#6b3f78', '#c48a4d', '#3a3590', '#1f9e92', '#d0603f', '#3b8a78', '#d7263d', '#c9962f'];
  let s = `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f5f1e8"/><stop offset="1" stop-color="#ebe4d4"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  // contour lines as a faint map
  for (let i = 0; i < 9; i++) {
    const cx = rng.range(0, w);
    const cy = rng.range(0, h);
    for (let r = 40; r < 260; r += 36) s += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r * 1.4)}" ry="${f(r)}" fill="none" stroke="#cfc6b2" stroke-width="1.5" opacity="0.6"/>`;
  }
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < 8; i++) {
    const x = 170 + i * 180;
    const y = 500 + Math.sin(i * 1.3 + 0.4) * 260 + rng.range(-40, 40);
    pts.push([x, y]);
  }
  let d = '';
  pts.forEach(([x, y], i) => {
    if (i === 0) d = `M${f(x)},${f(y)}`;
    else {
      const prev = pts[i - 1] ?? [x, y];
      const mx = (prev[0] + x) / 2;
      d += ` C${f(mx)},${f(prev[1])} ${f(mx)},${f(y)} ${f(x)},${f(y)}`;
    }
  });
  s += `<path d="${d}" fill="none" stroke="#3b3530" stroke-width="5" stroke-dasharray="2 16" stroke-linecap="round"/>`;
  pts.forEach(([x, y], i) => {
    s += `<circle cx="${f(x + 6)}" cy="${f(y + 8)}" r="44" fill="#000" opacity="0.12"/>
      <circle cx="${f(x)}" cy="${f(y)}" r="44" fill="${colours[i] ?? '#333'}"/>
      <circle cx="${f(x)}" cy="${f(y)}" r="30" fill="none" stroke="#fff" stroke-width="4" opacity="0.85"/>
      <circle cx="${f(x)}" cy="${f(y)}" r="8" fill="#fff"/>`;
  });
  // compass rose
  s += `<g transform="translate(1440 150)"><circle r="60" fill="none" stroke="#3b3530" stroke-width="2"/><path d="M0,-70 L12,0 L0,70 L-12,0 Z" fill="#3b3530"/><path d="M-70,0 L0,10 L70,0 L0,-10 Z" fill="#3b3530" opacity="0.5"/></g>`;
  return svgDoc(w, h, s + finish(w, h, 0.06, 0.22));
}

function tideCurveSvg(): string {
  const w = 1600;
  const h = 1000;
  const left = 120;
  const right = w - 80;
  const top = 120;
  const bottom = h - 140;
  const height = (t: number) =>
    2.9 + 1.6 * Math.cos(((28.984 * t - 110) * Math.PI) / 180) + 0.55 * Math.cos(((30 * t - 150) * Math.PI) / 180);
  const X = (t: number) => left + ((right - left) * t) / 24;
  const Y = (v: number) => bottom - ((bottom - top) * v) / 5.5;
  let s = `<rect width="${w}" height="${h}" fill="#f7f5ef"/>`;
  for (let t = 0; t <= 24; t += 3) s += `<rect x="${f(X(t))}" y="${top}" width="1.5" height="${bottom - top}" fill="#c9d6dc"/>`;
  for (let v = 0; v <= 5; v += 1) s += `<rect x="${left}" y="${f(Y(v))}" width="${right - left}" height="1.5" fill="#c9d6dc"/>`;
  const pts: string[] = [];
  for (let t = 0; t <= 24.001; t += 0.1) pts.push(`${f(X(t))},${f(Y(height(t)))}`);
  s += `<path d="M${f(X(0))},${bottom} L${pts.join(' L')} L${f(X(24))},${bottom} Z" fill="#2f7f9f" opacity="0.18"/>
    <polyline points="${pts.join(' ')}" fill="none" stroke="#1d5a7e" stroke-width="6" stroke-linejoin="round"/>`;
  for (let t = 0.1; t < 24; t += 0.1) {
    const a = height(t - 0.1);
    const b = height(t);
    const c = height(t + 0.1);
    const high = b > a && b >= c;
    const low = b < a && b <= c;
    if (high || low) {
      s += `<circle cx="${f(X(t))}" cy="${f(Y(b))}" r="14" fill="${high ? '#e0703a' : '#1d5a7e'}" stroke="#fff" stroke-width="4"/>`;
    }
  }
  s += `<rect x="${left}" y="${bottom}" width="${right - left}" height="3" fill="#5b6b72"/><rect x="${left}" y="${top}" width="3" height="${bottom - top}" fill="#5b6b72"/>`;
  return svgDoc(w, h, s + finish(w, h, 0.04, 0.08));
}

function spectrumSvg(): string {
  const w = 1600;
  const h = 1000;
  const left = 140;
  const right = w - 140;
  let s = `<defs><linearGradient id="spec" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#5b2a9c"/><stop offset="0.14" stop-color="#3b3fd6"/><stop offset="0.3" stop-color="#1f8fe0"/>
      <stop offset="0.42" stop-color="#1fc4a4"/><stop offset="0.55" stop-color="#5cc83a"/><stop offset="0.68" stop-color="#e9e03a"/>
      <stop offset="0.8" stop-color="#f39a2a"/><stop offset="1" stop-color="#d6262a"/></linearGradient>
      <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#161a2e"/><stop offset="1" stop-color="#0b0d18"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#bg)"/>
    <rect x="${left}" y="700" width="${right - left}" height="140" rx="8" fill="url(#spec)"/>`;
  for (let i = 0; i <= 10; i++) s += `<rect x="${f(left + ((right - left) * i) / 10)}" y="850" width="2" height="20" fill="#9aa3c0"/>`;
  // Rayleigh scattering ~ 1/lambda^4 from 380nm to 750nm
  const pts: string[] = [];
  for (let i = 0; i <= 100; i++) {
    const lambda = 380 + (370 * i) / 100;
    const rel = Math.pow(380 / lambda, 4);
    pts.push(`${f(left + ((right - left) * i) / 100)},${f(660 - rel * 500)}`);
  }
  s += `<polyline points="${pts.join(' ')}" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round"/>`;
  const rng = makeRng('inline-visible-spectrum');
  for (let i = 0; i < 140; i++) {
    const t = Math.pow(rng(), 2.2);
    const x = left + (right - left) * t;
    s += `<circle cx="${f(x)}" cy="${f(rng.range(120, 640))}" r="${f(rng.range(1.5, 4))}" fill="#bcd3ff" opacity="${f((1 - t) * 0.7)}"/>`;
  }
  return svgDoc(w, h, s + finish(w, h, 0.05, 0.25));
}

function pageGridSvg(): string {
  const w = 1600;
  const h = 1000;
  const margin = 140;
  const gutter = 24;
  const cols = 12;
  const colW = (w - margin * 2 - gutter * (cols - 1)) / cols;
  const cx = (c: number) => margin + c * (colW + gutter);
  const span = (n: number) => n * colW + (n - 1) * gutter;
  let s = `<rect width="${w}" height="${h}" fill="#ebe8e1"/><rect x="60" y="40" width="${w - 120}" height="${h - 80}" fill="#fdfcf8"/>`;
  for (let c = 0; c < cols; c++) s += `<rect x="${f(cx(c))}" y="40" width="${f(colW)}" height="${h - 80}" fill="#e6394a" opacity="0.09"/>`;
  s += `<rect x="${f(cx(0))}" y="110" width="${f(span(8))}" height="64" rx="4" fill="#3a3a3a"/>
    <rect x="${f(cx(0))}" y="196" width="${f(span(6))}" height="22" rx="4" fill="#9a9a9a"/>
    <rect x="${f(cx(4))}" y="260" width="${f(span(8))}" height="330" fill="#8da2b5"/>
    <path d="M${f(cx(4))},590 L${f(cx(7))},420 L${f(cx(9))},520 L${f(cx(10))},470 L${f(cx(12) - gutter)},590 Z" fill="#5f7890"/>
    <circle cx="${f(cx(10) + 40)}" cy="340" r="34" fill="#f1d18a"/>`;
  const rng = makeRng('inline-page-grid');
  const column = (c: number, n: number, y0: number, y1: number) => {
    for (let y = y0; y < y1; y += 26) s += `<rect x="${f(cx(c))}" y="${y}" width="${f(span(n) * (rng() < 0.15 ? rng.range(0.4, 0.8) : 1))}" height="9" rx="4" fill="#b3b3b3"/>`;
  };
  column(0, 4, 264, 590);
  column(0, 4, 630, 900);
  column(4, 4, 630, 900);
  column(8, 4, 630, 900);
  s += `<rect x="60" y="${f(h / 2)}" width="${w - 120}" height="1" fill="#e6394a" opacity="0.25"/>`;
  return svgDoc(w, h, s + finish(w, h, 0.03, 0.05));
}

// ---------------------------------------------------------------- main

type Job = { key: string; svg: () => string };

function jobs(): Job[] {
  const list: Job[] = [];
  // The records as they are, even while images are missing (making them is what this is for).
  const { records } = readContentFolder(CONTENT);
  const { articles, authors } = contentFilesOf(CONTENT, records);
  for (const a of articles) {
    const topic = a.topics[0] ?? 'design';
    if (a.heroImage) list.push({ key: a.heroImage, svg: () => heroSvg(a.slug, topic) });
  }
  for (const author of authors) {
    if (author.avatar) list.push({ key: author.avatar, svg: () => avatarSvg(author.slug) });
  }
  list.push(
    { key: 'page-home-hero', svg: homeHeroSvg },
    { key: 'page-about-desk', svg: aboutDeskSvg },
    { key: 'page-start-here-map', svg: startHereMapSvg },
    { key: 'inline-tide-curve', svg: tideCurveSvg },
    { key: 'inline-visible-spectrum', svg: spectrumSvg },
    { key: 'inline-page-grid', svg: pageGridSvg },
  );
  return list;
}

async function main(): Promise<void> {
  const filter = process.argv[2];
  if (filter === '--preview') {
    // One sample hero per topic, written to a scratch folder, for eyeballing palettes.
    const dir = path.join(os.tmpdir(), 'folio-preview');
    fs.mkdirSync(dir, { recursive: true });
    for (const topic of Object.keys(MOTIFS)) {
      const info = await sharp(Buffer.from(heroSvg(`preview-${topic}-${process.argv[3] ?? ''}`, topic))).jpeg(JPEG).toFile(path.join(dir, `${topic}.jpg`));
      console.log(`${dir}/${topic}.jpg ${(info.size / 1024).toFixed(0)} KB`);
    }
    return;
  }
  fs.mkdirSync(OUT, { recursive: true });
  let total = 0;
  for (const job of jobs()) {
    if (filter && !job.key.includes(filter)) continue;
    const file = path.join(OUT, `${job.key}.jpg`);
    const info = await sharp(Buffer.from(job.svg())).flatten({ background: '#ffffff' }).jpeg(JPEG).toFile(file);
    total += info.size;
    console.log(`${job.key}.jpg  ${info.width}x${info.height}  ${(info.size / 1024).toFixed(0)} KB`);
  }
  console.log(`total ${(total / 1024 / 1024).toFixed(2)} MB`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
