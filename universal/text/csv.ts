/**
 * CSV for spreadsheets (RFC 4180, CRLF lines). A cell a spreadsheet would read as a formula
 * (starting with = + - @, or a tab or carriage return) gets a leading apostrophe, so an e-mail
 * address or a campaign name typed by a visitor never runs as one (CSV injection).
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document: the header row, then the rows, each line ending in CRLF. */
export function csvDocument(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}
