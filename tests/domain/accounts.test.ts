import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { requestRecovery } from "~/domain/account/request-recovery.server";
import { resendConfirmation } from "~/domain/account/resend-confirmation.server";
import { resetPassword } from "~/domain/account/reset-password.server";
import { signIn } from "~/domain/account/sign-in.server";
import { signOutEverywhere } from "~/domain/account/sign-out.server";
import { signUp } from "~/domain/account/sign-up.server";
import { AppError } from "~/domain/errors";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import { resetLinkKey, resetTokenUsable } from "~/platform/auth/reset-links.server";
import { member, organization, session, user, verification } from "~/platform/db/schema";
import { roomInWindow } from "../support/accounts";
import { type AccountsHarness, accountsHarness, linkIn } from "../support/accounts-harness";

// Password hashing (scrypt) makes each sign-up and sign-in take a good fraction of a second.
vi.setConfig({ testTimeout: 30_000 });

let h: AccountsHarness;
let n = 0;
const uniqueEmail = () => `pessoa${++n}@example.com`;

beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => {
  await h?.close();
});

async function sessionCookies(email: string, password: string) {
  const { setCookies } = await signIn(h.ctx({ ip: `198.51.100.${++n % 250}` }), { email, password });
  return setCookies;
}

/** Signs in and says whether a session cookie came back. */
async function signsIn(email: string, password: string, from: { ip?: string; cookies?: string[] } = {}) {
  const { setCookies } = await signIn(h.ctx(from), { email, password });
  return setCookies.some((c) => c.startsWith("estadia.session_token="));
}

const TOO_MANY = {
  kind: "rate_limited",
  message: expect.stringMatching(/^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/),
  detail: { retryAfterSeconds: expect.any(Number) },
};
const WRONG_CREDENTIALS = new AppError("unauthenticated", "E-mail ou senha incorretos.");
const LINK_UNUSABLE = new AppError(
  "invalid",
  "Este link de recuperação expirou ou já foi usado. Peça um novo.",
  undefined,
  { reason: "link_unusable" },
);

async function stillSignedIn(cookies: string[]) {
  return Boolean(await h.auth.api.getSession({ headers: h.ctx({ cookies }).headers }));
}

