// Where a new QR template puts the code: centred on its image, at a size whose print on A5 (the smaller
// paper) is at least 45 mm, within the sliders' limits and inside the image.
import { describe, expect, it } from "vitest";
import {
  a5PosterWidthMm,
  initialPlacement,
  isUntouchedStart,
  MIN_PRINTED_TILE_MM,
  NEW_FORM_PLACEMENT,
} from "~/domain/qr/initial-placement";
import { frameHeight, placeQr, wasFitted } from "~/lib/qr-placement";

const printedMm = (image: { width: number; height: number }) =>
  (initialPlacement(image).size / 500) * a5PosterWidthMm(image);

describe("initialPlacement", () => {
  it.each([
    ["square", { width: 1000, height: 1000 }],
    ["landscape 4:3", { width: 1000, height: 750 }],
    ["landscape 16:9", { width: 1920, height: 1080 }],
    ["portrait 2:3", { width: 1000, height: 1500 }],
  ])("centres the code on a %s image and prints it at least 45 mm wide on A5", (_, image) => {
    const p = initialPlacement(image);
    expect(Math.abs(p.positionX + p.size / 2 - 250)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(p.positionY + p.size / 2 - frameHeight(image) / 2)).toBeLessThanOrEqual(0.5);
    expect(printedMm(image)).toBeGreaterThanOrEqual(MIN_PRINTED_TILE_MM);
    // No bigger than it needs to be: the host's background stays visible.
    expect(printedMm(image)).toBeLessThan(MIN_PRINTED_TILE_MM + 1);
    expect(wasFitted(p, image)).toBe(false);
  });

  it("on a 4:3 image, the size a host reads on the form: X 159, Y 97, 182 px", () => {
    expect(initialPlacement({ width: 1000, height: 750 })).toEqual({
      positionX: 159,
      positionY: 97,
      size: 182,
    });
  });

  it("on a strip too short for 45 mm, takes the image's whole height, still centred and whole", () => {
    const strip = { width: 2000, height: 300 };
    const p = initialPlacement(strip);
    expect(p.size).toBe(75);
    expect(p).toEqual({ positionX: 213, positionY: 0, size: 75 });
    expect(placeQr(p, strip)).toEqual({ x: 213, y: 0, size: 75 });
  });

  it("the new form starts centred on a square; only its untouched numbers ask the server to centre", () => {
    expect(NEW_FORM_PLACEMENT).toEqual({ positionX: 159, positionY: 159, size: 182 });
    expect(isUntouchedStart({ positionX: "159", positionY: "159", size: "182" })).toBe(true);
    expect(isUntouchedStart({ positionX: "40", positionY: "159", size: "182" })).toBe(false);
    expect(isUntouchedStart({ positionX: null, positionY: null, size: null })).toBe(false);
  });
});
