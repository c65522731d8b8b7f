// Splits the shop's web fonts (the @fontsource "latin" files) in two by unicode-range: the characters French and
// Portuguese text uses (ASCII, Latin-1, œ, punctuation, €) in a smaller file that every page loads, and the
// rest of the latin subset (combining accents, ™, arrows, minus…) in a file a browser loads only for a page that
// shows one of them. The glyphs, kerning and layout features are the original font's: the text looks the same.
// Until a web font has arrived (font-display: swap), the page is drawn in a "fallback" family: a system font
// (Arial Narrow, Arial, Roboto, or the Liberation fonts of a Linux machine, metric-compatible with Arial's) scaled
// with size-adjust to the web font's average character width and given its ascent, descent and line gap, so that
// lines break at the same words and keep their height when the web font swaps in (no layout shift). The metrics
// are read from the font files with @capsizecss/unpack and fontkitten: the web fonts' and Roboto's from
// @fontsource's files, Arial's from the Liberation fonts (fontconfig finds them). The font stacks in
// src/shop/styles/index.css name each family's fallbacks right after it, in the order below.
// Run: node scripts/make-shop-fonts.mjs   (needs the dev dependencies subset-font, @capsizecss/unpack, fontkitten and
// @fontsource/roboto, and the Liberation fonts: apt-get install fonts-liberation) → src/shop/styles/fonts/* and
// src/shop/styles/fonts.css
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fromBuffer } from '@capsizecss/unpack';
import { create } from 'fontkitten';
import prettier from 'prettier';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const out = path.resolve('src/shop/styles/fonts');
/** The font file fontconfig has for a family and style, exactly that one (fc-list does not substitute). */
const systemFontFile = (pattern) => {
  const file = execFileSync('fc-list', [pattern, 'file'], { encoding: 'utf8' }).split(':')[0].trim();
  if (!file) throw new Error(`No font file for « ${pattern} » on this machine: apt-get install fonts-liberation`);
  return fs.readFileSync(file);
};
const fontsourceFile = (pkg, weight) =>
  fs.readFileSync(require.resolve(`@fontsource/${pkg}/files/${pkg}-latin-${weight}-normal.woff2`));

/** A face of Arial (Narrow) or, on Linux, of its metric-compatible Liberation twin: regular below 600, bold from. */
const arialOrLiberation = (family, regular, bold) => (weight) =>
  weight < 600
    ? { local: regular, file: systemFontFile(`${family}:style=Regular`) }
    : { local: bold, file: systemFontFile(`${family}:style=Bold`) };
/**
 * The system fonts a fallback family can use, by name: for a web font's weight, the local() names a browser may know
 * the nearest face by (full name, PostScript name) and that face's file. Liberation Sans (Narrow) has Arial (Narrow)'s
 * widths and heights: one face serves both.
 */
const systemFonts = {
  Narrow: arialOrLiberation(
    'Liberation Sans Narrow',
    ['Arial Narrow', 'ArialNarrow', 'Liberation Sans Narrow', 'LiberationSansNarrow'],
    ['Arial Narrow Bold', 'ArialNarrow-Bold', 'Liberation Sans Narrow Bold', 'LiberationSansNarrow-Bold'],
  ),
  Arial: arialOrLiberation(
    'Liberation Sans',
    ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'],
    ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold'],
  ),
  // Android's.
  Roboto: (weight) =>
    weight < 500
      ? { local: ['Roboto', 'Roboto-Regular'], file: fontsourceFile('roboto', 400) }
      : weight < 600
        ? { local: ['Roboto Medium', 'Roboto-Medium'], file: fontsourceFile('roboto', 500) }
        : { local: ['Roboto Bold', 'Roboto-Bold'], file: fontsourceFile('roboto', 700) },
};

/**
 * Oswald is drawn in capitals in the shop (the titles are `uppercase`), where its width compared with a system
 * font's is not the one of lower-case text (Arial Narrow's capitals are wider than Oswald's, its lower case
 * narrower): its fallbacks are scaled on capitals, a French pangram's. So is Source Sans 3's semibold, the labels'
 * weight (the menu bar's links, the home page's kicker, badges: `uppercase`). Its other weights, running text, on
 * capsize's average width (English letter frequencies).
 */
const CAPITALS = 'PORTEZ CE VIEUX WHISKY AU JUGE BLOND QUI FUME';
const capitalsWidth = (file) => {
  const font = create(new Uint8Array(file));
  return font.glyphsForString(CAPITALS).reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / font.unitsPerEm;
};

/** [family, @fontsource package, weights, fallbacks in the order the font stack names them, scaled on by weight]. */
const fonts = [
  // Oswald is condensed: Arial Narrow's width is nearest; Arial and Roboto are scaled down further.
  ['Oswald', 'oswald', [500, 700], ['Narrow', 'Arial', 'Roboto'], () => 'capitals'],
  [
    'Source Sans 3',
    'source-sans-3',
    [400, 600, 700],
    ['Arial', 'Roboto'],
    (weight) => (weight === 600 ? 'capitals' : 'text'),
  ],
];

const percent = (n) => `${(n * 100).toFixed(2)}%`;
/** A fallback face: the system font scaled to the web font's width, with the web font's vertical metrics. */
const fallbackFace = async (family, weight, system, web, scaledOn) => {
  const [metrics, systemMetrics] = await Promise.all([fromBuffer(web), fromBuffer(system.file)]);
  const sizeAdjust =
    scaledOn === 'capitals'
      ? capitalsWidth(web) / capitalsWidth(system.file)
      : metrics.xWidthAvg / metrics.unitsPerEm / (systemMetrics.xWidthAvg / systemMetrics.unitsPerEm);
  const em = metrics.unitsPerEm * sizeAdjust;
  return `@font-face {
  font-family: '${family}';
  font-style: normal;
  font-weight: ${weight};
  src: ${system.local.map((name) => `local('${name}')`).join(', ')};
  size-adjust: ${percent(sizeAdjust)};
  ascent-override: ${percent(metrics.ascent / em)};
  descent-override: ${percent(Math.abs(metrics.descent) / em)};
  line-gap-override: ${percent(metrics.lineGap / em)};
}
`;
};

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
let fallbacks = '';
for (const [family, pkg, weights, systems, scaledOn] of fonts) {
  for (const weight of weights) {
    const source = fontsourceFile(pkg, weight);
    for (const system of systems) {
      const face = await fallbackFace(
        `${family} Fallback ${system}`,
        weight,
        systemFonts[system](weight),
        source,
        scaledOn(weight),
      );
      fallbacks += face;
    }
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
css += `/* Until the web fonts arrive: the system fonts scaled to their metrics (the font stacks name them). */\n${fallbacks}`;
const cssFile = path.resolve('src/shop/styles/fonts.css');
const options = await prettier.resolveConfig(cssFile);
fs.writeFileSync(cssFile, await prettier.format(css, { ...options, filepath: cssFile }));
console.log('fonts written to', out);
