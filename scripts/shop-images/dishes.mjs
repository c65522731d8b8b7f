// One drawing per kind of dish, centred in an 800 x 600 frame.
import { board, grillMarks, lemon, parsley, plate, steam } from './parts.mjs';

let clipIds = 0;

export function chickenPiece(cx, cy, s, rot = 0) {
  const clip = `cp${clipIds++}`;
  const thigh = 'M-70 -10 C -90 -60, -10 -85, 40 -55 C 85 -30, 95 20, 60 45 C 20 70, -60 55, -72 20 Z';
  return `<g transform="translate(${cx} ${cy}) rotate(${rot}) scale(${s})">
    <clipPath id="${clip}"><path d="${thigh}"/></clipPath>
    <path d="${thigh}" fill="url(#skin)"/>
    <path d="M55 35 C 80 50, 105 62, 120 58 C 135 55, 138 40, 126 34 C 110 28, 90 22, 70 10 Z" fill="url(#skin)"/>
    <circle cx="128" cy="46" r="12" fill="#f3e2c6"/><circle cx="134" cy="40" r="9" fill="#f8eedd"/>
    <g clip-path="url(#${clip})">${grillMarks(0, 0, 150, 4, -30)}</g>
    <path d="M-50 -30 C -30 -55, 10 -60, 30 -45" stroke="#ffe6a8" stroke-width="6" fill="none" opacity=".5" stroke-linecap="round"/>
  </g>`;
}

export function wholeChicken(cx, cy, s) {
  const clip = `wc${clipIds++}`;
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    <clipPath id="${clip}"><ellipse cx="0" cy="10" rx="170" ry="100"/></clipPath>
    <ellipse cx="0" cy="10" rx="175" ry="105" fill="url(#skin)"/>
    <path d="M-150 -20 C -230 -40, -250 30, -190 60 C -160 75, -140 50, -130 30 Z" fill="url(#skin)"/>
    <path d="M150 -20 C 230 -40, 250 30, 190 60 C 160 75, 140 50, 130 30 Z" fill="url(#skin)"/>
    <circle cx="-228" cy="10" r="15" fill="#f3e2c6"/><circle cx="228" cy="10" r="15" fill="#f3e2c6"/>
    <path d="M-120 70 C -80 120, 80 120, 120 70" fill="#8a3510" opacity=".5"/>
    <g clip-path="url(#${clip})">${grillMarks(0, 10, 330, 6, -18)}</g>
    <ellipse cx="-40" cy="-40" rx="90" ry="35" fill="#ffe6a8" opacity=".25"/>
    <path d="M-110 -30 C -60 -70, 50 -75, 110 -35" stroke="#fff3cc" stroke-width="8" fill="none" opacity=".35" stroke-linecap="round"/>
    ${[
      [-60, 20],
      [10, -10],
      [70, 30],
      [-20, 50],
      [40, 60],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" fill="#b3200e" opacity=".8"/>`)
      .join('')}
  </g>`;
}

export function fries(cx, cy, s, r, n = 18) {
  let out = `<g transform="translate(${cx} ${cy}) scale(${s})">`;
  for (let i = 0; i < n; i++) {
    const x = (r() - 0.5) * 160;
    const y = (r() - 0.5) * 60;
    const a = (r() - 0.5) * 140;
    out += `<rect x="${(x - 9).toFixed(1)}" y="${(y - 55).toFixed(1)}" width="18" height="${(90 + r() * 30).toFixed(0)}" rx="5" fill="url(#fry)" stroke="#c98a22" stroke-width="1.5" transform="rotate(${a.toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`;
  }
  return out + '</g>';
}

