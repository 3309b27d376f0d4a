// The team on real PostgreSQL: sessions of removed members, single-use invitation links, people in two
// organizations, owners demoted at the same moment, and ids of another organization put in forms.
// Everything asserted is what a person or caller can observe: who the guard lets in, what lists show,
// the refusals' messages.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, listProducts, updateProduct } from "~/domain/catalog/products.server";
import { AppError } from "~/domain/errors";
import { joinAsSignedIn, openInvitation } from "~/domain/team/accept-invitation.server";
import { listActivity } from "~/domain/team/activity.server";
import {
  cancelInvitation,
  inviteMember,
  listInvitations,
  resendInvitation,
} from "~/domain/team/invitations.server";
import { changeRole, listMembers, removeMember } from "~/domain/team/members.server";
import { TEAM_TEXT as T } from "~/domain/team/messages";
import { renameOrganization } from "~/domain/team/rename-organization.server";
import { switchOrganization } from "~/domain/team/switch-organization.server";
import { membershipsOf } from "~/platform/auth/organizations.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { invitation, member } from "~/platform/db/schema";
import { type AccountsHarness, accountsHarness } from "../support/accounts-harness";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import {
  actorOf,
  invitationToken,
  invite,
  joinNew,
  owner,
  signedIn,
  teamContext,
  uniqueEmail,
} from "../support/team-fixtures";

const available = await postgresAvailable();

/** A value the test has just made sure exists (fails loudly otherwise). */
function the<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error("expected a value");
  return value;
}

