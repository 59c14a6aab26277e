import { BRAND } from "../../core/brand/brand";

/** The brand's mark and word mark; decorative (the link around it carries the name). */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`flex items-center gap-2 text-lg font-bold ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 text-brand-600" width="32" height="32">
        <path fill="currentColor" d="M16 2 4 7v8c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V7z" opacity=".9" />
        <path fill="#fff" d="m10 11 6 11 6-11h-3l-3 6-3-6z" />
      </svg>
      <span>{BRAND.name}</span>
    </span>
  );
}
