import { describe, expect, it } from "vitest";
import { type OccupyingEvent, turnoversOf } from "~/domain/stays/turnovers";

const stay = (id: string, checkIn: string, checkOut: string): OccupyingEvent => ({
  id,
  kind: "stay",
  checkIn,
  checkOut,
});
const block = (id: string, checkIn: string, checkOut: string): OccupyingEvent => ({
  id,
  kind: "block",
  checkIn,
  checkOut,
});

const windows = (events: OccupyingEvent[]) =>
  turnoversOf(events).map((t) => [t.stayId, t.from, t.until, t.sameDay]);

describe("turnovers", () => {
  it("run from each stay's check-out to the next check-in, the last one open-ended, whatever the order", () => {
    expect(
      windows([
        stay("c", "2026-12-20", "2026-12-27"),
        stay("a", "2026-12-01", "2026-12-05"),
        stay("b", "2026-12-08", "2026-12-12"),
      ]),
    ).toEqual([
      ["a", "2026-12-05", "2026-12-08", false],
      ["b", "2026-12-12", "2026-12-20", false],
      ["c", "2026-12-27", null, false],
    ]);
  });

  it("mark the next check-in on the check-out day as same-day", () => {
    const [first] = turnoversOf([
      stay("a", "2026-11-20", "2026-11-24"),
      stay("b", "2026-11-24", "2026-11-28"),
    ]);
    expect(first).toMatchObject({
      stayId: "a",
      from: "2026-11-24",
      until: "2026-11-24",
      sameDay: true,
      nextId: "b",
    });
  });

  it("are closed by a block, but a block opens none of its own", () => {
    expect(
      windows([
        stay("a", "2026-11-01", "2026-11-04"),
        block("x", "2026-11-06", "2026-11-10"),
        stay("b", "2026-11-12", "2026-11-14"),
      ]),
    ).toEqual([
      ["a", "2026-11-04", "2026-11-06", false],
      ["b", "2026-11-14", null, false],
    ]);
    expect(turnoversOf([block("x", "2026-11-06", "2026-11-10")])).toEqual([]);
    expect(
      turnoversOf([stay("a", "2026-11-01", "2026-11-06"), block("x", "2026-11-06", "2026-11-10")])[0],
    ).toMatchObject({
      nextKind: "block",
      sameDay: true,
    });
  });

  it("cross months and years on the calendar alone", () => {
    expect(
      windows([stay("a", "2026-12-28", "2027-01-02"), stay("b", "2027-01-03", "2027-01-05")])[0],
    ).toEqual(["a", "2027-01-02", "2027-01-03", false]);
  });

  it("ignore an event that began before the check-out (it is not the next arrival)", () => {
    // An overlapping block read from another calendar must not make a window that ends before it starts.
    expect(
      windows([
        stay("a", "2026-11-01", "2026-11-05"),
        block("x", "2026-11-03", "2026-11-07"),
        stay("b", "2026-11-09", "2026-11-10"),
      ])[0],
    ).toEqual(["a", "2026-11-05", "2026-11-09", false]);
  });
});
