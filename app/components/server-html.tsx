import { type ComponentType, createContext, useContext, useEffect, useRef, useState } from "react";

/**
 * The parts of a page that are server markup only (decision 059): the header, footer and cookie
 * banner. entry.server.tsx provides their components; the browser's code never imports them.
 */
export interface ServerMarkup {
  "site-header": ComponentType<{ transparent: boolean }>;
  "site-footer": ComponentType;
  "consent-banner": ComponentType;
}

const ServerMarkupContext = createContext<ServerMarkup | null>(null);
export const ServerMarkupProvider = ServerMarkupContext.Provider;

/** The last markup each part had, for a part mounted again after a client navigation. */
const kept = new Map<string, string>();

function keptHtml(name: string): string {
  const live = document.querySelector(`[data-server-html="${name}"]`)?.innerHTML;
  if (live !== undefined) kept.set(name, live);
  return kept.get(name) ?? "";
}

type PartProps<Name extends keyof ServerMarkup> = ServerMarkup[Name] extends ComponentType<infer P> ? P : never;

/**
 * A part the server renders and React leaves as it is in the browser: plain DOM code (`wire`) gives
 * it its behaviour there, the same code the document pages' island runs. The app pages thus load no
 * code for their chrome, and a menu opened while the page hydrates stays open.
 */
export function ServerHtml<Name extends keyof ServerMarkup>({
  name,
  props,
  wire,
}: {
  name: Name;
  props: PartProps<Name>;
  wire?: (element: HTMLElement) => () => void;
}) {
  const markup = useContext(ServerMarkupContext);
  const element = useRef<HTMLDivElement>(null);
  // In the browser: the markup React found when hydrating (or the part's last markup), the same
  // string on every render, so React never writes it again.
  const [html] = useState(() => (markup ? "" : keptHtml(name)));
  useEffect(() => (element.current && wire ? wire(element.current) : undefined), [wire]);
  if (markup) {
    const Part = markup[name] as ComponentType<Record<string, unknown>>;
    return (
      <div data-server-html={name} className="contents">
        <Part {...(props as Record<string, unknown>)} />
      </div>
    );
  }
  return (
    <div
      ref={element}
      data-server-html={name}
      className="contents"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup of this part, kept as it was
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
