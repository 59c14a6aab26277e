// Builds everything `npm start` serves: the React Router client and server bundles
// (with prerendered pages), the Hono server bundle, the migrations, and precompressed assets.
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { build } from "esbuild";
import { buildIslands, ISLANDS_PUBLIC_DIR } from "./build-islands.mjs";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "build");

// Islands first: the pages the React Router build renders name their hashed files.
const islands = await buildIslands(root);

execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
  cwd: root,
  stdio: "inherit",
});
cpSync(path.join(root, ".tmp/islands", ISLANDS_PUBLIC_DIR), path.join(out, "client", ISLANDS_PUBLIC_DIR), {
  recursive: true,
});
console.log(`build: ${Object.keys(islands).length} islands (${Object.keys(islands).join(", ")})`);

await build({
  entryPoints: [path.join(root, "server/main.ts")],
  outfile: path.join(out, "server.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  jsx: "automatic",
});

cpSync(path.join(root, "db/migrations"), path.join(out, "migrations"), { recursive: true });

// The latest-build manifest pages poll (SPEC §2): React Router names its manifest by the build's version.
const manifestFile = readdirSync(path.join(out, "client/assets")).find((name) => /^manifest-\w+\.js$/.test(name));
const version = manifestFile?.slice("manifest-".length, -".js".length);
if (!version) throw new Error("build: React Router's manifest was not found in build/client/assets");
writeFileSync(path.join(out, "client/build.json"), JSON.stringify({ version }));

// Precompress text assets once so the server never compresses a static file per request.
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|map|webmanifest)$/;
let files = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (COMPRESSIBLE.test(name)) {
      const bytes = readFileSync(full);
      writeFileSync(`${full}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      writeFileSync(
        `${full}.br`,
        zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      files++;
    }
  }
};
walk(path.join(out, "client"));
console.log(`build: server bundle, migrations and ${files} precompressed assets written to build/`);

// Prerendered pages become static files: no nonce, CSP hashes of their inline scripts and their
// ETags in build/static-pages.json, br and gzip copies beside them. PUBLIC_ORIGIN at build time
// writes the real origin into them; without it the server swaps it in once per page (a first visit).
const prepareModule = path.join(out, "prepare-static-pages.mjs");
await build({
  entryPoints: [path.join(root, "server/static-pages/prepare.ts")],
  outfile: prepareModule,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
const { prepareStaticPages } = await import(pathToFileURL(prepareModule).href);
rmSync(prepareModule);
const buildOrigin = process.env.PUBLIC_ORIGIN ? new URL(process.env.PUBLIC_ORIGIN).origin : null;
const manifest = prepareStaticPages(path.join(out, "client"), buildOrigin);
console.log(
  `build: ${Object.keys(manifest.pages).length} prerendered pages precompressed, for origin ${buildOrigin ?? "(set when served)"}`,
);
