import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { escapeText, foldLine, writeCalendar } from "~/lib/ics-writer";

const stamp = new Date("2026-11-24T15:30:00Z");

describe("the ICS writer", () => {
  it("writes all-day events a calendar parser reads back with the same days and text", () => {
    const description = "Check-out em 24/11/2026; próximo check-in, 27/11/2026.\nLevar toalhas \\ lençóis";
    const text = writeCalendar({
      name: "Estadia: trocas",
      stamp,
      events: [
        {
          uid: "troca-1@estadia",
          start: "2026-11-24",
          end: "2026-11-25",
          summary: "Troca: Casa da Praia",
          description,
        },
        {
          uid: "reposicao-2@estadia",
          start: "2026-12-31",
          end: "2027-01-01",
          summary: "Reposição #12: entregar até 31/12/2026",
        },
      ],
    });
    const parsed = ical.sync.parseICS(text);
    const events = Object.values(parsed).filter((c) => c?.type === "VEVENT");
    expect(events).toHaveLength(2);
    const [turnover, run] = events as VEvent[];
    expect(turnover?.uid).toBe("troca-1@estadia");
    expect(turnover?.summary).toBe("Troca: Casa da Praia");
    expect(turnover?.description).toBe(description);
    expect(turnover?.datetype).toBe("date");
    // node-ical gives all-day dates as local midnights: read the calendar fields, not the UTC instant.
    const day = (d: Date | undefined) =>
      d
        ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`
        : "";
    expect(day(turnover?.start)).toBe("2026-11-24");
    expect(day(turnover?.end)).toBe("2026-11-25");
    expect(run?.summary).toBe("Reposição #12: entregar até 31/12/2026");
    expect(day(run?.start)).toBe("2026-12-31");
    expect(text).toContain("DTSTART;VALUE=DATE:20261124\r\n");
    expect(text).toContain("DTSTAMP:20261124T153000Z\r\n");
  });

  it("ends every line with CRLF and keeps every line within 75 octets", () => {
    const text = writeCalendar({
      name: "x",
      stamp,
      events: [
        {
          uid: "u",
          start: "2026-11-24",
          end: "2026-11-25",
          summary: "Troca: ".concat("Apartamento ção ".repeat(20)),
        },
      ],
    });
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(text).toMatch(/\r\n /);
  });

  it("folds without cutting a multi-byte character and unfolds to the original", () => {
    const line = `SUMMARY:${"ã".repeat(100)}`;
    const folded = foldLine(line);
    for (const part of folded.split("\r\n")) expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(folded).not.toContain("\uFFFD");
  });

  it("escapes backslashes, semicolons, commas and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });
});
