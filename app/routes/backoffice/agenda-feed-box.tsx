import { CalendarPlus, Copy, RefreshCw } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { AGENDA_TEXT as T } from "~/domain/stays/agenda-messages";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Input } from "~/ui/input";
import { toast } from "~/ui/toaster";
import type { Answer } from "../answer";

/** 'Calendário da equipe de limpeza': the secret address to subscribe to, a copy button, and renewing it. */
export function AgendaFeedBox({ url, canRenew }: { url: string; canRenew: boolean }) {
  const renew = useFetcher<Answer>();
  const handled = useRef<Answer | null>(null);
  useEffect(() => {
    const answer = renew.data;
    if (!answer || renew.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.message);
  }, [renew.data, renew.state]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(T.feedCopied);
    } catch {
      toast.error(T.feedCopyFailed);
    }
  }
  // Phones open webcal:// addresses in their calendar app, which then subscribes.
  const webcal = url.replace(/^https?:/, "webcal:");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{T.feedTitle}</CardTitle>
        <CardDescription>{T.feedHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Input readOnly value={url} aria-label={T.feedTitle} onFocus={(e) => e.currentTarget.select()} />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={copy}>
            <Copy aria-hidden="true" />
            {T.feedCopy}
          </Button>
          <a href={webcal} className="inline-flex h-8 items-center gap-2 px-2 text-sm text-brand underline">
            <CalendarPlus aria-hidden="true" className="size-4" />
            {T.feedSubscribe}
          </a>
          {canRenew ? (
            <renew.Form
              method="post"
              onSubmit={(e) => {
                if (!window.confirm(T.feedRenewConfirm)) e.preventDefault();
              }}
            >
              <input type="hidden" name="intent" value="renew-feed" />
              <Button
                type="submit"
                variant="ghost"
                size="sm"
                busy={renew.state !== "idle"}
                busyLabel="Gerando..."
              >
                <RefreshCw aria-hidden="true" />
                {T.feedRenew}
              </Button>
            </renew.Form>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
