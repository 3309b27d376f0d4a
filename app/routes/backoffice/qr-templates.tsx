import { Plus } from "lucide-react";
import { useEffect } from "react";
import { refusalOf } from "~/domain/errors";
import { discardImage } from "~/domain/images/image-input.server";
import { deleteQrTemplate } from "~/domain/qr/delete-qr-template.server";
import { QR_TEXT as T } from "~/domain/qr/messages";
import { previewTile } from "~/domain/qr/preview-tile.server";
import { listQrTemplates } from "~/domain/qr/read-qr-templates.server";
import { setDefaultQrTemplate } from "~/domain/qr/set-default-qr-template.server";
import { can } from "~/domain/team/permissions";
import { formText } from "~/lib/form-text";
import { env } from "~/platform/env.server";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { buttonClasses } from "~/ui/button";
import { cardGridClasses } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { Link } from "~/ui/link";
import { LoadingText } from "~/ui/loading-text";
import { PageFrame } from "~/ui/page-frame";
import { toast } from "~/ui/toaster";
import { useHydrated } from "~/ui/use-hydrated";
import { answerIntent } from "../intents.server";
import type { Route } from "./+types/qr-templates";
import { backofficeContext } from "./guard.server";
import { QrTemplateCard, type QrTemplateCardData } from "./qr-templates-card";
import { servicesContext } from "./services.server";
import { useDeletion } from "./use-deletion";

export function meta() {
  return [{ title: T.listTitle }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  let templates: QrTemplateCardData[] = [];
  let loadFailed = false;
  try {
    templates = (await listQrTemplates(db, actor)).map((t) => ({
      id: t.id,
      label: t.name,
      isDefault: t.isDefault,
      imageThumb: t.imageThumb,
      imageWidth: t.imageWidth,
      imageHeight: t.imageHeight,
      positionX: t.positionX,
      positionY: t.positionY,
      size: t.size,
    }));
  } catch (err) {
    // A refusal is shown on the page; anything else is a bug for the error page.
    refusalOf(err);
    loadFailed = true;
  }
  const tile = templates.length > 0 ? await previewTile(db, actor, env().appUrl) : null;
  return { templates, tile, canManage: can(actor, "catalog.manage"), loadFailed };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  return answerIntent(form, {
    default: async () => {
      const chosen = await setDefaultQrTemplate(db, actor, formText(form, "id"));
      return { message: T.defaultChanged(chosen.name), description: undefined };
    },
    delete: async () => {
      const { removedImage } = await deleteQrTemplate(db, actor, formText(form, "id"));
      await discardImage(removedImage);
      return { message: T.deleted.title, description: T.deleted.description };
    },
  });
}

/** 'Gerenciar Templates de QR Code' (part 1 §2): the organization's templates as cards. */
export default function QrTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const { templates, tile, canManage, loadFailed } = loaderData;
  const hydrated = useHydrated();
  // 'Usar como padrão' posts a plain form (works before the script loads); its answer comes back here.
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast.success(actionData.message);
    else toast.error(T.defaultFailed, { description: actionData.message });
  }, [actionData]);
  useEffect(() => {
    if (loadFailed) toast.error(T.errorTitle, { description: T.loadListFailed });
  }, [loadFailed]);
  const deletion = useDeletion({
    listPath: "/qr-templates",
    failed: () => toast.error(T.errorTitle, { description: T.deleteFailed }),
    fetcherKey: "excluir-template",
  });

  const newTemplate = (label: string) => (
    <Link to="/qr-templates/new" className={buttonClasses()}>
      <Plus aria-hidden="true" />
      {label}
    </Link>
  );

  return (
    <PageFrame
      title={T.listTitle}
      description="O fundo dos cartazes com o QR Code de cada imóvel. As posições valem para a imagem mostrada com 500 px de largura."
      actions={canManage ? newTemplate(T.newTitle) : null}
    >
      {deletion.reloading ? <LoadingText>{T.loading}</LoadingText> : null}
      {loadFailed ? (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
          {T.loadListFailed}
        </p>
      ) : templates.length === 0 || !tile ? (
        <EmptyState
          title={T.empty}
          description={T.emptyDescription}
          action={canManage ? newTemplate(T.createFirst) : null}
        />
      ) : (
        <ul aria-label="Templates" className={cardGridClasses}>
          {templates.map((template) => (
            <li key={template.id} className="flex">
              <QrTemplateCard
                template={template}
                tile={tile}
                actionsReady={hydrated}
                onDelete={canManage ? () => deletion.ask(template.id) : undefined}
                canChooseDefault={canManage}
              />
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <ConfirmDialog {...deletion.dialog} title={T.deleteTitle} description={T.deleteConfirm} />
      ) : null}
    </PageFrame>
  );
}
