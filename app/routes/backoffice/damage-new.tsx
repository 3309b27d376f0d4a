import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { createDamage } from "~/domain/damages/create-damage.server";
import { stayText } from "~/domain/damages/damage-labels";
import { photoFiles } from "~/domain/damages/damage-photo-files.server";
import { DAMAGE_TEXT } from "~/domain/damages/messages";
import { damageFormOptions } from "~/domain/damages/read-damages.server";
import { saoPauloDay } from "~/lib/dates";
import { flashCookie } from "~/lib/flash";
import { formText } from "~/lib/form-text";
import { env } from "~/platform/env.server";
import { Button, buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { NativeSelect } from "~/ui/select";
import { answer } from "../intents.server";
import type { Route } from "./+types/damage-new";
import { DamageTextFields } from "./damage-text-fields";
import { backofficeContext } from "./guard.server";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: "Nova avaria" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const properties = await damageFormOptions(db, actor, saoPauloDay(new Date()));
  const asked = new URL(request.url).searchParams.get("imovel");
  return {
    properties: properties.map((p) => ({
      id: p.id,
      name: p.name,
      defaultStayId: p.defaultStayId,
      stays: p.stays.map((s) => ({ id: s.id, label: stayText(s) })),
    })),
    propertyId: properties.find((p) => p.id === asked)?.id ?? properties[0]?.id ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const values = {
    propertyId: formText(form, "propertyId"),
    stayId: formText(form, "stayId"),
    title: formText(form, "title"),
    description: formText(form, "description"),
  };
  return answer(
    "create",
    async () => {
      // No stay field at all (a client that does not choose): the stay that ended most recently.
      const stayId = form.has("stayId") ? values.stayId : undefined;
      const { id } = await createDamage(db, actor, { ...values, stayId }, photoFiles(form.getAll("photos")));
      return redirect(`/avarias/${id}`, {
        headers: { "Set-Cookie": flashCookie("damage-created", env().secureCookies) },
      });
    },
    { values },
  );
}

/** Issue 23: opens a damage record (anyone on the team, from a phone too): no amounts here. */
export default function DamageNew({ loaderData, actionData }: Route.ComponentProps) {
  const { properties } = loaderData;
  const posted = actionData?.values;
  const [propertyId, setPropertyId] = useState(posted?.propertyId ?? loaderData.propertyId);
  const property = properties.find((p) => p.id === propertyId);
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  const back = (
    <Link to="/avarias" className={buttonClasses({ variant: "ghost" })}>
      <ArrowLeft aria-hidden="true" />
      Avarias
    </Link>
  );
  if (properties.length === 0) {
    return (
      <PageFrame title="Nova avaria" actions={back}>
        <EmptyState
          title="Nenhum imóvel cadastrado"
          description="Cadastre um imóvel para registrar avarias nele."
          action={<Link to="/properties">Ver os imóveis</Link>}
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title="Nova avaria"
      description="Registre o dano com fotos; os valores vêm depois."
      actions={back}
    >
      <Form method="post" encType="multipart/form-data" className="grid max-w-2xl gap-4">
        {actionData ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {actionData.message}
          </p>
        ) : null}
        <Field label="Imóvel" error={errors.propertyId}>
          {(control) => (
            <NativeSelect
              {...control}
              name="propertyId"
              value={propertyId}
              onChange={(e) => setPropertyId(e.currentTarget.value)}
            >
              {properties.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field
          label="Estadia"
          error={errors.stayId}
          hint="Por padrão, a última estadia que terminou neste imóvel. O prazo para pedir o reembolso conta da saída."
        >
          {(control) => (
            <NativeSelect
              {...control}
              key={propertyId}
              name="stayId"
              defaultValue={
                posted && posted.propertyId === propertyId ? posted.stayId : (property?.defaultStayId ?? "")
              }
            >
              {property?.stays.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
              <option value="">{DAMAGE_TEXT.noStay}</option>
            </NativeSelect>
          )}
        </Field>
        <DamageTextFields
          title={posted?.title ?? ""}
          description={posted?.description ?? ""}
          errors={errors}
        />
        <Field
          label="Fotos"
          error={errors.photos}
          hint="Até 10 fotos por vez (JPG, PNG, WebP ou HEIC, até 10 MB cada)."
        >
          {(control) => <Input {...control} type="file" name="photos" accept="image/*" multiple />}
        </Field>
        <div>
          <Button type="submit" busy={busy} busyLabel="Registrando...">
            Registrar avaria
          </Button>
        </div>
      </Form>
    </PageFrame>
  );
}
