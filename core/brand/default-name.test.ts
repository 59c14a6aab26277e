import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The default brand's name must come from content/brand/brand.ts, never from a catalogue, a page,
 * an e-mail, the server or a public file: an operator who renames the brand would otherwise still
 * ship it. The name is written here, not read from the brand file, so renaming the brand does not
 * turn this test off.
 */
const DEFAULT_BRAND_NAME = "Veilport";

/** Where copy, pages, mails, served files, seed data and the operator's scripts (the report) live. */
const SCANNED = /^(locales|content|app|server|core|public|db|scripts)\//;

/** The brand's own home, tests (they may name it to check it), and notes for developers. */
const EXCLUDED = [/^content\/brand\//, /\.test\.tsx?$/, /^tests\//, /^docs\//, /^README\.md$/, /^LICENSE$/];

/** Lines that may name it, each with the reason. */
const ALLOWED: ReadonlyArray<{ file: string; text: string; reason: string }> = [
  {
    file: "core/demo/seed.ts",
    text: 'export const DEMO_USER = { email: "demo@veilport.test", password: "Demo-Veilport1!" }',
    reason:
      "the demo account's password (a credential the README gives developers; no page shows it, production disables it)",
  },
];

function filesToScan(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" });
  return listed
    .split("\n")
    .filter((file) => SCANNED.test(file) && !EXCLUDED.some((pattern) => pattern.test(file)))
    .filter((file) => !/\.(png|jpe?g|webp|avif|gif|ico|woff2?|mmdb)$/.test(file));
}

/** `file:line: text` for each line naming the default brand that no allowance covers. */
function literalNames(files: string[], read: (file: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    const lines = read(file).split("\n");
    lines.forEach((line, index) => {
      if (!line.includes(DEFAULT_BRAND_NAME)) return;
      if (ALLOWED.some((allowed) => allowed.file === file && line.includes(allowed.text))) return;
      found.push(`${file}:${index + 1}: ${line.trim().slice(0, 160)}`);
    });
  }
  return found;
}

describe(`the default brand's name ("${DEFAULT_BRAND_NAME}")`, () => {
  it("appears in no catalogue, Markdown text, e-mail, page, server or core source, or public file", () => {
    const files = filesToScan();
    // The scan covers what it claims to: a catalogue, an article, a legal text, a page, a mail template.
    for (const sample of [
      "locales/en/common.json",
      "content/blog/en/what-is-a-no-logs-vpn.md",
      "content/legal/en/privacy-policy.md",
      "app/root.tsx",
      "core/email/templates.ts",
      "server/config.ts",
    ]) {
      expect(files).toContain(sample);
    }
    expect(literalNames(files, (file) => readFileSync(file, "utf8"))).toEqual([]);
  });

  it("is found where it is written, and only the listed line is allowed", () => {
    const sources: Record<string, string> = {
      "locales/xx/home.json": `{ "title": "${DEFAULT_BRAND_NAME} VPN" }`,
      "core/demo/seed.ts": `export const DEMO_USER = { email: "demo@veilport.test", password: "Demo-${DEFAULT_BRAND_NAME}1!" }\n  X: "${DEFAULT_BRAND_NAME}"`,
      "app/ok.tsx": "<span>{BRAND.name}</span>",
    };
    expect(literalNames(Object.keys(sources), (file) => sources[file] ?? "")).toEqual([
      `locales/xx/home.json:1: { "title": "${DEFAULT_BRAND_NAME} VPN" }`,
      `core/demo/seed.ts:2: X: "${DEFAULT_BRAND_NAME}"`,
    ]);
  });
});
