/**
 * Export Center: choose a table or use its own button. The file streams from the server straight to
 * the browser's downloads (never built in memory on either side); an empty table says "No Data".
 */
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { adminTexts, EXPORT_TABLE_LABELS, EXPORT_TABLES, type ExportTable } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { useExportTable } from './admin.queries.ts';

const t = adminTexts.export;

function download(table: ExportTable) {
  const link = document.createElement('a');
  link.href = `/api/admin/export/${table}`;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

export default function ExportTab() {
  const [table, setTable] = useState<ExportTable | ''>('');
  const exporting = useExportTable();
  const busy = exporting.isPending ? exporting.variables : null;
  const run = (chosen: ExportTable | '') => {
    if (!chosen) {
      toast.error(t.chooseTable);
      return;
    }
    const label = EXPORT_TABLE_LABELS[chosen];
    exporting.mutate(chosen, {
      onSuccess: (hasRows) => {
        if (!hasRows) {
          toast.warning(t.noDataTitle, { description: t.noData(label) });
          return;
        }
        download(chosen);
        toast.success(t.successTitle, { description: t.success(label) });
      },
    });
  };
  return (
    <section aria-labelledby="export-title" className="flex max-w-xl flex-col gap-4">
      <h2 id="export-title" className="text-xl font-bold text-white">
        {t.heading}
      </h2>
      <p className="text-sm text-zinc-300">
        CSV files, newest first. Cells that a spreadsheet would run as a formula are prefixed with an apostrophe.
      </p>
      <div className="flex flex-col gap-2 rounded-2xl border border-line bg-panel p-4 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="export-table" className="text-sm font-medium text-zinc-200">
            Table
          </label>
          <select
            id="export-table"
            value={table}
            onChange={(event) => setTable(event.target.value as ExportTable | '')}
            className="h-11 rounded-xl border border-line bg-panel px-3 text-zinc-100"
          >
            <option value="">Choose a table</option>
            {EXPORT_TABLES.map((name) => (
              <option key={name} value={name}>
                {EXPORT_TABLE_LABELS[name]}
              </option>
            ))}
          </select>
        </div>
        <Button busy={busy !== null && busy === table} onClick={() => run(table)}>
          Export CSV
        </Button>
      </div>
      <ul className="grid grid-cols-2 gap-2">
        {EXPORT_TABLES.map((name) => (
          <li key={name}>
            <Button
              variant="outline"
              className="w-full"
              busy={busy === name && table !== name}
              onClick={() => run(name)}
            >
              <Download className="h-4 w-4" aria-hidden="true" /> {EXPORT_TABLE_LABELS[name]}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
