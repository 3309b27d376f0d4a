/**
 * Shows a message under a form control (or clears it), wired as the server renders it: the control is
 * aria-invalid and described by `<p id="{id}-error" role="alert">` (see ui/field.tsx).
 */
export function showFieldError(control: HTMLElement, message: string | undefined): void {
  const id = control.id;
  let note = control.ownerDocument.getElementById(`${id}-error`);
  if (!message) {
    control.removeAttribute("aria-invalid");
    note?.remove();
    return;
  }
  if (!note) {
    note = control.ownerDocument.createElement("p");
    note.id = `${id}-error`;
    note.setAttribute("role", "alert");
    note.className = "text-sm font-medium text-danger";
    control.parentElement?.append(note);
    const described = new Set((control.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean));
    described.add(note.id);
    control.setAttribute("aria-describedby", [...described].join(" "));
  }
  note.hidden = false;
  note.textContent = message;
  control.setAttribute("aria-invalid", "true");
}
