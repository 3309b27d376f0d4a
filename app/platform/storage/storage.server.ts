import { database } from "~/platform/db/database.server";
import type { Db } from "~/platform/db/database-handle.server";
import { env, type MediaStoreKind, type S3Config } from "~/platform/env.server";
import { StartupError } from "~/platform/startup-error.server";
import { createLocalStorage, mediaDir } from "./local-storage.server";
import type { MediaStorage } from "./media-storage";
import { createPostgresStorage } from "./postgres-storage.server";

export { createLocalStorage, mediaDir } from "./local-storage.server";
export { isMediaKey, type MediaStorage } from "./media-storage";

export type MediaStorageConfig = {
  /** local: the data folder; the files are in `<dataDir>/media`. */
  dataDir?: string;
  /** postgres: the database holding `media_objects`, asked for on first use. */
  db?: () => Promise<Db>;
  /** s3: the bucket and its credentials. */
  s3?: S3Config | null;
};

/** A store of the given kind, whatever the process is configured with (copies, backups, moves). */
export function createMediaStorage(kind: MediaStoreKind, config: MediaStorageConfig): MediaStorage {
  switch (kind) {
    case "local":
      if (!config.dataDir) throw new StartupError("the local media store needs a data folder");
      return createLocalStorage(mediaDir(config.dataDir));
    case "postgres":
      if (!config.db) throw new StartupError("the postgres media store needs a database");
      return createPostgresStorage(config.db);
    case "s3":
      if (!config.s3)
        throw new StartupError(
          "the s3 media store needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
        );
      return lazyS3Storage(config.s3);
  }
}

/** The S3 store, its SDK loaded on first use: an instance on another store never carries it. */
function lazyS3Storage(s3: S3Config): MediaStorage {
  let made: Promise<MediaStorage> | undefined;
  const store = () => {
    made ??= import("./s3-storage.server").then((m) => m.createS3Storage(s3));
    return made;
  };
  return {
    put: async (key, bytes, contentType) => (await store()).put(key, bytes, contentType),
    get: async (key) => (await store()).get(key),
    delete: async (key) => (await store()).delete(key),
    async *keys() {
      yield* (await store()).keys();
    },
  };
}

/** The process's own settings for a store of any kind. */
export function configuredMediaStorage(kind: MediaStoreKind): MediaStorage {
  const { dataDir, media } = env();
  return createMediaStorage(kind, { dataDir, db: async () => (await database()).db, s3: media.s3 });
}

let cached: MediaStorage | undefined;

/** The process's media store: MEDIA_STORAGE (local folder, the database's table, or an S3 bucket). */
export function mediaStorage(): MediaStorage {
  cached ??= configuredMediaStorage(env().media.kind);
  return cached;
}
