import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CAPTCHA_MAX_POLLS, CAPTCHA_POLL_MS, waitForGlobal } from "./captcha";

describe("waitForGlobal (SPEC §7, §8: the captcha script is polled for)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, "info").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    delete (globalThis as Record<string, unknown>).lateCaptcha;
  });

  it("gives up after 300 polls 200 ms apart, logging and rejecting 'can not load recaptcha script.'", async () => {
    const waiting = waitForGlobal("neverLoadedCaptcha");
    const outcome = expect(waiting).rejects.toThrow("can not load recaptcha script.");
    await vi.advanceTimersByTimeAsync((CAPTCHA_MAX_POLLS - 2) * CAPTCHA_POLL_MS);
    expect(console.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * CAPTCHA_POLL_MS);
    await outcome;
    expect(console.info).toHaveBeenCalledExactlyOnceWith("no load recaptcha script in the page.");
    expect(console.error).toHaveBeenCalledExactlyOnceWith("can not load recaptcha script.");
  });

  it("resolves with the script's global once it appears, logging nothing more", async () => {
    const waiting = waitForGlobal<{ ready: boolean }>("lateCaptcha");
    await vi.advanceTimersByTimeAsync(3 * CAPTCHA_POLL_MS);
    (globalThis as Record<string, unknown>).lateCaptcha = { ready: true };
    await vi.advanceTimersByTimeAsync(CAPTCHA_POLL_MS);
    await expect(waiting).resolves.toEqual({ ready: true });
    expect(console.error).not.toHaveBeenCalled();
  });
});
