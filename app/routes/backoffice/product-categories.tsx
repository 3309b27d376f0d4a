import { Pencil, Plus, Tags, Trash2 } from "lucide-react";
import { CATALOG_TEXT as T } from "~/domain/catalog/catalog-text";
import {
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from "~/domain/catalog/categories.server";
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
import { useHydrated } from "~/ui/use-hydrated";
import { answerIntent } from "../intents.server";
import type { Route } from "./+types/product-categories";
import { EMPTY_TEXT as E } from "./empty-states-text";
import { backofficeContext } from "./guard.server";
import { LoadFailed } from "./load-failed";
import { CategoryFormDialog, type EditedCategory } from "./product-categories-form";
import { CategorySwatch } from "./product-categories-swatch";
import { servicesContext } from "./services.server";
import { useDeletion } from "./use-deletion";
import { useFormEditor } from "./use-form-editor";

const TITLE = "Gerenciar Categorias de Produto";

export function meta() {
  return [{ title: TITLE }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const categories = await listCategories(db, actor, "newest");
  return {
    categories: categories.map(({ id, name, nameEn, nameEs, color }) => ({
      id,
      name,
      nameEn,
      nameEs,
      color,
    })),
    canManage: can(actor, "catalog.manage"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const category = () => ({
    name: formText(form, "name"),
    nameEn: formText(form, "nameEn"),
    nameEs: formText(form, "nameEs"),
    color: formText(form, "color"),
  });
  return answerIntent(form, {
    create: async () => {
      await createCategory(db, actor, category());
      return T.categoryCreated;
    },
    update: async () => {
      await updateCategory(db, actor, { id: formText(form, "id"), ...category() });
      return T.categoryUpdated;
    },
    delete: async () => {
      await deleteCategory(db, actor, { id: formText(form, "id") });
      return T.categoryDeleted;
    },
  });
}

export default function ProductCategories({ loaderData }: Route.ComponentProps) {
  const { categories, canManage } = loaderData;
  // Buttons that open modals stay disabled until the page's JavaScript runs.
  const hydrated = useHydrated();
  const editor = useFormEditor<EditedCategory>();

  const deletion = useDeletion({
    listPath: "/product-categories",
    failed: (message) => toast.error(T.categoryDeleteFailed, { description: message }),
  });

  return (
    <PageFrame
      title={TITLE}
      actions={
        <>
          <Link to="/products" className={buttonClasses({ variant: "outline" })}>
            Produtos
          </Link>
          {canManage ? (
            <Button disabled={!hydrated} onClick={() => editor.edit(null)}>
              <Plus aria-hidden="true" />
              Nova Categoria
            </Button>
          ) : null}
        </>
      }
    >
      {deletion.reloading ? <LoadingText>Carregando...</LoadingText> : null}
      {categories.length === 0 ? (
        <EmptyState
          icon={Tags}
          title={E.categories}
          description={E.categoriesHint}
          action={
            canManage ? (
              <Button disabled={!hydrated} onClick={() => editor.edit(null)}>
                <Plus aria-hidden="true" />
                {E.categoriesAction}
              </Button>
            ) : null
          }
        />
      ) : (
        <Card>
          <ul aria-label="Categorias" className="divide-y divide-border">
            {categories.map((category) => (
              <li key={category.id} className="flex flex-wrap items-center gap-3 px-4 py-3 sm:px-5">
                <CategorySwatch color={category.color} className="size-6" />
                <span className="min-w-0 flex-1 font-medium break-words">{category.name}</span>
                {canManage ? (
                  <span className="flex gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={!hydrated}
                      aria-label={`Editar ${category.name}`}
                      onClick={() => editor.edit(category)}
                    >
                      <Pencil aria-hidden="true" />
                      Editar
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-danger"
                      disabled={!hydrated}
                      aria-label={`Excluir ${category.name}`}
                      onClick={() => deletion.ask(category.id)}
                    >
                      <Trash2 aria-hidden="true" />
                      Excluir
                    </Button>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </Card>
      )}
      {canManage ? (
        <>
          <CategoryFormDialog
            open={editor.open}
            session={editor.session}
            category={editor.editing}
            onOpenChange={editor.setOpen}
          />
          <ConfirmDialog
            {...deletion.dialog}
            title="Excluir categoria"
            description="Tem certeza que deseja excluir esta categoria?"
          />
        </>
      ) : null}
    </PageFrame>
  );
}

/** The list could not be loaded (spec part 1 §8: 'Erro ao buscar categorias'). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadFailed error={error} title={TITLE} message={T.categoriesLoadFailed} />;
}