describe("registration", () => {
  it("creates the account unconfirmed, its organization with the host as owner, and a confirmation email", async () => {
    const email = uniqueEmail();
    await signUp(h.ctx(), { name: "Maria da Silva", email, password: "segredo1" });

    const [created] = await h.handle.db.select().from(user).where(eq(user.email, email));
    expect(created).toMatchObject({ name: "Maria da Silva", emailVerified: false });
    const orgs = await h.handle.db
      .select({ name: organization.name, role: member.role })
      .from(member)
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(eq(member.userId, created?.id ?? ""));
    expect(orgs).toEqual([{ name: "Maria da Silva", role: "owner" }]);

    const [mail] = await h.mailTo(email);
    expect(mail?.subject).toBe("Confirme seu e-mail no Estadia");
    expect(mail?.text).toContain("Olá, Maria!");
    expect(linkIn(mail, "/verify-email")).toMatch(
      /^http:\/\/localhost:8080\/api\/auth\/verify-email\?token=/,
    );
  });

  it("refuses bad input with pt-BR messages and creates nothing", async () => {
    const email = uniqueEmail();
    await expect(signUp(h.ctx(), { name: " ", email, password: "12345" })).rejects.toEqual(
      new AppError("invalid", "Erro ao criar conta", {
        name: "Informe seu nome completo.",
        password: "A senha deve ter pelo menos 6 caracteres.",
      }),
    );
    await expect(signUp(h.ctx(), { name: "Ana", email: "ana@", password: "123456" })).rejects.toEqual(
      new AppError("invalid", "Erro ao criar conta", { email: "Informe um e-mail válido." }),
    );
    expect(await h.handle.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it("answers an already registered address like a new one, and tells the address's owner instead", async () => {
    const email = uniqueEmail();
    await signUp(h.ctx(), { name: "Primeira", email, password: "segredo1" });
    await h.mailTo(email);
    await expect(
      signUp(h.ctx(), { name: "Segunda", email, password: "outra-senha" }),
    ).resolves.toBeUndefined();
    expect(await h.handle.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    const [notice, confirmation] = await h.mailTo(email, 2);
    expect(confirmation?.subject).toBe("Confirme seu e-mail no Estadia");
    expect(notice?.subject).toBe("Você já tem uma conta no Estadia");
    expect(notice?.text).toContain("Olá, Primeira!");
    expect(notice?.text).toContain("http://localhost:8080/auth");
    expect(notice?.text).not.toContain("verify-email");
  });
});

describe("confirmation and sign-in", () => {
  it("refuses to sign in before confirming, and the confirmation link signs the host in", async () => {
    const email = uniqueEmail();
    await signUp(h.ctx(), { name: "João Souza", email, password: "segredo1" });
    await expect(signIn(h.ctx(), { email, password: "segredo1" })).rejects.toEqual(
      new AppError(
        "forbidden",
        "Confirme seu e-mail antes de entrar: enviamos um link quando você criou a conta. Não encontrou? Peça um novo link abaixo.",
        undefined,
        { reason: "needs_confirmation" },
      ),
    );

    const link = linkIn((await h.mailTo(email))[0], "/verify-email");
    const res = await h.auth.handler(new Request(link));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth?confirmado=1");
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("estadia.session_token="))).toBe(true);
    expect(await stillSignedIn(cookies)).toBe(true);

    expect(await signsIn(email, "segredo1")).toBe(true);
  });

  it("starts every session in the user's organization", async () => {
    const email = uniqueEmail();
    const { membership } = await createConfirmedUser(h.handle.db, {
      name: "Lia",
      email,
      password: "segredo1",
    });
    const cookies = await sessionCookies(email, "segredo1");
    const found = await h.auth.api.getSession({ headers: h.ctx({ cookies }).headers });
    expect(found?.session.activeOrganizationId).toBe(membership.organizationId);
  });

  it("says the email or password is wrong without saying which", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(h.handle.db, { name: "Rui", email, password: "segredo1" });
    await expect(signIn(h.ctx(), { email, password: "errada1" })).rejects.toEqual(WRONG_CREDENTIALS);
    await expect(signIn(h.ctx(), { email: uniqueEmail(), password: "errada1" })).rejects.toEqual(
      WRONG_CREDENTIALS,
    );
  });

  it("refuses a form without a valid email or password before checking any password", async () => {
    await expect(signIn(h.ctx(), { email: "rui@", password: "" })).rejects.toEqual(
      new AppError("invalid", "Erro ao realizar login", {
        email: "Informe um e-mail válido.",
        password: "Informe sua senha.",
      }),
    );
  });

  it("resends the confirmation link to an unconfirmed account only, with the same answer for anyone", async () => {
    const email = uniqueEmail();
    await signUp(h.ctx(), { name: "Bia", email, password: "segredo1" });
    await h.mailTo(email);
    await expect(resendConfirmation(h.ctx(), { email })).resolves.toBeUndefined();
    expect(await h.mailTo(email, 2)).toHaveLength(2);

    const stranger = uniqueEmail();
    await expect(resendConfirmation(h.ctx(), { email: stranger })).resolves.toBeUndefined();
    await new Promise((r) => setTimeout(r, 200));
    expect(await h.mailTo(stranger, 1)).toHaveLength(0);
  });
});

describe("sign-in throttling per account", () => {
  it("refuses the 11th attempt in the window even with the right password, then a reset lets the owner back in", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(h.handle.db, { name: "Alvo", email, password: "segredo1" });
    for (let i = 0; i < 10; i++) {
      await expect(signIn(h.ctx({ ip: `192.0.2.${i}` }), { email, password: `errada${i}` })).rejects.toEqual(
        WRONG_CREDENTIALS,
      );
    }
    await expect(signIn(h.ctx({ ip: "192.0.2.200" }), { email, password: "segredo1" })).rejects.toMatchObject(
      TOO_MANY,
    );

    await requestRecovery(h.ctx(), { email });
    const token = new URL(linkIn((await h.mailTo(email))[0], "/reset-password/")).pathname.split("/").pop();
    await resetPassword(h.ctx(), { token, password: "nova-senha", confirmation: "nova-senha" });
    expect(await signsIn(email, "nova-senha", { ip: "192.0.2.201" })).toBe(true);
  });

  it("lets the owner in from a browser that signed in before while the account is locked, counted apart", async () => {
    await roomInWindow(15 * 60, 60); // every attempt below in one 15-minute window (a wait of up to 60 s: 90 s timeout)
    const email = uniqueEmail();
    const other = uniqueEmail();
    await createConfirmedUser(h.handle.db, { name: "Dona", email, password: "segredo1" });
    await createConfirmedUser(h.handle.db, { name: "Vizinho", email: other, password: "segredo1" });
    const knownCookie = async (address: string) => {
      const { setCookies } = await signIn(h.ctx({ ip: "192.0.2.90" }), {
        email: address,
        password: "segredo1",
      });
      return setCookies.filter((c) => c.startsWith("estadia_known_device="));
    };
    const laptop = await knownCookie(email);
    expect(laptop).toHaveLength(1);
    expect(laptop[0]).toMatch(/; HttpOnly; SameSite=Lax/);
    const neighbours = await knownCookie(other);

    // Someone elsewhere locks both accounts.
    for (const address of [email, other]) {
      for (let i = 0; i < 10; i++) {
        await expect(
          signIn(h.ctx({ ip: `192.0.2.${100 + i}` }), { email: address, password: `chute${i}` }),
        ).rejects.toEqual(WRONG_CREDENTIALS);
      }
    }
    await expect(signIn(h.ctx({ ip: "192.0.2.120" }), { email, password: "segredo1" })).rejects.toMatchObject(
      TOO_MANY,
    );

    expect(await signsIn(email, "segredo1", { ip: "192.0.2.121", cookies: laptop })).toBe(true);
    // The cookie is for its own account: not for the neighbour's, and not once altered.
    await expect(
      signIn(h.ctx({ ip: "192.0.2.122", cookies: laptop }), { email: other, password: "segredo1" }),
    ).rejects.toMatchObject(TOO_MANY);
    const altered = (laptop[0] ?? "").replace(/=(.)/, (_m, c: string) => `=${c === "A" ? "B" : "A"}`);
    await expect(
      signIn(h.ctx({ ip: "192.0.2.123", cookies: [altered] }), { email, password: "segredo1" }),
    ).rejects.toMatchObject(TOO_MANY);
    expect(await signsIn(other, "segredo1", { ip: "192.0.2.124", cookies: neighbours })).toBe(true);

    // The known browser has 10 failures of its own, and then waits like anyone else.
    for (let i = 0; i < 10; i++) {
      await expect(
        signIn(h.ctx({ ip: "192.0.2.125", cookies: laptop }), { email, password: `typo${i}` }),
      ).rejects.toEqual(WRONG_CREDENTIALS);
    }
    await expect(
      signIn(h.ctx({ ip: "192.0.2.126", cookies: laptop }), { email, password: "segredo1" }),
    ).rejects.toMatchObject(TOO_MANY);
  }, 90_000);

  it("does not count successful sign-ins", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(h.handle.db, { name: "Frequente", email, password: "segredo1" });
    for (let i = 0; i < 12; i++) {
      expect(await signsIn(email, "segredo1", { ip: "192.0.2.77" })).toBe(true);
    }
  });
});

