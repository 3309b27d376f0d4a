import { useEffect } from "react";
import { useLocation } from "react-router";
import { FLASH_COOKIE, FLASH_MESSAGES, readFlash } from "~/lib/flash";
import { toast } from "~/ui/toaster";

/** Shows the message a server redirect left in the flash cookie, once, after each navigation. */
export function FlashToast() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on every navigation, by design.
  useEffect(() => {
    const key = readFlash(document.cookie);
    if (!key) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older phone browsers.
    document.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    const { tone, text } = FLASH_MESSAGES[key];
    if (tone === "success") toast.success(text);
    else toast.error(text);
  }, [location.key]);
  return null;
}
