import { createContext } from "react";

/** Where the guest pages' script was built to (see scripts/vite-guest-script.ts). */
export type GuestScriptFiles = { src: string; preloads: string[] };

/**
 * What only the server knows while rendering a document: this request's CSP nonce and the guest script's
 * files. Provided by entry.server; empty in the browser, where nothing that reads it renders.
 */
export const DocumentContext = createContext<{ nonce?: string; guestScript?: GuestScriptFiles }>({});
