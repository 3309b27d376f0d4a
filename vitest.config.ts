import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
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
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
