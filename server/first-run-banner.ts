import type { DemoAccess } from "~/domain/demo/first-run.server";

/**
 * What a developer reads once the server listens: where the app, the demo login, the demo shop and the
 * dev outbox are, and whether this start created the demo data (ADR 0018). Plain lines, not a log record.
 */
export function firstRunBanner(appUrl: string, demo: DemoAccess): string {
  const lines = [`Estadia is running at ${appUrl}`];
  lines.push(
    demo.seeded
      ? "  Demo data created (the database was empty)."
      : "  The database already has data: nothing was created.",
  );
  if (demo.login) {
    lines.push(`  Demo login: ${demo.login.email} / ${demo.login.password}  (${appUrl}/auth)`);
  }
  if (demo.shopPath) lines.push(`  Demo shop:  ${appUrl}${demo.shopPath}`);
  lines.push(`  Dev outbox: ${appUrl}/dev/outbox`);
  return lines.join("\n");
}
