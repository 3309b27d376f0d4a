import { describe, expect, it } from "vitest";
import { randomText } from "~/platform/random-text.server";

describe("randomText", () => {
  it("gives the bytes asked for, in the encoding asked for", () => {
    expect(Buffer.from(randomText(16, "base64"), "base64")).toHaveLength(16);
    expect(randomText(16, "base64url")).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomText(5, "hex")).toMatch(/^[0-9a-f]{10}$/);
    expect(Buffer.from(randomText(5000, "base64"), "base64")).toHaveLength(5000);
  });

  it("never gives the same value twice, across many refills of its pool", () => {
    const seen = new Set<string>();
    // 4 KB a pool: 3,000 values of 16 bytes draw on a dozen pools.
    for (let i = 0; i < 3000; i += 1) seen.add(randomText(16, "hex"));
    expect(seen.size).toBe(3000);
  });
});
