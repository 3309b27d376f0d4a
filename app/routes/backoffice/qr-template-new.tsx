import { data } from "react-router";
import { QR_TEXT as T } from "~/domain/qr/messages";
import { previewTile } from "~/domain/qr/preview-tile.server";
import { can } from "~/domain/team/permissions";
import { database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import { PageFrame } from "~/ui/page-frame";
import type { Route } from "./+types/qr-template-new";
import { Forbidden } from "./forbidden";
import { backofficeContext } from "./guard.server";
import { QrTemplateForm } from "./qr-template-form";
import { saveQrTemplate } from "./qr-template-save.server";

export function meta() {
  return [{ title: T.newTitle }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  if (!can(actor, "catalog.manage")) return data({ forbidden: true as const }, { status: 403 });
  const { db } = await database();
  return { tile: await previewTile(db, actor, env().appUrl) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveQrTemplate(request, context.get(backofficeContext).actor, null);
}

export default function NewQrTemplate({ loaderData, actionData }: Route.ComponentProps) {
  if ("forbidden" in loaderData) return <Forbidden title={T.newTitle} what="criar templates de QR Code" />;
  return (
    <PageFrame title={T.newTitle}>
      <QrTemplateForm template={null} tile={loaderData.tile} refusal={actionData} />
    </PageFrame>
  );
}
