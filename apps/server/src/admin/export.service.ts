/** Streams a table as CSV: header, then keyset batches, each written before the next is read. */
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
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const batch = await readExportBatch(deps.database, table, after, batchSize);
      if (batch.rows.length > 0)
        yield batch.rows.map((row) => csvRow(columns.map((column) => toCell(row[column])))).join('');
      if (batch.rows.length < batchSize || !batch.last) return;
      after = batch.last;
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
