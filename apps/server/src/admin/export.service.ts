/**
 * Streams a table as CSV: header, then keyset batches. The next batch is read while the one before
 * is turned into CSV and sent, so the database and the formatting overlap; two batches at most are held.
 */
import { Readable } from 'node:stream';
import { csvRow, type CsvValue, type ExportTable } from '@gigreel/core';
import type { Actor } from '../auth/index.ts';
import type { AppDeps } from '../deps.ts';
import { EXPORTS, readExportBatch } from './export.queries.ts';

const EXPORT_BATCH_SIZE = 2000;

export function exportCsv({
  deps,
  table,
  batchSize = EXPORT_BATCH_SIZE,
}: {
  deps: AppDeps;
  actor: Actor;
  table: ExportTable;
  batchSize?: number;
}): Readable {
  const { columns } = EXPORTS[table];
  async function* lines(): AsyncGenerator<string> {
    // The byte-order mark lets spreadsheets read the file as UTF-8.
    yield `\uFEFF${csvRow(columns)}`;
    let next = readExportBatch(deps.database, table, null, batchSize);
    for (;;) {
      const batch = await next;
      const after = batch.rows.length === batchSize ? batch.last : null;
      if (after) {
        next = readExportBatch(deps.database, table, after, batchSize);
        // Awaited on the next turn; a download abandoned before then must not leave it unhandled.
        next.catch(() => {});
      }
      if (batch.rows.length > 0)
        yield batch.rows.map((row) => csvRow(columns.map((column) => toCell(row[column])))).join('');
      if (!after) return;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

function toCell(value: unknown): CsvValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string')
    return value;
  if (typeof value === 'bigint') return Number(value);
  return JSON.stringify(value);
}
