import { type ChangeEvent, useEffect, useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { initialPlacement, NEW_FORM_PLACEMENT } from "~/domain/qr/initial-placement";
import { QR_TEXT as T } from "~/domain/qr/messages";
import { QR_LIMITS, type QrPlacement } from "~/lib/qr-placement";
import { Button, buttonClasses } from "~/ui/button";
import { Input } from "~/ui/input";
import { Link } from "~/ui/link";
import { toast } from "~/ui/toaster";
import { type PreviewTile, QrTemplatePreview } from "./qr-template-preview";
import { QrTemplateSlider } from "./qr-template-slider";

export type EditedTemplate = QrPlacement & {
  name: string;
  image: string;
  imageWidth: number;
  imageHeight: number;
};

/** What the action answers when it refuses a save. */
export type SaveRefusal = { message: string; fieldErrors?: Record<string, string> };

interface Props {
  /** null = create. */
  template: EditedTemplate | null;
  tile: PreviewTile;
  refusal: SaveRefusal | undefined;
}

type Picked = { src: string; width: number; height: number };

/**
 * /qr-templates/new and /qr-templates/edit/{id}: background image, X, Y and size, and the live preview. A
 * plain multipart form: it posts without JavaScript too (the action redirects to the list).
 */
export function QrTemplateForm({ template, tile, refusal }: Props) {
  const id = useId();
  const [placement, setPlacement] = useState<QrPlacement>(() =>
    template
      ? { positionX: template.positionX, positionY: template.positionY, size: template.size }
      : NEW_FORM_PLACEMENT,
  );
  // A new template's code follows the picked image's centre until the host moves it; without the script the
  // untouched numbers are posted and the server centres it the same way.
  const [autoPlace, setAutoPlace] = useState(template === null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = template ? T.updateFailed : T.createFailed;
  const errors = refusal?.fieldErrors ?? {};

  useEffect(() => {
    if (refusal) toast.error(T.errorTitle, { description: failed });
  }, [refusal, failed]);
  // The picked file stays in memory until its object URL is revoked.
  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.src) : undefined), [picked]);

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return setPicked(null);
    const src = URL.createObjectURL(file);
    // The preview needs the image's shape: X, Y and size are measured on it shown 500 px wide.
    const probe = new Image();
    probe.onload = () => {
      const shape = { width: probe.naturalWidth, height: probe.naturalHeight };
      setPicked({ src, ...shape });
      if (autoPlace) setPlacement(initialPlacement(shape));
    };
    probe.onerror = () => {
      URL.revokeObjectURL(src);
      setPicked(null);
    };
    probe.src = src;
  }

  const saved = template
    ? { src: template.image, width: template.imageWidth, height: template.imageHeight }
    : null;
  const set = (key: keyof QrPlacement) => (value: number) => {
    setAutoPlace(false);
    setPlacement((p) => ({ ...p, [key]: value }));
  };
  const imageError = errors.image;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,500px)]"
    >
      <div className="grid content-start gap-6">
        {refusal ? (
          <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm font-medium text-danger">
            {failed}: {refusal.message}
          </p>
        ) : null}
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-ink">
            Nome
          </label>
          <Input
            id={`${id}-name`}
            name="name"
            required
            maxLength={80}
            defaultValue={template?.name ?? ""}
            placeholder="Ex.: Cartaz da cozinha"
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
            aria-invalid={errors.name ? true : undefined}
          />
          {errors.name ? (
            <p id={`${id}-name-error`} role="alert" className="text-sm font-medium text-danger">
              {errors.name}
            </p>
          ) : null}
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-image`} className="text-sm font-medium text-ink">
            Imagem de fundo
          </label>
          <input
            id={`${id}-image`}
            type="file"
            name="imageFile"
            accept="image/*"
            onChange={onPick}
            aria-describedby={`${id}-image-hint${imageError ? ` ${id}-image-error` : ""}`}
            aria-invalid={imageError ? true : undefined}
            className="block w-full min-w-0 text-sm text-muted file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border file:border-border file:bg-surface file:px-3 file:text-sm file:font-medium file:text-ink hover:file:bg-surface-alt"
          />
          <p id={`${id}-image-hint`} className="text-sm text-muted">
            {template ? "Escolha outra imagem só se quiser trocar o fundo. " : ""}JPG, PNG, WebP, GIF ou HEIC,
            até 10 MB.
            {template ? "" : " O QR Code começa no centro, num tamanho que a câmera lê no cartaz impresso."}
          </p>
          {imageError ? (
            <p id={`${id}-image-error`} role="alert" className="text-sm font-medium text-danger">
              {imageError}
            </p>
          ) : null}
        </div>
        <QrTemplateSlider
          name="positionX"
          label="Posição X"
          {...QR_LIMITS.position}
          value={placement.positionX}
          onChange={set("positionX")}
          error={errors.positionX}
        />
        <QrTemplateSlider
          name="positionY"
          label="Posição Y"
          {...QR_LIMITS.position}
          value={placement.positionY}
          onChange={set("positionY")}
          error={errors.positionY}
        />
        <QrTemplateSlider
          name="size"
          label="Tamanho"
          {...QR_LIMITS.size}
          value={placement.size}
          onChange={set("size")}
          error={errors.size}
        />
        <div className="flex flex-wrap gap-2">
          <Link to="/qr-templates" className={buttonClasses({ variant: "outline" })}>
            Cancelar
          </Link>
          <Button type="submit" busy={busy} busyLabel="Salvando...">
            Salvar
          </Button>
        </div>
      </div>
      <QrTemplatePreview image={picked ?? saved} placement={placement} tile={tile} />
    </Form>
  );
}
