import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import ConsentBanner from "./components/consent-banner";
import { type ServerMarkup, ServerMarkupProvider } from "./components/server-html";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { NonceProvider, PRERENDER_NONCE_PLACEHOLDER } from "./lib/csp-nonce";
import { lowPriorityModulePreloads } from "./lib/low-priority-preloads.server";

export const streamTimeout = 5_000;

/** The chrome every page gets as server markup only (decision 059): the browser never loads these components. */
const SERVER_MARKUP: ServerMarkup = {
  "site-header": SiteHeader,
  "site-footer": SiteFooter,
  "consent-banner": ConsentBanner,
};

/** Loader, action and render errors: into the server log with the request id (the page answers 500). */
export function handleError(error: unknown, { request, context }: { request: Request; context?: AppLoadContext }) {
  if (request.signal.aborted) return;
  if (context?.logError) context.logError(error, "page error");
  else console.error(error);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // No nonce in the context means a build-time prerender: see PRERENDER_NONCE_PLACEHOLDER.
  const nonce = loadContext?.cspNonce ?? PRERENDER_NONCE_PLACEHOLDER;
  // Crawlers and prerendering get the whole document at once; browsers get it streamed.
  const waitForAll =
    isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode || !loadContext?.cspNonce;
  const readyEvent = waitForAll ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerMarkupProvider value={SERVER_MARKUP}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ServerMarkupProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = lowPriorityModulePreloads();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reach handleError through React Router; log the rest here.
          if (shellRendered) handleError(error, { request, context: loadContext });
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
