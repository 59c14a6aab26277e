import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  ATTRIBUTE,
  BINDING_METHOD,
  bindingResponse,
  checkFingerprint,
  type DecodedStunMessage,
  decodeErrorCode,
  decodeMappedAddress,
  decodeStunMessage,
  decodeUnknownAttributes,
  decodeXorMappedAddress,
  encodeMappedAddress,
  encodeStunMessage,
  encodeXorMappedAddress,
  MAGIC_COOKIE,
  verifyMessageIntegrity,
} from "./stun";

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ""), "hex");
const utf8 = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString("utf8");
const attribute = (message: DecodedStunMessage | null, type: number) =>
  message?.attributes.find((candidate) => candidate.type === type)?.value;

// RFC 5769 §2 test vectors, byte for byte (padding after SOFTWARE and USERNAME is 0x20 in the RFC).
const PASSWORD = Buffer.from("VOkJxbRl1RmTxUk/WvJxBt", "utf8");
const VECTOR_TRANSACTION_ID = hex("b7e7a701 bc34d686 fa87dfae");

const SAMPLE_REQUEST = hex(`
  00 01 00 58  21 12 a4 42  b7 e7 a7 01  bc 34 d6 86  fa 87 df ae
  80 22 00 10  53 54 55 4e  20 74 65 73  74 20 63 6c  69 65 6e 74
  00 24 00 04  6e 00 01 ff
  80 29 00 08  93 2f f9 b1  51 26 3b 36
  00 06 00 09  65 76 74 6a  3a 68 36 76  59 20 20 20
  00 08 00 14  9a ea a7 0c  bf d8 cb 56  78 1e f2 b5  b2 d3 f2 49  c1 b5 71 a2
  80 28 00 04  e5 7a 3b cf`);

const SAMPLE_IPV4_RESPONSE = hex(`
  01 01 00 3c  21 12 a4 42  b7 e7 a7 01  bc 34 d6 86  fa 87 df ae
  80 22 00 0b  74 65 73 74  20 76 65 63  74 6f 72 20
  00 20 00 08  00 01 a1 47  e1 12 a6 43
  00 08 00 14  2b 91 f5 99  fd 9e 90 c3  8c 74 89 f9  2a f9 ba 53  f0 6b e7 d7
  80 28 00 04  c0 7d 4c 96`);

const SAMPLE_IPV6_RESPONSE = hex(`
  01 01 00 48  21 12 a4 42  b7 e7 a7 01  bc 34 d6 86  fa 87 df ae
  80 22 00 0b  74 65 73 74  20 76 65 63  74 6f 72 20
  00 20 00 14  00 02 a1 47  01 13 a9 fa  a5 d3 f1 79  bc 25 f4 b5  be d2 b9 d9
  00 08 00 14  a3 82 95 4e  4b e6 7b f1  17 84 c9 7c  82 92 c2 75  bf e3 ed 41
  80 28 00 04  c8 fb 0b 4c`);

function bindingRequest(attributes: { type: number; value: Uint8Array }[] = [], transactionId = randomBytes(12)) {
  return encodeStunMessage({ method: BINDING_METHOD, class: "request", transactionId, attributes });
}

