// The team on the built app, through its pages and forms as a browser would: what a staff member's role
// opens and refuses, and that an owner cannot reach another organization's invitations or members by
// putting their ids in the /team forms.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  Browser,
  createConfirmedAccount,
  signIn,
  uniqueEmail,
  waitForMails,
} from "../support/accounts";
import { type RunningServer, removeDir, startServer } from "../support/server-process";

const SUBJECT = /^Convite para a equipe de /;
const FORBIDDEN_PAGE = "Você não tem permissão para ver esta página";

let server: RunningServer;
let hostA: Account & { browser: Browser };
let hostB: Account & { browser: Browser };

/** The id in the first hidden `id` field after `marker` on a page. */
function idAfter(body: string, marker: string): string {
  const at = body.indexOf(marker);
  if (at < 0) throw new Error(`'${marker}' is not on the page`);
  const id = /name="id" value="([0-9a-f-]{36})"/.exec(body.slice(at))?.[1];
  if (!id) throw new Error(`no id after '${marker}'`);
  return id;
}

/** Invites `email` from `host`'s /team form and returns the emailed link's path. */
async function invite(host: { browser: Browser }, email: string, role: string): Promise<string> {
  const page = await host.browser.post("/team", { intent: "invite", email, role });
  expect(page.status, page.body.slice(0, 300)).toBe(200);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [mail] = (await waitForMails(server, email, "", 0)).filter((m) => SUBJECT.test(m.subject));
    if (mail) {
      const url = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "");
      return `${url.pathname}${url.search}`;
    }
    if (Date.now() > deadline) throw new Error(`no invitation for ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  server = await startServer();
  [hostA, hostB] = await Promise.all([
    createConfirmedAccount(server, { label: "equipe-a" }),
    createConfirmedAccount(server, { label: "equipe-b" }),
  ]);
});

afterAll(async () => {
  if (!server) return;
  await server.stop();
  removeDir(server.dataDir);
});

describe("a cleaning staff member", () => {
  let staff: Browser;

  beforeAll(async () => {
    const link = await invite(hostA, uniqueEmail("limpeza"), "staff");
    staff = new Browser(server);
    const joined = await staff.post(link, {
      intent: "register",
      name: "Lia Limpeza",
      password: "limpeza-123",
    });
    expect(joined.status).toBe(302);
    // Issue 49: staff start on 'Hoje'.
    expect(joined.location).toBe("/hoje");
  });

  it("opens the catalogue and stock, without the buttons that change the catalogue", async () => {
    for (const path of ["/dashboard", "/properties", "/products", "/inventory", "/replacements"]) {
      expect((await staff.get(path)).status, path).toBe(200);
    }
    const products = await staff.get("/products");
    expect(products.body).not.toContain("Novo Produto");
    const properties = await staff.get("/properties");
    expect(properties.body).not.toContain("Adicionar Imóvel");
  });

  it("gets 403 with the pt-BR message on sales, withdrawals, wallets, the team and their exports", async () => {
    for (const path of ["/sales", "/withdrawals", "/team", "/team/atividade", "/replacements/create"]) {
      const page = await staff.get(path);
      expect(page.status, path).toBe(403);
      expect(page.body, path).toContain(FORBIDDEN_PAGE);
    }
    const wallet = await staff.get("/wallets/00000000-0000-4000-8000-000000000000");
    expect(wallet.status).toBe(403);
    for (const path of ["/sales.csv", "/wallets/00000000-0000-4000-8000-000000000000/extrato.csv"]) {
      expect((await staff.get(path)).status, path).toBe(403);
    }
  });

  it("is refused when posting what the role may not do", async () => {
    const refusals: [string, Record<string, string>][] = [
      ["/products", { intent: "create", name: "Intrusa", price: "1,00" }],
      ["/properties", { intent: "create", name: "Casa intrusa", address: "Rua X" }],
      ["/product-categories", { intent: "create", name: "Categoria intrusa", color: "#000000" }],
      ["/team", { intent: "invite", email: uniqueEmail("amigo"), role: "owner" }],
      ["/team", { intent: "contact", whatsapp: "(48) 99988-7766" }],
      ["/withdrawals", { intent: "withdraw", walletId: "00000000-0000-4000-8000-000000000000" }],
    ];
    for (const [path, fields] of refusals) {
      const page = await staff.post(path, fields);
      expect(page.status, path).toBe(403);
    }
    expect((await staff.get("/products")).body).not.toContain("Intrusa");
  });

  it("in the navigation, sees only what the role may open", async () => {
    const nav = (await staff.get("/dashboard")).body;
    const links = [...nav.matchAll(/href="(\/[a-z-]+)"/g)].map((m) => m[1]);
    expect(links).toContain("/products");
    for (const hidden of ["/sales", "/withdrawals", "/team"]) expect(links).not.toContain(hidden);
  });
});

describe("ids of another organization in the /team forms", () => {
  let invitationA = "";
  let memberA = "";
  const invitedByA = uniqueEmail("convidada-de-a");

  beforeAll(async () => {
    await invite(hostA, invitedByA, "manager");
    const team = (await hostA.browser.get("/team")).body;
    invitationA = idAfter(team, invitedByA);
    memberA = idAfter(team, hostA.email);
  });

  it("are answered as not found and change nothing", async () => {
    const attempts: [Record<string, string>, string][] = [
      [{ intent: "cancel", id: invitationA }, "Convite não encontrado."],
      [{ intent: "resend", id: invitationA }, "Convite não encontrado."],
      [{ intent: "role", id: memberA, role: "staff" }, "Membro não encontrado."],
      [{ intent: "remove", id: memberA }, "Membro não encontrado."],
    ];
    for (const [fields, message] of attempts) {
      const page = await hostB.browser.post("/team", fields);
      expect(page.status, fields.intent).toBe(404);
      expect(page.body).toContain(message);
    }
    const teamA = (await hostA.browser.get("/team")).body;
    expect(teamA).toContain(invitedByA);
    expect(idAfter(teamA, hostA.email)).toBe(memberA);
    expect(teamA).toContain("Proprietário");
    // No second email went out for the resend attempt.
    expect(
      (await waitForMails(server, invitedByA, "", 0)).filter((m) => SUBJECT.test(m.subject)),
    ).toHaveLength(1);
    // And B's own page shows nothing of A's.
    const teamB = (await hostB.browser.get("/team")).body;
    expect(teamB).not.toContain(invitedByA);
    expect(teamB).not.toContain(hostA.email);
  });
});

describe("a host in two organizations", () => {
  const ORG_ID = (name: string) =>
    new RegExp(`<option value="([0-9a-f-]{36})"(?: selected="")?>${name}</option>`);

  it("accepts an invitation with their account, then switches between the two from the avatar menu", async () => {
    expect((await hostA.browser.post("/team", { intent: "rename", name: "Pousada A" })).status).toBe(200);
    expect((await hostB.browser.post("/team", { intent: "rename", name: "Chalé B" })).status).toBe(200);

    const link = await invite(hostB, hostA.email, "manager");
    // Signed out, the page sends them to sign in and back here.
    const elsewhere = new Browser(server);
    const signedOut = (await elsewhere.get(link)).body;
    expect(signedOut).toContain("Entrar para aceitar");
    expect(signedOut).toContain(`/auth?redirectTo=${encodeURIComponent(link)}`);
    const back = await signIn(elsewhere, hostA.email, hostA.password, { redirectTo: link });
    expect(back.status).toBe(302);
    expect(back.location).toBe(link);

    const page = await hostA.browser.get(link);
    expect(page.body).toContain("Aceitar convite");
    const accepted = await hostA.browser.post(link, { intent: "accept" });
    expect(accepted.status).toBe(302);
    expect(accepted.location).toBe("/dashboard");

    // Now acting in B as a manager: B's team is not theirs to see.
    const dashboard = (await hostA.browser.get("/dashboard")).body;
    const ownId = ORG_ID("Pousada A").exec(dashboard)?.[1] ?? "";
    expect(ORG_ID("Chalé B").exec(dashboard)?.[0]).toContain('selected=""');
    expect((await hostA.browser.get("/team")).status).toBe(403);

    const switched = await hostA.browser.post("/organizacao/ativa", { organizationId: ownId });
    expect(switched.status).toBe(302);
    expect(switched.location).toBe("/dashboard");
    const ownTeam = await hostA.browser.get("/team");
    expect(ownTeam.status).toBe(200);
    expect(ownTeam.body).toContain('value="Pousada A"');

    // An organization they are not in cannot be chosen, and nothing changes.
    const stranger = await hostA.browser.post("/organizacao/ativa", {
      organizationId: "00000000-0000-4000-8000-000000000000",
    });
    expect(stranger.status).toBe(403);
    expect((await hostA.browser.get("/team")).body).toContain('value="Pousada A"');

    // The used link says so.
    expect((await hostA.browser.get(link)).body).toContain("Este convite já foi usado.");
  });
});

describe("the invitation page", () => {
  it("refuses bad input in pt-BR and keeps the link usable; an unknown link says so", async () => {
    const link = await invite(hostA, uniqueEmail("formulario"), "staff");
    const visitor = new Browser(server);
    const short = await visitor.post(link, {
      intent: "register",
      name: "",
      password: "123",
    });
    expect(short.status).toBe(400);
    expect(short.body).toContain("Informe seu nome completo.");
    expect(short.body).toContain("A senha deve ter pelo menos 6 caracteres.");
    // One password, as sign-up asks it (issue 49): no 'Confirme a senha' to type.
    expect((await visitor.get(link)).body).not.toContain("Confirme a senha");
    expect(visitor.sessionToken).toBeUndefined();
    expect((await visitor.get(link)).body).toContain("Criar conta e entrar");

    const unknown = await visitor.get("/convite?token=nao-existe");
    expect(unknown.status).toBe(410);
    expect(unknown.body).toContain("Este link de convite não é válido.");
  });
});

describe("the guests' contact on /team", () => {
  it("an owner saves it for their own organization only, and a bad number is refused in pt-BR", async () => {
    const bad = await hostA.browser.post("/team", { intent: "contact", whatsapp: "99988-7766", email: "" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Informe um WhatsApp brasileiro com DDD");
    const saved = await hostA.browser.post("/team", {
      intent: "contact",
      whatsapp: "48 99988 7766",
      phone: "",
      email: "contato@example.com",
    });
    expect(saved.status).toBe(200);
    const pageA = (await hostA.browser.get("/team")).body;
    expect(pageA).toContain('value="(48) 99988-7766"');
    expect(pageA).toContain('value="contato@example.com"');
    expect((await hostB.browser.get("/team")).body).not.toContain("99988-7766");
  });
});
