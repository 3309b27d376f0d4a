// pt-BR order for names ('Água' before 'Bebidas', 'Item 2' before 'Item 10'). The database's collation
// may be plain C (PGlite), so name order is decided here; a host's lists are small.
const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

export function sortByName<T extends { name: string; id: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}
