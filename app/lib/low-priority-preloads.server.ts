import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Rewrites React Router's module preloads to `fetchpriority="low"` as the HTML streams out.
 *
 * Every page is readable without its scripts (server-rendered), so on a slow link the HTML and
 * the stylesheet should get the bandwidth first and the ~130 KB of modules after them; at the
 * default "high" priority the modules compete with the stylesheet and hold back the first paint.
 * React Router's <Scripts> has no option for this. A preload tag or a character split
 * across two chunks is held back until the next chunk completes it.
 */
export function lowPriorityModulePreloads(): Transform {
  let pending = "";
  // React cuts its output into fixed-size byte chunks, which can split a multi-byte character.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = pending + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      // Keep back a tail that could be the start of a preload tag cut by the chunk boundary.
      let keep = 0;
      for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length--) {
        if (PRELOAD.startsWith(text.slice(text.length - length))) {
          keep = length;
          break;
        }
      }
      pending = text.slice(text.length - keep);
      callback(null, text.slice(0, text.length - keep).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD));
    },
    flush(callback) {
      callback(null, pending + decoder.end());
    },
  });
}
