import { z } from "zod";
import { QR_DEFAULTS, QR_LIMITS } from "~/lib/qr-placement";
import { QR_TEXT as T } from "./messages";

// A form posts numbers as text; a field left out takes the spec's default, anything else must be a whole
// number within the slider's limits.
const whole = (limits: { min: number; max: number }, fallback: number, message: string) =>
  z.preprocess(
    (v) =>
      v === undefined || v === null ? fallback : typeof v === "string" ? Number(v.trim() || Number.NaN) : v,
    z.number({ message }).int(message).min(limits.min, message).max(limits.max, message),
  );

export const placementSchema = z.object({
  positionX: whole(QR_LIMITS.position, QR_DEFAULTS.positionX, T.positionX),
  positionY: whole(QR_LIMITS.position, QR_DEFAULTS.positionY, T.positionY),
  size: whole(QR_LIMITS.size, QR_DEFAULTS.size, T.size),
});

export const nameSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : ""),
  z.string().min(1, T.nameRequired).max(80, T.nameTooLong),
);
