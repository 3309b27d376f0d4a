import { Copy } from "lucide-react";
import { STAY_SHOP_TEXT as T } from "~/domain/stays/stay-messages";
import { Button } from "~/ui/button";
import { toast } from "~/ui/toaster";

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(T.copied);
  } catch {
    toast.error(T.copyFailed);
  }
}

/** 'Copiar link da loja': the stay's shop link (ADR 0060), shown so it can be selected without the clipboard. */
export function StayShopLink({ url }: { url: string }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium text-ink">{T.title}</p>
      <p className="text-xs text-muted">{T.hint}</p>
      <div className="flex flex-wrap items-center gap-2">
        <input
          readOnly
          value={url}
          aria-label={T.title}
          onFocus={(e) => e.currentTarget.select()}
          className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 text-sm text-ink"
        />
        <Button type="button" variant="outline" size="sm" onClick={() => copyLink(url)}>
          <Copy aria-hidden="true" />
          {T.copy}
        </Button>
      </div>
    </div>
  );
}

/** The agenda's small version on a check-in: one button; the link is this site's address plus `path`. */
export function CopyStayShopLink({ path }: { path: string }) {
  return (
    <button
      type="button"
      onClick={() => copyLink(new URL(path, window.location.origin).href)}
      className="justify-self-start font-medium text-brand underline"
    >
      {T.copy}
    </button>
  );
}
