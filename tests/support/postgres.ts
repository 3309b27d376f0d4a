import { randomBytes } from "node:crypto";
import pg from "pg";

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Whether the PostgreSQL server answers. In CI it must: a missing server fails the run instead of skipping. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (err) {
    if (process.env.CI === "true") {
      throw new Error(`PostgreSQL is required in CI but ${TEST_DATABASE_URL} did not answer: ${String(err)}`);
    }
    console.error(
      `PostgreSQL at ${TEST_DATABASE_URL} did not answer; its tests are skipped on this machine.`,
    );
    return false;
  }
}

export type ThrowawayDatabase = {
  url: string;
  name: string;
  admin(sql: string): Promise<void>;
  drop(): Promise<void>;
};

/** A fresh database on the test server, dropped (with its connections) by drop(). */
export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const name = `estadia_test_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    admin,
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
