import { useEffect } from "react";
import { useLocation } from "react-router";
import { FLASH_COOKIE, FLASH_MESSAGES, readFlash } from "~/lib/flash";
import { dropErrorsOfOtherPages } from "~/ui/toast-store";
import { toast } from "~/ui/toaster";

/**
 * After each navigation: clears the error toasts of the page left behind, then shows the message a server
 * redirect left in the flash cookie, once.
 */
export function FlashToast() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on every navigation, by design.
  useEffect(() => {
    dropErrorsOfOtherPages();
    const key = readFlash(document.cookie);
    if (!key) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older phone browsers.
    document.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    const message: { tone: string; text: string; description?: string } = FLASH_MESSAGES[key];
    const options = message.description ? { description: message.description } : undefined;
    if (message.tone === "success") toast.success(message.text, options);
    else toast.error(message.text, options);
  }, [location.key]);
  return null;
}
