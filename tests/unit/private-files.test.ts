// What Estadia writes to disk about hosts and guests is its own user's only, whatever the umask (issue 45):
// the generated secrets and the data folder, the local media store and the dev outbox. Run with umask 000,
// where a file written with default modes would be 0666. (The embedded database's folder, the backup and
// the restored copy: tests/pg/db-move.test.ts.)
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = mkdtempSync(path.join(tmpdir(), "estadia-private-"));
// Read by env() on first use: the generated auth secret goes here.
const dataDir = path.join(root, "data");
process.env.DATA_DIR = dataDir;

const { authSecret } = await import("~/platform/auth-secret.server");
const { createMailer } = await import("~/platform/mail/mailer.server");
const { confirmationEmail } = await import("~/platform/mail/templates.server");
const { createLocalStorage } = await import("~/platform/storage/local-storage.server");

const modeOf = (file: string) => statSync(file).mode & 0o777;

let umask: number;
beforeAll(() => {
  umask = process.umask(0);
});
afterAll(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

describe("files with hosts' and guests' data", () => {
  it("the data folder is made 0700 and its generated secret 0600", () => {
    authSecret();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, "auth-secret"))).toBe(0o600);
  });

  it("the local media store keeps photos 0600 in a 0700 folder, narrowing an open one", async () => {
    const fresh = path.join(root, "media-new");
    await createLocalStorage(fresh).put("a1.webp", Buffer.from("RIFF"), "image/webp");
    expect(modeOf(fresh)).toBe(0o700);
    expect(modeOf(path.join(fresh, "a1.webp"))).toBe(0o600);

    const open = path.join(root, "media-open");
    mkdirSync(open, { mode: 0o755 });
    createLocalStorage(open);
    expect(modeOf(open)).toBe(0o700);
  });

  it("the dev outbox keeps each email 0600 in a 0700 folder", async () => {
    const dir = path.join(root, "outbox");
    const mailer = createMailer({
      smtpUrl: undefined,
      from: "Estadia <nao-responda@estadia.dev>",
      outboxDir: dir,
    });
    await mailer.send({
      to: "ana@example.com",
      ...confirmationEmail({ name: "Ana", url: "http://x/verify" }),
    });
    expect(modeOf(dir)).toBe(0o700);
    const [file] = readdirSync(dir);
    expect(modeOf(path.join(dir, file ?? ""))).toBe(0o600);
  });
});
