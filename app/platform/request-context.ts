import { createContext } from "react-router";
import type { Logger } from "./log.server";

export type RequestInfo = {
  requestId: string;
  /** Per-request CSP nonce that every inline and module script must carry. */
  nonce: string;
  log: Logger;
  /** For throttling; see server/client-ip.ts for which header is trusted. */
  clientIp: string;
};

/** Set by the HTTP server for every request; read in loaders, actions and entry.server. */
export const requestContext = createContext<RequestInfo>();
