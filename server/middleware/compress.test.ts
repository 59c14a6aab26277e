import zlib from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compress } from "./compress";

describe("chooseEncoding", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["identity", null],
    ["gzip", "gzip"],
    ["gzip, deflate, br", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", null],
    ["*", "br"],
    ["gzip, br;q=0", "gzip"],
  ])("%s -> %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("compress()", () => {
  const utf8 = new TextEncoder();
  const firstPart = Array.from(
    { length: 300 },
    (_, i) => `<li class="plan">Plan ${i}: every server, every feature</li>`,
  ).join("");

  /** A page streamed as React streams it: many small writes in one turn, then a pause. */
  function streamingApp(secondPartMayGo: Promise<void>) {
    const app = new Hono();
    app.use(compress());
    app.get(
      "/",
      () =>
        new Response(
          new ReadableStream({
            async start(controller) {
              for (let i = 0; i < 300; i++) {
                controller.enqueue(utf8.encode(`<li class="plan">Plan ${i}: every server, every feature</li>`));
              }
              await secondPartMayGo;
              controller.enqueue(utf8.encode("<p>second part</p>"));
              controller.close();
            },
          }),
          { headers: { "content-type": "text/html; charset=utf-8" } },
        ),
    );
    return app;
  }

  it.each(["br", "gzip"] as const)(
    "%s: the first part of a streamed page arrives before the rest exists, compressed as one piece",
    async (encoding) => {
      let letSecondPartGo = () => {};
      const app = streamingApp(new Promise<void>((resolve) => (letSecondPartGo = resolve)));
      const response = await app.request("/", { headers: { "accept-encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      const decoder = encoding === "br" ? zlib.createBrotliDecompress() : zlib.createGunzip();
      let text = "";
      decoder.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let firstPartBytes = 0;
      // Without a flush the encoder keeps the first part until the end: this read would never finish.
      while (!text.includes(firstPart)) {
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended before the second part was written");
        firstPartBytes += value.byteLength;
        await new Promise<void>((resolve) => decoder.write(value, () => setImmediate(resolve)));
      }
      // Flushed once for the turn's 300 writes, not once per write.
      const whole = encoding === "br" ? zlib.brotliCompressSync(firstPart) : zlib.gzipSync(firstPart);
      expect(firstPartBytes).toBeLessThan(whole.byteLength * 1.5);

      letSecondPartGo();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        decoder.write(value);
      }
      await new Promise<void>((resolve) => decoder.end(resolve));
      expect(text).toBe(`${firstPart}<p>second part</p>`);
    },
  );
});
