import { describe, expect, it } from "vitest";
import { rightToLeftPieces } from "./pdf-text-writer";

describe("rightToLeftPieces", () => {
  it.each([
    { name: "a word alone", text: "قسيمة", pieces: ["قسيمة"] },
    { name: "spaces at the edges apart", text: " مسبقة الدفع ", pieces: [" ", "مسبقة الدفع", " "] },
    { name: "ASCII digits apart, in order", text: "12 شهرًا", pieces: ["12", " ", "شهرًا"] },
    // Persian digits are of the Arabic script: handed over reversed, the layout sets them back in order.
    { name: "Persian digits apart and reversed", text: "۱۲ ماه", pieces: ["۲۱", " ", "ماه"] },
    { name: "a Persian year", text: "تیر ۱۴۰۶", pieces: ["تیر", " ", "۶۰۴۱"] },
    { name: "a decimal number stays one piece", text: "٣٫٥ يوم", pieces: ["٥٫٣", " ", "يوم"] },
  ])("$name", ({ text, pieces }) => {
    expect(rightToLeftPieces({ font: 1, text }).map((piece) => piece.text)).toEqual(pieces);
  });
});
