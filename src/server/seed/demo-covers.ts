/**
 * Demo product art, drawn as SVG by code (no downloads): a book with a typeset cover for an eBook,
 * a grid of layouts for templates, an app window for software, a picture for graphics, a player for
 * video, a waveform for audio, a lesson screen for a course and an archive of files for a ZIP.
 * Only the eBook carries words, as a real book cover does: its whole title, set over several lines.
 */
import type { Category } from '#shared/products.ts';

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 750; // 16:10, the shape of the store's cards and product page

export interface CoverInput {
  name: string;
  category: Category;
  /** The product's two colours. */
  colors: [string, string];
  /** The creator's name, printed on the eBook's cover. */
  author: string;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A small deterministic generator, so the same product always gets the same picture. */
function random(seedText: string) {
  let seed = 2166136261;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
  return () => {
    seed = Math.imul(seed ^ (seed >>> 15), 2246822507);
    seed = Math.imul(seed ^ (seed >>> 13), 3266489909);
    return ((seed ^= seed >>> 16) >>> 0) / 4294967296;
  };
}

/** Words in lines of at most `width` characters; a longer word gets a line of its own. */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const backdrop = (from: string, to: string, light = 0.16) => `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <radialGradient id="glow" cx=".2" cy=".15" r=".9"><stop offset="0" stop-color="#fff" stop-opacity="${light}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="18" stdDeviation="22" flood-color="#0b0b1a" flood-opacity=".45"/></filter>
  </defs>
  <rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#bg)"/>
  <rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#glow)"/>`;

function ebook({ name, colors: [from, to], author }: CoverInput, rand: () => number) {
  const [x, y, w, h] = [420, 70, 380, 560];
  const size = name.length > 28 ? 38 : 46;
  const lines = wrapWords(name, Math.floor((w - 70) / (size * 0.56)));
  const titleTop = y + 150;
  const title = lines
    .map((line, i) => `<tspan x="${x + 38}" y="${titleTop + i * size * 1.15}">${escapeXml(line)}</tspan>`)
    .join('');
  const rings = Array.from({ length: 4 }, (_, i) => `<circle cx="${x + w - 40}" cy="${y + h - 150}" r="${40 + i * 34}" fill="none" stroke="${to}" stroke-opacity="${0.55 - i * 0.1}" stroke-width="6"/>`).join('');
  const tilt = (rand() * 4 - 2).toFixed(1);
  return `${backdrop('#f5f1ea', '#e7e0d4', 0.5)}
  <circle cx="180" cy="620" r="240" fill="${from}" fill-opacity=".12"/><circle cx="1060" cy="120" r="200" fill="${to}" fill-opacity=".12"/>
  <g transform="rotate(${tilt} 600 350)" filter="url(#shadow)">
    <rect x="${x - 16}" y="${y + 8}" width="${w}" height="${h}" rx="6" fill="#fbfaf7"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="#1f1b2e"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${from}" fill-opacity=".9"/>
    <clipPath id="book"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6"/></clipPath>
    <g clip-path="url(#book)">${rings}<rect x="${x}" y="${y + h - 70}" width="${w}" height="70" fill="#000" fill-opacity=".18"/></g>
    <rect x="${x}" y="${y}" width="18" height="${h}" fill="#000" fill-opacity=".22"/>
    <rect x="${x + 38}" y="${y + 60}" width="56" height="8" rx="4" fill="${to}"/>
    <text font-family="DejaVu Serif, Liberation Serif, Georgia, serif" font-size="${size}" font-weight="700" fill="#fff">${title}</text>
    <text x="${x + 38}" y="${y + h - 28}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="22" letter-spacing="3" fill="#fff" fill-opacity=".9">${escapeXml(author.toUpperCase())}</text>
  </g>`;
}

function templates({ colors: [from, to] }: CoverInput, rand: () => number) {
  const cards: string[] = [];
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 3; col++) {
      const x = 170 + col * 300;
      const y = 110 + row * 280;
      const layout = Math.floor(rand() * 3);
      const accent = (row + col) % 2 ? from : to;
      const body =
        layout === 0
          ? `<rect x="${x + 22}" y="${y + 22}" width="216" height="120" rx="10" fill="${accent}" fill-opacity=".85"/><circle cx="${x + 70}" cy="${y + 82}" r="26" fill="#fff" fill-opacity=".7"/>
             <rect x="${x + 22}" y="${y + 160}" width="160" height="14" rx="7" fill="#1f2937"/><rect x="${x + 22}" y="${y + 186}" width="200" height="10" rx="5" fill="#9ca3af"/>`
          : layout === 1
            ? `<rect x="${x + 22}" y="${y + 26}" width="120" height="18" rx="9" fill="#1f2937"/><rect x="${x + 22}" y="${y + 56}" width="190" height="10" rx="5" fill="#9ca3af"/><rect x="${x + 22}" y="${y + 76}" width="150" height="10" rx="5" fill="#9ca3af"/>
               <rect x="${x + 22}" y="${y + 108}" width="100" height="96" rx="10" fill="${accent}" fill-opacity=".8"/><rect x="${x + 134}" y="${y + 108}" width="104" height="96" rx="10" fill="${accent}" fill-opacity=".4"/>`
            : `<circle cx="${x + 130}" cy="${y + 86}" r="58" fill="${accent}" fill-opacity=".85"/><path d="M${x + 108} ${y + 86}l16 16 32-34" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
               <rect x="${x + 60}" y="${y + 166}" width="140" height="14" rx="7" fill="#1f2937"/><rect x="${x + 80}" y="${y + 192}" width="100" height="10" rx="5" fill="#9ca3af"/>`;
      cards.push(`<g filter="url(#shadow)"><rect x="${x}" y="${y}" width="260" height="230" rx="16" fill="#fff"/></g>${body}`);
    }
  }
  return `${backdrop(from, to)}<g transform="rotate(-6 600 375)">${cards.join('')}</g>`;
}

