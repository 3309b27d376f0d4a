import { useEffect, useState } from "react";
import { cn } from "~/lib/cn";
import { CloseIcon } from "~/ui/guest-icons";

// Our own few-line toasts: a toast library cost 9 KB of gzip on every page, guest shop included.
type Tone = "success" | "error";
type Toast = { id: number; tone: Tone; title: string; description?: string };
type Options = { description?: string };

const LIFETIME_MS: Record<Tone, number> = { success: 4000, error: 7000 };
let nextId = 0;
let items: Toast[] = [];
const timers = new Map<number, ReturnType<typeof setTimeout>>();
let paused = false;
const listeners = new Set<(all: Toast[]) => void>();

function publish(next: Toast[]) {
  items = next;
  for (const listener of listeners) listener(items);
}

function show(tone: Tone, title: string, options: Options = {}) {
  const id = ++nextId;
  // Newest first; a handful at most, so a burst of errors cannot cover the page.
  publish([{ id, tone, title, description: options.description }, ...items].slice(0, 4));
  if (!paused) schedule(id, LIFETIME_MS[tone]);
  return id;
}

function schedule(id: number, ms: number) {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismiss(id), ms),
  );
}

function dismiss(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  publish(items.filter((t) => t.id !== id));
}

// While the pointer or focus is on the toasts they stay, so a message can be read (and closed) calmly.
function pause() {
  paused = true;
  for (const timer of timers.values()) clearTimeout(timer);
}

function resume() {
  paused = false;
  for (const t of items) schedule(t.id, LIFETIME_MS[t.tone]);
}

/** The app's toasts; the only way screens show one. */
export const toast = {
  success: (title: string, options?: Options) => show("success", title, options),
  error: (title: string, options?: Options) => show("error", title, options),
  dismiss,
};

/** Renders the toasts (once, in the root layout): a labelled region whose messages screen readers hear. */
export function Toaster() {
  const [list, setList] = useState<Toast[]>(items);
  useEffect(() => {
    listeners.add(setList);
    // Children's effects run before this one: catch up on toasts shown in the meantime.
    setList(items);
    return () => {
      listeners.delete(setList);
    };
  }, []);
  return (
    // aria-live also keeps the region readable while a modal hides the rest of the page from assistive tech.
    <section
      aria-label="Notificações"
      aria-live="polite"
      onPointerEnter={pause}
      onPointerLeave={resume}
      onFocus={pause}
      onBlur={resume}
      className="pointer-events-none fixed inset-x-0 top-3 z-[100] px-3"
    >
      <ol className="flex flex-col items-center gap-2">
        {list.map((t) => (
          <li
            key={t.id}
            role={t.tone === "error" ? "alert" : "status"}
            data-tone={t.tone}
            className={cn(
              "pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg",
              "motion-safe:animate-fade-in",
              t.tone === "error"
                ? "border-danger/30 bg-red-50 text-red-900"
                : "border-success/30 bg-green-50 text-green-900",
            )}
          >
            <div className="grid flex-1 gap-0.5">
              <p className="font-medium">{t.title}</p>
              {t.description ? <p className="opacity-90">{t.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => dismiss(t.id)}
              aria-label="Fechar notificação"
              className="-m-1 rounded p-1 opacity-70 hover:opacity-100"
            >
              <CloseIcon className="size-4" />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
