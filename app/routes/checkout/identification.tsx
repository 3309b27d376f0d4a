import { data, redirect } from "react-router";
import { refusalOf } from "~/domain/errors";
import { type BuyerForm, buyerForm, checkBuyer } from "~/domain/orders/buyer";
import { identificationView } from "~/domain/orders/checkout-views.server";
import { CHECKOUT_TEXT } from "~/domain/orders/messages";
import { noticeText, placeOrder } from "~/domain/orders/place-order.server";
import { maskCpf } from "~/lib/cpf";
import { maskPhone } from "~/lib/phone";
import { database } from "~/platform/db/database.server";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { refusalHeaders, refusalRouteHeaders, statusOf } from "../refusal.server";
import { readDeviceId } from "../shop/device-cookie.server";
import type { Route } from "./+types/identification";
import { CheckoutFrame, CheckoutMessage, PurchaseSummary } from "./checkout-frame";
import { checkoutContext, guestKey, methodOf } from "./guest-checkout.server";

/** A throttled caller is told when to come back (Retry-After). */
export const headers = refusalRouteHeaders;

export const handle = { guestPage: true };

export function meta() {
  return [{ title: "Identificação | Finalizar Pedido" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const method = methodOf(params);
  const { db } = await database();
  const view = await identificationView(db, params.cartId, readDeviceId(request));
  if (!view) return data({ notFound: true as const }, { status: 404 });
  if ("paid" in view) throw redirect(`/payments/${params.cartId}/success`);
  if (view.cart.lines.length === 0) throw redirect(`/payment/${params.cartId}`);
  const previous = view.previous;
  const values: BuyerForm = {
    fullName: previous?.buyerName ?? "",
    cpf: previous?.buyerCpf ? maskCpf(previous.buyerCpf) : "",
    email: previous?.buyerEmail ?? "",
    phone: previous?.buyerPhone ? maskPhone(previous.buyerPhone) : "",
  };
  const changed = new URL(request.url).searchParams.has("carrinho-mudou");
  return { method, cart: view.cart, values, changed };
}

type ActionResult = {
  values: BuyerForm;
  /** The 18+ checkbox as posted, to show it ticked again. */
  adultConfirmed?: boolean;
  errors: Partial<Record<keyof BuyerForm | "adult", string>>;
  message: string;
  notices?: string[];
};

export async function action({ params, request, context }: Route.ActionArgs) {
  const method = methodOf(params);
  const form = await request.formData();
  const values = buyerForm((name) => form.get(name));
  const adultConfirmed = form.get("adult") === "on";
  const checked = checkBuyer(values);
  if (!checked.ok) {
    return data<ActionResult>(
      { values, adultConfirmed, errors: checked.errors, message: CHECKOUT_TEXT.invalidBuyer },
      { status: 400 },
    );
  }
  const ctx = await checkoutContext(context);
  try {
    const placed = await placeOrder(ctx, {
      ...guestKey(request, context, params.cartId),
      method,
      buyer: checked.buyer,
      adultConfirmed,
    });
    if (!placed.ok) {
      return data<ActionResult>(
        {
          values,
          adultConfirmed,
          errors: {},
          message: CHECKOUT_TEXT.nothingAvailable,
          notices: placed.notices.map(noticeText),
        },
        { status: 409 },
      );
    }
    return redirect(`/payments/${params.cartId}/${method}/payment`, { status: 303 });
  } catch (err) {
    const refusal = refusalOf(err);
    // The refusal's sentence above the form ('Este imóvel ainda não está recebendo pagamentos…'), and at
    // its field when it is about one (a CPF the host's provider requires).
    const errors: ActionResult["errors"] = refusal.fieldErrors ?? {};
    // The 18+ sentence is long: said once, at its checkbox.
    const message = errors.adult ? CHECKOUT_TEXT.invalidBuyer : refusal.message;
    return data<ActionResult>(
      { values, adultConfirmed, errors, message },
      { status: statusOf(refusal), headers: refusalHeaders(refusal) },
    );
  }
}

export default function Identification({ loaderData, actionData, params }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    return (
      <CheckoutMessage title={CHECKOUT_TEXT.cartNotFound}>
        <p className="text-muted">Volte à loja do imóvel e escolha seus produtos.</p>
      </CheckoutMessage>
    );
  }
  const { cart, changed } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  const asksAdult = cart.lines.some((l) => l.adultsOnly) || errors.adult !== undefined;
  return (
    <CheckoutFrame
      back={{ href: `/payment/${params.cartId}`, label: "Voltar ao resumo" }}
      title="Identificação"
      step={2}
    >
      <div className="grid gap-5 md:grid-cols-[1fr_20rem] md:items-start">
        <form method="post" noValidate data-identification className="grid gap-4">
          {changed ? (
            <p role="status" className="rounded-lg bg-brand-soft p-3 text-sm text-ink">
              Seu carrinho mudou. Confirme seus dados para atualizar o pedido.
            </p>
          ) : null}
          {actionData?.message ? (
            <div
              role="alert"
              data-form-message
              className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger"
            >
              <p>{actionData.message}</p>
              {actionData.notices?.length ? (
                <ul className="mt-1 list-disc pl-5 font-normal">
                  {actionData.notices.map((n) => (
                    <li key={n}>{n}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          <Field label="Nome completo" error={errors.fullName}>
            {(control) => (
              <Input
                {...control}
                name="fullName"
                autoComplete="name"
                defaultValue={values.fullName}
                required
                maxLength={120}
              />
            )}
          </Field>
          <Field label="CPF (opcional)" error={errors.cpf}>
            {(control) => (
              <Input
                {...control}
                name="cpf"
                inputMode="numeric"
                placeholder="000.000.000-00"
                data-mask="cpf"
                defaultValue={values.cpf}
                maxLength={14}
              />
            )}
          </Field>
          <Field
            label="E-mail"
            error={errors.email}
            hint="Para receber o recibo. Informe e-mail ou telefone."
          >
            {(control) => (
              <Input
                {...control}
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={values.email}
                maxLength={254}
              />
            )}
          </Field>
          <Field label="Telefone" error={errors.phone}>
            {(control) => (
              <Input
                {...control}
                name="phone"
                type="tel"
                autoComplete="tel-national"
                inputMode="tel"
                placeholder="(00) 00000-0000"
                data-mask="phone"
                defaultValue={values.phone}
                maxLength={15}
              />
            )}
          </Field>
          {asksAdult ? <AdultConfirmation checked={actionData?.adultConfirmed} error={errors.adult} /> : null}
          <button type="submit" className="h-12 rounded-full bg-brand font-semibold text-white">
            Continuar para pagamento
          </button>
        </form>
        <PurchaseSummary lines={cart.lines} totalCents={cart.totalCents} />
      </div>
    </CheckoutFrame>
  );
}

/** 18+ products in the cart: the buyer's word, required by the server (place-order.server.ts). */
function AdultConfirmation({ checked, error }: { checked: boolean | undefined; error: string | undefined }) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-2">
        <input
          id="adult"
          type="checkbox"
          name="adult"
          defaultChecked={checked ?? false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "adult-error" : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand"
        />
        <label htmlFor="adult" className="text-sm font-medium text-ink">
          {CHECKOUT_TEXT.adultConfirmLabel}
        </label>
      </div>
      {error ? (
        <p id="adult-error" role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
