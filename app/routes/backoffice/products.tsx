import { Package, Plus } from "lucide-react";
import { useEffect } from "react";
import { useActionData, useFetcher, useNavigate } from "react-router";
import { productsLoadFailed, CATALOG_TEXT as T } from "~/domain/catalog/catalog-text";
import { listCategories } from "~/domain/catalog/categories.server";
import { createProduct, deleteProduct, listProducts, updateProduct } from "~/domain/catalog/products.server";
import { discardImage, type ImageValue } from "~/domain/images/image-input.server";
import { ONBOARDING_TEXT } from "~/domain/onboarding/messages";
import { addProductToProperties, listPlacements } from "~/domain/onboarding/product-to-properties.server";
import { assertCan, can } from "~/domain/team/permissions";
import { formText } from "~/lib/form-text";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button, buttonClasses } from "~/ui/button";
import { cardGridClasses } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { Link } from "~/ui/link";
import { LoadingText } from "~/ui/loading-text";
import { PageFrame } from "~/ui/page-frame";
import { toast } from "~/ui/toaster";
import { useHydrated } from "~/ui/use-hydrated";
import type { Answer } from "../answer";
import { answerIntent } from "../intents.server";
import type { Route } from "./+types/products";
import { backofficeContext } from "./guard.server";
import { LOAD_FAILURE_REASON, LoadFailed } from "./load-failed";
import { PLACE_PARAM, ProductToProperties, placePath } from "./product-to-properties";
import { ProductCard } from "./products-card";
import { type EditedProduct, ProductFormDialog } from "./products-form";
import { servicesContext } from "./services.server";
import { useDeletion } from "./use-deletion";
import { useFormEditor } from "./use-form-editor";
import { useOpenNewForm } from "./use-open-new-form";
import { withUpload } from "./with-upload.server";

const TITLE = "Gerenciar Produtos";

const PRODUCTS_EMPTY =
  "Cadastre o que os hóspedes podem comprar, com o preço de venda. Depois coloque cada produto nos imóveis com a quantidade que há lá: é o que aparece na loja do QR Code.";

export function meta() {
  return [{ title: TITLE }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const products = await listProducts(db, actor);
  const categories = await listCategories(db, actor, "name");
  // Staff never receive what the host pays: the cost goes only to those who manage the catalogue.
  const canManage = can(actor, "catalog.manage");
  // 'Adicionar aos imóveis' for one product (after its creation, or from its card).
  const placingId = canManage ? new URL(request.url).searchParams.get(PLACE_PARAM) : null;
  const placingProduct = placingId ? products.find((p) => p.id === placingId) : undefined;
  const placing = placingProduct
    ? {
        product: { id: placingProduct.id, name: placingProduct.name },
        properties: await listPlacements(db, actor),
      }
    : null;
  return {
    placing,
    products: products.map(
      ({
        id,
        name,
        nameEn,
        nameEs,
        priceCents,
        costCents,
        imageThumb,
        categoryId,
        categoryName,
        categoryColor,
        adultsOnly,
        madeToOrder,
      }) => ({
        id,
        name,
        nameEn,
        nameEs,
        priceCents,
        ...(canManage ? { costCents } : {}),
        imageThumb,
        categoryId,
        categoryName,
        categoryColor,
        adultsOnly,
        madeToOrder,
      }),
    ),
    categories: categories.map(({ id, name }) => ({ id, name })),
    canManage,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  // Before the form is read, so a refused member's upload is never stored.
  const posted = () => {
    assertCan(actor, "catalog.manage");
    return request.formData();
  };
  const product = (form: FormData, image: ImageValue | null | undefined) => ({
    name: formText(form, "name"),
    nameEn: formText(form, "nameEn"),
    nameEs: formText(form, "nameEs"),
    price: formText(form, "price"),
    cost: formText(form, "cost"),
    categoryId: formText(form, "categoryId"),
    adultsOnly: formText(form, "adultsOnly"),
    madeToOrder: formText(form, "madeToOrder"),
    image,
  });
  return answerIntent(posted, {
    delete: async (form) => {
      await deleteProduct(db, actor, { id: formText(form, "id") });
      return T.productDeleted;
    },
    "add-to-properties": async (form) => {
      const rows = form.getAll("propertyId").map((value) => {
        const propertyId = String(value);
        return {
          propertyId,
          current: formText(form, `current-${propertyId}`),
          expected: formText(form, `expected-${propertyId}`),
        };
      });
      const placed = await addProductToProperties(db, actor, formText(form, "productId"), rows);
      return { message: ONBOARDING_TEXT.placed(placed.properties), placed: true as const };
    },
    create: (form) =>
      withUpload(form, async (image) => {
        const created = await createProduct(db, actor, product(form, image));
        return { message: T.productCreated, created: { id: created.id } };
      }),
    update: (form) =>
      withUpload(form, async (image) => {
        const input = { ...product(form, image), id: formText(form, "id") };
        const { replacedImage } = await updateProduct(db, actor, input);
        await discardImage(replacedImage);
        return T.productUpdated;
      }),
  });
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { products, categories, canManage, placing } = loaderData;
  const hydrated = useHydrated();
  const editor = useFormEditor<EditedProduct>();
  useOpenNewForm(() => editor.edit(null), canManage);
  const posted = useActionData<typeof action>();

  // Once a new product is saved, 'Adicionar aos imóveis' opens for it (the create modal's fetcher answers).
  const created = useFetcher<Answer<{ created?: { id: string } }>>({
    key: `produto-${editor.session}`,
  }).data;
  const navigate = useNavigate();
  useEffect(() => {
    if (created?.ok && created.created) navigate(placePath(created.created.id), { preventScrollReset: true });
  }, [created, navigate]);

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
      {placing ? (
        <ProductToProperties
          key={placing.product.id}
          product={placing.product}
          properties={placing.properties}
          posted={posted && (!posted.ok || posted.intent === "add-to-properties") ? posted : null}
        />
      ) : null}
      {products.length === 0 ? (
        <EmptyState
          icon={Package}
          title="Nenhum produto cadastrado"
          description={PRODUCTS_EMPTY}
          action={
            canManage ? (
              <Button disabled={!hydrated} onClick={() => editor.edit(null)}>
                <Plus aria-hidden="true" />
                Novo produto
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
                placeHref={canManage ? placePath(product.id) : undefined}
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
