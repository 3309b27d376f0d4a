import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

// In-process suites seal payment credentials with a throwaway key, so nothing is written to ./.data.
const env = { ENCRYPTION_KEY: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          env,
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/domain/**/*.test.ts"],
          environment: "node",
          // Opening and migrating an in-memory PGlite takes seconds on a busy machine (the server suite runs
          // alongside): a slow start is not a failure.
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "pg",
          env,
          include: ["tests/pg/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "server",
          env,
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
