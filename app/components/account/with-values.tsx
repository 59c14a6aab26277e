import { Fragment, type ReactNode } from "react";

/**
 * Fills a catalogue text's `{{name}}` places with elements, so a date, an address or an id can
 * be isolated (`<bdi>`) inside a translated sentence without splitting the sentence into keys.
 */
export function WithValues({ text, values }: { text: string; values: Record<string, ReactNode> }) {
  const parts = text.split(/{{\s*(\w+)\s*}}/);
  return (
    <>
      {parts.map((part, i) => (
        // Odd indexes are the captured names.
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never reorder
        <Fragment key={i}>{i % 2 === 1 ? (values[part] ?? `{{${part}}}`) : part}</Fragment>
      ))}
    </>
  );
}
