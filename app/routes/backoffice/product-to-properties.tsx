import { useEffect, useRef } from "react";
import { useFetcher, useNavigate } from "react-router";
import { ONBOARDING_TEXT as T } from "~/domain/onboarding/messages";
import { Button, buttonClasses } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { Link } from "~/ui/link";
import { toast } from "~/ui/toaster";
import type { Answer } from "../answer";

/** The query that opens the panel for a product: `/products?adicionar-aos-imoveis={id}`. */
export const PLACE_PARAM = "adicionar-aos-imoveis";
export const placePath = (productId: string) => `/products?${PLACE_PARAM}=${productId}`;

interface Props {
  product: { id: string; name: string };
  /** Live properties, each with the products it already holds. */
  properties: { id: string; name: string; productIds: string[] }[];
  /** The page's own answer when the form was posted without JavaScript. */
  posted?: Answer | null;
}

/**
 * 'Adicionar aos imóveis': one product put in several properties in one submit, with the units there now
 * and the units that should be there, per property (each field labelled with its property). Works as a
 * plain form too; with JavaScript the answer is a toast and the panel closes.
 */
export function ProductToProperties({ product, properties, posted = null }: Props) {
  const fetcher = useFetcher<Answer>({ key: `adicionar-aos-imoveis-${product.id}` });
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const result = fetcher.data ?? posted;
  const busy = fetcher.state !== "idle";

  // Opened after a product is created or from its card: the panel is where the host goes next.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: "nearest" });
  }, []);

  useEffect(() => {
    if (fetcher.data?.ok) {
      toast.success(fetcher.data.message);
      navigate("/products", { replace: true, preventScrollReset: true });
    }
  }, [fetcher.data, navigate]);

  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const open = properties.filter((p) => !p.productIds.includes(product.id));
  return (
    <section
      aria-labelledby="place-title"
      className="grid gap-4 rounded-xl border border-brand/30 bg-brand-soft/30 p-4 sm:p-5"
    >
      <div className="grid gap-1">
        <h2 id="place-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink">
          {T.placeTitle(product.name)}
        </h2>
        <p className="text-sm text-muted">{properties.length > 0 ? T.placeIntro : T.placeNoProperties}</p>
      </div>
      {result && !fetcher.data?.ok ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={result.ok ? "text-sm text-ink" : "text-sm text-danger"}
        >
          {result.message}
        </p>
      ) : null}
      {properties.length === 0 ? (
        <div className="flex flex-wrap gap-2">
          <Link to="/properties" className={buttonClasses({})}>
            Cadastrar imóvel
          </Link>
          <Link to="/products" className={buttonClasses({ variant: "outline" })}>
            {T.placeSkip}
          </Link>
        </div>
      ) : (
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="add-to-properties" />
          <input type="hidden" name="productId" value={product.id} />
          <ul className="grid gap-3">
            {properties.map((property) => {
              const held = property.productIds.includes(product.id);
              return (
                <li key={property.id} className="grid gap-2 rounded-lg border border-border bg-surface p-3">
                  <h3 className="font-medium text-ink">{property.name}</h3>
                  {held ? (
                    <p className="text-sm text-muted">{T.placeAlreadyIn}</p>
                  ) : (
                    <div className="grid gap-3 sm:grid-cols-2">
                      <input type="hidden" name="propertyId" value={property.id} />
                      <Field label={T.placeCurrent(property.name)} error={errors[`${property.id}.current`]}>
                        {(c) => (
                          <Input
                            {...c}
                            name={`current-${property.id}`}
                            inputMode="numeric"
                            autoComplete="off"
                          />
                        )}
                      </Field>
                      <Field
                        label={T.placeExpected(property.name)}
                        hint={T.placeExpectedHint}
                        error={errors[`${property.id}.expected`]}
                      >
                        {(c) => (
                          <Input
                            {...c}
                            name={`expected-${property.id}`}
                            inputMode="numeric"
                            autoComplete="off"
                          />
                        )}
                      </Field>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap gap-2">
            {open.length > 0 ? (
              <Button type="submit" busy={busy} busyLabel="Salvando...">
                {T.placeAction}
              </Button>
            ) : null}
            <Link to="/products" className={buttonClasses({ variant: "outline" })}>
              {T.placeSkip}
            </Link>
          </div>
        </fetcher.Form>
      )}
    </section>
  );
}
