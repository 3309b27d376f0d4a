import { useEffect } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { PageFrame } from "~/ui/page-frame";
import { toast } from "~/ui/toaster";
import { BackofficeErrorPage } from "./error-page";
import { forbiddenPageOf } from "./forbidden";

/** What a host reads when the cause is ours or the connection's: the server keeps the details in its log. */
export const LOAD_FAILURE_REASON = "o servidor não respondeu. Tente novamente em instantes.";

interface Props {
  error: unknown;
  /** The page's own title, so the host still knows where they are. */
  title: string;
  /** The spec's message for this page, shown on the page and as a toast. */
  message: string;
}

/**
 * A back-office page whose loader failed, inside the layout (the side navigation stays): the spec's
 * message and a way to try again. A 404 or a 403 is the back office's own page for it.
 */
export function LoadFailed({ error, title, message }: Props) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    toast.error(message);
  }, [message]);
  if (forbiddenPageOf(error) || (isRouteErrorResponse(error) && error.status === 404))
    return <BackofficeErrorPage error={error} />;
  return (
    <PageFrame title={title}>
      <div role="alert" className="grid gap-2 rounded-lg bg-danger-soft p-3 text-sm text-danger">
        <p>{message}</p>
        <p>
          {/* A full load: the loader runs again. */}
          <a href={`${pathname}${search}`} className="font-medium underline">
            Tentar novamente
          </a>
        </p>
      </div>
    </PageFrame>
  );
}
