import sharp from 'sharp';
import type { Category } from '../../common/values';

// Product-photo stand-ins drawn locally (no downloads): a silhouette per category on a table-like
// background. Deterministic per seed so restarts draw the same pictures.

const PALETTES = [
  ['#e9e4d8', '#cfc6b0'],
  ['#dfe6e0', '#b9c7bc'],
  ['#e6e1ea', '#c6bccf'],
  ['#e8e0d6', '#c9b59c'],
  ['#dde3ea', '#b5c1cf'],
];

const SHAPES: Record<Category, (tone: string) => string> = {
  'long-guns': (tone) => `
    <rect x="150" y="405" width="520" height="34" rx="8" fill="${tone}"/>
    <rect x="640" y="395" width="230" height="56" rx="10" fill="#5b3a22"/>
    <path d="M860 395 L1060 370 L1075 470 L880 455 Z" fill="#5b3a22"/>
    <rect x="560" y="345" width="190" height="38" rx="18" fill="#222"/>
    <rect x="740" y="450" width="26" height="60" rx="6" fill="${tone}"/>`,
  firearms: (tone) => `
    <rect x="380" y="330" width="420" height="90" rx="14" fill="${tone}"/>
    <path d="M640 410 L760 410 L820 640 L700 660 Z" fill="#2b2b2b"/>
    <rect x="600" y="420" width="70" height="60" rx="20" fill="none" stroke="${tone}" stroke-width="14"/>
    <rect x="360" y="350" width="40" height="40" rx="6" fill="#111"/>`,
  optics: (tone) => `
    <rect x="260" y="390" width="680" height="80" rx="38" fill="${tone}"/>
    <ellipse cx="270" cy="430" rx="60" ry="80" fill="#1d1d1d"/>
    <ellipse cx="930" cy="430" rx="48" ry="64" fill="#1d1d1d"/>
    <ellipse cx="270" cy="430" rx="38" ry="56" fill="#3c5a7a"/>
    <rect x="560" y="340" width="60" height="60" rx="10" fill="${tone}"/>`,
  accessories: (tone) => `
    <rect x="380" y="300" width="440" height="300" rx="28" fill="${tone}"/>
    <rect x="420" y="340" width="360" height="70" rx="14" fill="#00000033"/>
    <circle cx="600" cy="500" r="46" fill="#00000040"/>
    <rect x="560" y="250" width="80" height="60" rx="12" fill="${tone}"/>`,
};

const TONES = ['#2f2f2f', '#3d4a2f', '#4a4036', '#1f2a36', '#5a5a5a'];

export async function drawDemoPhoto(category: Category, seed: number): Promise<Buffer> {
  const [light, dark] = PALETTES[seed % PALETTES.length]!;
  const tone = TONES[seed % TONES.length]!;
  const tilt = ((seed * 7) % 9) - 4;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
    <rect width="1200" height="900" fill="url(#bg)"/>
    <ellipse cx="600" cy="700" rx="430" ry="40" fill="#00000022"/>
    <g transform="rotate(${tilt} 600 450)">${SHAPES[category](tone)}</g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
