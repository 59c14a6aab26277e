import { createHmac, timingSafeEqual } from "node:crypto";
import { crc32 } from "node:zlib";
import ipaddr from "ipaddr.js";

// STUN (RFC 5389) message codec and the Binding answer of a public STUN server. Pure: no sockets, no clock.

export const MAGIC_COOKIE = 0x2112a442;
export const HEADER_LENGTH = 20;
export const TRANSACTION_ID_LENGTH = 12;

export const BINDING_METHOD = 0x001;

export const ATTRIBUTE = {
  MAPPED_ADDRESS: 0x0001,
  USERNAME: 0x0006,
  MESSAGE_INTEGRITY: 0x0008,
  ERROR_CODE: 0x0009,
  UNKNOWN_ATTRIBUTES: 0x000a,
  XOR_MAPPED_ADDRESS: 0x0020,
  PRIORITY: 0x0024,
  USE_CANDIDATE: 0x0025,
  SOFTWARE: 0x8022,
  FINGERPRINT: 0x8028,
  ICE_CONTROLLED: 0x8029,
  ICE_CONTROLLING: 0x802a,
} as const;

/** Value the CRC-32 is XORed with so a STUN FINGERPRINT never matches another protocol's CRC (§15.5). */
export const FINGERPRINT_XOR = 0x5354554e;

const MESSAGE_INTEGRITY_LENGTH = 20;
const FINGERPRINT_LENGTH = 4;
const ATTRIBUTE_HEADER_LENGTH = 4;
const MAX_BODY_LENGTH = 0xffff;

const FAMILY_IPV4 = 0x01;
const FAMILY_IPV6 = 0x02;

// Types below 0x8000 are comprehension-required (§15): a request carrying one we do not know gets a 420.
const KNOWN_COMPREHENSION_REQUIRED: ReadonlySet<number> = new Set([
  ATTRIBUTE.MAPPED_ADDRESS,
  ATTRIBUTE.USERNAME,
  ATTRIBUTE.MESSAGE_INTEGRITY,
  ATTRIBUTE.ERROR_CODE,
  ATTRIBUTE.UNKNOWN_ATTRIBUTES,
  ATTRIBUTE.XOR_MAPPED_ADDRESS,
  ATTRIBUTE.PRIORITY,
  ATTRIBUTE.USE_CANDIDATE,
]);

export type StunClass = "request" | "indication" | "success" | "error";

// The two class bits C1 C0, in the order of their numeric value.
const CLASSES: readonly StunClass[] = ["request", "indication", "success", "error"];

export interface StunAttribute {
  type: number;
  value: Uint8Array;
}

export interface DecodedStunAttribute extends StunAttribute {
  /** Byte offset of the attribute header inside the message. */
  offset: number;
}

export interface StunMessage<A extends StunAttribute = StunAttribute> {
  method: number;
  class: StunClass;
  transactionId: Uint8Array;
  attributes: A[];
}

export type DecodedStunMessage = StunMessage<DecodedStunAttribute>;

export interface EncodeOptions {
  /** Appends MESSAGE-INTEGRITY keyed with this (the UTF-8 password for short-term credentials). */
  integrityKey?: Uint8Array;
  /** Appends FINGERPRINT as the last attribute. */
  fingerprint?: boolean;
  /** Byte used to pad attribute values to 4 bytes; §15 allows any value, RFC 5769 vectors use 0x20. */
  paddingByte?: number;
}

export interface TransportAddress {
  family: 4 | 6;
  address: string;
  port: number;
}

export interface StunRemote {
  address: string;
  port: number;
  /** As dgram reports it ("IPv4" / "IPv6"); informative only, the address itself decides the family. */
  family?: string;
}

const paddedLength = (length: number) => (length + 3) & ~3;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Message type field: method bits M11..M0 interleaved with class bits C1 C0 (§6, figure 3). */
function messageType(method: number, stunClass: StunClass): number {
  const classBits = CLASSES.indexOf(stunClass);
  return (
    (method & 0x000f) |
    ((method & 0x0070) << 1) |
    ((method & 0x0f80) << 2) |
    ((classBits & 0b01) << 4) |
    ((classBits & 0b10) << 7)
  );
}

