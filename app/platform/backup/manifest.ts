import type { RowCounts } from "../db/move/catalog.server";

/** What a backup holds, written first in the archive and checked against the restored copy. */
export type BackupManifest = {
  format: 1;
  appVersion: string;
  createdAt: string;
  migrations: number;
  tables: RowCounts;
  media: number;
};

export const MANIFEST_ENTRY = "manifest.json";
export const DATABASE_ENTRY = "db.tar";
export const MEDIA_PREFIX = "media/";
export const SECRETS_PREFIX = "secrets/";
/** The generated secrets of a data folder: without encryption-key, sealed payment credentials are lost. */
export const SECRET_FILES = ["auth-secret", "encryption-key"] as const;

export function parseManifest(text: string): BackupManifest {
  const value = JSON.parse(text) as Partial<BackupManifest>;
  if (value.format !== 1 || typeof value.tables !== "object" || typeof value.media !== "number") {
    throw new Error("not an Estadia backup manifest");
  }
  return value as BackupManifest;
}

/** `estadia-backup-YYYYMMDD-HHMMSS.tar.gz`, in UTC. */
export function defaultBackupName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `estadia-backup-${stamp}.tar.gz`;
}
