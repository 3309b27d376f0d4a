import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/ui/toaster";
import { PROPERTIES_TEXT as T } from "./properties-text";

type Result = { ok: boolean; message: string };

/** 'Gerar novo link': which property waits for confirmation, the post, and the toasts of its answer. */
export function useNewLink() {
  const [pending, setPending] = useState<{ id: string; name: string } | null>(null);
  const fetcher = useFetcher<Result>({ key: "novo-link" });
  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) toast.success(result.message, { description: T.newLinkDone });
    else toast.error(T.saveFailed(result.message));
    setPending(null);
  }, [fetcher.data]);
  return {
    ask: (property: { id: string; name: string }) => setPending(property),
    /** The ConfirmDialog's state, handlers and texts. */
    dialog: {
      open: pending !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setPending(null);
      },
      busy: fetcher.state !== "idle",
      busyLabel: "Gerando...",
      confirmLabel: T.newLink,
      title: T.newLinkConfirm(pending?.name ?? ""),
      description: T.newLinkConsequence,
      onConfirm: () => {
        if (pending) fetcher.submit({ intent: "new-link", id: pending.id }, { method: "post" });
      },
    },
  };
}
