import { useEffect } from "react";
import { data, useNavigate } from "react-router";
import { QR_TEXT as T } from "~/domain/qr/messages";
import { previewTile } from "~/domain/qr/preview-tile.server";
import { getQrTemplate } from "~/domain/qr/read-qr-templates.server";
import { env } from "~/platform/env.server";
import { buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { toast } from "~/ui/toaster";
import type { Route } from "./+types/qr-template-edit";
import { backofficeContext } from "./guard.server";
import { QrTemplateForm } from "./qr-template-form";
import { saveQrTemplate } from "./qr-template-save.server";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: T.editTitle }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "catalog.manage", { title: T.editTitle, what: "editar templates de QR Code" });
  const { db } = context.get(servicesContext);
  // Another organization's id is answered exactly like one that never existed.
  const template = await getQrTemplate(db, actor, params.id);
  if (!template) return data({ notFound: true as const }, { status: 404 });
  const { name, image, imageWidth, imageHeight, positionX, positionY, size } = template;
  return {
    template: { name, image, imageWidth, imageHeight, positionX, positionY, size },
    tile: await previewTile(db, actor, env().appUrl),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveQrTemplate(
    request,
    context.get(servicesContext).db,
    context.get(backofficeContext).actor,
    params.id,
  );
}

export default function EditQrTemplate({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <NotLoaded />;
  return (
    <PageFrame title={T.editTitle}>
      <QrTemplateForm template={loaderData.template} tile={loaderData.tile} refusal={actionData} />
    </PageFrame>
  );
}

/** Part 1 §8: 'Não foi possível carregar o template', and back to the list (at once, once the script runs). */
function NotLoaded() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.error(T.errorTitle, { description: T.loadFailed });
    navigate("/qr-templates", { replace: true });
  }, [navigate]);
  return (
    <PageFrame title={T.editTitle}>
      <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
        {T.loadFailed}
      </p>
      <Link
        to="/qr-templates"
        className={buttonClasses({ variant: "outline", className: "justify-self-start" })}
      >
        Voltar para os templates
      </Link>
    </PageFrame>
  );
}