describe("RFC 5769 test vectors", () => {
  it("§2.1 sample request decodes and its MESSAGE-INTEGRITY and FINGERPRINT verify", () => {
    const message = decodeStunMessage(SAMPLE_REQUEST);

    expect(message).toMatchObject({ method: BINDING_METHOD, class: "request" });
    expect(Buffer.from(message!.transactionId)).toEqual(VECTOR_TRANSACTION_ID);
    expect(message!.attributes.map((candidate) => candidate.type)).toEqual([
      ATTRIBUTE.SOFTWARE,
      ATTRIBUTE.PRIORITY,
      ATTRIBUTE.ICE_CONTROLLED,
      ATTRIBUTE.USERNAME,
      ATTRIBUTE.MESSAGE_INTEGRITY,
      ATTRIBUTE.FINGERPRINT,
    ]);
    expect(utf8(attribute(message, ATTRIBUTE.USERNAME))).toBe("evtj:h6vY");
    expect(utf8(attribute(message, ATTRIBUTE.SOFTWARE))).toBe("STUN test client");
    expect(verifyMessageIntegrity(SAMPLE_REQUEST, PASSWORD)).toBe(true);
    expect(verifyMessageIntegrity(SAMPLE_REQUEST, Buffer.from("wrong password"))).toBe(false);
    expect(checkFingerprint(SAMPLE_REQUEST)).toBe(true);
  });

  it("§2.1 sample request re-encodes to the same bytes", () => {
    const message = decodeStunMessage(SAMPLE_REQUEST)!;
    const attributes = message.attributes
      .filter(({ type }) => type !== ATTRIBUTE.MESSAGE_INTEGRITY && type !== ATTRIBUTE.FINGERPRINT)
      .map(({ type, value }) => ({ type, value }));

    const encoded = encodeStunMessage(
      { method: BINDING_METHOD, class: "request", transactionId: message.transactionId, attributes },
      { integrityKey: PASSWORD, fingerprint: true, paddingByte: 0x20 },
    );

    expect(encoded.toString("hex")).toBe(SAMPLE_REQUEST.toString("hex"));
  });

  it("§2.2 sample IPv4 response gives 192.0.2.1:32853 and verifies", () => {
    const message = decodeStunMessage(SAMPLE_IPV4_RESPONSE);

    expect(message).toMatchObject({ method: BINDING_METHOD, class: "success" });
    expect(utf8(attribute(message, ATTRIBUTE.SOFTWARE))).toBe("test vector");
    expect(decodeXorMappedAddress(attribute(message, ATTRIBUTE.XOR_MAPPED_ADDRESS)!, message!.transactionId)).toEqual({
      family: 4,
      address: "192.0.2.1",
      port: 32853,
    });
    expect(verifyMessageIntegrity(SAMPLE_IPV4_RESPONSE, PASSWORD)).toBe(true);
    expect(checkFingerprint(SAMPLE_IPV4_RESPONSE)).toBe(true);
  });

  it("§2.2 sample IPv4 response re-encodes to the same bytes", () => {
    const attributes = [
      { type: ATTRIBUTE.SOFTWARE, value: Buffer.from("test vector") },
      { type: ATTRIBUTE.XOR_MAPPED_ADDRESS, value: encodeXorMappedAddress("192.0.2.1", 32853, VECTOR_TRANSACTION_ID) },
    ];

    const encoded = encodeStunMessage(
      { method: BINDING_METHOD, class: "success", transactionId: VECTOR_TRANSACTION_ID, attributes },
      { integrityKey: PASSWORD, fingerprint: true, paddingByte: 0x20 },
    );

    expect(encoded.toString("hex")).toBe(SAMPLE_IPV4_RESPONSE.toString("hex"));
  });

  it("§2.3 sample IPv6 response gives [2001:db8:1234:5678:11:2233:4455:6677]:32853, verifies and re-encodes", () => {
    const message = decodeStunMessage(SAMPLE_IPV6_RESPONSE);
    const xorMapped = attribute(message, ATTRIBUTE.XOR_MAPPED_ADDRESS)!;

    expect(decodeXorMappedAddress(xorMapped, message!.transactionId)).toEqual({
      family: 6,
      address: "2001:db8:1234:5678:11:2233:4455:6677",
      port: 32853,
    });
    expect(verifyMessageIntegrity(SAMPLE_IPV6_RESPONSE, PASSWORD)).toBe(true);
    expect(checkFingerprint(SAMPLE_IPV6_RESPONSE)).toBe(true);

    const reEncoded = encodeStunMessage(
      {
        method: BINDING_METHOD,
        class: "success",
        transactionId: VECTOR_TRANSACTION_ID,
        attributes: [
          { type: ATTRIBUTE.SOFTWARE, value: Buffer.from("test vector") },
          {
            type: ATTRIBUTE.XOR_MAPPED_ADDRESS,
            value: encodeXorMappedAddress("2001:db8:1234:5678:11:2233:4455:6677", 32853, VECTOR_TRANSACTION_ID),
          },
        ],
      },
      { integrityKey: PASSWORD, fingerprint: true, paddingByte: 0x20 },
    );
    expect(reEncoded.toString("hex")).toBe(SAMPLE_IPV6_RESPONSE.toString("hex"));
  });
});