function software({ colors: [from, to] }: CoverInput, rand: () => number) {
  const [x, y, w, h] = [200, 110, 800, 530];
  const code = Array.from({ length: 9 }, (_, i) => {
    const indent = [0, 1, 2, 2, 1, 1, 2, 1, 0][i]! * 28;
    const width = 120 + Math.floor(rand() * 260);
    const colour = [to, '#a5b4fc', '#f9a8d4', '#86efac'][i % 4];
    return `<rect x="${x + 250 + indent}" y="${y + 96 + i * 38}" width="${width}" height="14" rx="7" fill="${colour}" fill-opacity=".85"/>`;
  }).join('');
  const nav = Array.from({ length: 6 }, (_, i) => `<rect x="${x + 30}" y="${y + 96 + i * 44}" width="${i === 1 ? 150 : 120}" height="14" rx="7" fill="#fff" fill-opacity="${i === 1 ? 0.9 : 0.35}"/>`).join('');
  return `${backdrop(from, to)}
  <g filter="url(#shadow)"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="#111827"/></g>
  <rect x="${x}" y="${y}" width="${w}" height="56" rx="18" fill="#1f2937"/><rect x="${x}" y="${y + 38}" width="${w}" height="18" fill="#1f2937"/>
  <circle cx="${x + 32}" cy="${y + 28}" r="9" fill="#f87171"/><circle cx="${x + 60}" cy="${y + 28}" r="9" fill="#fbbf24"/><circle cx="${x + 88}" cy="${y + 28}" r="9" fill="#34d399"/>
  <rect x="${x + 320}" y="${y + 18}" width="180" height="20" rx="10" fill="#374151"/>
  <rect x="${x}" y="${y + 56}" width="210" height="${h - 56}" fill="${from}" fill-opacity=".35"/>${nav}${code}
  <rect x="${x + w - 210}" y="${y + h - 90}" width="170" height="52" rx="26" fill="${to}"/><path d="M${x + w - 140} ${y + h - 76}l22 12-22 12z" fill="#fff"/>`;
}

