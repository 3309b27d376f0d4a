import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { NEW_FORM_PARAM } from "./getting-started";

/**
 * A list page opened with `?novo=1` (the checklist's 'Cadastrar imóvel', 'Cadastrar produtos') opens its
 * 'new' form at once (issue 49), once; the address then loses the query, so a reload shows the list.
 */
export function useOpenNewForm(open: () => void, allowed: boolean): void {
  const [params, setParams] = useSearchParams();
  const opened = useRef(false);
  const asked = params.get(NEW_FORM_PARAM) === "1";
  useEffect(() => {
    if (!asked || opened.current) return;
    opened.current = true;
    if (allowed) open();
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.delete(NEW_FORM_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [asked, allowed, open, setParams]);
}