function methodOf(type: number): number {
  return (type & 0x000f) | ((type >> 1) & 0x0070) | ((type >> 2) & 0x0f80);
}

function classOf(type: number): StunClass {
  return CLASSES[((type >> 4) & 0b01) | ((type >> 7) & 0b10)]!;
}

/** CRC-32 of everything before the FINGERPRINT attribute, XORed as §15.5 says (unsigned). */
function fingerprintOf(bytesBeforeFingerprint: Uint8Array): number {
  return (crc32(bytesBeforeFingerprint) ^ FINGERPRINT_XOR) >>> 0;
}

/**
 * HMAC-SHA1 over the message up to MESSAGE-INTEGRITY, with the header length rewritten to end right after
 * MESSAGE-INTEGRITY, as if nothing (e.g. FINGERPRINT) followed it (§15.4).
 */
function integrityOf(message: Uint8Array, integrityOffset: number, key: Uint8Array): Buffer {
  const signed = Buffer.from(message.subarray(0, integrityOffset));
  signed.writeUInt16BE(integrityOffset - HEADER_LENGTH + ATTRIBUTE_HEADER_LENGTH + MESSAGE_INTEGRITY_LENGTH, 2);
  return createHmac("sha1", key).update(signed).digest();
}

function hasStunHeader(buf: Uint8Array): boolean {
  if (buf.length < HEADER_LENGTH) return false;
  // The two most significant bits are zero in every STUN message; this keeps RTP, DTLS, … apart (§6).
  if ((buf[0]! & 0xc0) !== 0) return false;
  const header = view(buf);
  const bodyLength = header.getUint16(2);
  return bodyLength % 4 === 0 && HEADER_LENGTH + bodyLength === buf.length && header.getUint32(4) === MAGIC_COOKIE;
}

/** Walks the TLVs of the body; null when one runs past the end of the message. */
function readAttributes(buf: Uint8Array): DecodedStunAttribute[] | null {
  const attributes: DecodedStunAttribute[] = [];
  const data = view(buf);
  let offset = HEADER_LENGTH;
  while (offset < buf.length) {
    if (offset + ATTRIBUTE_HEADER_LENGTH > buf.length) return null;
    const type = data.getUint16(offset);
    const length = data.getUint16(offset + 2);
    const valueStart = offset + ATTRIBUTE_HEADER_LENGTH;
    if (valueStart + paddedLength(length) > buf.length) return null;
    attributes.push({ type, value: buf.subarray(valueStart, valueStart + length), offset });
    offset = valueStart + paddedLength(length);
  }
  return attributes;
}

function fingerprintIsValid(buf: Uint8Array, fingerprint: DecodedStunAttribute): boolean {
  if (fingerprint.value.length !== FINGERPRINT_LENGTH) return false;
  return view(fingerprint.value).getUint32(0) === fingerprintOf(buf.subarray(0, fingerprint.offset));
}

/**
 * Parses a STUN message, or returns null for anything that is not a well-formed one: wrong leading bits or magic
 * cookie, a length that is not a multiple of 4 or not the datagram's, a truncated attribute, or a FINGERPRINT that
 * is wrong or not last. Attributes after MESSAGE-INTEGRITY other than FINGERPRINT are dropped, as §15.4 requires.
 * Attribute values are views into `buf`.
 */
export function decodeStunMessage(buf: Uint8Array): DecodedStunMessage | null {
  if (!hasStunHeader(buf)) return null;
  const all = readAttributes(buf);
  if (!all) return null;

  const fingerprintIndex = all.findIndex((attribute) => attribute.type === ATTRIBUTE.FINGERPRINT);
  if (fingerprintIndex !== -1) {
    if (fingerprintIndex !== all.length - 1 || !fingerprintIsValid(buf, all[fingerprintIndex]!)) return null;
  }

  const integrityIndex = all.findIndex((attribute) => attribute.type === ATTRIBUTE.MESSAGE_INTEGRITY);
  const attributes =
    integrityIndex === -1
      ? all
      : all.filter((attribute, index) => index <= integrityIndex || attribute.type === ATTRIBUTE.FINGERPRINT);

  const type = view(buf).getUint16(0);
  return {
    method: methodOf(type),
    class: classOf(type),
    // A copy: Buffer#slice would share memory with the datagram.
    transactionId: Uint8Array.from(buf.subarray(8, HEADER_LENGTH)),
    attributes,
  };
}

