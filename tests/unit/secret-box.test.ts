import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SealError, seal, unseal } from "~/platform/secrets/secret-box.server";

describe("sealed credentials (AES-256-GCM)", () => {
  const key = randomBytes(32);
  const credentials = { accessToken: "APP_USR-123456-secret-access", refreshToken: "TG-refresh-987654" };

  it("opens to what was sealed, and the sealed text shows none of it", () => {
    const sealed = seal(credentials, key);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(credentials.accessToken);
    expect(Buffer.from(sealed, "utf8").toString("base64")).not.toContain(
      Buffer.from(credentials.accessToken).toString("base64"),
    );
    expect(unseal(sealed, key)).toEqual(credentials);
  });

  it("seals the same value differently every time (a fresh IV per value)", () => {
    expect(seal(credentials, key)).not.toBe(seal(credentials, key));
  });

  it("refuses a sealed value that was changed, or another key, without saying what it held", () => {
    const sealed = seal(credentials, key);
    const [version, iv, tag, data = ""] = sealed.split(".");
    // The next-to-last character changed to another one (its bits all count, whatever the length).
    const flipped = `${data.slice(0, -2)}${data.at(-2) === "A" ? "B" : "A"}${data.slice(-1)}`;
    for (const bad of [`${version}.${iv}.${tag}.${flipped}`, `${version}.${iv}.${tag}`, "plain text"]) {
      expect(() => unseal(bad, key)).toThrow(SealError);
    }
    try {
      unseal(sealed, randomBytes(32));
      expect.unreachable("another key opened it");
    } catch (err) {
      expect(err).toBeInstanceOf(SealError);
      expect(String(err)).not.toContain(credentials.accessToken);
    }
  });
});