describe("decodeStunMessage", () => {
  it.each([
    ["an empty datagram", Buffer.alloc(0)],
    ["a header cut short", SAMPLE_REQUEST.subarray(0, 19)],
    ["random text", Buffer.from("GET / HTTP/1.1\r\nHost: example.com\r\n\r\n")],
    ["20 zero bytes", Buffer.alloc(20)],
  ])("rejects %s", (_, garbage) => {
    expect(decodeStunMessage(garbage)).toBeNull();
  });

  it("rejects a message whose first two bits are not zero", () => {
    const message = Buffer.from(bindingRequest());
    message[0]! |= 0x80;
    expect(decodeStunMessage(message)).toBeNull();
  });

  it("rejects a wrong magic cookie", () => {
    const message = Buffer.from(bindingRequest());
    message.writeUInt32BE(MAGIC_COOKIE ^ 1, 4);
    expect(decodeStunMessage(message)).toBeNull();
  });

  it("rejects a length that is not a multiple of 4 or not the datagram's", () => {
    const message = bindingRequest([{ type: ATTRIBUTE.SOFTWARE, value: Buffer.from("abc") }]);
    expect(decodeStunMessage(Buffer.concat([message, Buffer.alloc(4)]))).toBeNull();
    expect(decodeStunMessage(message.subarray(0, message.length - 4))).toBeNull();
    const oddLength = Buffer.from(message);
    oddLength.writeUInt16BE(6, 2);
    expect(decodeStunMessage(oddLength)).toBeNull();
  });

  it("rejects an attribute that runs past the end of the message", () => {
    const message = Buffer.from(bindingRequest([{ type: ATTRIBUTE.SOFTWARE, value: Buffer.from("abcd") }]));
    message.writeUInt16BE(9, 22);
    expect(decodeStunMessage(message)).toBeNull();
  });

  it("rejects a bad FINGERPRINT", () => {
    const tampered = Buffer.from(SAMPLE_IPV4_RESPONSE);
    tampered[tampered.length - 1]! ^= 0x01;
    expect(decodeStunMessage(tampered)).toBeNull();
    expect(checkFingerprint(tampered)).toBe(false);

    const corruptedBody = Buffer.from(SAMPLE_IPV4_RESPONSE);
    corruptedBody[25]! ^= 0x01;
    expect(decodeStunMessage(corruptedBody)).toBeNull();
  });

  it("rejects a FINGERPRINT that is not the last attribute", () => {
    const fingerprinted = encodeStunMessage(
      { method: BINDING_METHOD, class: "request", transactionId: randomBytes(12), attributes: [] },
      { fingerprint: true },
    );
    const trailer = Buffer.from([0x80, 0x22, 0x00, 0x04, 0x61, 0x62, 0x63, 0x64]);
    const withTrailer = Buffer.concat([fingerprinted, trailer]);
    withTrailer.writeUInt16BE(withTrailer.length - 20, 2);
    expect(decodeStunMessage(withTrailer)).toBeNull();
  });

  it("ignores attributes after MESSAGE-INTEGRITY, except FINGERPRINT", () => {
    const signed = encodeStunMessage(
      { method: BINDING_METHOD, class: "request", transactionId: randomBytes(12), attributes: [] },
      { integrityKey: PASSWORD },
    );
    const smuggled = Buffer.concat([signed, hex("0006 0004 61626364")]);
    smuggled.writeUInt16BE(smuggled.length - 20, 2);

    const message = decodeStunMessage(smuggled);
    expect(message?.attributes.map(({ type }) => type)).toEqual([ATTRIBUTE.MESSAGE_INTEGRITY]);
    expect(verifyMessageIntegrity(smuggled, PASSWORD)).toBe(true);
  });

  it("reports the method and class bits and a copied transaction id", () => {
    const transactionId = randomBytes(12);
    for (const stunClass of ["request", "indication", "success", "error"] as const) {
      const encoded = encodeStunMessage({ method: 0xabc, class: stunClass, transactionId, attributes: [] });
      const decoded = decodeStunMessage(encoded)!;
      expect(decoded).toMatchObject({ method: 0xabc, class: stunClass });
      encoded.fill(0);
      expect(Buffer.from(decoded.transactionId)).toEqual(transactionId);
    }
  });

  it("gives each attribute's offset in the message", () => {
    const message = decodeStunMessage(SAMPLE_REQUEST)!;
    expect(message.attributes.map(({ offset }) => offset)).toEqual([20, 40, 48, 60, 76, 100]);
  });
});