export function burger(cx, cy, s, layers = 1, r) {
  const patty = (y) => `<rect x="-150" y="${y}" width="300" height="46" rx="22" fill="url(#patty)"/>
    <path d="M-148 ${y + 8} q 20 -6 40 0 t 40 0 t 40 0 t 40 0 t 40 0 t 40 0 t 40 0" stroke="#8a4b26" stroke-width="3" fill="none" opacity=".7"/>
    <path d="M-155 ${y - 2} L -120 ${y + 22} L -90 ${y - 2} L -40 ${y + 26} L 0 ${y - 2} L 50 ${y + 24} L 100 ${y - 2} L 130 ${y + 20} L 158 ${y - 2} Z" fill="#ffc02e"/>`;
  let stack = '';
  let y = 40;
  for (let i = 0; i < layers; i++) {
    stack += patty(y);
    y -= 52;
  }
  const top = y;
  const seeds = Array.from({ length: 16 }, () => {
    const x = (r() - 0.5) * 220;
    const yy = top - 40 + r() * 35 + Math.abs(x) * 0.12;
    return `<ellipse cx="${x.toFixed(0)}" cy="${yy.toFixed(0)}" rx="6" ry="3" fill="#fff4d6" transform="rotate(${(r() * 60 - 30).toFixed(0)} ${x.toFixed(0)} ${yy.toFixed(0)})"/>`;
  }).join('');
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    <ellipse cx="0" cy="120" rx="190" ry="30" fill="#000" opacity=".45" filter="url(#soft)"/>
    <path d="M-160 95 Q -160 130 -120 130 L 120 130 Q 160 130 160 95 L 160 85 L -160 85 Z" fill="url(#bun)"/>
    <path d="M-165 88 q 20 -14 40 0 t 40 0 t 40 0 t 40 0 t 40 0 t 40 0 t 40 0 t 40 0 L 165 80 L -165 80 Z" fill="#5aa832"/>
    <rect x="-140" y="${top + 42 + 52 * layers - 2}" width="0" height="0"/>
    <path d="M-150 80 L 150 80 L 150 70 L -150 70 Z" fill="#d8392a"/>
    ${stack}
    <path d="M-165 ${top + 40} q 20 -14 40 0 t 40 0 t 40 0 t 40 0 t 40 0 t 40 0 t 40 0 t 40 0 L 165 ${top + 52} L -165 ${top + 52} Z" fill="#6cbf3a"/>
    <path d="M-160 ${top + 40} C -160 ${top - 90}, 160 ${top - 90}, 160 ${top + 40} Z" fill="url(#bun)"/>
    <path d="M-110 ${top - 20} C -70 ${top - 62}, 40 ${top - 70}, 90 ${top - 40}" stroke="#ffe0a6" stroke-width="10" fill="none" opacity=".35" stroke-linecap="round"/>
    ${seeds}
  </g>`;
}

export function francesinha(cx, cy, s, r, topping = 'egg') {
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    <path d="M-190 30 C -200 -40, -120 -95, 0 -95 C 120 -95, 200 -40, 190 30 C 180 95, -180 95, -190 30 Z" fill="url(#sauceRed)"/>
    <rect x="-120" y="-70" width="240" height="120" rx="16" fill="#e9b35a"/>
    <path d="M-130 -60 C -90 -90, 90 -90, 130 -60 C 140 -10, 135 40, 120 60 C 60 75, -60 75, -120 60 C -138 30, -140 -20, -130 -60 Z" fill="#f6c445"/>
    <path d="M-60 62 c 5 10, -3 14, 4 20 M 40 64 c 6 8, -2 12, 3 18" stroke="#f6c445" stroke-width="16" fill="none" stroke-linecap="round"/>
    <path d="M-120 -40 c 60 -20, 180 -15, 230 5" stroke="#c94a12" stroke-width="18" fill="none" opacity=".55" stroke-linecap="round"/>
    ${topping === 'egg' ? `<ellipse cx="10" cy="-25" rx="70" ry="46" fill="#fffdf6"/><circle cx="20" cy="-30" r="26" fill="#ffb020"/><circle cx="12" cy="-38" r="8" fill="#ffe08a"/>` : ''}
    ${
      topping === 'shrimp'
        ? [
            [-50, -30],
            [20, -40],
            [70, -10],
          ]
            .map(
              ([x, y]) =>
                `<path d="M${x} ${y} a 26 26 0 1 1 30 24" stroke="#f2793a" stroke-width="16" fill="none" stroke-linecap="round"/>`,
            )
            .join('')
        : ''
    }
    ${
      topping === 'chicken'
        ? [
            [-50, -30],
            [10, -40],
            [60, -15],
          ]
            .map(([x, y]) => `<rect x="${x - 25}" y="${y - 14}" width="50" height="28" rx="10" fill="#e3a04f"/>`)
            .join('')
        : ''
    }
    ${parsley(r, 0, -10, 200, 6)}
  </g>`;
}

