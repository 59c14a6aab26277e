/**
 * A session's browser and system, named from its User-Agent header for the session list. Only
 * the two names are kept, never the whole string. Order matters: Edge and Opera also say
 * "Chrome", Chrome also says "Safari".
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bYaBrowser\//, "Yandex Browser"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\bWindows NT\b/, "Windows"],
  [/\biPhone\b|\biPod\b/, "iOS"],
  [/\biPad\b/, "iPadOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export interface ClientNames {
  browser: string | null;
  os: string | null;
}

export function describeUserAgent(userAgent: string | undefined | null): ClientNames {
  const text = (userAgent ?? "").slice(0, 512);
  const first = (table: Array<[RegExp, string]>) => table.find(([pattern]) => pattern.test(text))?.[1] ?? null;
  return { browser: first(BROWSERS), os: first(SYSTEMS) };
}