describe("recovery", () => {
  it("gives an unknown address the same answer and sends it nothing", async () => {
    const stranger = uniqueEmail();
    await expect(requestRecovery(h.ctx(), { email: stranger })).resolves.toBeUndefined();
    await new Promise((r) => setTimeout(r, 200));
    expect(await h.mailTo(stranger, 1)).toHaveLength(0);
  });

  it("resets once: the link is single use, the old password stops working and every session ends", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(h.handle.db, { name: "Carla Dias", email, password: "antiga1" });
    const phone = await sessionCookies(email, "antiga1");
    const laptop = await sessionCookies(email, "antiga1");

    await requestRecovery(h.ctx(), { email });
    const [mail] = await h.mailTo(email);
    expect(mail?.subject).toBe("Redefinir sua senha no Estadia");
    const link = linkIn(mail, "/reset-password/");
    const token = new URL(link).pathname.split("/").pop() ?? "";
    expect(token.length).toBeGreaterThanOrEqual(20);
    expect(await resetTokenUsable(h.auth, token)).toBe(true);

    await expect(
      resetPassword(h.ctx(), { token, password: "nova-senha", confirmation: "outra-senha" }),
    ).rejects.toEqual(
      new AppError("invalid", "As senhas não coincidem", { confirmation: "As senhas não coincidem" }),
    );
    expect(await resetTokenUsable(h.auth, token)).toBe(true);

    await resetPassword(h.ctx(), { token, password: "nova-senha", confirmation: "nova-senha" });
    expect(await stillSignedIn(phone)).toBe(false);
    expect(await stillSignedIn(laptop)).toBe(false);
    await expect(signIn(h.ctx(), { email, password: "antiga1" })).rejects.toEqual(WRONG_CREDENTIALS);
    expect(await signsIn(email, "nova-senha")).toBe(true);

    await expect(
      resetPassword(h.ctx(), { token, password: "terceira1", confirmation: "terceira1" }),
    ).rejects.toEqual(LINK_UNUSABLE);
    expect(await resetTokenUsable(h.auth, token)).toBe(false);
    expect(await signsIn(email, "nova-senha")).toBe(true);
  });

  it("refuses an expired link", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(h.handle.db, { name: "Téo", email, password: "antiga1" });
    await requestRecovery(h.ctx(), { email });
    const token =
      new URL(linkIn((await h.mailTo(email))[0], "/reset-password/")).pathname.split("/").pop() ?? "";
    const key = await resetLinkKey(`reset-password:${token}`);
    const expired = await h.handle.db.execute(
      sql`update verification set expires_at = now() - interval '1 minute' where identifier = ${key} returning id`,
    );
    expect(expired.rows).toHaveLength(1);
    expect(await resetTokenUsable(h.auth, token)).toBe(false);
    await expect(
      resetPassword(h.ctx(), { token, password: "nova-senha", confirmation: "nova-senha" }),
    ).rejects.toEqual(LINK_UNUSABLE);
    expect(await signsIn(email, "antiga1")).toBe(true);
  });
});

