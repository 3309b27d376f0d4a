// Our own few-line toasts: a toast library cost 9 KB of gzip on every page, guest shop included. This is
// the store; two renderers draw it: <Toaster> (React pages) and mountDomToasts (the guest pages).
export type Tone = "success" | "error";
export type Toast = { id: number; tone: Tone; title: string; description?: string; page: string };
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

/** The page a toast belongs to: an error is about what is on that page and goes when the page goes. */
function currentPage(): string {
  return typeof location === "undefined" ? "" : location.pathname;
}

function show(tone: Tone, title: string, options: Options = {}) {
  const id = ++nextId;
  // A success means what failed before now worked: an error beside it would tell the opposite.
  const kept = tone === "success" ? dropErrors(() => true) : items;
  const page = currentPage();
  // Newest first; a handful at most, so a burst of errors cannot cover the page.
  publish([{ id, tone, title, description: options.description, page }, ...kept].slice(0, 4));
  if (!paused) schedule(id, LIFETIME_MS[tone]);
  return id;
}

/** The toasts without the errors `drop` picks, their timers cleared. */
function dropErrors(drop: (t: Toast) => boolean): Toast[] {
  return items.filter((t) => {
    if (t.tone !== "error" || !drop(t)) return true;
    clearTimeout(timers.get(t.id));
    timers.delete(t.id);
    return false;
  });
}

/**
 * After a navigation: the error toasts raised on another page describe a state that is gone. Successes stay
 * their few seconds (a redirect's 'Login realizado com sucesso!' is shown by the page it lands on).
 */
export function dropErrorsOfOtherPages(): void {
  const page = currentPage();
  const kept = dropErrors((t) => t.page !== page);
  if (kept.length !== items.length) publish(kept);
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

/** The app's toasts; the only way screens show one. */
export const toast = {
  success: (title: string, options?: Options) => show("success", title, options),
  error: (title: string, options?: Options) => show("error", title, options),
  dismiss,
};

/** For renderers: the toasts now, and every change after. Returns the unsubscribe. */
export function subscribeToasts(listener: (all: Toast[]) => void): () => void {
  listeners.add(listener);
  listener(items);
  return () => {
    listeners.delete(listener);
  };
}

// While the pointer or focus is on the toasts they stay, so a message can be read (and closed) calmly.
export function pauseToasts() {
  paused = true;
  for (const timer of timers.values()) clearTimeout(timer);
}

export function resumeToasts() {
  paused = false;
  for (const t of items) schedule(t.id, LIFETIME_MS[t.tone]);
}

/** The look both renderers share. */
export const TOAST_STYLE = {
  region: "pointer-events-none fixed inset-x-0 top-3 z-[100] px-3",
  list: "flex flex-col items-center gap-2",
  item: "pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg motion-safe:animate-fade-in",
  tone: {
    error: "border-danger/30 bg-red-50 text-red-900",
    success: "border-success/30 bg-green-50 text-green-900",
  } satisfies Record<Tone, string>,
  text: "grid flex-1 gap-0.5",
  close: "-m-1 rounded p-1 opacity-70 hover:opacity-100",
  closeLabel: "Fechar notificação",
};
