import { centsToPriceInput } from "./price-input";

/** A number as a spreadsheet should read it ("-12,50"): written as it is, never neutralised as text. */
export class CsvNumber {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type CsvField = string | number | CsvNumber | null | undefined;

/**
 * CSV the way Brazilian spreadsheets open it: `;` between fields (the comma is the decimal mark), CRLF
 * lines, a UTF-8 byte order mark so accents show, and fields quoted when they need it.
 */
export function csvLine(fields: CsvField[]): string {
  return `${fields
    .map((f) => {
      if (f instanceof CsvNumber || typeof f === "number") return String(f);
      const text = f ?? "";
      // Text a guest or a host typed that starts like a formula (= + - @, a tab or a carriage return) would
      // run as one in a spreadsheet, "-1+1" included: kept as text (OWASP CSV injection).
      const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
      return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(";")}\r\n`;
}

const CSV_BOM = "\uFEFF";

/** Cents as a spreadsheet reads a number in pt-BR: 123456 → 1234,56 (no currency sign, no thousands). */
export function csvMoney(cents: number): CsvNumber {
  return new CsvNumber(centsToPriceInput(cents));
}

type Fields = CsvField[];

/**
 * A CSV download, written as its rows are read (a long export never sits whole in memory): the header,
 * then a line per row. It is private like every response that does not say otherwise.
 */
export function csvDownload<Row>(
  filename: string,
  header: Fields,
  rows: AsyncIterable<Row> | Iterable<Row>,
  line: (row: Row) => Fields,
  /** Told when the rows fail after the download began (the response is already under way: it is cut). */
  onError?: (err: unknown) => void,
): Response {
  const encoder = new TextEncoder();
  const source =
    Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : (rows as Iterable<Row>)[Symbol.iterator]();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(header)));
    },
    async pull(controller) {
      try {
        const next = await source.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(csvLine(line(next.value))));
      } catch (err) {
        onError?.(err);
        controller.error(err);
      }
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
}
