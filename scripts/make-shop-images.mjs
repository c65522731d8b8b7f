// Renders the shop's illustrated pictures (menu items, hero, categories, PWA icons) to WebP/PNG.
// Run: node scripts/make-shop-images.mjs   (needs the dev dependency sharp)
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { defs, flames, rng, table } from './shop-images/parts.mjs';
import * as d from './shop-images/dishes.mjs';

const out = path.resolve('src/shop/public');
const W = 800;
const H = 600;

const svg = (w, h, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs}${body}</svg>`;

/** What each menu item shows, by its id in supabase/seed.sql. */
const menu = {
  1: (r) =>
    d.bowl(
      400,
      320,
      1.2,
      '#7fae3a',
      r,
      [
        [-80, -10],
        [0, -25],
        [70, 0],
        [-20, 15],
      ]
        .map(
          ([x, y]) =>
            `<circle cx="${x}" cy="${y}" r="20" fill="#a8321c"/><circle cx="${x}" cy="${y}" r="12" fill="#c95a3a"/>`,
        )
        .join(''),
    ) + d.steam(400, 200),
  2: (r) =>
    d.plate(400, 330, 300) +
    d.pieces(400, 320, 0.95, r, 'oval', 6) +
    d.lemon(590, 380, 0.9, 20) +
    d.parsley(r, 400, 320, 260),
  3: (r) => d.board(400, 350, 640, 260) + d.sausage(400, 340, 1.1, true, r),
  4: (r) => d.bowl(400, 330, 1.15, '#c8581f', r, d.pieces(0, -10, 0.8, r, 'shrimp', 6)) + d.steam(400, 220),
  5: (r) => d.plate(400, 330, 300) + d.salad(400, 320, 1, r),
  6: (r) => d.plate(400, 330, 300) + d.pieces(400, 320, 0.95, r, 'halfmoon', 6) + d.lemon(600, 370, 0.8, -10),
  7: () => d.board(400, 340, 640, 300) + d.bread(400, 330, 1.1),
  8: (r) => d.bowl(400, 330, 1.15, '#b8401c', r, d.pieces(0, -10, 0.9, r, 'gizzard', 9)) + d.steam(400, 220),
  'cnf-1': (r) =>
    d.board(400, 340, 660, 330) +
    d.fries(270, 330, 1, r) +
    d.pieces(500, 330, 0.95, r, 'tender', 5) +
    d.ramekin(620, 420, 0.45, '#c8281a', r),
  'cnf-2': (r) =>
    d.plate(400, 330, 320) +
    d.fries(250, 330, 0.9, r) +
    d.chickenPiece(460, 320, 1.3, -10) +
    d.chickenPiece(520, 360, 1.0, 30) +
    d.parsley(r, 450, 320, 200),
  'cnf-3': (r) =>
    d.board(400, 340, 660, 330) +
    d.fries(260, 330, 1, r) +
    d.pieces(500, 330, 1, r, 'nugget', 8) +
    d.ramekin(630, 430, 0.4, '#7a2d12', r),
  'cnf-4': (r) => d.board(400, 340, 660, 330) + d.fries(260, 330, 1, r) + d.pieces(500, 330, 0.95, r, 'wing', 6),
  'cnf-5': (r) =>
    d.plate(400, 330, 300) +
    d.pieces(400, 320, 0.95, r, 'wing', 7) +
    Array.from(
      { length: 30 },
      () =>
        `<ellipse cx="${(250 + r() * 300).toFixed(0)}" cy="${(270 + r() * 110).toFixed(0)}" rx="4" ry="2" fill="#fff6dc"/>`,
    ).join(''),
  30: (r) =>
    d.plate(400, 330, 300) +
    d.chickenPiece(400, 320, 1.6, -8) +
    d.lemon(600, 390, 0.8, 10) +
    d.parsley(r, 380, 330, 250),
  31: (r) =>
    d.board(400, 340, 660, 320) +
    d.chickenPiece(340, 320, 1.5, -15) +
    d.chickenPiece(480, 350, 1.4, 25) +
    d.lemon(620, 260, 0.8, -20) +
    d.parsley(r, 400, 330, 320),
  32: (r) =>
    d.board(400, 340, 680, 380) +
    d.wholeChicken(400, 330, 1.25) +
    d.lemon(650, 440, 0.9, 30) +
    d.parsley(r, 400, 330, 400, 10),
  33: (r) => d.plate(400, 340, 320) + d.skewer(400, 320, 1, r, false) + d.parsley(r, 400, 360, 300),
  34: () => d.board(400, 340, 660, 300) + d.steak(330, 330, 0.75, '#c0704a') + d.steak(480, 350, 0.7, '#b8653e'),
  35: (r) => d.plate(400, 340, 320) + d.skewer(400, 320, 1, r, true),
  36: (r) =>
    d.board(400, 340, 680, 340) + d.steak(360, 330, 1.1) + d.fries(610, 330, 0.6, r, 10) + d.parsley(r, 360, 320, 200),
  37: (r) => d.board(400, 350, 640, 260) + d.sausage(400, 340, 1.1, false, r),
  38: (r) => d.plate(400, 340, 330) + d.fish(400, 330, 1, r),
  39: (r) =>
    d.board(400, 340, 680, 340) +
    d.steak(300, 320, 0.7, 'url(#meat)') +
    d.steak(480, 350, 0.7, 'url(#meat)') +
    d.parsley(r, 400, 330, 300),
  'fr-1': (r) => d.plate(400, 340, 330) + d.fries(160, 330, 0.6, r, 8) + d.francesinha(410, 330, 1, r, 'egg'),
  'fr-2': (r) =>
    d.plate(400, 340, 330) +
    d.fries(160, 330, 0.6, r, 8) +
    d.francesinha(410, 330, 1, r, 'egg') +
    `<circle cx="470" cy="270" r="14" fill="#a8321c"/><circle cx="350" cy="290" r="14" fill="#a8321c"/>`,
  'fr-3': (r) => d.plate(400, 340, 330) + d.fries(160, 330, 0.6, r, 8) + d.francesinha(410, 330, 1, r, 'chicken'),
  'fr-4': (r) => d.plate(400, 340, 330) + d.fries(160, 330, 0.6, r, 8) + d.francesinha(410, 330, 1, r, 'shrimp'),
  'fr-5': (r) =>
    d.board(400, 340, 700, 380) + d.francesinha(300, 330, 0.85, r, 'egg') + d.francesinha(520, 350, 0.85, r, 'egg'),
  'hb-1': (r) => d.burger(400, 330, 1.35, 1, r),
  'hb-2': (r) => d.burger(400, 330, 1.35, 1, r).replaceAll('url(#patty)', 'url(#fried)'),
  'hb-3': (r) =>
    d.burger(400, 330, 1.35, 1, r) +
    `<path d="M210 330 q 40 -20 80 0 t 80 0 t 80 0 t 80 0 t 80 0" stroke="#a8321c" stroke-width="16" fill="none" stroke-linecap="round"/>`,
  'hb-4': (r) =>
    d.burger(400, 330, 1.35, 1, r) +
    `<path d="M210 330 q 40 -16 80 0 t 80 0 t 80 0 t 80 0 t 80 0" stroke="#7a1f10" stroke-width="12" fill="none" stroke-linecap="round"/>`,
  'hb-5': (r) => d.burger(400, 350, 1.25, 2, r),
  'hb-6': (r) => d.burger(400, 390, 0.72, 6, r),
  'bo-1': () => d.drink(400, 300, 1.2, 'water'),
  'bo-2': () => d.drink(400, 300, 1.2, 'sparkling'),
  'bo-3': () => d.drink(340, 300, 1.2, 'cola'),
  'bo-4': () => d.drink(340, 300, 1.2, 'zero'),
  'bo-5': () => d.drink(340, 300, 1.2, 'icetea'),
  'bo-6': () => d.drink(340, 300, 1.2, 'sumol'),
  'bo-7': () => d.drink(400, 300, 1.2, 'orange'),
  'bo-8': () => d.drink(400, 300, 1.2, 'mango'),
  'bo-9': () => d.drink(400, 300, 1.2, 'beer'),
  'bo-10': () => d.drink(400, 300, 1.2, 'wine'),
  'bo-11': () => d.drink(400, 300, 1.2, 'sangria'),
  'kid-1': (r) => d.kidsMenu(370, 330, r),
  'kid-2': (r) =>
    d.plate(340, 350, 250) +
    d.fries(270, 340, 0.75, r, 12) +
    d.chickenPiece(400, 350, 1.0, -10) +
    d.drink(640, 320, 0.62, 'sumol').replace('translate(640 320)', 'translate(610 320)'),
  'acc-1': (r) => d.board(400, 340, 600, 320) + d.fries(400, 330, 1.5, r, 26),
  'acc-2': (r) => d.plate(400, 340, 300) + d.rice(400, 330, 1, r),
  'acc-3': (r) => d.plate(400, 330, 300) + d.salad(400, 320, 1, r).replace(/<circle[^>]*#e1352a[^>]*\/>/g, ''),
  'acc-4': (r) => d.board(400, 340, 600, 320) + d.pieces(400, 330, 1, r, 'chip', 12),
  'acc-5': (r) => d.ramekin(400, 330, 1.5, '#c8281a', r),
  'acc-6': (r) => d.ramekin(400, 330, 1.5, '#f6efcf', r),
  'acc-7': (r) => d.ramekin(400, 330, 1.5, '#e8a23a', r),
  'acc-8': (r) => d.ramekin(400, 330, 1.5, '#d4551f', r),
  'de-1': () => d.plate(400, 340, 300) + d.nata(400, 330, 1),
  'de-2': () => d.glassDessert(400, 300, 1.2, ['#5a2a14', '#3a180a', '#f4ead8']),
  'de-3': () => d.glassDessert(400, 300, 1.2, ['#c9823a', '#a3602a', '#f4ead8']),
  'de-4': () => d.plate(400, 340, 300) + d.arrozDoce(400, 330, 1),
  'de-5': (r) => d.plate(400, 340, 300) + d.almondTart(400, 350, 1, r),
};

/** One picture per category, portrait 4:5 for the home page and menu headers. */
const categories = {
  entrees: 2,
  chic_n_fries: 'cnf-2',
  grill: 32,
  francesinhas: 'fr-1',
  hamburgers: 'hb-3',
  boissons: 'bo-11',
  menu_enfant: 'kid-1',
  accompagnements: 'acc-1',
  desserts: 'de-1',
};

function grillScene(w, h, seed, chickens) {
  const r = rng(seed);
  let body = `<rect width="${w}" height="${h}" fill="#0f0b09"/>
    <rect y="${h * 0.55}" width="${w}" height="${h * 0.45}" fill="url(#ember)"/>
    ${flames(0, h, w, h * 0.5, r)}
    <g filter="url(#blur3)">${Array.from({ length: 60 }, () => `<circle cx="${(r() * w).toFixed(0)}" cy="${(h * 0.35 + r() * h * 0.6).toFixed(0)}" r="${(1 + r() * 3).toFixed(1)}" fill="#ffb347" opacity="${(0.3 + r() * 0.7).toFixed(2)}"/>`).join('')}</g>
    <rect y="${h * 0.5}" width="${w}" height="${h * 0.02}" fill="#2a211c"/>
    ${Array.from({ length: 9 }, (_, i) => `<rect x="0" y="${h * 0.5 + i * 26 - 120}" width="${w}" height="8" fill="#3b2e27" opacity=".9"/>`).join('')}`;
  for (const [x, y, s, kind] of chickens) {
    body += kind === 'whole' ? d.wholeChicken(x, y, s) : d.chickenPiece(x, y, s, r() * 40 - 20);
  }
  body += `<g fill="none" stroke="#fff" stroke-width="30" stroke-linecap="round" opacity=".05" filter="url(#soft)">${Array.from(
    { length: 6 },
    () => {
      const x = r() * w;
      return `<path d="M${x.toFixed(0)} ${h * 0.4} c -60 -80 60 -160 0 -260"/>`;
    },
  ).join('')}</g>`;
  body += `<rect width="${w}" height="${h}" filter="url(#grain)" fill="#fff"/>`;
  return svg(w, h, body);
}

function contract() {
  const lines = (y0, n, w0 = 520) =>
    Array.from(
      { length: n },
      (_, i) =>
        `<rect x="140" y="${y0 + i * 26}" width="${w0 - (i % 3) * 40}" height="8" rx="4" fill="#6b5238" opacity=".35"/>`,
    ).join('');
  const body = `<rect width="800" height="1000" fill="#2a1a12"/>
    <g transform="rotate(-2 400 500)">
      <rect x="90" y="60" width="620" height="880" rx="10" fill="#000" opacity=".5" filter="url(#soft)"/>
      <rect x="80" y="50" width="640" height="880" rx="8" fill="#f4e7c8"/>
      <rect x="100" y="70" width="600" height="840" fill="none" stroke="#b5893f" stroke-width="4"/>
      <text x="400" y="150" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="40" font-weight="bold" fill="#5a2a10">CONTRAT DU DÉFI</text>
      <text x="400" y="200" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="30" fill="#b3200e">Burj Khalifa Burger</text>
      ${d.burger(400, 320, 0.28, 6, rng('contract'))}
      <text x="140" y="420" font-family="DejaVu Serif, serif" font-size="20" font-weight="bold" fill="#3b2e27">Article 1 — Le défi</text>${lines(440, 3)}
      <text x="140" y="545" font-family="DejaVu Serif, serif" font-size="20" font-weight="bold" fill="#3b2e27">Article 2 — 30 minutes chrono</text>${lines(565, 3)}
      <text x="140" y="670" font-family="DejaVu Serif, serif" font-size="20" font-weight="bold" fill="#3b2e27">Article 3 — Récompense</text>${lines(690, 2)}
      <line x1="140" y1="840" x2="360" y2="840" stroke="#3b2e27" stroke-width="2"/><line x1="440" y1="840" x2="660" y2="840" stroke="#3b2e27" stroke-width="2"/>
      <text x="140" y="870" font-family="DejaVu Serif, serif" font-size="18" fill="#3b2e27">Le challenger</text>
      <text x="440" y="870" font-family="DejaVu Serif, serif" font-size="18" fill="#3b2e27">Le chef</text>
      <path d="M460 825 c 30 -40 50 20 80 -10 s 40 -20 60 5" stroke="#1d3d8f" stroke-width="3" fill="none"/>
      <circle cx="620" cy="760" r="48" fill="#b3200e" opacity=".85"/><circle cx="620" cy="760" r="36" fill="none" stroke="#f4e7c8" stroke-width="3"/>
    </g>`;
  return svg(800, 1000, body);
}

async function write(file, svgText, width, height, { format = 'webp', quality = 78, crop } = {}) {
  const target = path.join(out, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  let img = sharp(Buffer.from(svgText), { density: 96 }).resize(width, height);
  // A crop is cut from the full-size render, so it shows exactly the pixels the full picture has there.
  if (crop) img = sharp(await img.png().toBuffer()).extract(crop);
  img =
    format === 'png'
      ? img.png({ compressionLevel: 9 })
      : format === 'png-palette'
        ? img.png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 })
        : format === 'avif'
          ? img.avif({ quality, effort: 4 })
          : img.webp({ quality });
  await img.toFile(target);
}

/**
 * A menu picture for phones and screens: name.webp (800 × 600, the fallback and the old address) and
 * name-400.webp, name-400.avif, name-800.avif for <picture>/srcset (menu-item-image.tsx).
 */
async function writeMenuPicture(name, svgText) {
  await write(`images/menu/${name}.webp`, svgText, W, H);
  await write(`images/menu/${name}-400.webp`, svgText, W / 2, H / 2, { quality: 74 });
  await write(`images/menu/${name}-400.avif`, svgText, W / 2, H / 2, { format: 'avif', quality: 50 });
  await write(`images/menu/${name}-800.avif`, svgText, W, H, { format: 'avif', quality: 50 });
}

const dishSvg = (id) => {
  const r = rng(String(id));
  return svg(W, H, table(W, H) + menu[id](r));
};

/**
 * The home page's picture (home-page.tsx): hero.webp 1920 × 1080 (the fallback, og:image), hero-<w>.avif/.webp
 * for wide screens, and hero-portrait.avif/.webp, the middle 680 × 1080 of the same render for portrait phones,
 * which crop the sides anyway (object-cover on a screen-tall section): a phone shows the same pixels as before.
 */
async function writeHero() {
  const heroChickens = [
    [420, 560, 1.05, 'whole'],
    [1000, 600, 1.2, 'whole'],
    [1560, 560, 1.05, 'whole'],
    [700, 760, 1.4, 'piece'],
    [1320, 780, 1.4, 'piece'],
  ];
  const hero = grillScene(1920, 1080, 'hero', heroChickens);
  await write('images/hero.webp', hero, 1920, 1080, { quality: 72 });
  for (const w of [960, 1280, 1920]) {
    const h = Math.round((w * 1080) / 1920);
    if (w !== 1920) await write(`images/hero-${w}.webp`, hero, w, h, { quality: 72 });
    await write(`images/hero-${w}.avif`, hero, w, h, { format: 'avif', quality: 50 });
  }
  const crop = { left: (1920 - 680) / 2, top: 0, width: 680, height: 1080 };
  await write('images/hero-portrait.webp', hero, 1920, 1080, { quality: 72, crop });
  await write('images/hero-portrait.avif', hero, 1920, 1080, { format: 'avif', quality: 50, crop });
}

// node scripts/make-shop-images.mjs [menu | <menu item id> | hero | pictures | icons]: only those pictures.
const only = process.argv[2];
const dishes = Object.keys(menu).filter((id) => !only || only === 'menu' || only === id);
for (let i = 0; i < dishes.length; i += 4) {
  await Promise.all(dishes.slice(i, i + 4).map((id) => writeMenuPicture(id, dishSvg(id))));
}
// … hero: only the home page's picture; icons: only the app icons.
if (!only || only === 'hero') await writeHero();
if (!only || only === 'pictures') {
  for (const [cat, id] of Object.entries(categories)) {
    const r = rng(`cat-${cat}`);
    const portrait = svg(640, 800, `${table(640, 800)}<g transform="translate(-80 100)">${menu[id](r)}</g>`);
    await write(`images/categories/${cat}.webp`, portrait, 640, 800);
    // The AVIF copies are the menu banners' first choice (page-hero.tsx): about half the bytes; the 320 px
    // copies are for the home page's category cards, 170 to 240 px wide.
    await write(`images/categories/${cat}.avif`, portrait, 640, 800, { format: 'avif', quality: 50 });
    await write(`images/categories/${cat}-320.avif`, portrait, 320, 400, { format: 'avif', quality: 50 });
    await write(`images/categories/${cat}-320.webp`, portrait, 320, 400, { quality: 74 });
  }
  const banner = grillScene(1600, 600, 'banner', [
    [300, 330, 0.8, 'whole'],
    [800, 360, 0.85, 'piece'],
    [1300, 330, 0.8, 'whole'],
  ]);
  await write('images/hero-grill.webp', banner, 1600, 600, { quality: 70 });
  await write('images/hero-grill.avif', banner, 1600, 600, { format: 'avif', quality: 50 });
  await write(
    'images/about-grill.webp',
    grillScene(1200, 900, 'about', [
      [360, 480, 1, 'whole'],
      [850, 520, 1, 'whole'],
      [600, 720, 1.2, 'piece'],
    ]),
    1200,
    900,
  );
  await write(
    'images/offer-chicken.webp',
    svg(
      900,
      700,
      table(900, 700) +
        d.board(450, 380, 760, 420) +
        d.wholeChicken(450, 370, 1.45) +
        d.lemon(760, 500, 1, 25) +
        d.parsley(rng('offer'), 450, 370, 500, 14),
    ),
    900,
    700,
  );
  await write(
    'images/challenge-burger.webp',
    svg(1200, 800, table(1200, 800) + d.burger(600, 520, 0.95, 6, rng('burj')) + d.fries(230, 560, 1, rng('bf'), 16)),
    1200,
    800,
  );
  await write('images/challenge-contract.webp', contract(), 800, 1000);
}
if (!only || only === 'icons') {
  const logo = fs.readFileSync(path.join(out, 'icons/logo-mark.svg'), 'utf8');
  for (const size of [192, 512]) await write(`icons/icon-${size}.png`, logo, size, size, { format: 'png-palette' });
  await write(
    'icons/apple-touch-icon.png',
    logo.replace('<circle', '<rect width="64" height="64" fill="#120d0b"/><circle'),
    180,
    180,
    { format: 'png-palette' },
  );
  const maskable = logo
    .replace('viewBox="0 0 64 64"', 'viewBox="-14 -14 92 92"')
    .replace('<defs>', '<rect x="-14" y="-14" width="92" height="92" fill="#120d0b"/><defs>');
  await write('icons/icon-maskable-512.png', maskable, 512, 512, { format: 'png-palette' });
}
console.log('images written to', out);
