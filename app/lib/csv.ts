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

type Fields = (string | number | null | undefined)[];

/**
 * A CSV download, written as its rows are read (a long export never sits whole in memory): the header,
 * then a line per row. It is private like every response that does not say otherwise.
 */
export function csvDownload<Row>(
  filename: string,
  header: Fields,
  rows: AsyncIterable<Row> | Iterable<Row>,
  line: (row: Row) => Fields,
): Response {
  const encoder = new TextEncoder();
  const source =
    Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : (rows as Iterable<Row>)[Symbol.iterator]();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(header)));
    },
    async pull(controller) {
      const next = await source.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLine(line(next.value))));
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
}
