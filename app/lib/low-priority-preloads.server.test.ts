import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./low-priority-preloads.server";

async function run(chunks: (string | Buffer)[]): Promise<string> {
  const stream = lowPriorityModulePreloads();
  const out: string[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk.toString()));
  const done = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await done;
  return out.join("");
}

const HTML =
  '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js"/>' +
  '<link rel="modulepreload" href="/r.js"/></head><body><p>rel="modulepreload" in text</p></body>';
const EXPECTED =
  '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" fetchpriority="low" href="/e.js"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/r.js"/></head><body><p>rel="modulepreload" in text</p></body>';

describe("lowPriorityModulePreloads", () => {
  it("lowers every module preload and leaves the rest of the document alone", async () => {
    expect(await run([HTML])).toBe(EXPECTED);
  });

  it("handles a preload cut by a chunk boundary at any point", async () => {
    for (let cut = 1; cut < HTML.length; cut++) {
      expect(await run([HTML.slice(0, cut), HTML.slice(cut)])).toBe(EXPECTED);
    }
  });

  it("keeps a multi-byte character cut between two byte chunks", async () => {
    const bytes = Buffer.from('<p lang="ja">日本語</p><link rel="modulepreload" href="/x.js"/>');
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await run([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(
        '<p lang="ja">日本語</p><link rel="modulepreload" fetchpriority="low" href="/x.js"/>',
      );
    }
  });

  it("passes a document without preloads through unchanged, even cut into single characters", async () => {
    const plain = "<html><body><p>No scripts <link rel=</p></body></html>";
    expect(await run([...plain])).toBe(plain);
  });
});
