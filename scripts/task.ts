// Runs a command-line task with the same environment and data-folder guard as `npm start`.
import { closeDatabase } from "~/platform/db/database.server";
import { StartupError } from "~/platform/startup-error.server";

export async function runTask(name: string, task: () => Promise<string>): Promise<void> {
  try {
    const summary = await task();
    process.stdout.write(`${summary}\n`);
  } catch (err) {
    if (err instanceof StartupError) {
      process.stderr.write(`${name} did not run.\n${err.message}\n`);
      process.exitCode = 1;
    } else {
      throw err;
    }
  } finally {
    await closeDatabase();
  }
}
