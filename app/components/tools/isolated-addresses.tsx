import type { ReactNode } from "react";
import type { TFunction } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";

// Stands in for a value inside the translated sentence; invisible, never in a catalogue.
const MARK = "\u2063";

/** An address with line-break opportunities after its separators, so `2001:db8::1` wraps at a colon. */
export function Breakable({ address }: { address: string }) {
  const pieces = address.split(/(?<=[:.])/);
  return (
    <>
      {pieces.map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one address have no identity but their order
        <span key={index}>
          {piece}
          {index < pieces.length - 1 ? <wbr /> : null}
        </span>
      ))}
    </>
  );
}

/**
 * One address, isolated left to right inside text of either direction. It moves to the next line
 * whole; only an address too long for a phone's line (a full IPv6 address) may wrap at a colon.
 */
export function Address({ address }: { address: string }) {
  return address.length > 24 ? (
    <bdi dir="ltr" className="font-mono [overflow-wrap:anywhere]">
      <Breakable address={address} />
    </bdi>
  ) : (
    <bdi dir="ltr" className="whitespace-nowrap font-mono">
      {address}
    </bdi>
  );
}

/**
 * Addresses as a list in the reader's language ("a, b and c"), each one isolated left to right:
 * inside an Arabic sentence `2001:4860:4860::8888` would otherwise be reordered by the bidi rules.
 */
export function AddressList({ addresses }: { addresses: readonly string[] }) {
  const { locale } = useLocale();
  const parts = new Intl.ListFormat(locale, { type: "conjunction" }).formatToParts(addresses);
  return (
    <>
      {parts.map((part, index) =>
        part.type === "element" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: list parts have no identity but their order
          <Address key={index} address={part.value} />
        ) : (
          part.value
        ),
      )}
    </>
  );
}

/** A translated sentence whose `{{placeholders}}` are addresses, each shown isolated (see AddressList). */
export function SentenceWithAddresses({
  t,
  textKey,
  values,
}: {
  t: TFunction;
  textKey: string;
  values: Record<string, string | readonly string[]>;
}) {
  const markers = Object.fromEntries(Object.keys(values).map((name) => [name, `${MARK}${name}${MARK}`]));
  // split with a capture group alternates text and placeholder names: [text, name, text, …]
  const pieces = t(textKey, markers).split(new RegExp(`${MARK}(\\w+)${MARK}`));
  const rendered: ReactNode[] = pieces.map((piece, index) => {
    if (index % 2 === 0) return piece;
    const value = values[piece] ?? [];
    // biome-ignore lint/suspicious/noArrayIndexKey: sentence pieces have no identity but their order
    return <AddressList key={index} addresses={typeof value === "string" ? [value] : value} />;
  });
  return <>{rendered}</>;
}
