/** The request body as text, or null past `max` bytes (counted as they arrive; the rest is not read). */
export async function readLimited(request: Request, max: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Notifications are small JSON documents; anything bigger is not one. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;