export function drink(cx, cy, s, kind) {
  const colors = {
    water: ['#cfe8f5', '#8fc6e3'],
    sparkling: ['#d9f0fb', '#9dd2ec'],
    cola: ['#5a2614', '#200b05'],
    zero: ['#4a2012', '#1a0a04'],
    icetea: ['#e7a548', '#a65d14'],
    sumol: ['#ffd83a', '#f2a516'],
    orange: ['#ffad33', '#f07a12'],
    mango: ['#ffc23a', '#f08b1a'],
    beer: ['#ffd25a', '#e59a16'],
    wine: ['#f5ecb0', '#e3cf6c'],
    sangria: ['#b3122a', '#5e0616'],
  }[kind];
  const can = kind === 'cola' || kind === 'zero' || kind === 'sumol' || kind === 'icetea';
  const stem = kind === 'wine';
  const jug = kind === 'sangria';
  let body;
  if (can) {
    const canColor = { cola: '#d41f26', zero: '#1c1c1c', sumol: '#f7c21e', icetea: '#e38b2a' }[kind];
    body = `<rect x="90" y="-70" width="110" height="210" rx="18" fill="${canColor}"/>
      <rect x="90" y="-70" width="110" height="210" rx="18" fill="url(#glass)"/>
      <rect x="96" y="-84" width="98" height="20" rx="8" fill="#c9c9c9"/>
      <path d="M90 20 q 55 -30 110 0" stroke="#fff" stroke-width="10" fill="none" opacity=".85"/>
      <path d="M90 40 q 55 -30 110 0" stroke="#fff" stroke-width="4" fill="none" opacity=".6"/>`;
  } else body = '';
  const glassShape = stem
    ? `<path d="M-70 -150 L 70 -150 C 70 -60, 40 -20, 0 -20 C -40 -20, -70 -60, -70 -150 Z" fill="url(#dg)"/>
       <path d="M-75 -170 L 75 -170 C 78 -60, 45 -10, 0 -10 C -45 -10, -78 -60, -75 -170 Z" fill="url(#glass)" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>
       <rect x="-5" y="-12" width="10" height="130" fill="#fff" opacity=".5"/><ellipse cx="0" cy="120" rx="60" ry="12" fill="#fff" opacity=".45"/>`
    : jug
      ? `<path d="M-90 -160 L 90 -160 L 100 140 Q 100 160 80 160 L -80 160 Q -100 160 -100 140 Z" fill="url(#glass)" stroke="#fff" stroke-opacity=".45" stroke-width="3"/>
         <path d="M-88 -110 L 88 -110 L 98 138 Q 98 155 80 155 L -80 155 Q -98 155 -98 138 Z" fill="url(#dg)" opacity=".92"/>
         <path d="M95 -120 C 160 -120, 160 40, 98 40" stroke="#fff" stroke-opacity=".5" stroke-width="10" fill="none"/>
         ${[
           [-40, -60, '#ffa62b'],
           [30, -20, '#f6d23a'],
           [-20, 40, '#ffa62b'],
           [40, 80, '#5aa832'],
         ]
           .map(
             ([x, y, c]) =>
               `<circle cx="${x}" cy="${y}" r="24" fill="${c}" opacity=".9"/><circle cx="${x}" cy="${y}" r="16" fill="#fff" opacity=".35"/>`,
           )
           .join('')}`
      : `<path d="M-75 -150 L 75 -150 L 62 140 Q 60 155 45 155 L -45 155 Q -60 155 -62 140 Z" fill="url(#glass)" stroke="#fff" stroke-opacity=".45" stroke-width="3"/>
         <path d="M-72 ${kind === 'beer' ? -120 : -100} L 72 ${kind === 'beer' ? -120 : -100} L 60 138 Q 58 150 45 150 L -45 150 Q -58 150 -60 138 Z" fill="url(#dg)" opacity="${kind === 'water' || kind === 'sparkling' ? 0.55 : 0.95}"/>
         ${kind === 'beer' ? `<path d="M-76 -118 C -80 -170, 80 -170, 76 -118 Z" fill="#fffaf0"/><circle cx="-30" cy="-150" r="18" fill="#fff"/><circle cx="20" cy="-155" r="22" fill="#fff"/>` : ''}
         ${kind === 'orange' || kind === 'mango' ? `<g transform="translate(60 -150) rotate(20)"><circle r="40" fill="#ffa62b"/><circle r="32" fill="#ffd27a"/>${[0, 45, 90, 135].map((a) => `<line x1="${-32 * Math.cos((a * Math.PI) / 180)}" y1="${-32 * Math.sin((a * Math.PI) / 180)}" x2="${32 * Math.cos((a * Math.PI) / 180)}" y2="${32 * Math.sin((a * Math.PI) / 180)}" stroke="#f39a1d" stroke-width="3"/>`).join('')}</g>` : ''}
         ${
           ['water', 'sparkling', 'cola', 'zero', 'icetea', 'sumol'].includes(kind)
             ? [
                 [-30, -70],
                 [20, -55],
                 [-5, -20],
               ]
                 .map(
                   ([x, y]) =>
                     `<rect x="${x - 22}" y="${y - 22}" width="44" height="44" rx="8" fill="#fff" opacity=".35" transform="rotate(${x} ${x} ${y})"/>`,
                 )
                 .join('')
             : ''
         }`;
  const bubbles = ['sparkling', 'cola', 'zero', 'beer', 'sumol'].includes(kind)
    ? Array.from(
        { length: 14 },
        (_, i) =>
          `<circle cx="${-45 + ((i * 37) % 90)}" cy="${130 - ((i * 53) % 220)}" r="${2 + (i % 3)}" fill="#fff" opacity=".55"/>`,
      ).join('')
    : '';
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    <defs><linearGradient id="dg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
    <ellipse cx="${can ? 60 : 0}" cy="165" rx="${can ? 170 : 110}" ry="24" fill="#000" opacity=".5" filter="url(#soft)"/>
    ${glassShape}${bubbles}${can ? body : ''}
    <path d="M-58 -130 L -50 120" stroke="#fff" stroke-width="8" opacity=".25" stroke-linecap="round"/>
  </g>`;
}

export function bowl(cx, cy, s, fill, r, extras = '') {
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    <ellipse cx="0" cy="90" rx="230" ry="40" fill="#000" opacity=".5" filter="url(#soft)"/>
    <path d="M-220 -10 C -210 110, 210 110, 220 -10 Z" fill="#b65a2a"/>
    <path d="M-220 -10 C -210 110, 210 110, 220 -10 Z" fill="url(#glass)"/>
    <ellipse cx="0" cy="-10" rx="220" ry="60" fill="#8e3f18"/>
    <ellipse cx="0" cy="-8" rx="200" ry="50" fill="${fill}"/>
    ${extras}
    ${parsley(r, 0, -10, 260, 8)}
  </g>`;
}

