import type { QrPlacement } from "~/lib/qr-placement";

/** The template a poster is drawn on: its image's bytes and size in pixels, and where the QR goes. */
export type PosterTemplate = { image: Buffer; width: number; height: number; placement: QrPlacement };

/** What one poster says: the shop address in its QR code, the property's name and a line for the guest. */
export type PosterText = { url: string; name: string; line: string };
