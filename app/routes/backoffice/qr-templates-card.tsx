import { Pencil, Star, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { QR_TEXT as T } from "~/domain/qr/messages";
import { Button, buttonClasses } from "~/ui/button";
import { Card, CardFooter, CardHeader, CardTitle } from "~/ui/card";
import { Link } from "~/ui/link";
import { type PreviewTile, QrOnImage } from "./qr-template-preview";

export type QrTemplateCardData = {
  id: string;
  label: string;
  /** The posters' default when none is named. */
  isDefault: boolean;
  imageThumb: string;
  imageWidth: number;
  imageHeight: number;
  positionX: number;
  positionY: number;
  size: number;
};

interface Props {
  template: QrTemplateCardData;
  /** A QR code to draw where the template puts it. */
  tile: PreviewTile;
  /** The delete button opens a dialog: it waits for the page's JavaScript. */
  actionsReady: boolean;
  /** Absent for members who may only look (staff). */
  onDelete?: () => void;
  /** Whether 'Usar como padrão' is offered (owners and managers). */
  canChooseDefault?: boolean;
}

/** One template: its background, where the QR goes on it (in px of the 500-px-wide preview), and actions. */
export function QrTemplateCard({ template, tile, actionsReady, onDelete, canChooseDefault }: Props) {
  const values: [string, number][] = [
    ["Posição X", template.positionX],
    ["Posição Y", template.positionY],
    ["Tamanho", template.size],
  ];
  return (
    <Card className="w-full overflow-hidden">
      <div className="flex aspect-video items-center justify-center bg-surface-alt p-2">
        {/* Decorative: the values are written below. */}
        <QrOnImage
          image={{ src: template.imageThumb, width: template.imageWidth, height: template.imageHeight }}
          placement={template}
          tile={tile}
          className="size-full"
        />
      </div>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{template.label}</CardTitle>
        {template.isDefault ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand/10 px-2 py-0.5 text-xs font-medium text-brand">
            <Star aria-hidden="true" className="size-3.5" />
            {T.isDefault}
          </span>
        ) : null}
      </CardHeader>
      <dl className="grid grid-cols-3 gap-2 p-4 sm:p-5">
        {values.map(([label, value]) => (
          <div key={label} className="grid gap-0.5">
            <dt className="text-xs font-medium text-muted">{label}</dt>
            <dd className="text-sm font-semibold text-ink tabular-nums">{value} px</dd>
          </div>
        ))}
      </dl>
      {onDelete ? (
        <CardFooter className="mt-auto flex-wrap">
          {canChooseDefault && !template.isDefault ? (
            <Form method="post">
              <input type="hidden" name="intent" value="default" />
              <input type="hidden" name="id" value={template.id} />
              <button
                type="submit"
                className={buttonClasses({ variant: "outline", size: "sm" })}
                aria-label={`${T.useAsDefault}: ${template.label}`}
              >
                <Star aria-hidden="true" />
                {T.useAsDefault}
              </button>
            </Form>
          ) : null}
          <Link
            to={`/qr-templates/edit/${template.id}`}
            className={buttonClasses({ variant: "outline", size: "sm" })}
            aria-label={`Editar ${template.label}`}
          >
            <Pencil aria-hidden="true" />
            Editar
          </Link>
          <Button
            variant="outline"
            size="sm"
            className="text-danger"
            aria-label={`Excluir ${template.label}`}
            disabled={!actionsReady}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
            Excluir
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}
