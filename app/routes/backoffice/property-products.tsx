import { ArrowLeft, ClipboardCheck, Package, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { data, useFetcher, useLocation, useNavigation } from "react-router";
import { refusalOf } from "~/domain/errors";
import { getProperty } from "~/domain/properties/read-properties.server";
import { addProductsToProperty } from "~/domain/stock/add-products.server";
import {
  type AddableProduct,
  listAddableProducts,
  listPropertyStock,
  type StockRow,
} from "~/domain/stock/list-property-stock.server";
import { removeProductFromProperty } from "~/domain/stock/remove-product.server";
import { saveStockQuantities } from "~/domain/stock/save-stock-quantities.server";
import { can } from "~/domain/team/permissions";
import { formText } from "~/lib/form-text";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button, buttonClasses } from "~/ui/button";
import { Card } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { Link } from "~/ui/link";
import { LoadingText } from "~/ui/loading-text";
import { PageFrame } from "~/ui/page-frame";
import { toast } from "~/ui/toaster";
import { answerIntent } from "../intents.server";
import type { Route } from "./+types/property-products";
import { backofficeContext } from "./guard.server";
import { notFoundUnlessFound } from "./not-found.server";
import { AddProductsDialog } from "./property-products-add";
import { type StockRowError, StockRowItem } from "./property-products-row";
import { STOCK_SCREEN_TEXT as T } from "./property-products-text";
import { servicesContext } from "./services.server";
import { STOCK_COUNT_TEXT } from "./stock-count-text";

