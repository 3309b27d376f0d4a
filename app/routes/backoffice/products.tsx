import { Plus } from "lucide-react";
import { Link } from "react-router";
import { productsLoadFailed, CATALOG_TEXT as T } from "~/domain/catalog/catalog-text";
import { listCategories } from "~/domain/catalog/categories.server";
import { createProduct, deleteProduct, listProducts, updateProduct } from "~/domain/catalog/products.server";
import { AppError } from "~/domain/errors";
import { discardImage, type ImageValue, readImageInput } from "~/domain/images/image-input.server";
import { assertCan, can } from "~/domain/team/permissions";
import { formText } from "~/lib/form-text";
import { database } from "~/platform/db/database.server";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button, buttonClasses } from "~/ui/button";
import { cardGridClasses } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { LoadingText } from "~/ui/loading-text";
import { PageFrame } from "~/ui/page-frame";
import { toast } from "~/ui/toaster";
import { useHydrated } from "~/ui/use-hydrated";
import { refused } from "../refusal.server";
import type { Route } from "./+types/products";
import { backofficeContext } from "./guard.server";
import { LOAD_FAILURE_REASON, LoadFailed } from "./load-failed";
import { ProductCard } from "./products-card";
import { type EditedProduct, ProductFormDialog } from "./products-form";
import { useDeletion } from "./use-deletion";
import { useFormEditor } from "./use-form-editor";

const TITLE = "Gerenciar Produtos";

export function meta() {
  return [{ title: TITLE }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = await database();
  const products = await listProducts(db, actor);
  const categories = await listCategories(db, actor, "name");
  // Staff never receive what the host pays: the cost goes only to those who manage the catalogue.
  const canManage = can(actor, "catalog.manage");
  return {
    products: products.map(
      ({ id, name, priceCents, costCents, imageThumb, categoryId, categoryName, categoryColor }) => ({
        id,
        name,
        priceCents,
        ...(canManage ? { costCents } : {}),
        imageThumb,
        categoryId,
        categoryName,
        categoryColor,
      }),
    ),
    categories: categories.map(({ id, name }) => ({ id, name })),
    canManage,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  // A photo stored for this request: deleted again if the save does not happen.
  let uploaded: ImageValue | null | undefined;
  try {
    // Before the form is read, so a refused member's upload is never stored.
    assertCan(actor, "catalog.manage");
    const form = await request.formData();
    const intent = formText(form, "intent");
    const { db } = await database();
    if (intent === "delete") {
      await deleteProduct(db, actor, { id: formText(form, "id") });
      return { ok: true as const, message: T.productDeleted };
    }
    if (intent !== "create" && intent !== "update") throw new AppError("invalid", "Ação desconhecida.");
    uploaded = await readImageInput(form);
    const input = {
      name: formText(form, "name"),
      price: formText(form, "price"),
      cost: formText(form, "cost"),
      categoryId: formText(form, "categoryId"),
      image: uploaded,
    };
    if (intent === "create") {
      await createProduct(db, actor, input);
      return { ok: true as const, message: T.productCreated };
    }
    const { replacedImage } = await updateProduct(db, actor, { ...input, id: formText(form, "id") });
    await discardImage(replacedImage);
    return { ok: true as const, message: T.productUpdated };
  } catch (err) {
    await discardImage(uploaded);
    return refused(err);
  }
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { products, categories, canManage } = loaderData;
  const hydrated = useHydrated();
  const editor = useFormEditor<EditedProduct>();

  const deletion = useDeletion({
    listPath: "/products",
    failed: (message) => toast.error(`${T.productDeleteFailed}: ${message}`),
  });

  return (
    <PageFrame
      title={TITLE}
      actions={
        <>
          <Link to="/product-categories" className={buttonClasses({ variant: "outline" })}>
            Categorias
          </Link>
          {canManage ? (
            <Button disabled={!hydrated} onClick={() => editor.edit(null)}>
              <Plus aria-hidden="true" />
              Novo Produto
            </Button>
          ) : null}
        </>
      }
    >
      {deletion.reloading ? <LoadingText>Carregando produtos...</LoadingText> : null}
      {products.length === 0 ? (
        <EmptyState
          title="Nenhum produto cadastrado"
          action={
            canManage ? (
              <Button disabled={!hydrated} onClick={() => editor.edit(null)}>
                <Plus aria-hidden="true" />
                Adicionar Produto
              </Button>
            ) : null
          }
        />
      ) : (
        <ul aria-label="Produtos" className={cardGridClasses}>
          {products.map((product) => (
            <li key={product.id} className="flex">
              <ProductCard
                product={product}
                actionsReady={hydrated}
                onEdit={
                  canManage
                    ? () => editor.edit({ ...product, costCents: product.costCents ?? null })
                    : undefined
                }
                onDelete={canManage ? () => deletion.ask(product.id) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <>
          <ProductFormDialog
            open={editor.open}
            session={editor.session}
            product={editor.editing}
            categories={categories}
            onOpenChange={editor.setOpen}
          />
          <ConfirmDialog
            {...deletion.dialog}
            title="Excluir produto"
            description="Tem certeza que deseja excluir este produto?"
          />
        </>
      ) : null}
    </PageFrame>
  );
}

/** The list could not be loaded (spec part 1 §8: 'Erro ao carregar produtos: {message}'). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadFailed error={error} title={TITLE} message={productsLoadFailed(LOAD_FAILURE_REASON)} />;
}
