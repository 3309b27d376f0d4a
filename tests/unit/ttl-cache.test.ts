import { describe, expect, it } from "vitest";
import { ttlCache } from "~/platform/ttl-cache";

describe("ttlCache", () => {
  it("runs one load for concurrent misses and serves it until it expires", async () => {
    const cache = ttlCache<number>(1000);
    let loads = 0;
    const load = async () => {
      loads++;
      return loads;
    };
    const values = await Promise.all(Array.from({ length: 10 }, () => cache.get("k", load, 0)));
    expect(values).toEqual(Array(10).fill(1));
    expect(await cache.get("k", load, 999)).toBe(1);
    expect(await cache.get("k", load, 1000)).toBe(2);
    expect(loads).toBe(2);
  });

  it("does not keep a failed load, and keeps keys apart", async () => {
    const cache = ttlCache<string>(1000);
    await expect(cache.get("a", async () => Promise.reject(new Error("db down")), 0)).rejects.toThrow(
      "db down",
    );
    expect(await cache.get("a", async () => "ok", 1)).toBe("ok");
    expect(await cache.get("b", async () => "other", 1)).toBe("other");
  });

  it("stays within its size by dropping expired, then oldest, entries", async () => {
    const cache = ttlCache<number>(10, 2);
    await cache.get("a", async () => 1, 0);
    await cache.get("b", async () => 2, 0);
    await cache.get("c", async () => 3, 5);
    let reloaded = false;
    await cache.get(
      "a",
      async () => {
        reloaded = true;
        return 1;
      },
      6,
    );
    expect(reloaded).toBe(true);
  });
});