export function pieces(cx, cy, s, r, shape, n, fillId = 'fried') {
  let out = `<g transform="translate(${cx} ${cy}) scale(${s})">`;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + r();
    const rad = i === 0 ? 0 : 70 + r() * 40;
    const x = Math.cos(a) * rad * 1.3;
    const y = Math.sin(a) * rad * 0.6;
    const rot = r() * 180;
    const body = {
      oval: `<ellipse rx="46" ry="30" fill="url(#${fillId})"/><ellipse rx="30" ry="14" cy="-8" fill="#fff" opacity=".15"/>`,
      halfmoon: `<path d="M-50 10 A 50 44 0 0 1 50 10 Z" fill="url(#${fillId})"/><path d="M-46 10 q 46 14 92 0" stroke="#b6702a" stroke-width="5" fill="none"/>`,
      tender: `<path d="M-62 -10 C -40 -30, 40 -26, 64 -6 C 70 10, 50 24, 0 22 C -50 22, -72 10, -62 -10 Z" fill="url(#${fillId})"/>`,
      nugget: `<path d="M-34 -20 C -10 -36, 30 -30, 36 -6 C 40 20, 10 30, -14 26 C -40 22, -46 -6, -34 -20 Z" fill="url(#${fillId})"/>`,
      wing: `<path d="M-55 -8 C -40 -40, 20 -40, 40 -14 L 62 -26 C 76 -30, 84 -14, 72 -6 L 50 8 C 40 34, -30 40, -55 -8 Z" fill="url(#skin)"/>`,
      shrimp: `<path d="M-30 20 A 42 42 0 1 1 34 18" stroke="#ef6a2c" stroke-width="26" fill="none" stroke-linecap="round"/><path d="M-30 20 A 42 42 0 1 1 34 18" stroke="#ffb07a" stroke-width="6" fill="none" stroke-dasharray="8 10"/><path d="M34 18 l 22 6 l -8 16 z" fill="#d9461a"/>`,
      chip: `<ellipse rx="40" ry="34" fill="#f4c451"/><ellipse rx="34" ry="28" fill="#ffe08a" opacity=".6"/>`,
      gizzard: `<ellipse rx="30" ry="22" fill="url(#meat)"/>`,
    }[shape];
    out += `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${rot.toFixed(0)})">${body}</g>`;
  }
  return out + '</g>';
}

