// The toast store's promises (issue 25): a success clears the errors beside it, and an error belongs to the
// page it was raised on. Pages are told apart by location.pathname, set here as a browser would.
import { afterEach, describe, expect, it } from "vitest";
import { dropErrorsOfOtherPages, subscribeToasts, type Toast, toast } from "~/ui/toast-store";

function on(pathname: string) {
  Object.defineProperty(globalThis, "location", { value: { pathname }, configurable: true });
}

function shown(): Toast[] {
  let now: Toast[] = [];
  subscribeToasts((all) => {
    now = all;
  })();
  return now;
}

const titles = () => shown().map((t) => `${t.tone}: ${t.title}`);

afterEach(() => {
  for (const t of shown()) toast.dismiss(t.id);
});

describe("the toasts", () => {
  it("lose their errors when a success comes: what failed now worked", () => {
    on("/auth");
    toast.error("E-mail ou senha incorretos.");
    toast.success("Login realizado com sucesso!");
    expect(titles()).toEqual(["success: Login realizado com sucesso!"]);
  });

  it("drop the errors of the page left behind after a navigation, and keep its successes", () => {
    on("/products");
    toast.error("Erro ao excluir produto");
    toast.success("Produto criado com sucesso");
    toast.error("Erro ao salvar");
    on("/properties");
    toast.error("Erro ao carregar imóveis");
    dropErrorsOfOtherPages();
    expect(titles()).toEqual(["error: Erro ao carregar imóveis", "success: Produto criado com sucesso"]);
  });
});
