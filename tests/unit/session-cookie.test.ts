import { describe, expect, it } from "vitest";
import { verifiedToken } from "~/platform/auth/session-cookie.server";

const SECRET = "a-secret-of-the-tests-that-is-long-enough-0001";

/** A session cookie's value as better-auth signs it, made with WebCrypto (not the code under test). */
async function signed(token: string, secret = SECRET): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(token));
  return `${token}.${Buffer.from(mac).toString("base64")}`;
}

describe("verifiedToken (signed session cookie)", () => {
  it("gives the token of a genuine cookie, every time it comes back", async () => {
    const cookie = await signed("tok-genuine-1");
    expect(verifiedToken(cookie, SECRET)).toBe("tok-genuine-1");
    expect(verifiedToken(cookie, SECRET)).toBe("tok-genuine-1");
  });

  it("refuses a changed token or signature, also after the genuine cookie was seen", async () => {
    const cookie = await signed("tok-genuine-2");
    expect(verifiedToken(cookie, SECRET)).toBe("tok-genuine-2");
    const [token, mac = ""] = cookie.split(".");
    expect(verifiedToken(`${token}x.${mac}`, SECRET)).toBeNull();
    const flipped = Buffer.from(mac, "base64");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(verifiedToken(`${token}.${flipped.toString("base64")}`, SECRET)).toBeNull();
    expect(verifiedToken(token ?? "", SECRET)).toBeNull();
    expect(verifiedToken(null, SECRET)).toBeNull();
  });

  it("refuses a cookie signed with another secret, and a genuine one checked against another secret", async () => {
    const cookie = await signed("tok-genuine-3");
    expect(verifiedToken(cookie, SECRET)).toBe("tok-genuine-3");
    expect(verifiedToken(cookie, `${SECRET}-rotated`)).toBeNull();
    expect(verifiedToken(await signed("tok-other", "another-secret-entirely-000000000"), SECRET)).toBeNull();
  });

  it("still knows a genuine cookie from a forged one once many sessions were seen", async () => {
    for (let i = 0; i < 10_050; i += 1) {
      const cookie = `tok-many-${i}.${"A".repeat(43)}=`;
      expect(verifiedToken(cookie, SECRET)).toBeNull();
    }
    const cookie = await signed("tok-after-many");
    expect(verifiedToken(cookie, SECRET)).toBe("tok-after-many");
  });
});
