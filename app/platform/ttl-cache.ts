/**
 * A small in-process cache with a time limit and single flight: many concurrent misses for one key run
 * the loader once. For public read models where a second or two of staleness is harmless.
 */
export function ttlCache<V>(ttlMs: number, maxEntries = 1000) {
  const entries = new Map<string, { expires: number; value: Promise<V> }>();
  return {
    get(key: string, load: () => Promise<V>, now = Date.now()): Promise<V> {
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      if (entries.size >= maxEntries) {
        for (const [k, e] of entries) if (e.expires <= now) entries.delete(k);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      }
      const value = load();
      entries.set(key, { expires: now + ttlMs, value });
      // A failed load is not remembered.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
