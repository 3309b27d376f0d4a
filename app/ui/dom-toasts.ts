import {
  pauseToasts,
  resumeToasts,
  TOAST_STYLE as S,
  subscribeToasts,
  type Toast,
  toast,
} from "./toast-store";

const CLOSE_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" class="icon size-4"><path d="M18 6 6 18M6 6l12 12"/></svg>';

/**
 * Draws the toasts into the region the server rendered (<Toaster>'s markup), for pages that run without
 * React in the browser. Same store, same look, same pause on pointer or focus.
 */
export function mountDomToasts(doc: Document = document): void {
  const region = doc.querySelector<HTMLElement>('section[aria-label="Notificações"]');
  const list = region?.querySelector("ol");
  if (!region || !list) return;
  region.addEventListener("pointerenter", pauseToasts);
  region.addEventListener("pointerleave", resumeToasts);
  region.addEventListener("focusin", pauseToasts);
  region.addEventListener("focusout", resumeToasts);
  const shown = new Map<number, HTMLLIElement>();
  subscribeToasts((all) => {
    const ids = new Set(all.map((t) => t.id));
    for (const [id, li] of shown) {
      if (ids.has(id)) continue;
      li.remove();
      shown.delete(id);
    }
    // New toasts go in at their place; the others are never moved, so a focused close button keeps focus.
    all.forEach((t, i) => {
      let li = shown.get(t.id);
      if (!li) {
        li = item(doc, t);
        shown.set(t.id, li);
      }
      if (list.children[i] !== li) list.insertBefore(li, list.children[i] ?? null);
    });
  });
}

function item(doc: Document, t: Toast): HTMLLIElement {
  const li = doc.createElement("li");
  li.setAttribute("role", t.tone === "error" ? "alert" : "status");
  li.dataset.tone = t.tone;
  li.className = `${S.item} ${S.tone[t.tone]}`;
  const text = doc.createElement("div");
  text.className = S.text;
  const title = doc.createElement("p");
  title.className = "font-medium";
  title.textContent = t.title;
  text.append(title);
  if (t.description) {
    const description = doc.createElement("p");
    description.className = "opacity-90";
    description.textContent = t.description;
    text.append(description);
  }
  const close = doc.createElement("button");
  close.type = "button";
  close.className = S.close;
  close.setAttribute("aria-label", S.closeLabel);
  close.innerHTML = CLOSE_ICON;
  close.addEventListener("click", () => toast.dismiss(t.id));
  li.append(text, close);
  return li;
}
