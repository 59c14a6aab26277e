// `npm start`: builds when the build is missing or older than the sources, then runs the server.
// (The Docker image runs `node build/server.js` directly: it is built once, at image build.)
// The server reads the env file itself (.env here, or ENV_FILE: server/env-file.ts).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bundle = path.join(root, "build/server.js");
const SOURCES = [
  "app",
  "server",
  "core",
  "universal",
  "db",
  "public",
  "locales",
  "content",
  "package-lock.json",
  "vite.config.ts",
  "scripts/vite-plugin-brand.ts",
  "react-router.config.ts",
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stats.mtimeMs,
  );
}

const builtAt = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
if (SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt)) {
  execFileSync(process.execPath, [path.join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
}
await import(bundle);
