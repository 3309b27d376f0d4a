import type { Db } from "~/platform/db/database-handle.server";
import type { Actor } from "../team/permissions";
import type { SalesFilter } from "./sales-filter.server";
import { listSales, type SaleRow, type SalesPage } from "./sales-page.server";

/** Pages of the CSV export: few statements for a long export, each page still one prepared read. */
const CSV_PAGE_SIZE = 500;

/** Every sale of the filter, page after page (for the CSV export). */
export async function* allSales(db: Db, actor: Actor, filter: SalesFilter): AsyncGenerator<SaleRow> {
  let cursor: string | null = null;
  do {
    const page: SalesPage = await listSales(db, actor, filter, cursor, CSV_PAGE_SIZE);
    yield* page.rows;
    cursor = page.next;
  } while (cursor);
}
