import { describe, expect, it } from "vitest";
import { addressToCountry } from "./order-addresses";

const countries: Record<string, string> = { "81.2.69.160": "GB", "2001:db8::1": "ZZZ" };
const countryOf = (address: string) => countries[address];

describe("addressToCountry", () => {
  it.each([
    [
      '{"language":"de","ip":"81.2.69.160","app_type":501}',
      { clientInfo: '{"language":"de","app_type":501}', country: "GB" },
    ],
    ['{"ip":"10.0.0.1"}', { clientInfo: "{}", country: null }],
    ['{"ip":"2001:db8::1"}', { clientInfo: "{}", country: null }],
    ['{"ip":42,"front_id":"f"}', { clientInfo: '{"front_id":"f"}', country: null }],
    ['{"language":"de"}', null],
    ["not json", null],
    ["null", null],
  ])("%s becomes %j", (clientInfo, expected) => {
    expect(addressToCountry(clientInfo, countryOf)).toEqual(expected);
  });
});
