import { expect } from "vitest";

/** What /media answers for a stored image, whatever store holds it: its bytes as WebP, cacheable forever. */
export async function expectServedMedia(res: Response, bytes: Buffer): Promise<void> {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/webp");
  expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
}