function encodeAttribute(type: number, value: Uint8Array, paddingByte: number): Buffer {
  if (value.length > MAX_BODY_LENGTH) throw new RangeError(`STUN attribute 0x${type.toString(16)} is too long`);
  const encoded = Buffer.alloc(ATTRIBUTE_HEADER_LENGTH + paddedLength(value.length), paddingByte);
  encoded.writeUInt16BE(type, 0);
  encoded.writeUInt16BE(value.length, 2);
  encoded.set(value, ATTRIBUTE_HEADER_LENGTH);
  return encoded;
}

function withBodyLength(message: Buffer, bodyLength: number): Buffer {
  if (bodyLength > MAX_BODY_LENGTH) throw new RangeError("STUN message is too long");
  message.writeUInt16BE(bodyLength, 2);
  return message;
}

/**
 * Serialises a STUN message, padding attributes to 4 bytes, then appends MESSAGE-INTEGRITY and FINGERPRINT when
 * asked (in that order, as both must be last but FINGERPRINT covers MESSAGE-INTEGRITY).
 */
export function encodeStunMessage(message: StunMessage, options: EncodeOptions = {}): Buffer {
  const { method, transactionId } = message;
  if (!Number.isInteger(method) || method < 0 || method > 0xfff) throw new RangeError("STUN method must be 12 bits");
  if (transactionId.length !== TRANSACTION_ID_LENGTH) throw new RangeError("STUN transaction id must be 12 bytes");
  const paddingByte = options.paddingByte ?? 0;

  const header = Buffer.alloc(HEADER_LENGTH);
  header.writeUInt16BE(messageType(method, message.class), 0);
  header.writeUInt32BE(MAGIC_COOKIE, 4);
  header.set(transactionId, 8);
  const body = message.attributes.map(({ type, value }) => encodeAttribute(type, value, paddingByte));
  let encoded = Buffer.concat([header, ...body]);
  withBodyLength(encoded, encoded.length - HEADER_LENGTH);

  if (options.integrityKey) {
    const integrity = integrityOf(encoded, encoded.length, options.integrityKey);
    encoded = Buffer.concat([encoded, encodeAttribute(ATTRIBUTE.MESSAGE_INTEGRITY, integrity, paddingByte)]);
    withBodyLength(encoded, encoded.length - HEADER_LENGTH);
  }

  if (options.fingerprint) {
    // The CRC covers the header with its length already counting the FINGERPRINT attribute.
    withBodyLength(encoded, encoded.length - HEADER_LENGTH + ATTRIBUTE_HEADER_LENGTH + FINGERPRINT_LENGTH);
    const value = Buffer.alloc(FINGERPRINT_LENGTH);
    value.writeUInt32BE(fingerprintOf(encoded), 0);
    encoded = Buffer.concat([encoded, encodeAttribute(ATTRIBUTE.FINGERPRINT, value, paddingByte)]);
  }
  return encoded;
}

/** True when `buf` is a valid STUN message whose MESSAGE-INTEGRITY matches `key`. */
export function verifyMessageIntegrity(buf: Uint8Array, key: Uint8Array): boolean {
  const message = decodeStunMessage(buf);
  const integrity = message?.attributes.find((attribute) => attribute.type === ATTRIBUTE.MESSAGE_INTEGRITY);
  if (!integrity || integrity.value.length !== MESSAGE_INTEGRITY_LENGTH) return false;
  return timingSafeEqual(integrityOf(buf, integrity.offset, key), integrity.value);
}

/** True when `buf` is a valid STUN message that ends with a correct FINGERPRINT. */
export function checkFingerprint(buf: Uint8Array): boolean {
  const message = decodeStunMessage(buf);
  // decodeStunMessage already rejects a FINGERPRINT that is wrong or not last; here it must also be present.
  return message?.attributes.at(-1)?.type === ATTRIBUTE.FINGERPRINT;
}

