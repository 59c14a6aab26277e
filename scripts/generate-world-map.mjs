// Draws public/images/world-map.svg from Natural Earth's 1:110m land (world-atlas, public domain):
// a plain equirectangular outline whose coordinates are degrees (x = longitude + 180,
// y = 90 - latitude), so a page can place a marker for any latitude/longitude without a map library.
// Run again only to change the drawing: `node scripts/generate-world-map.mjs`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { geoEquirectangular, geoPath } from "d3-geo";
import { feature } from "topojson-client";

const root = path.resolve(import.meta.dirname, "..");
const topology = JSON.parse(readFileSync(path.join(root, "node_modules/world-atlas/land-110m.json"), "utf8"));
const land = feature(topology, topology.objects.land);
const projection = geoEquirectangular()
  .scale(180 / Math.PI)
  .translate([180, 90]);
const d = geoPath(projection).digits(1)(land);
// Antarctica (below 60°S) is left out of the view: nobody's IP address is there.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 6 360 144" width="720" height="288"><title>World map</title><path fill="#cbd5e1" d="${d}"/></svg>\n`;
writeFileSync(path.join(root, "public/images/world-map.svg"), svg);
console.log(`world-map.svg: ${svg.length} bytes`);
