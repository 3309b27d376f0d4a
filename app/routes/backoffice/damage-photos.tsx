import { Trash2 } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";

export type DamagePhotoView = { id: string; image: string; imageThumb: string; caption: string };

/** A record's 'Fotos': each with when it was taken, removed by those who manage; more added while open. */
export function DamagePhotos({
  photos,
  canManage,
  canAddPhotos,
  error,
  busy,
}: {
  photos: DamagePhotoView[];
  canManage: boolean;
  canAddPhotos: boolean;
  /** The photo form's refusal, beside its field. */
  error: string | undefined;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="damage-photos" className="grid gap-3">
      <h2 id="damage-photos" className="text-lg font-semibold">
        Fotos
      </h2>
      {photos.length === 0 ? <p className="text-sm text-muted">Nenhuma foto.</p> : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {photos.map((p, i) => (
          <li key={p.id} className="grid gap-1">
            <a href={p.image} target="_blank" rel="noreferrer">
              <img
                src={p.imageThumb}
                alt={`Foto ${i + 1} da avaria`}
                className="aspect-square w-full rounded-lg object-cover"
                loading="lazy"
              />
            </a>
            <span className="text-xs text-muted">{p.caption}</span>
            {canManage ? (
              <Form method="post">
                <input type="hidden" name="intent" value="remove-photo" />
                <input type="hidden" name="photoId" value={p.id} />
                <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                  <Trash2 aria-hidden="true" />
                  Remover foto {i + 1}
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {canAddPhotos ? (
        <Form method="post" encType="multipart/form-data" className="grid max-w-md gap-2">
          <input type="hidden" name="intent" value="photos" />
          <Field label="Novas fotos" error={error}>
            {(control) => <Input {...control} type="file" name="photos" accept="image/*" multiple required />}
          </Field>
          <div>
            <Button type="submit" busy={busy} busyLabel="Enviando...">
              Adicionar fotos
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