/** The refusal an operation answers with (fails the test when it succeeds or throws something else). */
async function refusal(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

describe.runIf(available)("team on PostgreSQL", () => {
  let database: ThrowawayDatabase;
  let h: AccountsHarness;
  let second: DatabaseHandle;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    h = await accountsHarness(database.url);
    // A second app instance (its own pool) for the races.
    second = await connectDatabase({ databaseUrl: database.url, poolSize: 10 });
  });
  afterAll(async () => {
    await second?.close();
    await h?.close();
    await database?.drop();
  });

  it("a removed member's open session can no longer read or change anything", async () => {
    const host = await owner(h, "Helena");
    await createProduct(h.handle.db, host.actor, { name: "Água", price: "5,00" });
    const staffEmail = uniqueEmail("limpeza");
    const cookies = await joinNew(h, await invite(h, host.actor, staffEmail, "staff"), "Lia Limpeza");

    const before = await actorOf(h, cookies);
    expect(before?.actor).toMatchObject({ organizationId: host.actor.organizationId, role: "staff" });
    expect((await listProducts(h.handle.db, the(before).actor)).map((p) => p.name)).toEqual(["Água"]);

    const [staffRow] = (await listMembers(h.handle.db, host.actor)).filter((m) => m.email === staffEmail);
    await removeMember(h.handle.db, host.actor, { memberId: the(staffRow).id });

    // The very next request finds no one: no actor, so no loader or action runs.
    expect(await actorOf(h, cookies)).toBeNull();
    expect((await listMembers(h.handle.db, host.actor)).map((m) => m.email)).not.toContain(staffEmail);
  });

  it("a role change ends the member's sessions in that organization; signing in again gives the new role", async () => {
    const host = await owner(h, "Rita");
    const email = uniqueEmail("gerente");
    const cookies = await joinNew(h, await invite(h, host.actor, email, "manager"), "Gil Gerente");
    expect((await actorOf(h, cookies))?.actor.role).toBe("manager");

    const [row] = (await listMembers(h.handle.db, host.actor)).filter((m) => m.email === email);
    await changeRole(h.handle.db, host.actor, { memberId: the(row).id, role: "staff" });

    expect(await actorOf(h, cookies)).toBeNull();
    expect((await actorOf(h, await signedIn(h, email)))?.actor.role).toBe("staff");
  });

  it("an invitation link works once, and says why when it no longer does", async () => {
    const host = await owner(h, "Clara");
    const email = uniqueEmail("dupla");
    const token = await invite(h, host.actor, email, "staff");
    expect(await openInvitation(h.handle.db, token)).toMatchObject({
      state: "open",
      email,
      roleLabel: "Equipe de limpeza",
    });

    // Two uses at the same moment: one account, one membership, the other told the link was used.
    const results = await Promise.allSettled([joinNew(h, token, "Primeira"), joinNew(h, token, "Segunda")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(failed.reason).toBeInstanceOf(AppError);
    expect([T.linkUsed, T.accountExists]).toContain(failed.reason.message);
    expect((await listMembers(h.handle.db, host.actor)).filter((m) => m.email === email)).toHaveLength(1);

    expect(await openInvitation(h.handle.db, token)).toEqual({ state: "used", message: T.linkUsed });
    expect((await refusal(joinNew(h, token, "Terceira"))).message).toBe(T.linkUsed);
  });

  it("an invitation link does not work after seven days, after a resend, or once cancelled", async () => {
    const host = await owner(h, "Marta");
    const lateEmail = uniqueEmail("atrasada");
    const late = await invite(h, host.actor, lateEmail, "staff");
    // Eight days later, as far as the database can tell.
    await h.handle.db
      .update(invitation)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(eq(invitation.email, lateEmail));
    expect(await openInvitation(h.handle.db, late)).toEqual({ state: "expired", message: T.linkExpired });
    expect((await refusal(joinNew(h, late, "Atrasada"))).message).toBe(T.linkExpired);
    const [listed] = await listInvitations(h.handle.db, host.actor);
    expect(listed?.email).toBe(lateEmail);

    // Resent: the old link is dead, the new one works for seven more days.
    await resendInvitation(teamContext(h), host.actor, { id: the(listed).id });
    const fresh = await invitationToken(h, lateEmail, 2);
    expect(fresh).not.toBe(late);
    expect((await openInvitation(h.handle.db, late)).state).toBe("unknown");
    expect((await openInvitation(h.handle.db, fresh)).state).toBe("open");

    await cancelInvitation(h.handle.db, host.actor, { id: the(listed).id });
    expect(await openInvitation(h.handle.db, fresh)).toEqual({ state: "canceled", message: T.linkCanceled });
    expect((await refusal(joinNew(h, fresh, "Cancelada"))).message).toBe(T.linkCanceled);
    expect(await listInvitations(h.handle.db, host.actor)).toEqual([]);
  });

  it("a member of two organizations only ever sees the active one's data", async () => {
    const first = await owner(h, "Ana", "Pousada Ana");
    const other = await owner(h, "Bia", "Chalés Bia");
    await createProduct(h.handle.db, first.actor, { name: "Café da Ana", price: "9,00" });
    await createProduct(h.handle.db, other.actor, { name: "Vinho da Bia", price: "80,00" });

    // Ana, who has an account, accepts Bia's invitation while signed in: her session moves to Bia's.
    const token = await invite(h, other.actor, first.email, "manager");
    const cookies = await signedIn(h, first.email);
    const session = await actorOf(h, cookies);
    expect(session?.actor.organizationId).toBe(first.actor.organizationId);
    await joinAsSignedIn(
      h.handle.db,
      { userId: first.actor.userId, email: first.email, sessionId: the(session).sessionId },
      token,
    );

    const inOther = await actorOf(h, cookies);
    expect(inOther?.actor).toMatchObject({ organizationId: other.actor.organizationId, role: "manager" });
    expect((await listProducts(h.handle.db, the(inOther).actor)).map((p) => p.name)).toEqual([
      "Vinho da Bia",
    ]);

    await switchOrganization(
      h.handle.db,
      { userId: first.actor.userId, sessionId: the(session).sessionId },
      first.actor.organizationId,
    );
    const back = await actorOf(h, cookies);
    expect(back?.actor).toMatchObject({ organizationId: first.actor.organizationId, role: "owner" });
    expect((await listProducts(h.handle.db, the(back).actor)).map((p) => p.name)).toEqual(["Café da Ana"]);

    // An organization she is not in cannot be picked, whatever id is posted.
    const stranger = await owner(h, "Cida");
    const refused = await refusal(
      switchOrganization(
        h.handle.db,
        { userId: first.actor.userId, sessionId: the(session).sessionId },
        stranger.actor.organizationId,
      ),
    );
    expect(refused).toMatchObject({ kind: "forbidden", message: T.switchRefused });
    expect((await actorOf(h, cookies))?.actor.organizationId).toBe(first.actor.organizationId);
  });

  it("two owners demoting each other at the same moment leave one owner", async () => {
    for (let round = 0; round < 5; round++) {
      const a = await owner(h, `Ana${round}`);
      const bEmail = uniqueEmail(`socia${round}`);
      await joinNew(h, await invite(h, a.actor, bEmail, "owner"), `Sócia ${round}`);
      const members = await listMembers(h.handle.db, a.actor);
      const aRow = the(members.find((m) => m.email === a.email));
      const bRow = the(members.find((m) => m.email === bEmail));
      const b = { userId: bRow.userId, organizationId: a.actor.organizationId, role: "owner" as const };

      const results = await Promise.allSettled([
        changeRole(h.handle.db, a.actor, { memberId: bRow.id, role: "manager" }),
        changeRole(second.db, b, { memberId: aRow.id, role: "staff" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const failed = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(failed.reason).toMatchObject({ kind: "conflict", message: T.lastOwner });
      const owners = await h.handle.db
        .select({ id: member.id })
        .from(member)
        .where(sql`${member.organizationId} = ${a.actor.organizationId} and ${member.role} = 'owner'`);
      expect(owners).toHaveLength(1);
    }
  });

  it("the last owner can neither leave nor be demoted", async () => {
    const host = await owner(h, "Única");
    const [self] = await listMembers(h.handle.db, host.actor);
    expect((await refusal(removeMember(h.handle.db, host.actor, { memberId: the(self).id }))).message).toBe(
      T.lastOwner,
    );
    expect(
      (await refusal(changeRole(h.handle.db, host.actor, { memberId: the(self).id, role: "manager" })))
        .message,
    ).toBe(T.lastOwner);
    expect((await listMembers(h.handle.db, host.actor)).map((m) => m.role)).toEqual(["owner"]);
  });

  it("an owner cannot cancel, resend or change another organization's invitations and members by id", async () => {
    const victim = await owner(h, "Vera");
    const intruder = await owner(h, "Ivo");
    const email = uniqueEmail("alvo");
    await invite(h, victim.actor, email, "staff");
    const [pending] = await listInvitations(h.handle.db, victim.actor);
    const [victimSelf] = await listMembers(h.handle.db, victim.actor);

    for (const attempt of [
      () => cancelInvitation(h.handle.db, intruder.actor, { id: the(pending).id }),
      () => resendInvitation(teamContext(h), intruder.actor, { id: the(pending).id }),
      () => changeRole(h.handle.db, intruder.actor, { memberId: the(victimSelf).id, role: "staff" }),
      () => removeMember(h.handle.db, intruder.actor, { memberId: the(victimSelf).id }),
    ]) {
      expect((await refusal(attempt())).kind).toBe("not_found");
    }
    expect((await listInvitations(h.handle.db, victim.actor)).map((i) => i.id)).toEqual([the(pending).id]);
    expect(await h.mailTo(email)).toHaveLength(1);
    expect((await listMembers(h.handle.db, victim.actor)).map((m) => m.role)).toEqual(["owner"]);
  });

  it("staff and managers cannot manage the team", async () => {
    const host = await owner(h, "Nina");
    const email = uniqueEmail("ajudante");
    const cookies = await joinNew(h, await invite(h, host.actor, email, "manager"), "Ajudante");
    const manager = the(await actorOf(h, cookies)).actor;
    const [self] = await listMembers(h.handle.db, host.actor);
    expect((await refusal(listMembers(h.handle.db, manager))).kind).toBe("forbidden");
    expect(
      (await refusal(changeRole(h.handle.db, manager, { memberId: the(self).id, role: "staff" }))).kind,
    ).toBe("forbidden");
  });

  it("the activity shows who changed a price and the team, newest first", async () => {
    const host = await owner(h, "Olga");
    const product = await createProduct(h.handle.db, host.actor, { name: "Suco", price: "7,00" });
    await updateProduct(h.handle.db, host.actor, { id: product.id, name: "Suco", price: "8,50" });
    const email = uniqueEmail("novata");
    await joinNew(h, await invite(h, host.actor, email, "staff"), "Novata");

    const entries = await listActivity(h.handle.db, host.actor);
    expect(entries.map((e) => [e.kind, e.subject])).toEqual([
      ["member.joined", email],
      ["member.invited", email],
      ["product.price_changed", "Suco"],
    ]);
    expect(entries[2]).toMatchObject({ actorName: "Olga", details: { fromCents: 700, toCents: 850 } });
    expect(entries[0]?.actorName).toBe("Novata");
  });

  it("only the owner renames the organization, and an empty name changes nothing", async () => {
    const host = await owner(h, "Sara", "Pousada Velha");
    const email = uniqueEmail("gerente-nome");
    const cookies = await joinNew(h, await invite(h, host.actor, email, "manager"), "Gerente");
    const manager = the(await actorOf(h, cookies)).actor;
    const names = async () =>
      (await membershipsOf(h.handle.db, host.actor.userId)).map((m) => m.organizationName);

    expect((await refusal(renameOrganization(h.handle.db, manager, { name: "Tomada" }))).kind).toBe(
      "forbidden",
    );
    expect((await refusal(renameOrganization(h.handle.db, host.actor, { name: "  " }))).message).toBe(
      T.organizationNameRequired,
    );
    expect(await names()).toEqual(["Pousada Velha"]);
    await renameOrganization(h.handle.db, host.actor, { name: "Pousada Nova" });
    expect(await names()).toEqual(["Pousada Nova"]);
  });

  it("an organization sends at most 20 invitations an hour; the next is refused and not sent", async () => {
    const host = await owner(h, "Paula");
    const ctx = teamContext(h);
    for (let i = 0; i < 20; i++)
      await inviteMember(ctx, host.actor, { email: uniqueEmail(`lote${i}`), role: "staff" });
    const extra = uniqueEmail("vigesimo-primeiro");
    const refused = await refusal(inviteMember(ctx, host.actor, { email: extra, role: "staff" }));
    expect(refused.message).toMatch(
      /^Muitos convites enviados nesta última hora\. Tente novamente em \d+ minutos?\.$/,
    );
    expect(await h.mailTo(extra, 0)).toEqual([]);
    expect(await listInvitations(h.handle.db, host.actor)).toHaveLength(20);
    // Another organization has its own allowance.
    const other = await owner(h, "Quitéria");
    await inviteMember(ctx, other.actor, { email: uniqueEmail("outra"), role: "staff" });
  });

  it("does not invite a member or a live invitation twice, and a link for another address stays unused", async () => {
    const host = await owner(h, "Teresa");
    const ctx = teamContext(h);
    expect((await refusal(inviteMember(ctx, host.actor, { email: host.email, role: "staff" }))).message).toBe(
      T.alreadyMember,
    );
    const email = uniqueEmail("so-uma-vez");
    const token = await invite(h, host.actor, email, "staff");
    expect((await refusal(inviteMember(ctx, host.actor, { email, role: "manager" }))).message).toBe(
      T.alreadyInvited,
    );

    // Someone signed in with another account cannot take it.
    const someone = await owner(h, "Outra");
    const session = the(await actorOf(h, await signedIn(h, someone.email)));
    const taken = await refusal(
      joinAsSignedIn(
        h.handle.db,
        { userId: someone.actor.userId, email: someone.email, sessionId: session.sessionId },
        token,
      ),
    );
    expect(taken).toMatchObject({ kind: "forbidden", message: T.wrongAccount(email) });
    expect((await openInvitation(h.handle.db, token)).state).toBe("open");
  });
});
