import { describe, expect, it, vi } from "vitest";
import { EMPTY_PROMOTION_CONFIG } from "../../universal/promotions/promotion-config";
import { fetchRemoteConfig, REMOTE_CONFIG_POLL_MS, REMOTE_CONFIG_TRIES } from "./remote-config";

const document = {
  promotions: [
    {
      id: "easter-2027",
      kind: "easter",
      startTime: "2027-03-26T00:00:00Z",
      endTime: "2027-04-06T00:00:00Z",
      isFestival: true,
      placeholders: {},
      href: "/pricing",
    },
  ],
  popups: {},
};
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("loading the promotion config", () => {
  it("returns the document the server checked", async () => {
    const config = await fetchRemoteConfig(async () => answer(200, { code: 200, data: document }));
    expect(config.promotions[0]).toMatchObject({ id: "easter-2027", isFestival: true, href: "/pricing" });
  });

  it("asks again every 200 ms until the server answers", async () => {
    const sleeps: number[] = [];
    let calls = 0;
    const config = await fetchRemoteConfig(
      async () => {
        calls++;
        if (calls < 3) throw new TypeError("Failed to fetch");
        return answer(200, { code: 200, data: document });
      },
      async (ms) => void sleeps.push(ms),
    );
    expect(calls).toBe(3);
    expect(sleeps).toEqual([REMOTE_CONFIG_POLL_MS, REMOTE_CONFIG_POLL_MS]);
    expect(config.promotions).toHaveLength(1);
  });

  it("fails with 'load remoteConfig timeout' after 50 tries", async () => {
    const fetcher = vi.fn(async () => answer(503, { code: 50300 }));
    await expect(fetchRemoteConfig(fetcher, async () => {})).rejects.toThrow("load remoteConfig timeout");
    expect(fetcher).toHaveBeenCalledTimes(REMOTE_CONFIG_TRIES);
  });

  it("treats a document it cannot read as no promotions", async () => {
    const config = await fetchRemoteConfig(async () => answer(200, { data: { promotions: [{ id: "x" }] } }));
    expect(config).toEqual(EMPTY_PROMOTION_CONFIG);
  });
});
