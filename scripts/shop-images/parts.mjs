// SVG building blocks for the shop's illustrated food pictures (no photos can be fetched here).

/** Small deterministic random generator so each picture is the same at every run. */
export function rng(seedText) {
  let h = 2166136261;
  for (const ch of seedText) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

export const defs = `
<defs>
  <radialGradient id="bgGlow" cx="50%" cy="62%" r="75%">
    <stop offset="0" stop-color="#5a2d14"/><stop offset=".45" stop-color="#2a1a12"/><stop offset="1" stop-color="#0f0b09"/>
  </radialGradient>
  <radialGradient id="ember" cx="50%" cy="100%" r="70%">
    <stop offset="0" stop-color="#ff7a1a" stop-opacity=".55"/><stop offset=".5" stop-color="#c2280e" stop-opacity=".18"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#8a5a34"/><stop offset="1" stop-color="#5b371d"/>
  </linearGradient>
  <radialGradient id="plate" cx="45%" cy="40%" r="65%">
    <stop offset="0" stop-color="#ffffff"/><stop offset=".75" stop-color="#f1ebe2"/><stop offset="1" stop-color="#cfc4b6"/>
  </radialGradient>
  <radialGradient id="plateRim" cx="50%" cy="50%" r="50%">
    <stop offset=".82" stop-color="#fbf7f1" stop-opacity="0"/><stop offset=".9" stop-color="#e3d8c9"/><stop offset="1" stop-color="#b9ab99"/>
  </radialGradient>
  <radialGradient id="skin" cx="40%" cy="30%" r="80%">
    <stop offset="0" stop-color="#ffd27a"/><stop offset=".35" stop-color="#e9922f"/><stop offset=".75" stop-color="#b6531a"/><stop offset="1" stop-color="#6e2a0c"/>
  </radialGradient>
  <radialGradient id="fried" cx="40%" cy="30%" r="80%">
    <stop offset="0" stop-color="#ffe3a0"/><stop offset=".5" stop-color="#e8a94a"/><stop offset="1" stop-color="#a25b17"/>
  </radialGradient>
  <linearGradient id="fry" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#f4c04f"/><stop offset=".5" stop-color="#ffe08a"/><stop offset="1" stop-color="#d9962c"/>
  </linearGradient>
  <radialGradient id="bun" cx="40%" cy="25%" r="85%">
    <stop offset="0" stop-color="#f7c272"/><stop offset=".6" stop-color="#d0842f"/><stop offset="1" stop-color="#8e4a14"/>
  </radialGradient>
  <linearGradient id="patty" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#6b3a1e"/><stop offset="1" stop-color="#3a1c0d"/>
  </linearGradient>
  <linearGradient id="sauceRed" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#e8561f"/><stop offset="1" stop-color="#a52a0e"/>
  </linearGradient>
  <radialGradient id="meat" cx="40%" cy="30%" r="80%">
    <stop offset="0" stop-color="#b86a3c"/><stop offset=".6" stop-color="#7a3a1c"/><stop offset="1" stop-color="#43200f"/>
  </radialGradient>
  <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#ffffff" stop-opacity=".35"/><stop offset=".2" stop-color="#ffffff" stop-opacity=".08"/><stop offset=".8" stop-color="#ffffff" stop-opacity=".05"/><stop offset="1" stop-color="#ffffff" stop-opacity=".3"/>
  </linearGradient>
  <radialGradient id="flame" cx="50%" cy="90%" r="80%">
    <stop offset="0" stop-color="#fff1b8"/><stop offset=".3" stop-color="#ffb020"/><stop offset=".7" stop-color="#f2541d"/><stop offset="1" stop-color="#a3160c" stop-opacity="0"/>
  </radialGradient>
  <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="12"/></filter>
  <filter id="blur3"><feGaussianBlur stdDeviation="3"/></filter>
  <filter id="grain" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency=".9" numOctaves="2" seed="7"/>
    <feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 .08 0"/>
    <feComposite in2="SourceGraphic" operator="in"/>
  </filter>
</defs>`;

/** Dark slate table with a warm ember glow from below, and a wooden board or plate. */
export function table(w, h) {
  return `<rect width="${w}" height="${h}" fill="url(#bgGlow)"/>
  <rect width="${w}" height="${h}" fill="url(#ember)"/>
  <rect width="${w}" height="${h}" filter="url(#grain)" fill="#fff"/>`;
}

export function plate(cx, cy, rx, ry = rx * 0.62) {
  return `<ellipse cx="${cx}" cy="${cy + ry * 0.18}" rx="${rx * 1.02}" ry="${ry * 1.02}" fill="#000" opacity=".45" filter="url(#soft)"/>
  <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#plate)"/>
  <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#plateRim)"/>
  <ellipse cx="${cx}" cy="${cy}" rx="${rx * 0.72}" ry="${ry * 0.72}" fill="none" stroke="#e4dacb" stroke-width="2"/>`;
}

export function board(cx, cy, w, h) {
  const grains = Array.from(
    { length: 7 },
    (_, i) =>
      `<path d="M${cx - w / 2 + 20} ${cy - h / 2 + 18 + i * (h / 7)} q ${w / 3} ${6 - i} ${w - 40} 0" stroke="#3e2412" stroke-opacity=".35" fill="none" stroke-width="2"/>`,
  ).join('');
  return `<rect x="${cx - w / 2 + 6}" y="${cy - h / 2 + 16}" width="${w}" height="${h}" rx="28" fill="#000" opacity=".5" filter="url(#soft)"/>
  <rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="28" fill="url(#wood)"/>${grains}
  <rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="28" fill="none" stroke="#2e1a0c" stroke-width="4" opacity=".6"/>`;
}

export function parsley(r, cx, cy, spread, n = 7) {
  let s = '';
  for (let i = 0; i < n; i++) {
    const x = cx + (r() - 0.5) * spread;
    const y = cy + (r() - 0.5) * spread * 0.5;
    s += `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${(4 + r() * 4).toFixed(1)}" ry="${(2.5 + r() * 2).toFixed(1)}" fill="${r() > 0.5 ? '#3f8a2a' : '#5cab35'}" transform="rotate(${(r() * 180).toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`;
  }
  return s;
}

export function lemon(cx, cy, s = 1, rot = 0) {
  return `<g transform="translate(${cx} ${cy}) rotate(${rot}) scale(${s})">
    <path d="M-40 0 A40 40 0 0 1 40 0 Z" fill="#f7d23a"/><path d="M-33 0 A33 33 0 0 1 33 0 Z" fill="#fff3a6"/>
    ${[-60, -30, 0, 30, 60].map((a) => `<line x1="0" y1="0" x2="${(Math.sin((a * Math.PI) / 180) * 30).toFixed(1)}" y2="${(-Math.cos((a * Math.PI) / 180) * 30).toFixed(1)}" stroke="#f3c81c" stroke-width="3"/>`).join('')}
  </g>`;
}

export function grillMarks(cx, cy, w, n, angle = -25, color = '#3b1606') {
  let s = `<g transform="rotate(${angle} ${cx} ${cy})" opacity=".55">`;
  for (let i = 0; i < n; i++)
    s += `<rect x="${cx - w / 2}" y="${cy - (n * 22) / 2 + i * 22}" width="${w}" height="7" rx="3.5" fill="${color}"/>`;
  return s + '</g>';
}

export function steam(cx, cy) {
  return `<g fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".16" filter="url(#blur3)">
    <path d="M${cx - 40} ${cy} c -20 -30 20 -50 0 -90"/><path d="M${cx} ${cy - 10} c -20 -30 20 -50 0 -90"/><path d="M${cx + 40} ${cy} c -20 -30 20 -50 0 -90"/>
  </g>`;
}

export function flames(x, y, w, h, r) {
  let s = '';
  const n = Math.max(4, Math.round(w / 60));
  for (let i = 0; i < n; i++) {
    const fx = x + (i + 0.5) * (w / n) + (r() - 0.5) * 20;
    const fh = h * (0.55 + r() * 0.45);
    const fw = (w / n) * (0.9 + r() * 0.5);
    s += `<path d="M${fx - fw / 2} ${y} C ${fx - fw / 2} ${y - fh * 0.4}, ${fx - fw * 0.1} ${y - fh * 0.6}, ${fx} ${y - fh} C ${fx + fw * 0.2} ${y - fh * 0.6}, ${fx + fw / 2} ${y - fh * 0.45}, ${fx + fw / 2} ${y} Z" fill="url(#flame)" opacity="${(0.65 + r() * 0.35).toFixed(2)}"/>`;
  }
  return s;
}
