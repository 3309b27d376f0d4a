import { createContext, useContext } from "react";

/** The request's CSP nonce during server rendering; empty in the browser, which hides nonces anyway. */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
