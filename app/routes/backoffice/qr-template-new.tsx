import { QR_TEXT as T } from "~/domain/qr/messages";
import { previewTile } from "~/domain/qr/preview-tile.server";
import { env } from "~/platform/env.server";
import { PageFrame } from "~/ui/page-frame";
import type { Route } from "./+types/qr-template-new";
import { backofficeContext } from "./guard.server";
import { QrTemplateForm } from "./qr-template-form";
import { saveQrTemplate } from "./qr-template-save.server";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: T.newTitle }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "catalog.manage", { title: T.newTitle, what: "criar templates de QR Code" });
  const { db } = context.get(servicesContext);
  return { tile: await previewTile(db, actor, env().appUrl) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveQrTemplate(request, context.get(servicesContext).db, context.get(backofficeContext).actor, null);
}

export default function NewQrTemplate({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageFrame title={T.newTitle}>
      <QrTemplateForm template={null} tile={loaderData.tile} refusal={actionData} />
    </PageFrame>
  );
}
