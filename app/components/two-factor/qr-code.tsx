import encodeQR from "qr";
import { useMemo } from "react";

/** A QR code drawn in the page (no image from anywhere): one path of dark modules, 4 modules of quiet zone. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const modules = encodeQR(text, "raw", { ecc: "medium", border: 4 });
    const parts: string[] = [];
    modules.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
      });
    });
    return { size: modules.length, path: parts.join("") };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="size-48 self-center bg-white"
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
