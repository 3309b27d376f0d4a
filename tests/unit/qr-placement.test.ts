import { describe, expect, it } from "vitest";
import {
  frameHeight,
  placeQr,
  QR_DEFAULTS,
  QR_FRAME_WIDTH,
  QR_LIMITS,
  scaleQrBox,
  wasFitted,
} from "~/lib/qr-placement";

// The one geometry the template preview, the PNG poster and the PDF poster share.
describe("QR placement on a template", () => {
  it("measures X, Y and size on the image shown 500 px wide, with the spec's limits and defaults", () => {
    expect(QR_FRAME_WIDTH).toBe(500);
    expect(QR_LIMITS).toEqual({ position: { min: 0, max: 500 }, size: { min: 50, max: 300 }, step: 1 });
    expect(QR_DEFAULTS).toEqual({ positionX: 0, positionY: 0, size: 100 });
    expect(frameHeight({ width: 1000, height: 750 })).toBe(375);
    expect(frameHeight({ width: 400, height: 800 })).toBe(1000);
  });

  it("puts the tile's top-left corner at X, Y with side `size` when it fits", () => {
    const placement = { positionX: 300, positionY: 150, size: 150 };
    expect(placeQr(placement, { width: 1000, height: 750 })).toEqual({ x: 300, y: 150, size: 150 });
    expect(wasFitted(placement, { width: 1000, height: 750 })).toBe(false);
  });

  it("keeps the tile whole inside the image: the corner moves back, then the side shrinks", () => {
    // 500 × 250 in the frame.
    const wide = { width: 1000, height: 500 };
    expect(placeQr({ positionX: 450, positionY: 400, size: 200 }, wide)).toEqual({
      x: 300,
      y: 50,
      size: 200,
    });
    expect(wasFitted({ positionX: 450, positionY: 400, size: 200 }, wide)).toBe(true);
    // 500 × 50: a 100 tile cannot be taller than the image.
    expect(placeQr({ positionX: 0, positionY: 0, size: 100 }, { width: 2000, height: 200 })).toEqual({
      x: 0,
      y: 0,
      size: 50,
    });
    // A tall image has room below 500.
    expect(placeQr({ positionX: 500, positionY: 500, size: 300 }, { width: 400, height: 800 })).toEqual({
      x: 200,
      y: 500,
      size: 300,
    });
  });

  it("scales the tile to a rendering of any width", () => {
    expect(scaleQrBox({ x: 300, y: 150, size: 150 }, 1600)).toEqual({ x: 960, y: 480, size: 480 });
    expect(scaleQrBox({ x: 100, y: 50, size: 100 }, 250)).toEqual({ x: 50, y: 25, size: 50 });
  });
});
