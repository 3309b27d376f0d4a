import { data, redirect } from "react-router";
import { refusalOf } from "~/domain/errors";
import { type BuyerForm, buyerForm, checkBuyer } from "~/domain/orders/buyer";
import { identificationView } from "~/domain/orders/checkout-views.server";
import { isReceivingAt } from "~/domain/payment-accounts/accounts.server";
import { noticeText, placeOrder } from "~/domain/payments/place-order.server";
import { maskCpf } from "~/lib/cpf";
import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages, translateFromPortuguese } from "~/lib/i18n/messages";
import { requestLocale } from "~/lib/i18n/request-locale";
import { maskGuestPhone } from "~/lib/phone";
import { database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { refusalHeaders, refusalRouteHeaders, statusOf } from "../refusal.server";
import { readDeviceId } from "../shop/device-cookie.server";
import type { Route } from "./+types/identification";
import { CheckoutFrame, CheckoutMessage, PurchaseSummary } from "./checkout-frame";
import { checkoutContext, guestKey, methodOf } from "./guest-checkout.server";
import { PrivacyNotice } from "./privacy-notice";

/** A throttled caller is told when to come back (Retry-After). */
export const headers = refusalRouteHeaders;

export const handle = { guestPage: true };

export function meta({ loaderData }: Route.MetaArgs) {
  const t = guestMessages(loaderData?.locale ?? "pt-BR").checkout.identification;
  return [{ title: t.meta }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const method = methodOf(params);
  const locale = requestLocale(request.headers);
  const { db } = await database();
  const view = await identificationView(db, params.cartId, readDeviceId(request));
  if (!view) return data({ notFound: true as const, locale }, { status: 404 });
  if ("paid" in view) throw redirect(`/payments/${params.cartId}/success`);
  if (view.cart.lines.length === 0) throw redirect(`/payment/${params.cartId}`);
  const previous = view.previous;
  const values: BuyerForm = {
    fullName: previous?.buyerName ?? "",
    cpf: previous?.buyerCpf ? maskCpf(previous.buyerCpf) : "",
    email: previous?.buyerEmail ?? "",
    phone: previous?.buyerPhone ? maskGuestPhone(previous.buyerPhone) : "",
  };
  const changed = new URL(request.url).searchParams.has("carrinho-mudou");
  const retentionMonths = env().guestDataRetentionMonths;
  // 'Receber o comprovante no WhatsApp' exists only where WhatsApp is configured (issue 50).
  const whatsapp = env().whatsapp !== null;
  const whatsappReceipt = whatsapp && Boolean(previous?.whatsappOptInAt);
  // No account of the host's: the form is not offered, the guest is told at once (issue 49).
  const receiving = await isReceivingAt({ db, config: env().payments }, view.cart.propertyId);
  return {
    locale,
    method,
    receiving,
    cart: view.cart,
    host: view.host,
    retentionMonths,
    values,
    changed,
    whatsapp,
    whatsappReceipt,
  };
}

type ActionResult = {
  values: BuyerForm;
  /** The 18+ checkbox as posted, to show it ticked again. */
  adultConfirmed?: boolean;
  /** 'Receber o comprovante no WhatsApp' as posted. */
  whatsappReceipt?: boolean;
  errors: Partial<Record<keyof BuyerForm | "adult", string>>;
  message: string;
  notices?: string[];
};

/** The domain's pt-BR field sentences, in the guest's language. */
function translated(locale: GuestLocale, errors: ActionResult["errors"]): ActionResult["errors"] {
  return Object.fromEntries(
    Object.entries(errors).map(([field, text]) => [field, text && translateFromPortuguese(locale, text)]),
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const method = methodOf(params);
  const locale = requestLocale(request.headers);
  const t = guestMessages(locale).checkout;
  const form = await request.formData();
  const values = buyerForm((name) => form.get(name));
  const adultConfirmed = form.get("adult") === "on";
  const whatsappReceipt = env().whatsapp !== null && form.get("whatsappReceipt") === "on";
  const checked = checkBuyer(values);
  if (!checked.ok) {
    return data<ActionResult>(
      {
        values,
        adultConfirmed,
        whatsappReceipt,
        errors: translated(locale, checked.errors),
        message: t.errors.invalidBuyer,
      },
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
      locale,
      whatsappReceipt,
    });
    if (!placed.ok) {
      return data<ActionResult>(
        {
          values,
          adultConfirmed,
          whatsappReceipt,
          errors: {},
          message: t.errors.nothingAvailable,
          notices: placed.notices.map((n) => noticeText(n, locale)),
        },
        { status: 409 },
      );
    }
    return redirect(`/payments/${params.cartId}/${method}/payment`, { status: 303 });
  } catch (err) {
    const refusal = refusalOf(err);
    // The refusal's sentence above the form ('Este imóvel ainda não está recebendo pagamentos…'), and at
    // its field when it is about one (a CPF the host's provider requires).
    const errors = translated(locale, refusal.fieldErrors ?? {});
    // The 18+ sentence is long: said once, at its checkbox.
    const message = errors.adult ? t.errors.invalidBuyer : translateFromPortuguese(locale, refusal.message);
    return data<ActionResult>(
      { values, adultConfirmed, whatsappReceipt, errors, message },
      { status: statusOf(refusal), headers: refusalHeaders(refusal) },
    );
  }
}

export default function Identification({ loaderData, actionData, params }: Route.ComponentProps) {
  const { locale } = loaderData;
  const messages = guestMessages(locale);
  const t = messages.checkout.identification;
  if ("notFound" in loaderData) {
    return (
      <CheckoutMessage locale={locale} title={messages.checkout.errors.cartNotFound}>
        <p className="text-muted">{t.cartGone}</p>
      </CheckoutMessage>
    );
  }
  if (!loaderData.receiving) {
    return (
      <CheckoutMessage locale={locale} title={messages.checkout.errors.notReceiving}>
        <a href={`/payment/${params.cartId}`} className="text-brand underline underline-offset-4">
          {t.back}
        </a>
      </CheckoutMessage>
    );
  }
  const { cart, changed, host, retentionMonths } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  const asksAdult = cart.lines.some((l) => l.adultsOnly) || errors.adult !== undefined;
  return (
    <CheckoutFrame
      locale={locale}
      back={{ href: `/payment/${params.cartId}`, label: t.back }}
      title={t.title}
      step={2}
    >
      <div className="grid gap-5 md:grid-cols-[1fr_20rem] md:items-start">
        {/* The guest script checks the fields as the server does, and says so in these words. */}
        <form
          method="post"
          noValidate
          data-identification
          data-texts={JSON.stringify(messages.checkout.buyer)}
          className="grid gap-4"
        >
          {changed ? (
            <p role="status" className="rounded-lg bg-brand-soft p-3 text-sm text-ink">
              {t.cartChanged}
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
          <Field label={t.fullName} error={errors.fullName}>
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
          <Field label={t.cpf} error={errors.cpf}>
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
          <Field label={t.email} error={errors.email} hint={t.emailHint}>
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
          <Field label={t.phone} error={errors.phone}>
            {(control) => (
              <Input
                {...control}
                name="phone"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                placeholder="(00) 00000-0000"
                data-mask="phone"
                defaultValue={values.phone}
                maxLength={20}
              />
            )}
          </Field>
          {loaderData.whatsapp ? (
            <GuestCheckbox
              name="whatsappReceipt"
              label={t.whatsappReceipt}
              hint={t.whatsappReceiptHint}
              checked={actionData?.whatsappReceipt ?? loaderData.whatsappReceipt}
            />
          ) : null}
          {asksAdult ? (
            <AdultConfirmation
              label={t.adultConfirmLabel}
              checked={actionData?.adultConfirmed}
              error={errors.adult}
            />
          ) : null}
          <RememberBuyer texts={t} />
          <PrivacyNotice locale={locale} host={host} retentionMonths={retentionMonths} />
          <button type="submit" className="h-12 rounded-full bg-brand font-semibold text-white">
            {t.submit}
          </button>
        </form>
        <PurchaseSummary locale={locale} lines={cart.lines} totalCents={cart.totalCents} />
      </div>
    </CheckoutFrame>
  );
}

/** A plain checkbox of the guest's form, with a line under its label. */
/**
 * 'Lembrar meus dados neste aparelho' (issue 49): shown by the guest script only (it keeps the details in
 * this browser's storage, never on the server); the box has no name, so nothing of it is posted.
 */
function RememberBuyer({
  texts,
}: {
  texts: { remember: string; rememberHint: string; remembered: string; forget: string };
}) {
  return (
    <div data-remember hidden className="grid gap-2">
      <p data-remembered hidden className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
        {texts.remembered}
        <button type="button" data-forget className="font-medium text-brand underline">
          {texts.forget}
        </button>
      </p>
      <div className="flex items-start gap-2">
        <input
          id="remember-buyer"
          type="checkbox"
          data-remember-box
          aria-describedby="remember-buyer-hint"
          className="mt-0.5 size-5 shrink-0 accent-brand"
        />
        <div className="grid gap-0.5">
          <label htmlFor="remember-buyer" className="text-sm font-medium text-ink">
            {texts.remember}
          </label>
          <p id="remember-buyer-hint" className="text-sm text-muted">
            {texts.rememberHint}
          </p>
        </div>
      </div>
    </div>
  );
}

function GuestCheckbox({
  name,
  label,
  hint,
  checked,
}: {
  name: string;
  label: string;
  hint: string;
  checked: boolean;
}) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={name}
        type="checkbox"
        name={name}
        defaultChecked={checked}
        aria-describedby={`${name}-hint`}
        className="mt-0.5 size-5 shrink-0 accent-brand"
      />
      <div className="grid gap-0.5">
        <label htmlFor={name} className="text-sm font-medium text-ink">
          {label}
        </label>
        <p id={`${name}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** 18+ products in the cart: the buyer's word, required by the server (payments/place-order.server.ts). */
function AdultConfirmation({
  label,
  checked,
  error,
}: {
  label: string;
  checked: boolean | undefined;
  error: string | undefined;
}) {
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
          {label}
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
