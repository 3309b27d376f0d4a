/**
 * What every action answers when it does not redirect (ADR 0053): done, with the sentence the page shows
 * (and what else the page needs), or refused, with the refusal's sentence and, for a form, a message per
 * field and what was typed. `intent` says which form on the page it answers.
 */
export type Done = { ok: true; intent: string; message: string };

export type Refused = {
  ok: false;
  intent?: string;
  message: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

export type Answer<Extra extends object = object> = (Done & Extra) | Refused;

/** The field messages of an answer (none when it is not a refusal, or the refusal named no field). */
export function fieldErrorsOf(answer: Answer | undefined): Record<string, string> {
  return answer && !answer.ok ? (answer.fieldErrors ?? {}) : {};
}
