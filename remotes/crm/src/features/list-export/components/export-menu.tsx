import { useState } from 'react';
import { toast, Menu } from '@app/shared';
import type { ExportFormat } from '@app/shared/forms';
import { downloadListExport, type ExportFilter, type ExportList } from '../api/download-list-export';

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel (.xlsx)' },
];

export interface ExportMenuProps {
  tenantId: string;
  list: ExportList;
  /** The list's current search and filters: the file holds every row they match that the user sees. */
  filter: ExportFilter;
}

/** Export ▾ on a list's toolbar: the list as it is filtered, as a CSV file or an Excel workbook. */
export function ExportMenu({ tenantId, list, filter }: ExportMenuProps) {
  const [busy, setBusy] = useState(false);
  const download = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await downloadListExport(tenantId, list, filter, format);
    } catch (error) {
      toast({ title: 'Export failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu
      label={`Export ${list}`}
      trigger={busy ? 'Exporting...' : 'Export ▾'}
      asButton
      items={FORMATS.map(({ format, label }) => ({ label, disabled: busy, onSelect: () => void download(format) }))}
    />
  );
}
