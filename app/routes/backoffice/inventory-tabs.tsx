import { cn } from "~/lib/cn";
import { Link } from "~/ui/link";

const TABS = [
  { key: "stock", to: "/inventory", label: "Estoque atual" },
  { key: "history", to: "/inventory/historico", label: "Movimentações" },
] as const;

/** The two views of the 'Estoque' section: what each property holds now, and how it got there. */
export function InventoryTabs({ current }: { current: (typeof TABS)[number]["key"] }) {
  return (
    <nav aria-label="Seções do estoque" className="flex gap-1 border-b border-border">
      {TABS.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          aria-current={tab.key === current ? "page" : undefined}
          className={cn(
            "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
            tab.key === current
              ? "border-brand text-brand"
              : "border-transparent text-muted hover:border-border hover:text-ink",
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
