import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigation } from "react-router";
import { toast } from "~/ui/toaster";

type Result = { ok: boolean; message: string; description?: string };

/**
 * A list screen's delete flow: which row waits for confirmation, the post (`intent=delete`, `id`), the
 * toasts of its answer, and whether the list is reloading after it. `failed` shows a refusal.
 */
export function useDeletion(options: {
  listPath: string;
  failed(message: string): void;
  fetcherKey?: string;
}) {
  const [pending, setPending] = useState<string | null>(null);
  const remover = useFetcher<Result>(options.fetcherKey ? { key: options.fetcherKey } : undefined);
  // The latest callback, so a re-render with a new function does not replay the same answer.
  const failed = useRef(options.failed);
  failed.current = options.failed;
  useEffect(() => {
    const result = remover.data;
    if (!result) return;
    if (result.ok)
      toast.success(result.message, result.description ? { description: result.description } : undefined);
    else failed.current(result.message);
    setPending(null);
  }, [remover.data]);

  const navigation = useNavigation();
  return {
    ask: (id: string) => setPending(id),
    /** The ConfirmDialog's state and handlers; the screen adds its title and description. */
    dialog: {
      open: pending !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setPending(null);
      },
      busy: remover.state === "submitting",
      busyLabel: "Excluindo...",
      onConfirm: () => {
        if (pending) remover.submit({ intent: "delete", id: pending }, { method: "post" });
      },
    },
    reloading:
      remover.state === "loading" ||
      (navigation.state === "loading" && navigation.location.pathname === options.listPath),
  };
}