/** Strips a zone id ("fe80::1%eth0") and reports the wire family; IPv4-mapped IPv6 becomes plain IPv4. */
function addressBytes(address: string): { family: 4 | 6; bytes: Uint8Array } {
  const text = address.split("%")[0] ?? "";
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) {
    return { family: 4, bytes: Uint8Array.from(ipaddr.IPv4.parse(text).toByteArray()) };
  }
  if (ipaddr.IPv6.isValid(text)) {
    const v6 = ipaddr.IPv6.parse(text);
    if (v6.isIPv4MappedAddress()) return { family: 4, bytes: Uint8Array.from(v6.toIPv4Address().toByteArray()) };
    return { family: 6, bytes: Uint8Array.from(v6.toByteArray()) };
  }
  throw new TypeError(`not an IP address: ${address}`);
}

function addressText(bytes: Uint8Array): string {
  const parsed = ipaddr.fromByteArray(Array.from(bytes));
  return parsed.kind() === "ipv6" ? (parsed as ipaddr.IPv6).toRFC5952String() : parsed.toString();
}

function checkPort(port: number): void {
  if (!Number.isInteger(port) || port < 0 || port > 0xffff) throw new RangeError(`not a port: ${port}`);
}

/** Family/port/address layout shared by MAPPED-ADDRESS and XOR-MAPPED-ADDRESS (§15.1). */
function encodeAddressValue(family: 4 | 6, port: number, bytes: Uint8Array): Buffer {
  const value = Buffer.alloc(4 + bytes.length);
  value.writeUInt8(family === 4 ? FAMILY_IPV4 : FAMILY_IPV6, 1);
  value.writeUInt16BE(port, 2);
  value.set(bytes, 4);
  return value;
}

function decodeAddressValue(value: Uint8Array): { family: 4 | 6; port: number; bytes: Uint8Array } | null {
  if (value.length < 4) return null;
  const family = value[1] === FAMILY_IPV4 ? 4 : value[1] === FAMILY_IPV6 ? 6 : null;
  if (family === null || value.length !== 4 + (family === 4 ? 4 : 16)) return null;
  return { family, port: view(value).getUint16(2), bytes: value.subarray(4) };
}

/** The XOR mask for the address: the magic cookie, then (for IPv6) the transaction id (§15.2). */
function xorMask(transactionId: Uint8Array): Uint8Array {
  const mask = new Uint8Array(4 + TRANSACTION_ID_LENGTH);
  view(mask).setUint32(0, MAGIC_COOKIE);
  mask.set(transactionId.subarray(0, TRANSACTION_ID_LENGTH), 4);
  return mask;
}

function xorWithMask(bytes: Uint8Array, mask: Uint8Array): Uint8Array {
  return bytes.map((byte, index) => byte ^ mask[index]!);
}

export function encodeMappedAddress(address: string, port: number): Buffer {
  checkPort(port);
  const { family, bytes } = addressBytes(address);
  return encodeAddressValue(family, port, bytes);
}

export function decodeMappedAddress(value: Uint8Array): TransportAddress | null {
  const decoded = decodeAddressValue(value);
  if (!decoded) return null;
  return { family: decoded.family, address: addressText(decoded.bytes), port: decoded.port };
}

/** XOR-MAPPED-ADDRESS value; the XOR keeps NATs that rewrite addresses in payloads from mangling it. */
export function encodeXorMappedAddress(address: string, port: number, transactionId: Uint8Array): Buffer {
  checkPort(port);
  if (transactionId.length !== TRANSACTION_ID_LENGTH) throw new RangeError("STUN transaction id must be 12 bytes");
  const { family, bytes } = addressBytes(address);
  return encodeAddressValue(family, port ^ (MAGIC_COOKIE >>> 16), xorWithMask(bytes, xorMask(transactionId)));
}