export function sausage(cx, cy, s, withFlame, r) {
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    ${withFlame ? `<g opacity=".9">${Array.from({ length: 6 }, (_, i) => `<path d="M${-150 + i * 60} 30 C ${-170 + i * 60} -40, ${-130 + i * 60} -80, ${-140 + i * 60 + r() * 20} -140 C ${-100 + i * 60} -80, ${-95 + i * 60} -40, ${-100 + i * 60} 30 Z" fill="url(#flame)"/>`).join('')}</g>` : ''}
    <path d="M-220 20 C -140 -70, 140 -70, 220 20 C 230 40, 210 60, 190 48 C 120 -10, -120 -10, -190 48 C -210 60, -230 40, -220 20 Z" fill="#8e1f12"/>
    <path d="M-200 14 C -130 -50, 130 -50, 200 14" stroke="#c3452b" stroke-width="10" fill="none" opacity=".7"/>
    ${[-120, -60, 0, 60, 120].map((x) => `<path d="M${x - 10} ${-34 + Math.abs(x) * 0.14} l 20 40" stroke="#3a0b05" stroke-width="9" stroke-linecap="round" opacity=".6"/>`).join('')}
  </g>`;
}

export function steak(cx, cy, s, color = 'url(#meat)', marks = true) {
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    <path d="M-170 -30 C -150 -100, 60 -110, 150 -60 C 200 -30, 190 60, 120 80 C 20 105, -140 90, -175 40 C -185 15, -178 -10, -170 -30 Z" fill="${color}"/>
    <path d="M-150 -40 C -120 -90, 60 -95, 140 -55" stroke="#f3e2c6" stroke-width="12" fill="none" opacity=".55" stroke-linecap="round"/>
    ${marks ? grillMarks(0, 0, 300, 5, -28, '#1f0a03') : ''}
  </g>`;
}

