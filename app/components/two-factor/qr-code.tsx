import { useEffect, useState } from "react";

/** The dark modules as one SVG path, 4 modules of quiet zone. */
async function qrPath(text: string) {
  // The encoder (~5 KB gz) loads when a code is first drawn: the account page shows one only
  // after the visitor asks for a configuration, an authenticator or their invite link.
  const { default: encodeQR } = await import("qr");
  const modules = encodeQR(text, "raw", { ecc: "medium", border: 4 });
  const parts: string[] = [];
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return { size: modules.length, path: parts.join("") };
}

/** A QR code drawn in the page (no image from anywhere). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [drawn, setDrawn] = useState<{ text: string; size: number; path: string }>();
  useEffect(() => {
    let current = true;
    qrPath(text).then((code) => {
      if (current) setDrawn({ text, ...code });
    });
    return () => {
      current = false;
    };
  }, [text]);
  const code = drawn?.text === text ? drawn : undefined;
  return (
    <svg
      role="img"
      aria-label={label}
      aria-busy={code ? undefined : true}
      data-qr-ready={code ? "" : undefined}
      viewBox={`0 0 ${code?.size ?? 1} ${code?.size ?? 1}`}
      className="size-48 self-center bg-white"
      shapeRendering="crispEdges"
    >
      {code ? <path d={code.path} fill="#000" /> : null}
    </svg>
  );
}
