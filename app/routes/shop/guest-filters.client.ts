import { filterShop, searchKey } from "~/lib/shop-filter";

type Card = {
  el: HTMLElement;
  name: string;
  ptName?: string;
  category: { name: string; ptName?: string } | null;
};

/**
 * The shop's search box and category chips, in the browser: the server rendered every product (those
 * outside the filter hidden), so narrowing is instant and keeps the URL (?q=, ?category=) for a reload.
 * Without this script the same search is a GET form and the chips are links.
 */
export function enhanceShopFilters(doc: Document): void {
  const shop = doc.querySelector<HTMLElement>("[data-shop]");
  const search = shop?.querySelector<HTMLInputElement>('input[name="q"]');
  if (!shop || !search?.form) return;
  const categoryInput = search.form.querySelector<HTMLInputElement>('input[name="category"]');
  const chips = [...shop.querySelectorAll<HTMLAnchorElement>("a[data-chip]")];
  const cards: Card[] = [...shop.querySelectorAll<HTMLElement>("[data-shop-card]")].map((el) => ({
    el,
    name: el.dataset.name ?? "",
    ptName: el.dataset.ptName,
    category: el.dataset.category ? { name: el.dataset.category, ptName: el.dataset.ptCategory } : null,
  }));
  let query = search.value;
  let category = categoryInput?.value ?? "";

  const apply = () => {
    const shown = new Set(filterShop(cards, query, category).map((c) => c.el));
    for (const card of cards) card.el.hidden = !shown.has(card.el);
    for (const group of shop.querySelectorAll<HTMLElement>("[data-shop-group]")) {
      group.hidden = !group.querySelector("[data-shop-card]:not([hidden])");
    }
    for (const empty of shop.querySelectorAll<HTMLElement>("[data-filter-empty]")) {
      empty.hidden = cards.length === 0 || shown.size > 0;
    }
    for (const chip of chips) {
      const active = searchKey(chip.dataset.chip ?? "") === searchKey(category);
      if (active) chip.setAttribute("aria-current", "true");
      else chip.removeAttribute("aria-current");
    }
    if (categoryInput) categoryInput.value = category;
    const url = new URL(location.href);
    for (const [name, value] of [
      ["q", query],
      ["category", category],
    ] as const) {
      if (value) url.searchParams.set(name, value);
      else url.searchParams.delete(name);
    }
    history.replaceState(history.state, "", url);
  };

  search.form.addEventListener("submit", (event) => event.preventDefault());
  search.addEventListener("input", () => {
    query = search.value;
    apply();
  });
  for (const chip of chips) {
    chip.addEventListener("click", (event) => {
      event.preventDefault();
      category = chip.dataset.chip ?? "";
      apply();
    });
  }
}
