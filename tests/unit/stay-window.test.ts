import { describe, expect, it } from "vitest";
import { stayFilterLabel } from "~/domain/stays/stay-messages";
import { hasSales, noonInSaoPaulo, stayOfSale, stayWindow } from "~/domain/stays/stay-window";

/** An instant written in São Paulo time. */
const sp = (text: string) => new Date(`${text}-03:00`);

const stay = (
  name: string,
  checkIn: string,
  checkOut: string,
  more: Partial<{ kind: string; status: string }> = {},
) => ({
  name,
  checkIn,
  checkOut,
  kind: "stay",
  status: "confirmed",
  ...more,
});

describe("a stay's window", () => {
  it("runs from its check-in day at 00:00 to its check-out day at 12:00, São Paulo time", () => {
    const w = stayWindow({ checkIn: "2026-11-20", checkOut: "2026-11-24" }, false);
    expect(w.from.toISOString()).toBe("2026-11-20T03:00:00.000Z");
    expect(w.until.toISOString()).toBe("2026-11-24T15:00:00.000Z");
  });

  it("starts at noon when another guest leaves that same day", () => {
    const w = stayWindow({ checkIn: "2026-11-24", checkOut: "2026-11-26" }, true);
    expect(w.from).toEqual(noonInSaoPaulo("2026-11-24"));
    expect(w.from.toISOString()).toBe("2026-11-24T15:00:00.000Z");
  });

  it("crosses a month and a year on calendar days, never shifting them", () => {
    const w = stayWindow({ checkIn: "2026-12-30", checkOut: "2027-01-02" }, false);
    expect(w.from.toISOString()).toBe("2026-12-30T03:00:00.000Z");
    expect(w.until.toISOString()).toBe("2027-01-02T15:00:00.000Z");
  });
});

describe("the stay a sale belongs to", () => {
  const departing = stay("departing", "2026-11-20", "2026-11-24");
  const arriving = stay("arriving", "2026-11-24", "2026-11-27");
  const stays = [departing, arriving];

  it.each([
    ["2026-11-20T00:00:00", "departing"],
    ["2026-11-22T21:30:00", "departing"],
    // The same-day turnover: the morning is the departing guest's, the afternoon the arriving guest's.
    ["2026-11-24T11:59:59", "departing"],
    ["2026-11-24T12:00:00", "arriving"],
    ["2026-11-26T23:00:00", "arriving"],
    ["2026-11-27T11:59:00", "arriving"],
  ])("paid at %s → %s", (at, expected) => {
    expect(stayOfSale(sp(at), stays)?.name).toBe(expected);
  });

  it.each(["2026-11-19T23:59:59", "2026-11-27T12:00:00"])(
    "paid at %s, when no stay was in progress → none",
    (at) => {
      expect(stayOfSale(sp(at), stays)).toBeNull();
    },
  );

  it("a stay arriving where no one left that day starts at midnight", () => {
    const alone = stay("alone", "2026-11-24", "2026-11-27");
    expect(stayOfSale(sp("2026-11-24T08:00:00"), [alone])?.name).toBe("alone");
  });

  it("blocks and cancelled stays have no sales and do not split a turnover day", () => {
    expect(hasSales({ kind: "block", status: "confirmed" })).toBe(false);
    expect(hasSales({ kind: "stay", status: "cancelled" })).toBe(false);
    const block = stay("block", "2026-12-01", "2026-12-05", { kind: "block" });
    const cancelled = stay("cancelled", "2026-12-05", "2026-12-08", { status: "cancelled" });
    const next = stay("next", "2026-12-08", "2026-12-10");
    const all = [block, cancelled, next];
    expect(stayOfSale(sp("2026-12-03T10:00:00"), all)).toBeNull();
    expect(stayOfSale(sp("2026-12-06T10:00:00"), all)).toBeNull();
    // The cancelled stay leaves nobody on 08/12: the morning is already the next guest's.
    expect(stayOfSale(sp("2026-12-08T09:00:00"), all)?.name).toBe("next");
  });
});

describe("the /sales filter's label", () => {
  it("names the dates as dd/mm/aaaa and the source", () => {
    expect(stayFilterLabel({ checkIn: "2026-11-20", checkOut: "2026-11-24", source: "airbnb" })).toBe(
      "Estadia de 20/11/2026 a 24/11/2026 (Airbnb)",
    );
    expect(stayFilterLabel({ checkIn: "2026-11-20", checkOut: "2026-11-24", source: "direct" })).toBe(
      "Estadia de 20/11/2026 a 24/11/2026 (Reserva direta)",
    );
  });
});
