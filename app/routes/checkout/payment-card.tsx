import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";
import type { BrowserCardConfig } from "~/platform/payments/provider";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { NoScriptRefresh } from "./payment-pix";

/**
 * The card form (part 2 §2, §5). Its inputs have no `name`: the browser never posts them. The guest script
 * turns the card into a token with the provider's own code (the sandbox's tokenize endpoint, or Mercado
 * Pago's secure fields, whose inputs live in the provider's frames) and posts only the token.
 */
export function CardPayment({
  locale,
  config,
  refusal,
  chargeUrl,
}: {
  locale: GuestLocale;
  config: BrowserCardConfig;
  refusal: string | null;
  /** Where the script posts the token (card-charge.ts). */
  chargeUrl: string;
}) {
  const secureFields = config.provider === "mercadopago";
  const messages = guestMessages(locale).checkout;
  const t = messages.card;
  // What the guest script may say, in the guest's language (it carries no catalogue).
  const texts = {
    numberRequired: t.numberRequired,
    numberInvalid: t.numberInvalid,
    nameRequired: t.nameRequired,
    expiryRequired: t.expiryRequired,
    expiryInvalid: t.expiryInvalid,
    cvvRequired: t.cvvRequired,
    cvvInvalid: t.cvvInvalid,
    failed: messages.errors.cardFailed,
    challengeFailed: messages.refusals.challenge_failed,
    expiryPlaceholder: t.expiryPlaceholder,
  };
  return (
    <section
      aria-labelledby="card-title"
      className="grid gap-4 rounded-xl border border-border bg-surface p-5"
    >
      <h2 id="card-title" className="text-xl font-semibold text-ink">
        {t.title}
      </h2>
      <form
        method="post"
        noValidate
        data-card-form
        data-provider={config.provider}
        data-tokenize-url={config.provider === "sandbox" ? config.tokenizeUrl : undefined}
        data-public-key={config.provider === "mercadopago" ? config.publicKey : undefined}
        data-sdk-url={config.provider === "mercadopago" ? config.sdkUrl : undefined}
        data-charge-url={chargeUrl}
        data-locale={locale}
        data-texts={JSON.stringify(texts)}
        className="grid gap-4"
      >
        <input type="hidden" name="intent" value="card" />
        <input type="hidden" name="token" />
        <input type="hidden" name="paymentMethodId" />
        <input type="hidden" name="issuerId" />
        <p
          role="alert"
          data-card-error
          hidden={!refusal}
          className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger"
        >
          {refusal}
        </p>
        {secureFields ? (
          <SecureField label={t.number} id="card-number" />
        ) : (
          <Field label={t.number} id="card-number">
            {(control) => (
              <Input
                {...control}
                data-card="number"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="0000 0000 0000 0000"
                maxLength={19}
              />
            )}
          </Field>
        )}
        <Field label={t.name} id="card-name">
          {(control) => <Input {...control} data-card="name" autoComplete="cc-name" maxLength={80} />}
        </Field>
        <div className="grid grid-cols-2 gap-4">
          {secureFields ? (
            <>
              <SecureField label={t.expiry} id="card-expiry" />
              <SecureField label={t.cvv} id="card-cvv" />
            </>
          ) : (
            <>
              <Field label={t.expiry} id="card-expiry">
                {(control) => (
                  <Input
                    {...control}
                    data-card="expiry"
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    placeholder={t.expiryPlaceholder}
                    maxLength={5}
                  />
                )}
              </Field>
              <Field label={t.cvv} id="card-cvv">
                {(control) => (
                  <Input
                    {...control}
                    data-card="cvv"
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    maxLength={4}
                  />
                )}
              </Field>
            </>
          )}
        </div>
        <button
          type="submit"
          disabled
          className="h-12 rounded-full bg-brand font-semibold text-white"
          data-card-submit
        >
          {t.submit}
        </button>
        <noscript>
          <p className="text-sm text-muted">{t.noScript}</p>
        </noscript>
      </form>
      <dialog
        data-processing
        aria-labelledby="processing-title"
        className="m-auto max-w-sm rounded-xl p-6 text-center backdrop:bg-black/50"
      >
        <h2 id="processing-title" className="text-lg font-semibold text-ink">
          {t.processing}
        </h2>
        <p className="mt-2 text-muted">{t.processingHint}</p>
      </dialog>
      {/* The issuer's 3-D Secure page, framed when the charge asks for it (ADR 0063). */}
      <dialog
        data-challenge
        aria-labelledby="challenge-title"
        className="m-auto w-full max-w-md rounded-xl p-4 backdrop:bg-black/50"
      >
        <h2 id="challenge-title" className="text-lg font-semibold text-ink">
          {t.challengeTitle}
        </h2>
        <p className="mt-1 text-sm text-muted">{t.challengeHint}</p>
        <iframe
          name="card-challenge"
          title={t.challengeTitle}
          className="mt-3 h-[26rem] w-full rounded-lg border border-border"
        />
        <form method="post" target="card-challenge" data-challenge-form hidden>
          <input type="hidden" name="creq" />
        </form>
      </dialog>
    </section>
  );
}

/** A place for one of Mercado Pago's secure fields (an iframe it mounts there), with our label. */
function SecureField({ label, id }: { label: string; id: string }) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-ink">{label}</legend>
      <div id={id} data-secure-field className="h-10 rounded-lg border border-border bg-surface px-3" />
      <p id={`${id}-error`} role="alert" hidden className="text-sm font-medium text-danger" />
    </fieldset>
  );
}

/** The card in review: the page waits for the provider's decision (the guest script polls). */
export function CardInReview({
  locale,
  statusUrl,
  successUrl,
}: {
  locale: GuestLocale;
  statusUrl: string;
  successUrl: string;
}) {
  const t = guestMessages(locale).checkout.card;
  return (
    <section
      data-pix
      data-status-url={statusUrl}
      data-success-url={successUrl}
      className="grid justify-items-center gap-3 rounded-xl border border-border bg-surface p-5 text-center"
    >
      <h2 className="text-xl font-semibold text-ink">{t.inReviewTitle}</h2>
      <p role="status" data-pix-status className="text-ink">
        {t.inReviewText}
      </p>
      <NoScriptRefresh locale={locale} />
    </section>
  );
}
