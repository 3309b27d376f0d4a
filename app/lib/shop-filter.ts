/** Lower case without accents: 'Água' and 'agua' compare equal. */
export function searchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

type Filterable = { name: string; category: { name: string } | null };

/**
 * The shop's search (substring of the name, case and accents ignored) and category chip (category name,
 * any case). Pure, so the server renders it and the browser narrows the list without a request.
 */
export function filterShop<T extends Filterable>(items: T[], query: string, category: string): T[] {
  const q = searchKey(query.trim());
  const c = searchKey(category.trim());
  return items.filter(
    (p) =>
      (!q || searchKey(p.name).includes(q)) &&
      (!c || (p.category !== null && searchKey(p.category.name) === c)),
  );
}
