import { useEffect, useState } from "react";
import { CloseIcon } from "~/ui/guest-icons";
import {
  pauseToasts,
  resumeToasts,
  TOAST_STYLE as S,
  subscribeToasts,
  type Toast,
  toast,
} from "./toast-store";

export { toast };

/** Renders the toasts (once, in the root layout): a labelled region whose messages screen readers hear. */
export function Toaster() {
  const [list, setList] = useState<Toast[]>([]);
  // Subscribing hands over the toasts shown before this effect ran (children's effects run first).
  useEffect(() => subscribeToasts(setList), []);
  return (
    // aria-live also keeps the region readable while a modal hides the rest of the page from assistive tech.
    <section
      aria-label="Notificações"
      aria-live="polite"
      onPointerEnter={pauseToasts}
      onPointerLeave={resumeToasts}
      onFocus={pauseToasts}
      onBlur={resumeToasts}
      className={S.region}
    >
      <ol className={S.list}>
        {list.map((t) => (
          <li
            key={t.id}
            role={t.tone === "error" ? "alert" : "status"}
            data-tone={t.tone}
            className={`${S.item} ${S.tone[t.tone]}`}
          >
            <div className={S.text}>
              <p className="font-medium">{t.title}</p>
              {t.description ? <p className="opacity-90">{t.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => toast.dismiss(t.id)}
              aria-label={S.closeLabel}
              className={S.close}
            >
              <CloseIcon className="size-4" />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
