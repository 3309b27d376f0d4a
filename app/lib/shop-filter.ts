/** Lower case without accents: 'Água' and 'agua' compare equal. */
export function searchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** `name` is the name the guest reads; `ptName`, when different, the pt-BR name (also matched). */
type Filterable = { name: string; ptName?: string; category: { name: string; ptName?: string } | null };

/**
 * The shop's search (substring of the name shown or of the pt-BR name, case and accents ignored) and
 * category chip (the category's name shown or pt-BR name, any case). Pure, so the server renders it and
 * the browser narrows the list without a request.
 */
export function filterShop<T extends Filterable>(items: T[], query: string, category: string): T[] {
  const q = searchKey(query.trim());
  const c = searchKey(category.trim());
  return items.filter(
    (p) =>
      (!q || searchKey(p.name).includes(q) || (p.ptName !== undefined && searchKey(p.ptName).includes(q))) &&
      (!c ||
        (p.category !== null &&
          (searchKey(p.category.name) === c ||
            (p.category.ptName !== undefined && searchKey(p.category.ptName) === c)))),
  );
}