function graphics({ name, colors: [from, to] }: CoverInput, rand: () => number) {
  // Textures and brushes get soft paint; everything else a landscape illustration.
  if (/texture|watercolou?r|paint/i.test(name)) {
    const blots = Array.from({ length: 9 }, () => {
      const [cx, cy, r] = [100 + rand() * 1000, 80 + rand() * 590, 90 + rand() * 160];
      return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="${rand() > 0.5 ? from : to}" fill-opacity="${(0.35 + rand() * 0.35).toFixed(2)}"/>`;
    }).join('');
    return `<defs><filter id="soft"><feGaussianBlur stdDeviation="28"/></filter></defs>
    <rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="#fbf8f3"/><g filter="url(#soft)">${blots}</g>`;
  }
  if (/icon/i.test(name)) {
    const icons = Array.from({ length: 18 }, (_, i) => {
      const [cx, cy] = [190 + (i % 6) * 164, 170 + Math.floor(i / 6) * 205];
      const fill = i % 2 ? from : to;
      const shape = [
        `<circle cx="${cx}" cy="${cy}" r="40" fill="${fill}"/>`,
        `<rect x="${cx - 38}" y="${cy - 38}" width="76" height="76" rx="18" fill="${fill}"/>`,
        `<path d="M${cx} ${cy - 44}l44 78h-88z" fill="${fill}"/>`,
        `<path d="M${cx} ${cy + 36}c-50-30-56-74-22-80 12-2 20 6 22 14 2-8 10-16 22-14 34 6 28 50-22 80z" fill="${fill}"/>`,
      ][i % 4];
      return `<rect x="${cx - 66}" y="${cy - 66}" width="132" height="132" rx="30" fill="#fff"/>${shape}`;
    }).join('');
    return `${backdrop('#fdf2f8', '#ede9fe', 0.4)}<g filter="url(#shadow)">${icons}</g>`;
  }
  const stars = Array.from({ length: 24 }, () => `<circle cx="${(rand() * 1200).toFixed(0)}" cy="${(rand() * 300).toFixed(0)}" r="${(1 + rand() * 3).toFixed(1)}" fill="#fff" fill-opacity=".8"/>`).join('');
  return `${backdrop(from, to)}${stars}
  <circle cx="860" cy="250" r="110" fill="#fde68a"/>
  <path d="M0 520 L260 300 L430 450 L640 240 L900 500 L1200 330 V750 H0Z" fill="#1e1b4b" fill-opacity=".55"/>
  <path d="M0 620 L200 470 L380 580 L620 420 L820 560 L1000 460 L1200 560 V750 H0Z" fill="#0f172a" fill-opacity=".7"/>
  <path d="M0 700 C300 640 500 720 800 660 S1100 680 1200 650 V750 H0Z" fill="#020617" fill-opacity=".8"/>`;
}

function video({ colors: [from, to] }: CoverInput, rand: () => number) {
  const [x, y, w, h] = [170, 90, 860, 500];
  const progress = 0.25 + rand() * 0.5;
  const frames = Array.from({ length: 6 }, (_, i) => `<rect x="${x + 14 + i * 142}" y="${y + h + 28}" width="126" height="70" rx="8" fill="${i % 2 ? from : to}" fill-opacity="${0.5 + (i % 3) * 0.15}"/>`).join('');
  return `${backdrop('#0f172a', '#1e293b', 0.08)}
  <defs><linearGradient id="scene" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <g filter="url(#shadow)"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="20" fill="url(#scene)"/></g>
  <path d="M${x} ${y + h - 140} C${x + 240} ${y + h - 250} ${x + 520} ${y + h - 60} ${x + w} ${y + h - 200} V${y + h - 20} a20 20 0 0 1 -20 20 H${x + 20} a20 20 0 0 1 -20 -20Z" fill="#000" fill-opacity=".25"/>
  <circle cx="${x + w / 2}" cy="${y + h / 2 - 20}" r="66" fill="#fff" fill-opacity=".92"/>
  <path d="M${x + w / 2 - 20} ${y + h / 2 - 56}l60 36-60 36z" fill="${from}"/>
  <rect x="${x + 40}" y="${y + h - 46}" width="${w - 80}" height="8" rx="4" fill="#fff" fill-opacity=".35"/>
  <rect x="${x + 40}" y="${y + h - 46}" width="${((w - 80) * progress).toFixed(0)}" height="8" rx="4" fill="#fff"/>
  <circle cx="${(x + 40 + (w - 80) * progress).toFixed(0)}" cy="${y + h - 42}" r="12" fill="#fff"/>${frames}`;
}

function audio({ colors: [from, to] }: CoverInput, rand: () => number) {
  const bars = Array.from({ length: 56 }, (_, i) => {
    const envelope = Math.sin((i / 55) * Math.PI) * 0.75 + 0.25;
    const height = Math.max(14, envelope * (60 + rand() * 260));
    const played = i < 22;
    return `<rect x="${140 + i * 16.5}" y="${(375 - height / 2).toFixed(0)}" width="9" height="${height.toFixed(0)}" rx="4.5" fill="#fff" fill-opacity="${played ? 0.95 : 0.4}"/>`;
  }).join('');
  return `${backdrop(from, to)}
  <circle cx="1040" cy="110" r="150" fill="#000" fill-opacity=".12"/><circle cx="1040" cy="110" r="40" fill="#000" fill-opacity=".15"/>
  ${bars}
  <rect x="140" y="600" width="920" height="6" rx="3" fill="#fff" fill-opacity=".35"/><rect x="140" y="600" width="360" height="6" rx="3" fill="#fff"/>
  <circle cx="140" cy="120" r="44" fill="#fff"/><path d="M128 98l36 22-36 22z" fill="${from}"/>`;
}

function course({ colors: [from, to] }: CoverInput, rand: () => number) {
  const done = 2 + Math.floor(rand() * 3);
  const lessons = Array.from({ length: 6 }, (_, i) => {
    const ly = 150 + i * 78;
    const mark =
      i < done
        ? `<circle cx="800" cy="${ly + 26}" r="17" fill="${to}"/><path d="M791 ${ly + 26}l7 7 12-14" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`
        : `<circle cx="800" cy="${ly + 26}" r="15" fill="none" stroke="#cbd5e1" stroke-width="4"/>`;
    return `<rect x="770" y="${ly}" width="330" height="56" rx="12" fill="#fff" fill-opacity="${i === done ? 1 : 0.85}"/>${mark}<rect x="834" y="${ly + 20}" width="${150 + ((i * 37) % 90)}" height="14" rx="7" fill="#334155" fill-opacity="${i < done ? 0.45 : 0.85}"/>`;
  }).join('');
  return `${backdrop(from, to)}
  <g filter="url(#shadow)"><rect x="100" y="150" width="620" height="400" rx="20" fill="#0f172a"/></g>
  <rect x="130" y="180" width="560" height="290" rx="12" fill="${to}" fill-opacity=".35"/>
  <circle cx="410" cy="325" r="54" fill="#fff"/><path d="M394 297l48 28-48 28z" fill="${from}"/>
  <rect x="130" y="496" width="560" height="10" rx="5" fill="#fff" fill-opacity=".25"/><rect x="130" y="496" width="${(560 * done) / 6}" height="10" rx="5" fill="${to}"/>
  ${lessons}`;
}

function zip({ colors: [from, to] }: CoverInput) {
  const files = [-16, -5, 6, 17]
    .map((angle, i) => `<g transform="rotate(${angle} 600 560)"><rect x="${520 + i * 4}" y="150" width="170" height="220" rx="12" fill="#fff"/><path d="M${650 + i * 4} 150h40v40h-40z" fill="${i % 2 ? from : to}" fill-opacity=".7"/><rect x="${542 + i * 4}" y="220" width="110" height="12" rx="6" fill="#94a3b8"/><rect x="${542 + i * 4}" y="246" width="80" height="12" rx="6" fill="#cbd5e1"/></g>`)
    .join('');
  const teeth = Array.from({ length: 9 }, (_, i) => `<rect x="${i % 2 ? 600 : 586}" y="${380 + i * 22}" width="14" height="14" rx="3" fill="#fff" fill-opacity=".9"/>`).join('');
  return `${backdrop(from, to)}
  <g filter="url(#shadow)">${files}
    <path d="M330 330h180l40 40h320a20 20 0 0 1 20 20v260a20 20 0 0 1 -20 20H330a20 20 0 0 1 -20 -20V350a20 20 0 0 1 20 -20z" fill="#1e1b4b" fill-opacity=".92"/>
  </g>
  ${teeth}<rect x="578" y="578" width="44" height="56" rx="10" fill="#fff"/>`;
}

const ART: Record<Category, (input: CoverInput, rand: () => number) => string> = {
  eBook: ebook,
  Templates: templates,
  Software: software,
  Graphics: graphics,
  Video: video,
  Audio: audio,
  Course: course,
  ZIP: zip,
};

/** The product's cover as an SVG document, `data-art` naming the kind of picture. */
export function demoCoverSvg(input: CoverInput): string {
  const art = ART[input.category](input, random(input.name));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" data-art="${input.category.toLowerCase()}">${art}</svg>`;
}