export function decodeXorMappedAddress(value: Uint8Array, transactionId: Uint8Array): TransportAddress | null {
  const decoded = decodeAddressValue(value);
  if (!decoded || transactionId.length !== TRANSACTION_ID_LENGTH) return null;
  const bytes = xorWithMask(decoded.bytes, xorMask(transactionId));
  return { family: decoded.family, address: addressText(bytes), port: decoded.port ^ (MAGIC_COOKIE >>> 16) };
}

/** ERROR-CODE value: class (hundreds) and number in separate bytes, then a UTF-8 reason phrase (§15.6). */
export function encodeErrorCode(code: number, reason: string): Buffer {
  if (!Number.isInteger(code) || code < 300 || code > 699) throw new RangeError(`not a STUN error code: ${code}`);
  const value = Buffer.alloc(4);
  value.writeUInt8(Math.floor(code / 100), 2);
  value.writeUInt8(code % 100, 3);
  return Buffer.concat([value, Buffer.from(reason, "utf8")]);
}

export function decodeErrorCode(value: Uint8Array): { code: number; reason: string } | null {
  if (value.length < 4) return null;
  return { code: (value[2]! & 0x07) * 100 + value[3]!, reason: Buffer.from(value.subarray(4)).toString("utf8") };
}

function encodeUnknownAttributes(types: readonly number[]): Buffer {
  const value = Buffer.alloc(types.length * 2);
  types.forEach((type, index) => {
    value.writeUInt16BE(type, index * 2);
  });
  return value;
}

export function decodeUnknownAttributes(value: Uint8Array): number[] {
  const data = view(value);
  return Array.from({ length: Math.floor(value.length / 2) }, (_, index) => data.getUint16(index * 2));
}

function unknownComprehensionRequired(attributes: readonly StunAttribute[]): number[] {
  const unknown = attributes
    .map((attribute) => attribute.type)
    .filter((type) => type < 0x8000 && !KNOWN_COMPREHENSION_REQUIRED.has(type));
  return [...new Set(unknown)];
}

function softwareAttribute(software: string | undefined): StunAttribute[] {
  // SOFTWARE is capped at 763 bytes (§15.10); a name that long is a mistake, so it is left out rather than cut.
  if (!software) return [];
  const value = Buffer.from(software, "utf8");
  return value.length <= 763 ? [{ type: ATTRIBUTE.SOFTWARE, value }] : [];
}

/**
 * The answer a public STUN server sends to one datagram: a Binding success response telling the client its
 * transport address as seen from here, a 420 error when the request carries comprehension-required attributes we do
 * not know (§7.3.1), and null for anything that deserves no answer (not STUN, not a Binding request, or a remote
 * address we cannot express).
 */
export function bindingResponse(request: Uint8Array, remote: StunRemote, software?: string): Buffer | null {
  const message = decodeStunMessage(request);
  if (!message || message.method !== BINDING_METHOD || message.class !== "request") return null;
  const { transactionId } = message;

  const unknown = unknownComprehensionRequired(message.attributes);
  if (unknown.length > 0) {
    const attributes = [
      { type: ATTRIBUTE.ERROR_CODE, value: encodeErrorCode(420, "Unknown Attribute") },
      { type: ATTRIBUTE.UNKNOWN_ATTRIBUTES, value: encodeUnknownAttributes(unknown) },
      ...softwareAttribute(software),
    ];
    return encodeStunMessage(
      { method: BINDING_METHOD, class: "error", transactionId, attributes },
      { fingerprint: true },
    );
  }

  let mapped: Buffer;
  let xorMapped: Buffer;
  try {
    mapped = encodeMappedAddress(remote.address, remote.port);
    xorMapped = encodeXorMappedAddress(remote.address, remote.port, transactionId);
  } catch {
    return null;
  }
  const attributes = [
    { type: ATTRIBUTE.XOR_MAPPED_ADDRESS, value: xorMapped },
    // MAPPED-ADDRESS too, for clients that only read the RFC 3489 attribute.
    { type: ATTRIBUTE.MAPPED_ADDRESS, value: mapped },
    ...softwareAttribute(software),
  ];
  return encodeStunMessage(
    { method: BINDING_METHOD, class: "success", transactionId, attributes },
    { fingerprint: true },
  );
}
