// A count typed on a phone is kept in the page's own storage (localStorage) until the server has it (issue 46,
// ADR 0055): a lost connection, a closed tab or a reload does not lose it, and it is sent again with the same
// client id and the moment it was taken, so the server records it once and as of that moment.

/** What is kept of one count. */
export type CountDraft = {
  clientId: string;
  /** The typed numbers, by field name (`counted.<productId>`), and the loss reasons (the count's, a line's). */
  fields: Record<string, string>;
  /** Set when 'Concluir' was pressed: the count is waiting to be sent. */
  takenAt: string | null;
};

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** One draft per property and stay: another property's or stay's count never mixes in. */
export function draftKey(propertyId: string, stayId: string | null): string {
  return `estadia:conferencia:${propertyId}:${stayId ?? "sem-estadia"}`;
}

export function readDraft(store: Store, key: string): CountDraft | null {
  try {
    const raw = store.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<CountDraft>;
    if (typeof value.clientId !== "string" || typeof value.fields !== "object" || value.fields === null)
      return null;
    const fields: Record<string, string> = {};
    for (const [name, v] of Object.entries(value.fields)) if (typeof v === "string") fields[name] = v;
    return {
      clientId: value.clientId,
      fields,
      takenAt: typeof value.takenAt === "string" ? value.takenAt : null,
    };
  } catch {
    // A full or blocked storage, or something else's value: the count goes on without it.
    return null;
  }
}

export function writeDraft(store: Store, key: string, draft: CountDraft): void {
  try {
    store.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled (private mode): the form still works while the page stays open.
  }
}

export function clearDraft(store: Store, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/**
 * The form's fields a draft keeps: the typed numbers, the count's reason and each line's own (ids and the
 * moment are kept apart).
 */
export function draftFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && (name.startsWith("counted.") || name.startsWith("lossReason")))
      fields[name] = value;
  }
  return fields;
}
