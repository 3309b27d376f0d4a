/**
 * The few texts a guest script shows, as the server wrote them into the page in the guest's language
 * (`data-texts='{"key":"text"}'`): the script carries no catalogue (docs/decisions/0014, its size budget).
 */
export function pageTexts<K extends string>(el: HTMLElement | null): Partial<Record<K, string>> {
  try {
    const parsed: unknown = JSON.parse(el?.dataset.texts ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Partial<Record<K, string>>) : {};
  } catch {
    return {};
  }
}
