import { describe, expect, it } from "vitest";
import {
  APP_TIME_ZONE,
  calendarDay,
  endOfDayInSaoPaulo,
  formatDateTime,
  startOfDayInSaoPaulo,
} from "~/lib/dates";

describe("formatDateTime", () => {
  it("writes what the time zone database writes, before and after São Paulo's last daylight saving time", () => {
    const icu = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "America/Sao_Paulo",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const from = Date.parse("2015-01-01T00:00:00Z");
    const to = Date.parse("2040-01-01T00:00:00Z");
    for (let i = 0; i < 3000; i++) {
      const instant = new Date(from + Math.floor(Math.random() * (to - from)));
      expect(formatDateTime(instant), instant.toISOString()).toBe(icu.format(instant).replace(",", ""));
    }
    // Summer time of 2018/2019 (UTC−2): noon UTC was 10:00 there.
    expect(formatDateTime("2018-12-01T12:00:00Z")).toBe("01/12/2018 10:00");
  });

  it("exports the app time zone", () => {
    expect(APP_TIME_ZONE).toBe("America/Sao_Paulo");
  });

  it.each([
    ["2026-01-15T13:05:00Z", "15/01/2026 10:05"],
    // Crosses the date boundary backwards in São Paulo (UTC-3).
    ["2026-03-01T02:30:00Z", "28/02/2026 23:30"],
    ["2026-01-01T02:59:00Z", "31/12/2025 23:59"],
    ["2026-01-01T03:00:00Z", "01/01/2026 00:00"],
    // Midnight must be "00", not "24".
    ["2026-06-10T03:00:00Z", "10/06/2026 00:00"],
    ["2026-06-10T03:59:00Z", "10/06/2026 00:59"],
    ["2026-06-10T15:00:00Z", "10/06/2026 12:00"],
    ["2026-06-10T02:59:59.999Z", "09/06/2026 23:59"],
    // Same instant given with another offset.
    ["2026-01-15T10:05:00-03:00", "15/01/2026 10:05"],
    ["2026-01-15T15:05:00+02:00", "15/01/2026 10:05"],
  ])("%s → %s", (input, expected) => {
    expect(formatDateTime(input)).toBe(expected);
  });

  it("accepts Date objects and epoch milliseconds", () => {
    const iso = "2026-01-15T13:05:00Z";
    expect(formatDateTime(new Date(iso))).toBe("15/01/2026 10:05");
    expect(formatDateTime(Date.parse(iso))).toBe("15/01/2026 10:05");
    expect(formatDateTime(0)).toBe("31/12/1969 21:00");
  });

  it("does not depend on the process time zone", () => {
    // Fixed UTC-3 expectations: a formatter using the machine's zone (UTC on CI) would fail these.
    expect(formatDateTime(Date.UTC(2026, 6, 4, 1, 15))).toBe("03/07/2026 22:15");
    expect(formatDateTime(Date.UTC(2026, 6, 4, 12, 0))).toBe("04/07/2026 09:00");
  });

  it("uses the historic daylight-saving offset (UTC-2) when São Paulo had it", () => {
    expect(formatDateTime("2018-01-15T13:05:00Z")).toBe("15/01/2018 11:05");
    expect(formatDateTime("2018-07-15T13:05:00Z")).toBe("15/07/2018 10:05");
  });

  it("pads day, month, hour and minute to two digits", () => {
    expect(formatDateTime("2026-02-03T07:04:00Z")).toBe("03/02/2026 04:04");
  });

  it('returns "-" for invalid dates', () => {
    expect(formatDateTime("not a date")).toBe("-");
    expect(formatDateTime("")).toBe("-");
    expect(formatDateTime(Number.NaN)).toBe("-");
    expect(formatDateTime(Number.POSITIVE_INFINITY)).toBe("-");
    expect(formatDateTime(new Date(Number.NaN))).toBe("-");
    expect(formatDateTime(8.64e15 + 1)).toBe("-");
  });
});

describe("calendar days of the filters", () => {
  it("accepts a real YYYY-MM-DD day and nothing else", () => {
    expect(calendarDay("2026-02-28")).toBe("2026-02-28");
    expect(calendarDay("2028-02-29")).toBe("2028-02-29");
    for (const text of ["2026-02-29", "2026-02-31", "2026-13-01", "26-01-01", "ontem", "", null, undefined]) {
      expect(calendarDay(text)).toBeNull();
    }
  });

  it("starts and ends a day at São Paulo midnight", () => {
    expect(startOfDayInSaoPaulo("2026-01-10").toISOString()).toBe("2026-01-10T03:00:00.000Z");
    expect(endOfDayInSaoPaulo("2026-01-10").toISOString()).toBe("2026-01-11T03:00:00.000Z");
  });
});