describe("encodeStunMessage", () => {
  it("pads attributes to 4 bytes with zeros by default", () => {
    const encoded = bindingRequest([{ type: ATTRIBUTE.SOFTWARE, value: Buffer.from("abcde") }]);
    expect(encoded.length).toBe(20 + 4 + 8);
    expect(encoded.readUInt16BE(2)).toBe(12);
    expect(encoded.readUInt16BE(22)).toBe(5);
    expect([...encoded.subarray(29)]).toEqual([0, 0, 0]);
  });

  it("rejects a transaction id that is not 12 bytes", () => {
    expect(() =>
      encodeStunMessage({
        method: BINDING_METHOD,
        class: "request",
        transactionId: new Uint8Array(11),
        attributes: [],
      }),
    ).toThrow(RangeError);
  });
});

describe("address attributes", () => {
  const transactionId = randomBytes(12);

  it.each([
    ["203.0.113.7", 1, 4],
    ["2001:db8::1", 65535, 6],
    ["fe80::1", 3478, 6],
  ] as const)("round-trips %s port %s", (address, port, family) => {
    expect(decodeXorMappedAddress(encodeXorMappedAddress(address, port, transactionId), transactionId)).toEqual({
      family,
      address,
      port,
    });
    expect(decodeMappedAddress(encodeMappedAddress(address, port))).toEqual({ family, address, port });
  });

  it("writes an IPv4-mapped IPv6 address as IPv4", () => {
    expect(
      decodeXorMappedAddress(encodeXorMappedAddress("::ffff:198.51.100.4", 80, transactionId), transactionId),
    ).toEqual({ family: 4, address: "198.51.100.4", port: 80 });
  });

  it("rejects malformed values", () => {
    expect(decodeMappedAddress(hex("0003 0000 01020304"))).toBeNull();
    expect(decodeMappedAddress(hex("0001 0000 010203"))).toBeNull();
    expect(decodeXorMappedAddress(hex("0002 0000 01020304"), transactionId)).toBeNull();
    expect(() => encodeMappedAddress("example.com", 80)).toThrow(TypeError);
  });
});

