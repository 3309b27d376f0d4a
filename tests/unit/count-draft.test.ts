// The count kept on the phone (issue 46): one draft per property and stay, read back as written, and a
// broken or foreign value in the storage is ignored rather than breaking the count screen.
import { describe, expect, it } from "vitest";
import { clearDraft, draftKey, readDraft, writeDraft } from "~/routes/backoffice/count-draft";

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

describe("the count kept on the phone", () => {
  it("keeps one draft per property and stay and reads it back; cleared, it is gone", () => {
    const store = memoryStore();
    const a = draftKey("p1", "s1");
    const draft = {
      clientId: "abc-12345",
      fields: { "counted.x": "3", lossReason: "broken" },
      takenAt: "2026-12-02T01:00:00.000Z",
    };
    writeDraft(store, a, draft);
    expect(readDraft(store, a)).toEqual(draft);
    expect(readDraft(store, draftKey("p1", null))).toBeNull();
    expect(readDraft(store, draftKey("p2", "s1"))).toBeNull();
    clearDraft(store, a);
    expect(readDraft(store, a)).toBeNull();
  });

  it("ignores what is not a draft, and a storage that refuses to write", () => {
    const store = memoryStore();
    const key = draftKey("p1", null);
    store.map.set(key, "{not json");
    expect(readDraft(store, key)).toBeNull();
    store.map.set(key, JSON.stringify({ clientId: 5, fields: {} }));
    expect(readDraft(store, key)).toBeNull();
    store.map.set(
      key,
      JSON.stringify({ clientId: "abc-12345", fields: { "counted.x": 3, "counted.y": "2" } }),
    );
    expect(readDraft(store, key)).toEqual({
      clientId: "abc-12345",
      fields: { "counted.y": "2" },
      takenAt: null,
    });
    const full = {
      ...store,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => writeDraft(full, key, { clientId: "x", fields: {}, takenAt: null })).not.toThrow();
  });
});
