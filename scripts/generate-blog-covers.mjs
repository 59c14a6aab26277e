// Draws public/images/blog/<unikey>.svg for every English article: an abstract cover in the
// colours of its category, its shapes seeded by the unikey (the same article, the same cover).
// Run after adding an article: `node scripts/generate-blog-covers.mjs`.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const source = path.join(root, "content/blog/en");
const out = path.join(root, "public/images/blog");

// One pictogram per category, drawn on a 100×100 grid and scaled into the middle of the cover.
const ICONS = {
  privacy:
    '<path d="M8 50 C 28 20, 72 20, 92 50 C 72 80, 28 80, 8 50 Z" fill="none" stroke="#fff" stroke-width="6"/><path d="M20 30 L80 70" stroke="#fff" stroke-width="6" stroke-linecap="round"/>',
  security:
    '<path d="M50 6 L88 20 V48 C88 72 70 88 50 95 C30 88 12 72 12 48 V20 Z" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/><path d="M32 50 L45 63 L69 37" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>',
  streaming:
    '<circle cx="50" cy="50" r="42" fill="none" stroke="#fff" stroke-width="6"/><path d="M40 30 L72 50 L40 70 Z" fill="#fff"/>',
  guides:
    '<circle cx="50" cy="50" r="42" fill="none" stroke="#fff" stroke-width="6"/><path d="M50 18 L60 50 L50 82 L40 50 Z" fill="#fff" fill-opacity="0.9"/><circle cx="50" cy="50" r="5" fill="#fff"/>',
};

const PALETTES = {
  privacy: ["#142b6f", "#2554d8", "#8fb4ff"],
  security: ["#0f3d3e", "#0f766e", "#5eead4"],
  streaming: ["#3b0764", "#7c3aed", "#c4b5fd"],
  guides: ["#7c2d12", "#c2410c", "#fdba74"],
};

for (const file of readdirSync(source).filter((name) => name.endsWith(".md"))) {
  const text = readFileSync(path.join(source, file), "utf8");
  const unikey = /^unikey:\s*(\S+)/m.exec(text)?.[1];
  const category = /^category:\s*(\S+)/m.exec(text)?.[1];
  const alt = /^coverAlt:\s*"?(.*?)"?\s*$/m.exec(text)?.[1] ?? "";
  const palette = PALETTES[category];
  if (!unikey || !palette) throw new Error(`${file}: no unikey or unknown category`);
  const bytes = createHash("sha256").update(unikey).digest();
  const at = (i, max) => Math.round((bytes[i % bytes.length] / 255) * max);
  const [dark, mid, light] = palette;
  const circles = Array.from({ length: 5 }, (_, i) => {
    const r = 60 + at(i * 3 + 2, 220);
    return `<circle cx="${at(i * 3, 1200)}" cy="${at(i * 3 + 1, 630)}" r="${r}" fill="${i % 2 ? light : mid}" fill-opacity="${(0.15 + (i % 3) * 0.12).toFixed(2)}"/>`;
  }).join("");
  const lines = Array.from({ length: 6 }, (_, i) => {
    const y = 80 + i * 90 + at(20 + i, 40);
    return `<path d="M0 ${y} C 300 ${y - at(26 + i, 120)}, 900 ${y + at(12 + i, 120)}, 1200 ${y}" stroke="${light}" stroke-opacity="0.25" stroke-width="2" fill="none"/>`;
  }).join("");
  const escaped = alt.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const icon = `<g transform="translate(480 195) scale(2.4)" opacity="0.92">${ICONS[category]}</g>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630"><title>${escaped}</title><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/>${circles}${lines}${icon}</svg>\n`;
  writeFileSync(path.join(out, `${unikey}.svg`), svg);
}
console.log(`covers written to ${path.relative(root, out)}`);
