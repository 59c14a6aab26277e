import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Hono } from "hono";
import type { AppEnv } from "./context";

const flagsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve("flag-icons/package.json")),
  "flags/4x3",
);

/** Country flags (flag-icons, MIT) served from this site, for the what-is-my-ip page: /flags/gb.svg. */
export function flagsRouter() {
  const app = new Hono<AppEnv>();
  app.get("/flags/:file{[a-z]{2}\\.svg}", async (c) => {
    let svg: Buffer;
    try {
      svg = await readFile(path.join(flagsDir, c.req.param("file")));
    } catch {
      return c.notFound();
    }
    c.header("Content-Type", "image/svg+xml");
    c.header("Cache-Control", "public, max-age=604800");
    return c.body(new Uint8Array(svg));
  });
  return app;
}
