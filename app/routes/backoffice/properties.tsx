import { Building2, Plus } from "lucide-react";
import { useEffect } from "react";
import { refusalOf } from "~/domain/errors";
import { discardImage, type ImageValue } from "~/domain/images/image-input.server";
import { liveAccount } from "~/domain/payment-accounts/accounts.server";
import { createProperty } from "~/domain/properties/create-property.server";
import { deleteProperty } from "~/domain/properties/delete-property.server";
import { listProperties } from "~/domain/properties/read-properties.server";
import { renewGuestLink } from "~/domain/properties/renew-guest-link.server";
import { updateProperty } from "~/domain/properties/update-property.server";
import { QR_TEXT } from "~/domain/qr/messages";
import { DEFAULT_TEMPLATE_ID } from "~/domain/qr/poster-template.server";
import { listQrTemplates } from "~/domain/qr/read-qr-templates.server";
import { assertCan, can } from "~/domain/team/permissions";
import { formText } from "~/lib/form-text";
import { env } from "~/platform/env.server";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { cardGridClasses } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { LoadingText } from "~/ui/loading-text";
import { PageFrame } from "~/ui/page-frame";
import { toast } from "~/ui/toaster";
import { answerIntent } from "../intents.server";
import type { Route } from "./+types/properties";
import { backofficeContext } from "./guard.server";
import { PropertyCard } from "./properties-card";
import { type EditedProperty, PropertyFormDialog } from "./properties-form";
import { useNewLink } from "./properties-new-link";
import { PosterOptions } from "./properties-posters";
import { PROPERTIES_TEXT as T } from "./properties-text";
import { ReceivingNotice } from "./receiving-notice";
import { receivingNotice } from "./receiving-notice.server";
import { servicesContext } from "./services.server";
import { useDeletion } from "./use-deletion";
import { useFormEditor } from "./use-form-editor";
import { useOpenNewForm } from "./use-open-new-form";
import { withUpload } from "./with-upload.server";

export function meta() {
  return [{ title: "Gerenciar Imóveis" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  let properties: Awaited<ReturnType<typeof listProperties>> = [];
  let templates: Awaited<ReturnType<typeof listQrTemplates>> = [];
  let loadError: string | null = null;
  try {
    properties = await listProperties(db, actor);
    templates = await listQrTemplates(db, actor);
  } catch (err) {
    // A refusal is shown on the page; anything else is a bug for the error page.
    refusalOf(err);
    loadError = T.loadFailed(refusalOf(err).message);
  }
  return {
    properties: properties.map(({ id, name, address, publicLocation, image, imageThumb, hash }) => ({
      id,
      name,
      address,
      publicLocation,
      image,
      imageThumb,
      hash,
    })),
    // Guest links are built from the configured public origin, never from the request's Host header.
    appUrl: env().appUrl,
    // The built-in default first; the newest of the host's own is chosen when there is one.
    posterTemplates: [
      { id: DEFAULT_TEMPLATE_ID, label: QR_TEXT.defaultTemplate },
      ...templates.map((t) => ({ id: t.id, label: t.name })),
    ],
    posterTemplate: templates.find((t) => t.isDefault)?.id ?? DEFAULT_TEMPLATE_ID,
    canManage: can(actor, "catalog.manage"),
    canSeeResults: can(actor, "sales.read"),
    // Before a poster is printed: its QR code leads to a shop where guests cannot pay yet (issue 49).
    receiving: receivingNotice(actor, await liveAccount(db, actor.organizationId)),
    loadError,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  // Before the form is read: staff never get to upload anything.
  const posted = () => {
    assertCan(actor, "catalog.manage");
    return request.formData();
  };
  const property = (form: FormData, image: ImageValue | null | undefined) => ({
    name: form.get("name"),
    address: form.get("address"),
    publicLocation: form.get("publicLocation"),
    image,
  });
  return answerIntent(posted, {
    delete: async (form) => {
      await deleteProperty(db, actor, formText(form, "id"));
      return T.deleted;
    },
    "new-link": async (form) => {
      await renewGuestLink(db, actor, formText(form, "id"));
      return T.newLinkCreated;
    },
    create: (form) =>
      withUpload(form, async (image) => {
        await createProperty(db, actor, property(form, image));
        return T.created;
      }),
    update: (form) =>
      withUpload(form, async (image) => {
        const { replacedImage } = await updateProperty(
          db,
          actor,
          formText(form, "id"),
          property(form, image),
        );
        await discardImage(replacedImage);
        return T.updated;
      }),
  });
}

export default function Properties({ loaderData }: Route.ComponentProps) {
  const {
    properties,
    appUrl,
    canManage,
    canSeeResults,
    loadError,
    posterTemplates,
    posterTemplate,
    receiving,
  } = loaderData;
  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);
  const editor = useFormEditor<EditedProperty>();
  useOpenNewForm(() => editor.edit(null), canManage);

  const deletion = useDeletion({
    listPath: "/properties",
    failed: (message) => toast.error(T.deleteFailed(message)),
    fetcherKey: "excluir-imovel",
  });
  const newLink = useNewLink();

  return (
    <PageFrame
      title="Gerenciar Imóveis"
      actions={
        canManage ? (
          <Button onClick={() => editor.edit(null)}>
            <Plus aria-hidden="true" />
            Adicionar Imóvel
          </Button>
        ) : null
      }
    >
      {deletion.reloading ? <LoadingText>{T.loading}</LoadingText> : null}
      {loadError ? (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
          {loadError}
        </p>
      ) : properties.length === 0 ? (
        <EmptyState
          icon={Building2}
          title={T.empty}
          description={canManage ? T.emptyHint : T.emptyHintStaff}
          action={
            canManage ? (
              <Button onClick={() => editor.edit(null)}>
                <Plus aria-hidden="true" />
                {T.emptyAction}
              </Button>
            ) : null
          }
        />
      ) : (
        <>
          {receiving ? <ReceivingNotice notice={receiving} beforePrinting /> : null}
          <PosterOptions templates={posterTemplates} selected={posterTemplate} />
        </>
      )}
      {loadError || properties.length === 0 ? null : (
        <ul aria-label="Imóveis" className={cardGridClasses}>
          {properties.map((property) => (
            <li key={property.id} className="flex">
              <PropertyCard
                property={property}
                guestUrl={`${appUrl}/i/${property.hash}`}
                canManage={canManage}
                canSeeResults={canSeeResults}
                onEdit={() => editor.edit(property)}
                onDelete={() => deletion.ask(property.id)}
                onNewLink={() => newLink.ask(property)}
              />
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <>
          <PropertyFormDialog
            open={editor.open}
            session={editor.session}
            property={editor.editing}
            onOpenChange={editor.setOpen}
          />
          <ConfirmDialog {...deletion.dialog} title={T.deleteConfirm} description={T.deleteConsequence} />
          <ConfirmDialog {...newLink.dialog} />
        </>
      ) : null}
    </PageFrame>
  );
}
