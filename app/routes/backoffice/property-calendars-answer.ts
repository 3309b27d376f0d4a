import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { toast } from "~/ui/toaster";
import type { Answer } from "../answer";

/**
 * Shows each answer of a form of the calendars page once, as a toast; `onDone` runs after a success. A form
 * that shows its refusals next to its fields passes `inlineErrors` (one message, not two).
 */
export function useAnswerToast(
  fetcher: FetcherWithComponents<Answer>,
  onDone?: () => void,
  { inlineErrors = false } = {},
) {
  const shown = useRef<Answer | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle" || shown.current === answer) return;
    shown.current = answer;
    if (answer.ok) {
      toast.success(answer.message);
      done.current?.();
    } else if (!inlineErrors) toast.error(answer.message);
  }, [fetcher.data, fetcher.state, inlineErrors]);
}
