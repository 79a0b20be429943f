// Draws the app icons from public/favicon.svg with sharp, into public/:
// the PNGs a publication's web app manifest and iOS home screens ask for.
// Run after changing the favicon: node scripts/make-icons.mjs (the PNGs are committed).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const SOURCE = path.join(PUBLIC, 'favicon.svg');
const ICONS = [
  { file: 'icon-192.png', size: 192 },
  { file: 'icon-512.png', size: 512 },
  // iOS rounds the corners itself and shows transparency as black: the icon fills the square.
  { file: 'apple-touch-icon.png', size: 180, fill: '#1f3a5f' },
];

for (const { file, size, fill } of ICONS) {
  let image = sharp(SOURCE, { density: Math.ceil((72 * size) / 64) }).resize(size, size);
  if (fill) image = image.flatten({ background: fill });
  await image.png({ compressionLevel: 9 }).toFile(path.join(PUBLIC, file));
  console.log(`public/${file}: ${size}×${size}`);
}
