import QRCode from "qrcode";

/**
 * A QR code as an SVG data URL, for an <img>: crisp at any size, a few KB. Error correction M and the
 * standard quiet zone of 4 modules, so phone cameras read it off a screen.
 */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
