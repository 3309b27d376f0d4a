import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { PRIVATE_FILE_MODE, privateDir } from "../private-files.server";

export type MailMessage = { to: string; subject: string; text: string; html: string };

export interface Mailer {
  /** "smtp" delivers for real; "outbox" keeps each message as an .eml file for developers and tests. */
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

export type MailerOptions = { smtpUrl: string | undefined; from: string; outboxDir: string };

/** nodemailer is loaded with the first email, not at start (an idle instance does not carry it). */
function lazyTransport(options: Parameters<typeof import("nodemailer").createTransport>[0]) {
  let made: Promise<Transporter> | undefined;
  return () => {
    made ??= import("nodemailer").then((m) => m.default.createTransport(options));
    return made;
  };
}

export function createMailer({ smtpUrl, from, outboxDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = lazyTransport(smtpUrl);
    return {
      kind: "smtp",
      async send(message) {
        await (await transport()).sendMail({ from, ...message });
      },
    };
  }
  // Same message building as SMTP, written out instead of sent: what a developer reads is what a host gets.
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    async send(message) {
      const info = await (await transport()).sendMail({
        from,
        date: new Date(),
        textEncoding: "base64",
        ...message,
      });
      // Guests' details and sign-in links: for this user only.
      privateDir(outboxDir);
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
      writeFileSync(path.join(outboxDir, name), info.message as Buffer, {
        flag: "wx",
        mode: PRIVATE_FILE_MODE,
      });
    },
  };
}

let cached: Mailer | undefined;

/** The process's mailer: SMTP when SMTP_URL is set, otherwise the outbox in DATA_DIR/outbox. */
export function mailer(config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string }): Mailer {
  cached ??= createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: outboxDir(config.dataDir),
  });
  return cached;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "outbox");
}