describe("bindingResponse", () => {
  function answerTo(request: Uint8Array, remote: { address: string; port: number; family: string }) {
    const response = bindingResponse(request, remote, "veilport test");
    expect(response).not.toBeNull();
    expect(checkFingerprint(response!)).toBe(true);
    return decodeStunMessage(response!)!;
  }

  it.each([
    ["IPv4", { address: "198.51.100.23", port: 54321, family: "IPv4" }, { family: 4, address: "198.51.100.23" }],
    ["IPv6", { address: "2001:db8::42", port: 3478, family: "IPv6" }, { family: 6, address: "2001:db8::42" }],
    [
      "IPv4-mapped",
      { address: "::ffff:203.0.113.9", port: 61000, family: "IPv6" },
      { family: 4, address: "203.0.113.9" },
    ],
  ])("tells an %s client its address", (_, remote, expected) => {
    const transactionId = randomBytes(12);
    const response = answerTo(bindingRequest([], transactionId), remote);

    expect(response).toMatchObject({ method: BINDING_METHOD, class: "success" });
    expect(Buffer.from(response.transactionId)).toEqual(transactionId);
    const mapped = { ...expected, port: remote.port };
    expect(decodeXorMappedAddress(attribute(response, ATTRIBUTE.XOR_MAPPED_ADDRESS)!, transactionId)).toEqual(mapped);
    expect(decodeMappedAddress(attribute(response, ATTRIBUTE.MAPPED_ADDRESS)!)).toEqual(mapped);
    expect(utf8(attribute(response, ATTRIBUTE.SOFTWARE))).toBe("veilport test");
  });

  it("answers the RFC 5769 sample request, whose ICE attributes it understands", () => {
    const response = answerTo(SAMPLE_REQUEST, { address: "192.0.2.1", port: 32853, family: "IPv4" });
    expect(response.class).toBe("success");
    expect(Buffer.from(response.transactionId)).toEqual(VECTOR_TRANSACTION_ID);
  });

  it("answers 420 with UNKNOWN-ATTRIBUTES to an unknown comprehension-required attribute", () => {
    const request = bindingRequest([
      { type: 0x0003, value: Buffer.alloc(4) }, // CHANGE-REQUEST (RFC 5780), not supported
      { type: 0x7f00, value: Buffer.alloc(0) },
      { type: 0x0003, value: Buffer.alloc(4) },
      { type: 0x8055, value: Buffer.alloc(4) }, // comprehension-optional: ignored
    ]);
    const response = answerTo(request, { address: "198.51.100.23", port: 5000, family: "IPv4" });

    expect(response).toMatchObject({ method: BINDING_METHOD, class: "error" });
    expect(decodeErrorCode(attribute(response, ATTRIBUTE.ERROR_CODE)!)).toEqual({
      code: 420,
      reason: "Unknown Attribute",
    });
    expect(decodeUnknownAttributes(attribute(response, ATTRIBUTE.UNKNOWN_ATTRIBUTES)!)).toEqual([0x0003, 0x7f00]);
    expect(attribute(response, ATTRIBUTE.XOR_MAPPED_ADDRESS)).toBeUndefined();
  });

  it("ignores an unknown comprehension-optional attribute", () => {
    const request = bindingRequest([{ type: 0x8055, value: Buffer.alloc(4) }]);
    expect(answerTo(request, { address: "198.51.100.23", port: 5000, family: "IPv4" }).class).toBe("success");
  });

  it.each([
    ["an indication", "indication"],
    ["a success response", "success"],
    ["an error response", "error"],
  ] as const)("does not answer %s", (_, stunClass) => {
    const message = encodeStunMessage({
      method: BINDING_METHOD,
      class: stunClass,
      transactionId: randomBytes(12),
      attributes: [],
    });
    expect(bindingResponse(message, { address: "198.51.100.23", port: 5000, family: "IPv4" })).toBeNull();
  });

  it("does not answer other methods, garbage or a remote it cannot express", () => {
    const remote = { address: "198.51.100.23", port: 5000, family: "IPv4" };
    const allocate = encodeStunMessage({
      method: 0x003,
      class: "request",
      transactionId: randomBytes(12),
      attributes: [],
    });
    expect(bindingResponse(allocate, remote)).toBeNull();
    expect(bindingResponse(Buffer.from("hello"), remote)).toBeNull();
    expect(bindingResponse(bindingRequest(), { address: "not-an-ip", port: 5000, family: "IPv4" })).toBeNull();
  });

  it("leaves SOFTWARE out when no name is given", () => {
    const response = decodeStunMessage(
      bindingResponse(bindingRequest(), { address: "198.51.100.23", port: 1, family: "IPv4" })!,
    );
    expect(response?.attributes.map(({ type }) => type)).toEqual([
      ATTRIBUTE.XOR_MAPPED_ADDRESS,
      ATTRIBUTE.MAPPED_ADDRESS,
      ATTRIBUTE.FINGERPRINT,
    ]);
  });
});
