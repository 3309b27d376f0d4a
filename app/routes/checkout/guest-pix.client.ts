import { pageTexts } from "./page-texts.client";

/** Part 2 §9: the payment page asks how the order stands every 10 s. */
export const POLL_MS = 10_000;

/**
 * The PIX step: the charge is asked for as soon as the page opens, the code copies with one tap, the time
 * left counts down, and the order's status is polled until it is paid (then the success page). A failed
 * poll is only logged; the next one tries again. The card-in-review panel polls the same way.
 */
export function enhancePix(doc: Document, win: Window = window): void {
  doc.querySelector<HTMLFormElement>("form[data-auto-submit]")?.requestSubmit();

  const code = doc.querySelector<HTMLTextAreaElement>("[data-pix-code]");
  const copy = doc.querySelector<HTMLButtonElement>("button[data-copy-pix]");
  const copied = doc.querySelector<HTMLElement>("[data-pix-copied]");
  if (code && copy) {
    copy.hidden = false;
    copy.addEventListener("click", async () => {
      try {
        await win.navigator.clipboard.writeText(code.value);
      } catch {
        code.select();
        doc.execCommand("copy");
      }
      // The page carries the sentence (guest texts stay in the server's messages); the live region says it.
      if (copied) copied.textContent = copied.dataset.pixCopied ?? "";
    });
  }

  const clock = doc.querySelector<HTMLElement>("[data-expires-at]");
  if (clock) {
    const deadline = Date.parse(clock.dataset.expiresAt ?? "");
    // The words come with the page, in the guest's language.
    const texts = pageTexts<"expiresIn" | "timeUp">(clock);
    const tick = () => {
      const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
      const mm = String(Math.floor(left / 60)).padStart(2, "0");
      const ss = String(left % 60).padStart(2, "0");
      clock.textContent =
        left > 0 ? (texts.expiresIn ?? "{time}").replace("{time}", `${mm}:${ss}`) : (texts.timeUp ?? "00:00");
      if (left === 0) {
        win.clearInterval(timer);
        win.setTimeout(() => win.location.reload(), 2000);
      }
    };
    const timer = win.setInterval(tick, 1000);
    tick();
  }

  const panel = doc.querySelector<HTMLElement>("[data-status-url][data-pix]");
  if (panel) {
    const statusUrl = panel.dataset.statusUrl ?? "";
    const successUrl = panel.dataset.successUrl ?? "";
    const poll = async () => {
      try {
        const res = await win.fetch(statusUrl, {
          headers: { accept: "application/json" },
          cache: "no-store",
        });
        const { status } = (await res.json()) as { status: string | null };
        if (status === "paid") return win.location.assign(successUrl);
        // Refused or expired: the page shows what the guest can do next.
        if (status === "failed" || status === "cancelled") return win.location.reload();
      } catch (err) {
        console.error("payment status check failed", err);
      }
      win.setTimeout(poll, POLL_MS);
    };
    win.setTimeout(poll, POLL_MS);
  }
}