export function skewer(cx, cy, s, r, mixed) {
  let chunks = '';
  for (let i = 0; i < 6; i++) {
    const x = -200 + i * 78;
    const kind = i % 2 === 1 ? (mixed ? 'meat' : 'pepper') : 'chicken';
    chunks +=
      kind === 'pepper'
        ? `<rect x="${x - 22}" y="-34" width="44" height="68" rx="10" fill="${r() > 0.5 ? '#d8392a' : '#4f9a2c'}"/>`
        : `<rect x="${x - 34}" y="-42" width="68" height="84" rx="18" fill="url(#${kind === 'meat' ? 'meat' : 'skin'})"/>${grillMarks(x, 0, 60, 2, -30, '#2a0e04')}`;
  }
  return `<g transform="translate(${cx} ${cy}) scale(${s}) rotate(-12)">
    <rect x="-280" y="-5" width="560" height="10" rx="5" fill="#c9b79c"/>${chunks}
    <circle cx="280" cy="0" r="10" fill="#8a7a62"/>
  </g>`;
}

export function fish(cx, cy, s, r) {
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    <path d="M-170 -20 C -120 -90, 110 -80, 170 -10 C 120 60, -120 70, -170 -20 Z" fill="#f5ebd8"/>
    <path d="M-150 -20 C -100 -60, 100 -55, 150 -12" stroke="#d8a866" stroke-width="10" fill="none" opacity=".6"/>
    ${grillMarks(0, -10, 280, 4, -20, '#6b3a18')}
    ${[
      [-150, 70],
      [-60, 90],
      [40, 88],
      [130, 70],
    ]
      .map(
        ([x, y]) =>
          `<ellipse cx="${x}" cy="${y}" rx="42" ry="32" fill="#e9c27a"/><ellipse cx="${x - 8}" cy="${y - 8}" rx="20" ry="12" fill="#fff1c8" opacity=".6"/>`,
      )
      .join('')}
    ${[
      [-90, -40],
      [60, -30],
      [0, 10],
    ]
      .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="14" ry="9" fill="#f7f2e8" stroke="#d6c8a8"/>`)
      .join('')}
    <path d="M-180 40 C -60 60, 60 60, 180 30" stroke="#c7a12a" stroke-width="6" fill="none" opacity=".5"/>
    ${parsley(r, 0, 0, 300, 10)}
  </g>`;
}

export function salad(cx, cy, s, r) {
  let leaves = '';
  for (let i = 0; i < 14; i++) {
    const x = (r() - 0.5) * 280;
    const y = (r() - 0.5) * 120;
    leaves += `<path d="M${x - 40} ${y} q 40 -50 80 0 q -40 40 -80 0" fill="${['#5aa832', '#76c043', '#3f8a2a'][i % 3]}" transform="rotate(${(r() * 180).toFixed(0)} ${x} ${y})"/>`;
  }
  const tomatoes = Array.from(
    { length: 5 },
    () =>
      `<circle cx="${((r() - 0.5) * 240).toFixed(0)}" cy="${((r() - 0.5) * 90).toFixed(0)}" r="22" fill="#e1352a"/>`,
  ).join('');
  const carrots = Array.from(
    { length: 10 },
    () =>
      `<rect x="${((r() - 0.5) * 240).toFixed(0)}" y="${((r() - 0.5) * 90).toFixed(0)}" width="36" height="6" rx="3" fill="#f58a1f" transform="rotate(${(r() * 180).toFixed(0)})"/>`,
  ).join('');
  const olives = Array.from(
    { length: 5 },
    () =>
      `<ellipse cx="${((r() - 0.5) * 220).toFixed(0)}" cy="${((r() - 0.5) * 80).toFixed(0)}" rx="12" ry="9" fill="#2c2a20"/>`,
  ).join('');
  return `<g transform="translate(${cx} ${cy}) scale(${s})">${leaves}${tomatoes}${carrots}${olives}</g>`;
}

export function bread(cx, cy, s) {
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    ${[-110, 0, 110]
      .map(
        (x, i) => `<g transform="translate(${x} ${i === 1 ? -10 : 10}) rotate(${(i - 1) * 10})">
      <path d="M-55 -60 C -60 -90, 60 -90, 55 -60 L 55 60 L -55 60 Z" fill="#c57d35"/>
      <path d="M-45 -55 C -48 -75, 48 -75, 45 -55 L 45 52 L -45 52 Z" fill="#f4d79a"/>
      <path d="M-45 -30 C -20 -50, 20 -10, 45 -35 L 45 30 C 20 50, -20 20, -45 40 Z" fill="#ffd04a" opacity=".9"/>
      <circle cx="-15" cy="0" r="5" fill="#4f9a2c"/><circle cx="15" cy="-15" r="4" fill="#4f9a2c"/></g>`,
      )
      .join('')}
  </g>`;
}

export function ramekin(cx, cy, s, color, r) {
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    <ellipse cx="0" cy="70" rx="150" ry="30" fill="#000" opacity=".5" filter="url(#soft)"/>
    <path d="M-130 -20 L -115 70 Q 0 95 115 70 L 130 -20 Z" fill="#f3ede4"/>
    <path d="M-130 -20 L -115 70 Q 0 95 115 70 L 130 -20 Z" fill="url(#glass)"/>
    <ellipse cx="0" cy="-20" rx="130" ry="40" fill="#e6ddd0"/>
    <ellipse cx="0" cy="-18" rx="112" ry="32" fill="${color}"/>
    <path d="M-60 -25 c 30 -12 70 -8 100 5" stroke="#fff" stroke-width="8" opacity=".3" fill="none" stroke-linecap="round"/>
    ${color === '#c8281a' ? Array.from({ length: 8 }, () => `<circle cx="${((r() - 0.5) * 180).toFixed(0)}" cy="${(-18 + (r() - 0.5) * 40).toFixed(0)}" r="3" fill="#ffcf7a"/>`).join('') : ''}
  </g>`;
}

export function rice(cx, cy, s, r) {
  const grains = Array.from({ length: 90 }, () => {
    const a = r() * Math.PI * 2;
    const d = Math.sqrt(r()) * 170;
    const x = Math.cos(a) * d;
    const y = Math.sin(a) * d * 0.45 - 10;
    return `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="7" ry="3.5" fill="${r() > 0.3 ? '#f6dc8a' : '#e9b850'}" transform="rotate(${(r() * 180).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`;
  }).join('');
  const bits = Array.from(
    { length: 12 },
    () =>
      `<rect x="${((r() - 0.5) * 260).toFixed(0)}" y="${((r() - 0.5) * 100 - 10).toFixed(0)}" width="12" height="12" rx="3" fill="${r() > 0.5 ? '#d8392a' : '#5aa832'}"/>`,
  ).join('');
  return `<g transform="translate(${cx} ${cy}) scale(${s})"><ellipse cx="0" cy="-10" rx="190" ry="90" fill="#f0cd72"/>${grains}${bits}</g>`;
}

export function nata(cx, cy, s) {
  const tart = (x, y) => `<g transform="translate(${x} ${y})">
    <ellipse cx="0" cy="20" rx="105" ry="52" fill="#b9722e"/>
    <ellipse cx="0" cy="8" rx="100" ry="48" fill="#e3a654"/>
    <ellipse cx="0" cy="6" rx="82" ry="38" fill="#ffd76a"/>
    <ellipse cx="-20" cy="0" rx="26" ry="14" fill="#6b3010" opacity=".85"/><ellipse cx="30" cy="12" rx="18" ry="10" fill="#7a3a14" opacity=".8"/><ellipse cx="10" cy="-12" rx="12" ry="7" fill="#5a2408" opacity=".7"/>
  </g>`;
  return `<g transform="translate(${cx} ${cy}) scale(${s})">${tart(-100, 10)}${tart(100, -10)}
    <g fill="#8a4a1f" opacity=".6">${[
      [-20, 70],
      [0, 80],
      [20, 72],
      [180, 60],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3"/>`)
      .join('')}</g></g>`;
}

export function glassDessert(cx, cy, s, layers) {
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    <ellipse cx="0" cy="160" rx="130" ry="24" fill="#000" opacity=".5" filter="url(#soft)"/>
    <path d="M-100 -120 L 100 -120 L 80 150 L -80 150 Z" fill="${layers[0]}"/>
    <path d="M-92 -10 L 92 -10 L 80 150 L -80 150 Z" fill="${layers[1]}"/>
    <path d="M-100 -120 C -60 -170, 60 -170, 100 -120 Z" fill="${layers[2]}"/>
    <path d="M-106 -150 L 106 -150 L 84 155 L -84 155 Z" fill="url(#glass)" stroke="#fff" stroke-opacity=".45" stroke-width="3"/>
    <circle cx="20" cy="-150" r="16" fill="#c8281a"/><path d="M20 -166 q 10 -20 24 -24" stroke="#3f8a2a" stroke-width="4" fill="none"/>
  </g>`;
}

