/**
 * CSV the way Brazilian spreadsheets open it: `;` between fields (the comma is the decimal mark), CRLF
 * lines, a UTF-8 byte order mark so accents show, and fields quoted when they need it.
 */
export function csvLine(fields: (string | number | null | undefined)[]): string {
  return `${fields
    .map((f) => {
      const text = f === null || f === undefined ? "" : String(f);
      // A leading = + - @ would run as a formula in a spreadsheet: kept as text.
      const safe = /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
      return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(";")}\r\n`;
}

export const CSV_BOM = "\uFEFF";

/** Cents as a spreadsheet reads a number in pt-BR: 123456 → "1234,56" (no currency sign, no thousands). */
export function csvMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const digits = String(Math.abs(Math.round(cents))).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)},${digits.slice(-2)}`;
}
