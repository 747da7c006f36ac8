// Draws the extension's icon, images/icon.png (128×128 PNG): the stars of the constellation Carina
// (the keel), joined by thin lines, with Canopus as a four-pointed star, on a dark blue rounded
// square. Deterministic: `node scripts/icon.mjs` rewrites the same bytes (a test checks that).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const SIZE = 128;
const SS = 4; // supersampling per axis

// Star positions in icon pixels and their radii (Canopus first).
const stars = [
  [30, 38, 5.5],
  [54, 62, 2.6],
  [78, 70, 3.0],
  [101, 58, 2.4],
  [92, 92, 3.2],
  [62, 98, 2.2],
];
const lines = [[0, 1], [1, 2], [2, 3], [2, 4], [4, 5], [5, 1]];

function segDist(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax, dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function insideRoundedSquare(x, y) {
  const r = 24, m = 4; // corner radius, margin
  const cx = Math.min(Math.max(x, m + r), SIZE - m - r);
  const cy = Math.min(Math.max(y, m + r), SIZE - m - r);
  return Math.hypot(x - cx, y - cy) <= r;
}

// The colour of one sample point, premultiplied [r, g, b, a] in 0..1.
function sample(x, y) {
  if (!insideRoundedSquare(x, y)) return [0, 0, 0, 0];
  const t = (x + y) / (2 * SIZE);
  let r = 0.04 + 0.06 * t, g = 0.11 + 0.14 * t, b = 0.24 + 0.22 * t; // #0a1c3d → #1a3e70
  const white = (k) => {
    r += (1 - r) * k;
    g += (1 - g) * k;
    b += (1 - b) * k;
  };
  for (const [i, j] of lines) {
    if (segDist(x, y, stars[i], stars[j]) < 0.9) white(0.45);
  }
  for (const [sx, sy, rad] of stars) {
    const d = Math.hypot(x - sx, y - sy);
    if (d < rad) white(1);
    else if (d < rad * 2.6) white(0.35 * (1 - (d - rad) / (rad * 1.6)));
  }
  // Canopus's spikes.
  const [cx, cy] = stars[0];
  const dx = Math.abs(x - cx), dy = Math.abs(y - cy);
  if ((dx < 1.1 && dy < 17 - dx * 8) || (dy < 1.1 && dx < 17 - dy * 8)) white(1);
  return [r, g, b, 1];
}

function render() {
  const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
  for (let y = 0; y < SIZE; y++) {
    raw[y * (SIZE * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < SIZE; x++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const c = sample(x + (sx + 0.5) / SS, y + (sy + 0.5) / SS);
          for (let k = 0; k < 4; k++) acc[k] += c[k];
        }
      }
      const n = SS * SS;
      const a = acc[3] / n;
      const o = y * (SIZE * 4 + 1) + 1 + x * 4;
      for (let k = 0; k < 3; k++) raw[o + k] = a > 0 ? Math.round((acc[k] / n / a) * 255) : 0;
      raw[o + 3] = Math.round(a * 255);
    }
  }
  return raw;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** The icon as PNG bytes. */
export function iconPNG() {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIZE, 0);
  ihdr.writeUInt32BE(SIZE, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(render(), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const iconPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'images', 'icon.png');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(iconPath, iconPNG());
  console.log(`wrote ${iconPath}`);
}
