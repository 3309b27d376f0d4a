import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import {
  type Action,
  type Actor,
  assertCan,
  can,
  PERMISSIONS,
  ROLES,
  type Role,
} from "~/domain/team/permissions";

const actor = (role: Role): Actor => ({ userId: "u", organizationId: "o", role });

describe("can", () => {
  it("gives the owner every permission", () => {
    for (const action of Object.keys(PERMISSIONS) as Action[]) expect(can(actor("owner"), action)).toBe(true);
  });

  it("lets staff read the catalogue and change stock, but not manage the catalogue, money or the team", () => {
    const staff = actor("staff");
    expect(can(staff, "catalog.read")).toBe(true);
    expect(can(staff, "stock.adjust")).toBe(true);
    expect(can(staff, "catalog.manage")).toBe(false);
    expect(can(staff, "sales.read")).toBe(false);
    expect(can(staff, "withdrawal.request")).toBe(false);
    expect(can(staff, "team.manage")).toBe(false);
  });

  it("lets a manager run the catalogue and see sales, but not withdraw or manage the team", () => {
    const manager = actor("manager");
    expect(can(manager, "catalog.manage")).toBe(true);
    expect(can(manager, "sales.read")).toBe(true);
    expect(can(manager, "withdrawal.request")).toBe(false);
    expect(can(manager, "team.manage")).toBe(false);
  });

  it("refuses with a forbidden AppError in pt-BR", () => {
    expect(() => assertCan(actor("staff"), "catalog.manage")).toThrow(AppError);
    try {
      assertCan(actor("staff"), "catalog.manage");
    } catch (err) {
      expect(err).toMatchObject({ kind: "forbidden", message: expect.stringContaining("permissão") });
    }
    expect(() => assertCan(actor("manager"), "catalog.manage")).not.toThrow();
  });
});

describe("docs/permissions.md", () => {
  it("shows exactly the table the code enforces", () => {
    const doc = readFileSync("docs/permissions.md", "utf8");
    const rows = doc
      .split("\n")
      .filter((line) => line.startsWith("| `"))
      .map((line) => line.split("|").map((cell) => cell.trim()));
    const documented = Object.fromEntries(
      rows.map((cells) => [cells[1]?.replaceAll("`", ""), ROLES.filter((_, i) => cells[3 + i] === "✓")]),
    );
    expect(documented).toEqual(Object.fromEntries(Object.entries(PERMISSIONS).map(([k, v]) => [k, [...v]])));
  });
});

/** Every source file under app/, but the table itself. */
function appSources(dir = "app"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return appSources(file);
    return /\.tsx?$/.test(entry.name) && !file.endsWith(path.join("team", "permissions.ts")) ? [file] : [];
  });
}

describe("the permission table in use", () => {
  it("has every permission checked somewhere in the app (no row promises what nothing enforces)", () => {
    const code = appSources().map((file) => readFileSync(file, "utf8"));
    const unchecked = (Object.keys(PERMISSIONS) as Action[]).filter(
      (action) => !code.some((text) => text.includes(`"${action}"`)),
    );
    expect(unchecked).toEqual([]);
  });
});