describe("reset links", () => {
  const known = new Set<string>();
  /** Asks for a recovery link for `email`; the token of the link that arrived for it. */
  async function askForLink(email: string): Promise<string> {
    const before = (await h.mailTo(email, 0)).length;
    await requestRecovery(h.ctx({ ip: `203.0.113.${++n % 250}` }), { email });
    const tokens = (await h.mailTo(email, before + 1)).map(
      (mail) => new URL(linkIn(mail, "/reset-password/")).pathname.split("/").pop() ?? "",
    );
    const token = tokens.find((t) => !known.has(t)) ?? "";
    known.add(token);
    return token;
  }
  const reset = (token: string, password: string) =>
    resetPassword(h.ctx(), { token, password, confirmation: password });

  it("are stored as a hash: the token an email carries is nowhere in the database", async () => {
    const email = uniqueEmail();
    const { userId } = await createConfirmedUser(h.handle.db, { name: "Rui", email, password: "antiga1" });
    const token = await askForLink(email);
    const rows = await h.handle.db.select().from(verification).where(eq(verification.value, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.identifier).toBe(await resetLinkKey(`reset-password:${token}`));
    const everything = JSON.stringify(await h.handle.db.select().from(verification));
    expect(everything).not.toContain(token);
    // And the stored key is not itself a way in.
    const key = rows[0]?.identifier ?? "";
    expect(await resetTokenUsable(h.auth, key)).toBe(false);
    expect(await resetTokenUsable(h.auth, key.split(":").pop() ?? "")).toBe(false);
    expect(await resetTokenUsable(h.auth, token)).toBe(true);
  });

  it("end when a newer one is asked for, so a reset with the newer leaves no older link working", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(h.handle.db, { name: "Bia", email, password: "antiga1" });
    const older = await askForLink(email);
    const newer = await askForLink(email);
    expect(newer).not.toBe(older);
    expect(await resetTokenUsable(h.auth, older)).toBe(false);
    expect(await resetTokenUsable(h.auth, newer)).toBe(true);

    await reset(newer, "da-dona-1");
    await expect(reset(older, "do-intruso-1")).rejects.toEqual(LINK_UNUSABLE);
    expect(await signsIn(email, "da-dona-1")).toBe(true);
    await expect(signIn(h.ctx(), { email, password: "do-intruso-1" })).rejects.toEqual(WRONG_CREDENTIALS);
  });

  it("all end with a reset, even one that was still valid beside the link used", async () => {
    const email = uniqueEmail();
    const { userId } = await createConfirmedUser(h.handle.db, { name: "Leo", email, password: "antiga1" });
    const used = await askForLink(email);
    // A second live link (two requests that crossed, or one stored before this change).
    const other = "outro-link-ainda-valido-123";
    await h.handle.db.insert(verification).values({
      identifier: await resetLinkKey(`reset-password:${other}`),
      value: userId,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect(await resetTokenUsable(h.auth, other)).toBe(true);

    await reset(used, "da-dona-2");
    expect(await resetTokenUsable(h.auth, other)).toBe(false);
    await expect(reset(other, "do-intruso-2")).rejects.toEqual(LINK_UNUSABLE);
    expect(await signsIn(email, "da-dona-2")).toBe(true);
  });

  it("of one user are not ended by another user's request or reset", async () => {
    const ana = uniqueEmail();
    const caio = uniqueEmail();
    await createConfirmedUser(h.handle.db, { name: "Ana", email: ana, password: "antiga1" });
    await createConfirmedUser(h.handle.db, { name: "Caio", email: caio, password: "antiga1" });
    const anaLink = await askForLink(ana);
    const caioLink = await askForLink(caio);
    await reset(caioLink, "do-caio-1");
    expect(await resetTokenUsable(h.auth, anaLink)).toBe(true);
  });
});

describe("sign-out", () => {
  it("ends every session of the user, not only this browser's", async () => {
    const email = uniqueEmail();
    const { userId } = await createConfirmedUser(h.handle.db, { name: "Duda", email, password: "segredo1" });
    const here = await sessionCookies(email, "segredo1");
    const elsewhere = await sessionCookies(email, "segredo1");
    const { setCookies } = await signOutEverywhere(h.ctx({ cookies: here }));
    expect(setCookies.some((c) => /^estadia\.session_token=;/.test(c) || /Max-Age=0/.test(c))).toBe(true);
    expect(await stillSignedIn(elsewhere)).toBe(false);
    expect(await h.handle.db.select().from(session).where(eq(session.userId, userId))).toEqual([]);
  });
});
