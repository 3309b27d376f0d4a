import { describe, expect, it } from "vitest";
import { displayName, initials } from "~/lib/initials";

describe("initials", () => {
  it("takes the first letters of up to two words, uppercase", () => {
    expect(initials("maria da silva")).toBe("MD");
    expect(initials("João Pereira")).toBe("JP");
    expect(initials("Ana")).toBe("A");
  });

  it("keeps accents, also when the name arrives decomposed", () => {
    expect(initials("Ângela souza")).toBe("ÂS");
    expect(initials("A\u0302ngela souza")).toBe("ÂS");
    expect(initials("érica")).toBe("É");
  });

  it("ignores extra whitespace", () => {
    expect(initials("  carlos \t  eduardo\n lima ")).toBe("CE");
  });

  it("falls back to U without a name", () => {
    expect(initials("")).toBe("U");
    expect(initials("  ")).toBe("U");
    expect(initials(null)).toBe("U");
    expect(initials(undefined)).toBe("U");
  });
});

describe("displayName", () => {
  it("returns the trimmed name", () => {
    expect(displayName("  Maria da Silva ")).toBe("Maria da Silva");
  });

  it("falls back to Usuário without a name", () => {
    expect(displayName("")).toBe("Usuário");
    expect(displayName("   ")).toBe("Usuário");
    expect(displayName(null)).toBe("Usuário");
    expect(displayName(undefined)).toBe("Usuário");
  });
});
