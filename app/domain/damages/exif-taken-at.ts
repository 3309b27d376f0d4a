/**
 * When a photo was taken, from the raw EXIF block sharp's metadata() returns (read before the image is
 * re-encoded, which drops it): DateTimeOriginal (0x9003) with its OffsetTimeOriginal (0x9011) when the
 * camera wrote one, São Paulo time (UTC−3) when it did not. Null when absent or unreadable.
 */
export function exifTakenAt(exif: Buffer | undefined): Date | null {
  if (!exif) return null;
  try {
    // sharp gives the APP1 payload: "Exif\0\0" then the TIFF header.
    const tiff = exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? exif.subarray(6) : exif;
    const order = tiff.subarray(0, 2).toString("latin1");
    if (order !== "II" && order !== "MM") return null;
    const little = order === "II";
    const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
    const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
    const entries = (ifd: number) => {
      const found = new Map<number, { type: number; count: number; value: number }>();
      const count = u16(ifd);
      for (let i = 0; i < count; i++) {
        const at = ifd + 2 + i * 12;
        found.set(u16(at), { type: u16(at + 2), count: u32(at + 4), value: at + 8 });
      }
      return found;
    };
    const ascii = (entry: { type: number; count: number; value: number } | undefined) => {
      if (entry?.type !== 2) return undefined;
      const start = entry.count > 4 ? u32(entry.value) : entry.value;
      return tiff
        .subarray(start, start + entry.count)
        .toString("latin1")
        .replace(/\0.*$/s, "");
    };
    const exifIfd = entries(u32(4)).get(0x8769);
    if (!exifIfd) return null;
    const tags = entries(u32(exifIfd.value));
    const taken = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(ascii(tags.get(0x9003)) ?? "");
    if (!taken) return null;
    const offset = ascii(tags.get(0x9011));
    const zone = offset && /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : "-03:00";
    const [, y, mo, d, h, mi, s] = taken;
    const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`);
    return Number.isNaN(date.getTime()) ? null : date;
  } catch {
    // A cut-off or odd EXIF block: the photo is still good, only its time is unknown.
    return null;
  }
}