export function meta() {
  return [{ title: T.title }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  // Another organization's property is the 404 page, exactly like one that never existed.
  const property = notFoundUnlessFound(await getProperty(db, actor, params.propertyId));
  const canManage = can(actor, "catalog.manage");
  const canCount = can(actor, "stock.count");
  let rows: StockRow[] = [];
  let addable: AddableProduct[] = [];
  let loadError: string | null = null;
  try {
    [rows, addable] = await Promise.all([
      listPropertyStock(db, actor, property.id),
      canManage ? listAddableProducts(db, actor, property.id) : Promise.resolve([]),
    ]);
  } catch (err) {
    const refusal = refusalOf(err);
    // Archived between the two reads.
    if (refusal.kind === "not_found") throw data(null, { status: 404 });
    loadError = T.loadFailed(refusal.message);
  }
  return {
    property: { id: property.id, name: property.name, address: property.address },
    rows,
    addable,
    canManage,
    canCount,
    loadError,
  };
}

/**
 * The save form posts, per row, `productId`, `current.<id>`, `expected.<id>`, `lossReason.<id>` (why a
 * lowered quantity went down) and, when ticked, `unlimited.<id>=1`. A missing current field is read as
 * empty (0): only the explicit choice means no limit.
 */
function quantityRows(form: FormData) {
  return form.getAll("productId").map((raw) => {
    const productId = typeof raw === "string" ? raw : "";
    return {
      productId,
      current: form.get(`unlimited.${productId}`) === "1" ? null : formText(form, `current.${productId}`),
      expected: formText(form, `expected.${productId}`),
      lossReason: formText(form, `lossReason.${productId}`),
    };
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  return answerIntent(form, {
    save: async () => {
      await saveStockQuantities(db, actor, params.propertyId, quantityRows(form));
      return T.saved;
    },
    add: async () => {
      const { added } = await addProductsToProperty(db, actor, params.propertyId, form.getAll("productId"));
      return added > 1 ? T.addedMany : T.addedOne;
    },
    remove: async () => {
      await removeProductFromProperty(db, actor, params.propertyId, formText(form, "productId"));
      return T.removed;
    },
  });
}

export default function PropertyProducts({ loaderData }: Route.ComponentProps) {
  const { property, rows, addable, canManage, canCount, loadError } = loaderData;

  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);

  const saver = useFetcher<typeof action>({ key: `estoque-${property.id}` });
  // Bumped after every save: the inputs are drawn again from the saved values (rolled back on a failure).
  const [saves, setSaves] = useState(0);
  useEffect(() => {
    const result = saver.data;
    if (!result) return;
    if (result.ok) toast.success(result.message);
    else toast.error(T.saveFailed(result.message));
    setSaves((n) => n + 1);
  }, [saver.data]);

  // The refused save's field errors, keyed `<productId>.current|expected|lossReason`, per row.
  const refusedFields = saver.data && !saver.data.ok ? saver.data.fieldErrors : undefined;
  const rowError = (productId: string): StockRowError | undefined => {
    const current = refusedFields?.[`${productId}.current`];
    const expected = refusedFields?.[`${productId}.expected`];
    const lossReason = refusedFields?.[`${productId}.lossReason`];
    return current || expected || lossReason ? { current, expected, lossReason } : undefined;
  };

  const [adding, setAdding] = useState({ open: false, session: 0 });
  const openAdd = () => setAdding((a) => ({ open: true, session: a.session + 1 }));

  const [removing, setRemoving] = useState<{ productId: string; name: string } | null>(null);
  const remover = useFetcher<typeof action>({ key: `remover-${property.id}` });
  useEffect(() => {
    const result = remover.data;
    if (!result) return;
    if (result.ok) toast.success(result.message);
    else toast.error(T.removeFailed(result.message));
    setRemoving(null);
  }, [remover.data]);

  const navigation = useNavigation();
  const { pathname } = useLocation();
  const reloading =
    remover.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === pathname);

  const addButton = canManage ? (
    <Button onClick={openAdd}>
      <Plus aria-hidden="true" />
      Adicionar produtos
    </Button>
  ) : null;

  return (
    <PageFrame
      title={T.title}
      description={
        <>
          <span className="font-medium text-ink">{property.name}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {property.address}
        </>
      }
      actions={
        <>
          <Link to="/properties" className={buttonClasses({ variant: "outline" })}>
            <ArrowLeft aria-hidden="true" />
            Imóveis
          </Link>
          {canCount ? (
            <Link
              to={`/properties/${property.id}/conferencia`}
              className={buttonClasses({ variant: "outline" })}
            >
              <ClipboardCheck aria-hidden="true" />
              {STOCK_COUNT_TEXT.open}
            </Link>
          ) : null}
          {addButton}
        </>
      }
    >
      {reloading ? <LoadingText>{T.loading}</LoadingText> : null}
      {loadError ? (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
          {loadError}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState
          icon={Package}
          title={T.empty}
          description={
            !canManage ? T.emptyHintStaff : addable.length === 0 ? T.emptyHintNoCatalog : T.emptyHint
          }
          action={
            // Nothing in the catalogue to add yet: the next step is to create a product.
            canManage && addable.length === 0 ? (
              <Link to="/products" className={buttonClasses()}>
                <Plus aria-hidden="true" />
                {T.emptyNewProduct}
              </Link>
            ) : (
              addButton
            )
          }
        />
      ) : (
        <saver.Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="save" />
          <Card>
            <ul aria-label="Produtos do imóvel" className="divide-y divide-border">
              {rows.map((row) => (
                <StockRowItem
                  // A row is drawn again when its saved values change or after a save answer.
                  key={`${row.productId}:${row.current}:${row.expected}:${saves}`}
                  row={row}
                  error={rowError(row.productId)}
                  canRemove={canManage}
                  onRemove={() => setRemoving({ productId: row.productId, name: row.name })}
                />
              ))}
            </ul>
          </Card>
          <div className="sticky bottom-0 -mx-4 flex justify-end border-t border-border bg-surface-alt/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <Button type="submit" busy={saver.state === "submitting"} busyLabel="Salvando...">
              Salvar
            </Button>
          </div>
        </saver.Form>
      )}
      {canManage ? (
        <>
          <AddProductsDialog
            open={adding.open}
            session={adding.session}
            products={addable}
            onOpenChange={(open) => setAdding((a) => ({ ...a, open }))}
          />
          <ConfirmDialog
            open={removing !== null}
            onOpenChange={(open) => {
              if (!open) setRemoving(null);
            }}
            title="Remover produto do imóvel"
            description={`Tem certeza que deseja remover “${removing?.name ?? ""}” deste imóvel? A quantidade registrada nele será descartada.`}
            confirmLabel="Remover"
            busy={remover.state === "submitting"}
            busyLabel="Removendo..."
            onConfirm={() => {
              if (removing)
                remover.submit({ intent: "remove", productId: removing.productId }, { method: "post" });
            }}
          />
        </>
      ) : null}
    </PageFrame>
  );
}
