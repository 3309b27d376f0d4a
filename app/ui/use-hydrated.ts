import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * false in the server's HTML and during hydration, true afterwards. Buttons that only open a modal do
 * nothing before the page's JavaScript runs, so they stay disabled until then instead of ignoring a tap.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
