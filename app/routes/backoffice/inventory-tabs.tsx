import { cn } from "~/lib/cn";
import { Link } from "~/ui/link";

const TABS = [
  { key: "stock", to: "/inventory", label: "Estoque atual" },
  { key: "history", to: "/inventory/historico", label: "Movimentações" },
  { key: "losses", to: "/inventory/perdas", label: "Perdas" },
] as const;

/**
 * The views of the 'Estoque' section: what each property holds now, how it got there, and (for who sees
 * money) what was lost.
 */
export function InventoryTabs({
  current,
  showLosses = false,
}: {
  current: (typeof TABS)[number]["key"];
  showLosses?: boolean;
}) {
  return (
    <nav aria-label="Seções do estoque" className="flex gap-1 border-b border-border">
      {TABS.filter((tab) => tab.key !== "losses" || showLosses).map((tab) => (
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
