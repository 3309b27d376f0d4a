import { ImageIcon } from "lucide-react";
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";

export interface ImageFieldProps {
  label: ReactNode;
  /** The saved image (an https URL or a /media/… path), if any. */
  current?: string | null;
  error?: string;
  /** A file over `bytes` is not taken: the host sees `message` at once instead of after a long upload. */
  sizeLimit?: { bytes: number; message: string };
  className?: string;
}

const isHttpsUrl = (text: string) => URL.canParse(text.trim()) && new URL(text.trim()).protocol === "https:";

/**
 * Photo upload or https URL for the catalogue forms. Posts `imageFile`, `imageUrl` and `imageRemove=1`
 * (read by readImageInput), so the form needs encType="multipart/form-data"; works before JS loads.
 */
export function ImageField({ label, current, error, sizeLimit, className }: ImageFieldProps) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [url, setUrl] = useState("");
  const [remove, setRemove] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);

  // Each object URL holds the picked file in memory until revoked.
  useEffect(() => (picked ? () => URL.revokeObjectURL(picked) : undefined), [picked]);

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    const fits = !file || !sizeLimit || file.size <= sizeLimit.bytes;
    setTooLarge(!fits);
    if (!fits) return unpick();
    setPicked(file ? URL.createObjectURL(file) : null);
    if (file) setRemove(false);
  }

  function unpick() {
    if (fileRef.current) fileRef.current.value = "";
    setPicked(null);
  }

  function onRemove(checked: boolean) {
    setRemove(checked);
    if (checked) {
      unpick();
      setUrl("");
    }
  }

  // Same precedence as the server: a file, then a URL, then removal, else the saved image.
  const typed = isHttpsUrl(url) ? url.trim() : null;
  const shown = picked ?? typed ?? (remove ? null : (current ?? null));
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const shownError = tooLarge && sizeLimit ? sizeLimit.message : error;
  const control = {
    "aria-describedby": shownError ? `${hintId} ${errorId}` : hintId,
    "aria-invalid": shownError ? true : undefined,
  } as const;

  return (
    <fieldset className={cn("grid gap-3", className)}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{label}</legend>
      <div className="flex items-start gap-3">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-surface-alt">
          {shown && shown !== broken ? (
            <img
              src={shown}
              alt={picked ? "Pré-visualização da foto escolhida" : "Imagem atual"}
              className="size-full object-cover"
              referrerPolicy="no-referrer"
              onError={() => setBroken(shown)}
            />
          ) : (
            <>
              <ImageIcon className="size-8 text-muted" aria-hidden="true" />
              <span className="sr-only">Sem imagem</span>
            </>
          )}
        </div>
        <div className="grid min-w-0 flex-1 gap-1.5">
          <Label htmlFor={`${id}-file`}>Enviar uma foto</Label>
          {/* No `capture`: phones then offer both the camera and the gallery. */}
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            name="imageFile"
            accept="image/*"
            disabled={remove}
            onChange={onPick}
            className={cn(
              "block w-full min-w-0 text-sm text-muted disabled:opacity-60",
              "file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border file:border-border",
              "file:bg-surface file:px-3 file:text-sm file:font-medium file:text-ink hover:file:bg-surface-alt",
            )}
            {...control}
          />
          {picked ? (
            <Button variant="ghost" size="sm" className="justify-self-start" onClick={unpick}>
              Desfazer escolha
            </Button>
          ) : null}
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-url`}>ou endereço da imagem (https://…)</Label>
        {/* type=text, not url: the server's pt-BR message beats the browser's generic one. */}
        <Input
          id={`${id}-url`}
          name="imageUrl"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="https://…"
          maxLength={2000}
          value={url}
          disabled={remove}
          onChange={(event) => setUrl(event.currentTarget.value)}
          {...control}
        />
      </div>
      {current ? (
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            name="imageRemove"
            value="1"
            checked={remove}
            onChange={(event) => onRemove(event.currentTarget.checked)}
            className="size-4 accent-brand"
          />
          Remover imagem
        </label>
      ) : null}
      <p id={hintId} className="text-sm text-muted">
        JPG, PNG, WebP, GIF ou HEIC, até 10 MB.
      </p>
      {shownError ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {shownError}
        </p>
      ) : null}
    </fieldset>
  );
}
