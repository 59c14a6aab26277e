/** The few pictograms the marketing pages use, drawn inline (no icon font, no request). */
const PATHS = {
  shield: "M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Z",
  lock: "M6 10V8a6 6 0 1 1 12 0v2h1v11H5V10h1Zm2 0h8V8a4 4 0 1 0-8 0v2Z",
  eyeOff:
    "M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c5 0 9 6 9 6a16 16 0 0 1-2.6 3.2M6.3 7.4A16 16 0 0 0 3 12s4 6 9 6c1.3 0 2.5-.3 3.6-.8",
  bolt: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z",
  globe: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-8 10h16M12 2c2.8 3 2.8 17 0 20M12 2c-2.8 3-2.8 17 0 20",
  devices: "M3 5h14v10H3zM1 18h18M19 8h4v12h-4z",
  server: "M4 4h16v6H4zM4 14h16v6H4zM7 7h.01M7 17h.01",
  key: "M15 7a4 4 0 1 1-3.9 5H3v3h3v3h3v-3h2.1A4 4 0 0 1 15 7Z",
  wifi: "M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01",
  check: "m4 12 5 5L20 6",
  play: "M6 4v16l14-8L6 4Z",
  users: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10a7 7 0 0 1 14 0M17 3a4 4 0 0 1 0 8m5 10a7 7 0 0 0-4-6.3",
  clock: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 5v5l3 3",
  route:
    "M6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm12-10a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM6 15V9a4 4 0 0 1 4-4h6M18 9v6a4 4 0 0 1-4 4H8",
  gauge: "M12 14l4-4M3.3 17a10 10 0 1 1 17.4 0",
  headset: "M4 14v-2a8 8 0 1 1 16 0v2M4 14h3v6H4zM17 14h3v6h-3z",
  gift: "M3 8h18v4H3zM5 12v9h14v-9M12 8v13M12 8S10.5 3 8 3.5 7 8 12 8Zm0 0s1.5-5 4-4.5S17 8 12 8Z",
  book: "M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5Zm0 16a2 2 0 0 1 2-2h13",
  egg: "M12 2C8 2 5 9 5 14a7 7 0 0 0 14 0c0-5-3-12-7-12Z",
  close: "M6 6l12 12M18 6 6 18",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = "h-6 w-6" }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
