// pt-BR order for names ('Água' before 'Bebidas', 'Item 2' before 'Item 10'). The database's collation
// may be plain C (PGlite) or another locale (PostgreSQL), so name order is decided here, the same on both
// (ADR 0057); a host's lists are small.
const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/** Two names as Portuguese reads them. */
export const comparePtNames = (a: string, b: string): number => collator.compare(a, b);

export function sortByName<T extends { name: string; id: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

/** Sorts rows in place by each name in turn (a property's, then a product's), as Portuguese reads them. */
export function sortByNames<T>(rows: T[], ...names: ((row: T) => string)[]): T[] {
  return rows.sort((a, b) => {
    for (const name of names) {
      const order = collator.compare(name(a), name(b));
      if (order !== 0) return order;
    }
    return 0;
  });
}
