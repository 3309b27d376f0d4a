import { describe, expect, it } from "vitest";
import { suggestPublicLocation } from "~/lib/public-location";

describe("the public location suggested from an address", () => {
  it("keeps the neighbourhood and the city, leaving out the street, the number and the flat", () => {
    expect(suggestPublicLocation("Rua XV de Novembro, 350, ap. 82 — Centro, Curitiba/PR")).toBe(
      "Centro, Curitiba/PR",
    );
    expect(suggestPublicLocation("Av. Beira-Mar, 1200 — Jurerê, Florianópolis/SC")).toBe(
      "Jurerê, Florianópolis/SC",
    );
    expect(
      suggestPublicLocation("Rua das Flores, 10, apto 301, Lagoa da Conceição, Florianópolis - SC"),
    ).toBe("Lagoa da Conceição, Florianópolis - SC");
  });

  it("suggests nothing when all there is is a street and a number", () => {
    expect(suggestPublicLocation("Rua A 10")).toBe("");
    expect(suggestPublicLocation("Rua A, 10")).toBe("");
    expect(suggestPublicLocation("")).toBe("");
  });
});
