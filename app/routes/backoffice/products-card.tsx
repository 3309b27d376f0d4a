import { House, Package, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { CATALOG_TEXT } from "~/domain/catalog/catalog-text";
import { formatCents } from "~/lib/money";
import { Badge } from "~/ui/badge";
import { Button, buttonClasses } from "~/ui/button";
import { Card, CardContent, CardFooter, CardTitle } from "~/ui/card";
import { Link } from "~/ui/link";
import { CategorySwatch } from "./product-categories-swatch";

export type ProductCardData = {
  id: string;
  name: string;
  priceCents: number;
  /** Absent for members who may not see what the host pays; null = not told. */
  costCents?: number | null;
  imageThumb: string | null;
  categoryName: string | null;
  categoryColor: string | null;
  adultsOnly: boolean;
  madeToOrder: boolean;
};

interface Props {
  product: ProductCardData;
  /** Absent for members who may only read the catalogue. */
  onEdit?: () => void;
  onDelete?: () => void;
  /** 'Adicionar aos imóveis' (a link: it works before the page's JavaScript runs). */
  placeHref?: string;
  /** false until the page's JavaScript runs (the actions open modals). */
  actionsReady: boolean;
}

export function ProductCard({ product, onEdit, onDelete, placeHref, actionsReady }: Props) {
  return (
    <Card className="w-full overflow-hidden">
      <ProductThumb src={product.imageThumb} />
      <CardContent className="grid content-start gap-1.5">
        <CardTitle className="break-words">
          {product.name}
          {product.adultsOnly ? (
            <Badge tone="red" className="ml-2 align-middle" title="Produto para maiores de 18 anos">
              18+
            </Badge>
          ) : null}
          {product.madeToOrder ? (
            <Badge tone="blue" className="ml-2 align-middle">
              {CATALOG_TEXT.madeToOrderMark}
            </Badge>
          ) : null}
        </CardTitle>
        <p className="text-lg font-semibold text-ink">{formatCents(product.priceCents)}</p>
        {product.costCents === undefined ? null : (
          <p className="text-sm text-muted">
            {product.costCents === null ? "sem custo" : `Custo ${formatCents(product.costCents)}`}
          </p>
        )}
        {product.categoryName ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <CategorySwatch color={product.categoryColor ?? ""} />
            <span className="min-w-0 break-words">{product.categoryName}</span>
          </p>
        ) : (
          <p className="text-sm text-muted">Sem categoria</p>
        )}
      </CardContent>
      {onEdit || onDelete || placeHref ? (
        <CardFooter>
          {placeHref ? (
            <Link
              to={placeHref}
              preventScrollReset
              aria-label={`Adicionar ${product.name} aos imóveis`}
              className={buttonClasses({ variant: "outline", size: "sm" })}
            >
              <House aria-hidden="true" />
              Adicionar aos imóveis
            </Link>
          ) : null}
          {onEdit ? (
            <Button
              variant="outline"
              size="sm"
              disabled={!actionsReady}
              aria-label={`Editar ${product.name}`}
              onClick={onEdit}
            >
              <Pencil aria-hidden="true" />
              Editar
            </Button>
          ) : null}
          {onDelete ? (
            <Button
              variant="outline"
              size="sm"
              className="text-danger"
              disabled={!actionsReady}
              aria-label={`Excluir ${product.name}`}
              onClick={onDelete}
            >
              <Trash2 aria-hidden="true" />
              Excluir
            </Button>
          ) : null}
        </CardFooter>
      ) : null}
    </Card>
  );
}

/** The thumbnail, or a placeholder when there is none or an outside address stops answering. */
function ProductThumb({ src }: { src: string | null }) {
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <div className="flex aspect-[4/3] items-center justify-center overflow-hidden bg-surface-alt">
      {src && src !== broken ? (
        // The name is right below: the photo adds nothing for a screen reader.
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setBroken(src)}
        />
      ) : (
        <Package className="size-10 text-muted" aria-hidden="true" />
      )}
    </div>
  );
}
