import { Printer } from "lucide-react";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { Link } from "~/ui/link";
import { NativeSelect } from "~/ui/select";

/** The poster form's id: each property card's poster buttons submit it with their own address. */
export const POSTER_FORM_ID = "cartazes";

interface Props {
  templates: { id: string; label: string }[];
  /** The template chosen at first: the newest of the host's, or the default. */
  selected: string;
}

/**
 * Template and paper for the posters, and 'Imprimir todos' (one PDF, a page per property). A plain GET
 * form: works before JavaScript loads, and the PDF opens in a new tab to print.
 */
export function PosterOptions({ templates, selected }: Props) {
  return (
    <Card className="p-4 sm:p-5">
      <form
        id={POSTER_FORM_ID}
        method="get"
        action="/properties/posters"
        target="_blank"
        aria-labelledby={`${POSTER_FORM_ID}-title`}
        className="grid grid-cols-[minmax(0,1fr)_6rem] items-end gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto]"
        rel="noopener"
      >
        <div className="col-span-2 grid gap-1 sm:col-span-3">
          <h2 id={`${POSTER_FORM_ID}-title`} className="text-base font-semibold">
            Cartazes com QR Code
          </h2>
          <p className="text-sm text-muted">
            Para deixar no imóvel: escolha o template (
            <Link to="/qr-templates" className="text-brand underline underline-offset-4">
              gerenciar templates
            </Link>
            ) e o papel; cada imóvel tem o seu cartaz no card.
          </p>
        </div>
        <Field label="Template">
          {(c) => (
            <NativeSelect {...c} name="template" defaultValue={selected}>
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Papel">
          {(c) => (
            <NativeSelect {...c} name="paper" defaultValue="a4">
              <option value="a4">A4</option>
              <option value="a5">A5</option>
            </NativeSelect>
          )}
        </Field>
        {/* Phones: template and paper side by side, the button under them, so the cards start sooner. */}
        <Button
          type="submit"
          name="format"
          value="pdf"
          variant="outline"
          className="col-span-2 sm:col-span-1"
        >
          <Printer aria-hidden="true" />
          Imprimir todos
        </Button>
      </form>
    </Card>
  );
}
