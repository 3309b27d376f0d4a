import { Package } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatCents } from "~/lib/money";
import { Button, buttonClasses } from "~/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/ui/dialog";
import { Link } from "~/ui/link";
import { toast } from "~/ui/toaster";
import type { action } from "./property-products";
import { STOCK_SCREEN_TEXT as T } from "./property-products-text";

export type PickableProduct = { id: string; name: string; priceCents: number; imageThumb: string | null };

interface Props {
  open: boolean;
  /** Changes on every opening: nothing ticked, a fresh fetcher. */
  session: number;
  /** Catalogue products the property does not hold yet. */
  products: PickableProduct[];
  onOpenChange: (open: boolean) => void;
}

/** 'Adicionar produtos': tick one or several catalogue products; each goes in with current 1, expected 1. */
export function AddProductsDialog({ open, session, products, onOpenChange }: Props) {
  const fetcher = useFetcher<typeof action>({ key: `adicionar-${session}` });
  const busy = fetcher.state !== "idle";
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const sentCount = useRef(0);

  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;
  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) {
      toast.success(result.message);
      onOpenChangeRef.current(false);
    } else {
      toast.error(T.addFailed(result.message, sentCount.current));
    }
  }, [fetcher.data]);

  // A new opening starts with nothing ticked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening, by design.
  useEffect(() => setPicked(new Set()), [session]);

  const allPicked = products.length > 0 && products.every((p) => picked.has(p.id));
  const toggle = (id: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
    >
      <DialogContent
        title="Adicionar produtos"
        description={
          products.length > 0
            ? "Escolha um ou mais produtos do seu catálogo."
            : "Não há produtos para adicionar."
        }
        width={500}
      >
        {products.length === 0 ? (
          <div className="grid gap-4">
            <p className="text-sm text-ink">
              Todos os produtos do seu catálogo já estão neste imóvel. Cadastre novos produtos em Produtos.
            </p>
            <DialogFooter>
              <Link to="/products" className={buttonClasses({ variant: "outline" })}>
                Ir para Produtos
              </Link>
            </DialogFooter>
          </div>
        ) : (
          <fetcher.Form
            method="post"
            className="grid gap-4"
            onSubmit={() => {
              sentCount.current = picked.size;
            }}
          >
            <input type="hidden" name="intent" value="add" />
            <fieldset className="grid gap-2">
              <legend className="sr-only">Produtos do catálogo</legend>
              <label className="flex items-center gap-3 px-2 text-sm font-medium text-ink">
                <input
                  type="checkbox"
                  checked={allPicked}
                  onChange={(event) =>
                    setPicked(event.currentTarget.checked ? new Set(products.map((p) => p.id)) : new Set())
                  }
                  className="size-4 accent-brand"
                />
                Selecionar todos
              </label>
              <ul className="max-h-80 divide-y divide-border overflow-y-auto rounded-lg border border-border">
                {products.map((product) => (
                  <li key={product.id}>
                    <label className="flex cursor-pointer items-center gap-3 px-2 py-2 hover:bg-surface-alt">
                      <input
                        type="checkbox"
                        name="productId"
                        value={product.id}
                        checked={picked.has(product.id)}
                        onChange={(event) => toggle(product.id, event.currentTarget.checked)}
                        className="size-4 shrink-0 accent-brand"
                      />
                      <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md bg-surface-alt">
                        {product.imageThumb ? (
                          <img
                            src={product.imageThumb}
                            alt=""
                            loading="lazy"
                            referrerPolicy="no-referrer"
                            className="size-full object-cover"
                          />
                        ) : (
                          <Package className="size-4 text-muted" aria-hidden="true" />
                        )}
                      </span>
                      <span className="min-w-0 flex-1 text-sm font-medium break-words">{product.name}</span>
                      <span className="text-sm text-muted">{formatCents(product.priceCents)}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" disabled={busy}>
                  Cancelar
                </Button>
              </DialogClose>
              <Button type="submit" disabled={picked.size === 0} busy={busy} busyLabel="Adicionando...">
                {picked.size > 1 ? `Adicionar ${picked.size} produtos` : "Adicionar"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
