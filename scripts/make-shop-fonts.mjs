// Splits the shop's web fonts (the @fontsource "latin" files) in two by unicode-range: the characters French and
// Portuguese text uses (ASCII, Latin-1, œ, punctuation, €) in a smaller file that every page loads, and the
// rest of the latin subset (combining accents, ™, arrows, minus…) in a file a browser loads only for a page that
// shows one of them. The glyphs, kerning and layout features are the original font's: the text looks the same.
// Run: node scripts/make-shop-fonts.mjs   (needs the dev dependency subset-font) → src/shop/styles/fonts/*
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import prettier from 'prettier';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const out = path.resolve('src/shop/styles/fonts');
const fonts = [
  ['Oswald', 'oswald', [500, 700]],
  ['Source Sans 3', 'source-sans-3', [400, 600, 700]],
];

/** [first, last] code point ranges, as in a unicode-range. */
const CORE = [
  [0x0000, 0x00ff],
  [0x0152, 0x0153],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
];
/** What else @fontsource's latin files cover (their unicode-range), minus CORE. */
const EXTRA = [
  [0x0131, 0x0131],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];
const text = (ranges) =>
  ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i))).join('');
const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
const unicodeRange = (ranges) => ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');

fs.mkdirSync(out, { recursive: true });
let css = `/* Written by scripts/make-shop-fonts.mjs from @fontsource's latin files: do not edit. */\n`;
for (const [family, pkg, weights] of fonts) {
  for (const weight of weights) {
    const source = fs.readFileSync(require.resolve(`@fontsource/${pkg}/files/${pkg}-latin-${weight}-normal.woff2`));
    for (const [suffix, ranges] of [
      ['', CORE],
      ['-extra', EXTRA],
    ]) {
      const file = `${pkg}-${weight}${suffix}.woff2`;
      fs.writeFileSync(path.join(out, file), await subsetFont(source, text(ranges), { targetFormat: 'woff2' }));
      css += `@font-face {
  font-family: '${family}';
  font-style: normal;
  font-display: swap;
  font-weight: ${weight};
  src: url(./fonts/${file}) format('woff2');
  unicode-range: ${unicodeRange(ranges)};
}
`;
    }
  }
}
const cssFile = path.resolve('src/shop/styles/fonts.css');
const options = await prettier.resolveConfig(cssFile);
fs.writeFileSync(cssFile, await prettier.format(css, { ...options, filepath: cssFile }));
console.log('fonts written to', out);
