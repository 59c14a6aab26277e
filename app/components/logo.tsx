import logoSvg from "../../content/brand/logo.svg?raw";
import { BRAND } from "../../universal/brand/brand";

/**
 * The brand's mark (content/brand/logo.svg, checked and stripped of its title by the build) and
 * word mark; decorative (the link around it carries the name). A mark drawn in currentColor takes
 * the accent colour.
 */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`flex items-center gap-2 text-lg font-bold ${className}`}>
      <span
        aria-hidden="true"
        data-brand-logo=""
        className="size-8 shrink-0 text-brand-600"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the operator's own SVG, checked at build (no script, no style, no outside reference)
        dangerouslySetInnerHTML={{ __html: logoSvg }}
      />
      <span>{BRAND.name}</span>
    </span>
  );
}
