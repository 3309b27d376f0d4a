import { describe, expect, it } from "vitest";
import { FLASH_MESSAGES, flashCookie, readFlash } from "~/lib/flash";

describe("flash cookie", () => {
  it("round-trips a known message and ignores anything else", () => {
    const cookie = flashCookie("logout-ok", false).split(";")[0] ?? "";
    expect(readFlash(`a=1; ${cookie}; b=2`)).toBe("logout-ok");
    expect(FLASH_MESSAGES["logout-ok"].text).toBe("Logout realizado com sucesso");
    expect(readFlash("estadia_flash=<script>")).toBeUndefined();
    expect(readFlash("estadia_flash=toString")).toBeUndefined();
  });

  it("lives a minute, site-wide, and is Secure on https", () => {
    expect(flashCookie("login-ok", false)).toBe("estadia_flash=login-ok; Path=/; Max-Age=60; SameSite=Lax");
    expect(flashCookie("login-ok", true)).toContain("; Secure");
  });
});