export function arrozDoce(cx, cy, s) {
  let lattice = '';
  for (let i = -3; i <= 3; i++) {
    lattice += `<path d="M${i * 50 - 80} -70 L ${i * 50 + 80} 70" stroke="#8a4a1f" stroke-width="7" opacity=".75"/><path d="M${i * 50 + 80} -70 L ${i * 50 - 80} 70" stroke="#8a4a1f" stroke-width="7" opacity=".75"/>`;
  }
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    <defs><clipPath id="ad"><ellipse cx="0" cy="0" rx="200" ry="90"/></clipPath></defs>
    <ellipse cx="0" cy="0" rx="200" ry="90" fill="#fbe7b0"/><g clip-path="url(#ad)">${lattice}</g>
    <ellipse cx="-40" cy="-20" rx="70" ry="20" fill="#fff" opacity=".25"/>
  </g>`;
}

export function almondTart(cx, cy, s, r) {
  const almonds = Array.from(
    { length: 22 },
    () =>
      `<ellipse cx="${((r() - 0.5) * 200).toFixed(0)}" cy="${((r() - 0.5) * 60 - 10).toFixed(0)}" rx="16" ry="6" fill="#f2d7a4" stroke="#c99a5a" transform="rotate(${(r() * 180).toFixed(0)})"/>`,
  ).join('');
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    <path d="M-150 60 L 150 60 L 170 -10 L -170 -10 Z" fill="#d99a45"/>
    <path d="M-170 -10 L 170 -10 L 0 -100 Z" fill="#c9761f"/>
    <g transform="translate(0 -35)">${almonds}</g>
    <path d="M-170 -10 L 170 -10" stroke="#8a4a1f" stroke-width="6"/>
  </g>`;
}

export function kidsMenu(cx, cy, r) {
  return `${plate(cx - 40, cy + 20, 250)}${fries(cx - 110, cy + 10, 0.75, r, 12)}${pieces(cx + 20, cy + 30, 0.7, r, 'nugget', 5)}
    ${drink(cx + 270, cy - 10, 0.62, 'orange')}
    <g transform="translate(${cx - 180} ${cy + 120})"><circle r="24" fill="#e1352a"/><circle r="14" fill="#fff" opacity=".35"/></g>`;
}

export function sectionFallback(cx, cy, r) {
  return `${board(cx, cy, 560, 340)}${wholeChicken(cx, cy, 1)}${parsley(r, cx, cy, 300)}`;
}

export { board, lemon, parsley, plate, steam };
