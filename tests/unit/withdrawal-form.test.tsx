import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { WithdrawalForm } from "~/routes/backoffice/withdrawal-form";

const VALUES = { walletId: "w", amount: "", pixKeyType: "", pixKey: "", remember: false, requestKey: "k" };

function render(availableCents: number) {
  const Stub = createRoutesStub([
    {
      path: "/withdrawals",
      Component: () => (
        <WithdrawalForm propertyName="Casa" availableCents={availableCents} minCents={1000} values={VALUES} />
      ),
    },
  ]);
  const html = renderToStaticMarkup(<Stub initialEntries={["/withdrawals"]} />);
  return { html, text: html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") };
}

describe("the withdrawal form (issue 49)", () => {
  it("says upfront that R$ 6,24 is below the R$ 10,00 minimum, and offers no form to fill", () => {
    const { html, text } = render(624);
    expect(text).toContain("O valor mínimo de saque é R$ 10,00.");
    expect(text).toContain("O saldo disponível (R$ 6,24) ainda não chega ao mínimo");
    expect(html).not.toContain('name="amount"');
    expect(html).not.toContain('name="pixKey"');
  });

  it("offers the form from the minimum up", () => {
    const { html, text } = render(1000);
    expect(html).toContain('name="amount"');
    expect(text).not.toContain("ainda não chega ao mínimo");
  });
});
