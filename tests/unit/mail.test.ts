import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer } from "~/platform/mail/mailer.server";
import { readOutbox } from "~/platform/mail/outbox.server";
import { confirmationEmail, recoveryEmail } from "~/platform/mail/templates.server";

const dirs: string[] = [];
function outbox() {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "estadia-mail-")), "outbox");
  dirs.push(path.dirname(dir));
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the dev outbox", () => {
  it("keeps each message as an RFC 822 .eml file with To, Subject and Date, readable back", async () => {
    const dir = outbox();
    const mailer = createMailer({
      smtpUrl: undefined,
      from: "Estadia <nao-responda@estadia.dev>",
      outboxDir: dir,
    });
    expect(mailer.kind).toBe("outbox");
    const url = "http://localhost:8080/api/auth/reset-password/abc?callbackURL=%2Freset-password";
    await mailer.send({ to: "joão@example.com", ...recoveryEmail({ name: "João Araújo", url }) });
    await mailer.send({
      to: "ana@example.com",
      ...confirmationEmail({ name: "Ana", url: "http://x/verify" }),
    });

    const files = readdirSync(dir);
    expect(files).toHaveLength(2);
    const raw = readFileSync(path.join(dir, files.sort()[0] ?? ""), "utf8");
    expect(raw).toMatch(/^From: Estadia <nao-responda@estadia\.dev>$/m);
    expect(raw).toMatch(/^Date: .+ \d{4} \d\d:\d\d:\d\d [+-]\d{4}$/m);

    const [newest, oldest] = readOutbox(dir);
    expect(newest?.subject).toBe("Confirme seu e-mail no Estadia");
    expect(oldest).toMatchObject({ to: "joão@example.com", subject: "Redefinir sua senha no Estadia" });
    expect(oldest?.text).toContain("Olá, João!");
    expect(oldest?.text).toContain(url);
    expect(oldest?.html).toContain(
      'href="http://localhost:8080/api/auth/reset-password/abc?callbackURL=%2Freset-password"',
    );
    expect(Math.abs((oldest?.date.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it("reads a missing outbox as empty", () => {
    expect(readOutbox(path.join(tmpdir(), "does-not-exist-estadia"))).toEqual([]);
  });
});

describe("email templates", () => {
  it("escape the person's name in HTML and keep a plain-text twin", () => {
    const mail = confirmationEmail({ name: "<b>Eva</b>", url: "http://x/verify?a=1&b=2" });
    expect(mail.html).not.toContain("<b>Eva</b>");
    expect(mail.html).toContain("&#60;b&#62;Eva&#60;/b&#62;");
    expect(mail.html).toContain('href="http://x/verify?a=1&#38;b=2"');
    expect(mail.text).toContain("http://x/verify?a=1&b=2");
    expect(mail.text).toContain("24 horas");
    expect(recoveryEmail({ name: "", url: "http://x" }).text).toContain("1 hora");
  });
});
