import { ApiError, type Envelope, WEB_APP_TYPE } from "./api";

/** The file name a Content-Disposition header gives, or the fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const name = header ? /filename="([^"]+)"/.exec(header)?.[1] : undefined;
  return name && !/[\\/]/.test(name) ? name : fallback;
}

/**
 * Fetches an API file (the session's cookie, `X-App-Type`) and hands it to the browser as a
 * download under the name the server gave. An error answer is the API's envelope: thrown as ApiError.
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, { credentials: "same-origin", headers: { "X-App-Type": WEB_APP_TYPE } });
  if (!response.ok) {
    let envelope: Envelope;
    try {
      envelope = (await response.json()) as Envelope;
    } catch {
      envelope = { code: response.status, message: "error", data: null };
    }
    throw new ApiError(response.status, envelope);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = attachmentName(response.headers.get("content-disposition"), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download from the object URL by now; free it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Hands text made in the page (a WireGuard configuration) to the browser as a download. */
export function saveTextFile(text: string, name: string, type = "text/plain"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
