import { useState } from "react";

/**
 * A create / edit modal's state. Each opening gets a new session, so a fresh form (and fetcher): no typed
 * text or errors carried over from the last one. `editing` null = create.
 */
export function useFormEditor<T>() {
  const [editor, setEditor] = useState<{ open: boolean; session: number; editing: T | null }>({
    open: false,
    session: 0,
    editing: null,
  });
  return {
    ...editor,
    edit: (editing: T | null) => setEditor((e) => ({ open: true, session: e.session + 1, editing })),
    setOpen: (open: boolean) => setEditor((e) => ({ ...e, open })),
  };
}
