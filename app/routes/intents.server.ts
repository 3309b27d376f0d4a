import { AppError, refusalOf } from "~/domain/errors";
import { formText } from "~/lib/form-text";
import type { Done, Refused } from "./answer";
import { refused } from "./refusal.server";

/** The one answer to a post whose `intent` the route does not know. */
export const UNKNOWN_INTENT = "Ação desconhecida.";

/**
 * What a handler gives back: the sentence said, that and more for the page, a response (a redirect), or
 * `notDone(…)` when the work ran but did not succeed (a calendar that did not answer): that is said with a
 * 200, so the page reloads what the attempt changed.
 */
export type Outcome = string | Response | { message: string } | NotDone;

type NotDone = { ok: false; message: string };

/** A handler's outcome when its work ran and failed (not a refusal: something changed). */
export function notDone(message: string): NotDone {
  return { ok: false, message };
}

/** A refusal as an action returns it: the Refused body with its status. */
type Refusal = ReturnType<typeof refused>;

type Answered<O> = O extends Response ? O : O extends string ? Done : O extends NotDone ? Refused : Done & O;

export type AnswerOptions = {
  /** What was typed, given back with a refusal so the form shows it again. */
  values?: Record<string, string>;
  /** The route's own wording of a refusal (a prefix, field names kept apart from another form's). */
  reword?: (refusal: AppError, intent: string) => AppError;
};

/**
 * Runs one action's work and answers it (ADR 0053): its outcome as Done, or the domain's refusal through
 * the one kind → status table (routes/refusal.server.ts). Anything that is not an AppError (a bug, or a
 * thrown redirect) goes on. `intent` is read once the work has run (the form may be read inside it).
 */
export async function answer<O extends Outcome>(
  intent: string | (() => string),
  run: () => O | Promise<O>,
  options: AnswerOptions = {},
): Promise<Answered<O> | Refusal> {
  const intentNow = () => (typeof intent === "string" ? intent : intent());
  try {
    const outcome = await run();
    if (outcome instanceof Response) return outcome as Answered<O>;
    if (typeof outcome === "string")
      return { ok: true, intent: intentNow(), message: outcome } as Answered<O>;
    const said = outcome as { message: string } | NotDone;
    if ("ok" in said && said.ok === false) return { ...said, intent: intentNow() } as Answered<O>;
    return { ok: true, intent: intentNow(), ...said } as Answered<O>;
  } catch (err) {
    const refusal = refusalOf(err);
    const reworded = options.reword ? options.reword(refusal, intentNow()) : refusal;
    return refused(reworded, { intent: intentNow(), values: options.values });
  }
}

type Handlers = Record<string, (form: FormData) => Outcome | Promise<Outcome>>;

/**
 * The one intent dispatcher: the form's `intent` picks its handler, which gets the form; an intent the
 * route does not know is refused with UNKNOWN_INTENT (400). `posted` is the form, or how to read it when a
 * check must come first (a member who may not save never gets an upload stored): its refusal is answered
 * the same way.
 */
export async function answerIntent<H extends Handlers>(
  posted: FormData | (() => Promise<FormData>),
  handlers: H,
  options: AnswerOptions = {},
): Promise<Answered<Awaited<ReturnType<H[keyof H]>>> | Refusal> {
  let intent = "";
  return answer(
    () => intent,
    async () => {
      const form = posted instanceof FormData ? posted : await posted();
      intent = formText(form, "intent");
      const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
      if (!handler) throw new AppError("invalid", UNKNOWN_INTENT);
      return handler(form);
    },
    options,
  ) as Promise<Answered<Awaited<ReturnType<H[keyof H]>>> | Refusal>;
}
