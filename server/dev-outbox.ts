import { desc } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import { isLoopbackAddress } from "../universal/net/ip-address";
import type { AppEnv } from "./context";

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * Development only (not mounted when NODE_ENV=production): the mails the app would have sent,
 * newest first, at /dev/outbox (HTML) and /dev/outbox.json. They hold sign-in codes, so only a
 * client on this machine sees them, judged by the socket's own address (never by the
 * X-Forwarded-For chain, which the client writes). Without SMTP_URL this is the mailbox, so
 * codes stay readable here; a mail that left by SMTP shows its redacted copy (decision 020).
 */
export function devOutboxRouter(db: Database) {
  const app = new Hono<AppEnv>();
  app.use("/dev/*", async (c, next) => {
    const peer = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
    if (!peer || !isLoopbackAddress(peer)) return c.text("Not Found", 404);
    await next();
  });
  const latest = () => db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(50);
  app.get("/dev/outbox.json", async (c) => c.json({ messages: await latest() }));
  app.get("/dev/outbox", async (c) => {
    const escapeText = (value: string) => value.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
    const rows = (await latest())
      .map(
        (m) =>
          `<article><h2>${escapeText(m.subject)}</h2><p>To ${escapeText(m.to)} · ${m.createdAt.toISOString()} · ${m.sentAt ? "delivered" : "pending"}</p><pre>${escapeText(m.text)}</pre></article>`,
      )
      .join("\n");
    c.header("Cache-Control", "no-store");
    return c.html(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title></head><body><h1>Outbox (development)</h1>${rows || "<p>No mail yet.</p>"}</body></html>`,
    );
  });
  return app;
}
