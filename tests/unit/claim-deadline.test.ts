import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { claimDeadlineOf, daysLeft, deadlineText, isClaimUrgent } from "~/domain/damages/claim-deadline";
import { DAMAGE_MOVES, DAMAGE_STATUS_LABEL } from "~/domain/damages/damage-status";
import { exifTakenAt } from "~/domain/damages/exif-taken-at";

describe("a damage claim's deadline", () => {
  it("is the stay's check-out + 14 calendar days, across months and years", () => {
    expect(claimDeadlineOf("2026-11-24")).toBe("2026-12-08");
    expect(claimDeadlineOf("2026-12-25")).toBe("2027-01-08");
    expect(claimDeadlineOf("2028-02-20")).toBe("2028-03-05");
  });

  it("says the days left from today, its last day, and when it is over", () => {
    expect(daysLeft("2026-12-08", "2026-12-03")).toBe(5);
    expect(deadlineText("2026-12-08", "2026-12-03")).toBe("Prazo: 08/12/2026 (faltam 5 dias)");
    expect(deadlineText("2026-12-08", "2026-12-07")).toBe("Prazo: 08/12/2026 (falta 1 dia)");
    expect(deadlineText("2026-12-08", "2026-12-08")).toBe("Prazo: 08/12/2026 (termina hoje)");
    expect(deadlineText("2026-12-08", "2026-12-09")).toBe("Prazo encerrado em 08/12/2026");
  });

  it("is urgent while open with 3 days or fewer left (until it is over)", () => {
    const open = { claimDeadline: "2026-12-08", status: "open" };
    expect(isClaimUrgent(open, "2026-12-04")).toBe(false);
    expect(isClaimUrgent(open, "2026-12-05")).toBe(true);
    expect(isClaimUrgent(open, "2026-12-09")).toBe(true);
    expect(isClaimUrgent({ ...open, status: "submitted" }, "2026-12-07")).toBe(false);
    expect(isClaimUrgent({ claimDeadline: null, status: "open" }, "2026-12-07")).toBe(false);
  });
});

describe("damage statuses", () => {
  it("move only along the claim's path", () => {
    expect(DAMAGE_MOVES.open).toEqual(["submitted", "archived"]);
    expect(DAMAGE_MOVES.submitted).toEqual(["reimbursed", "refused", "archived"]);
    expect(DAMAGE_MOVES.refused).toEqual(["archived"]);
    expect(DAMAGE_MOVES.reimbursed).toEqual([]);
    expect(DAMAGE_MOVES.archived).toEqual([]);
    expect(Object.values(DAMAGE_STATUS_LABEL)).toEqual([
      "Aberta",
      "Enviada à plataforma",
      "Reembolsada",
      "Recusada",
      "Arquivada",
    ]);
  });
});

describe("when a photo was taken", () => {
  const photo = (exif?: Record<string, Record<string, string>>) => {
    const image = sharp({ create: { width: 20, height: 10, channels: 3, background: "#c33" } }).jpeg();
    return (exif ? image.withExif(exif) : image).toBuffer();
  };
  const read = async (bytes: Buffer) => exifTakenAt((await sharp(bytes).metadata()).exif);

  it("is the camera's DateTimeOriginal, with its offset or else São Paulo's", async () => {
    expect(
      (
        await read(
          await photo({ IFD2: { DateTimeOriginal: "2026:11:20 14:30:05", OffsetTimeOriginal: "+01:00" } }),
        )
      )?.toISOString(),
    ).toBe("2026-11-20T13:30:05.000Z");
    expect(
      (await read(await photo({ IFD2: { DateTimeOriginal: "2026:11:20 14:30:05" } })))?.toISOString(),
    ).toBe("2026-11-20T17:30:05.000Z");
  });

  it("is unknown without EXIF, without the tag, or with a broken block", async () => {
    expect(await read(await photo())).toBeNull();
    expect(await read(await photo({ IFD0: { Make: "Câmera" } }))).toBeNull();
    expect(exifTakenAt(Buffer.from("Exif\0\0II*\0\xff\xff\xff\xff", "latin1"))).toBeNull();
  });
});
