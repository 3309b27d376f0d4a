import { describe, expect, it } from "vitest";
import { checkBuyerFields } from "~/domain/orders/buyer-rules";
import { maskGuestPhone, normalizeGuestPhone } from "~/lib/phone";
import { whatsAppNumberOfBrazilian } from "~/lib/whatsapp-number";

const form = (phone: string) => ({ fullName: "Lucía Gómez", cpf: "", email: "", phone });

describe("a guest's phone from abroad (issue 49)", () => {
  it("accepts an Argentine number written with + and its country code, kept as + and its digits", () => {
    expect(normalizeGuestPhone("+54 9 11 2345-6789")).toBe("+5491123456789");
    const checked = checkBuyerFields(form("+54 9 11 2345-6789"));
    expect(checked).toMatchObject({ ok: true, buyer: { phone: "+5491123456789" } });
  });

  it("keeps Brazilian numbers as before, with or without +55", () => {
    expect(normalizeGuestPhone("(11) 98765-4321")).toBe("11987654321");
    expect(normalizeGuestPhone("+55 11 98765-4321")).toBe("11987654321");
    expect(checkBuyerFields(form("(11) 98765-4321"))).toMatchObject({ buyer: { phone: "11987654321" } });
  });

  it("refuses what is no phone anywhere", () => {
    for (const text of ["+12", "+0 11 2345 6789", "12345", "+1234567890123456"]) {
      expect(normalizeGuestPhone(text), text).toBeNull();
    }
    expect(checkBuyerFields(form("+12"))).toMatchObject({ ok: false, problems: { phone: "phoneInvalid" } });
  });

  it("is masked as typed, and reaches WhatsApp with its own country code", () => {
    expect(maskGuestPhone("+54 9 11 2345-6789")).toBe("+5491123456789");
    expect(maskGuestPhone("11987654321")).toBe("(11) 98765-4321");
    expect(whatsAppNumberOfBrazilian("+5491123456789")).toBe("5491123456789");
    expect(whatsAppNumberOfBrazilian("11987654321")).toBe("5511987654321");
  });
});
