import styled from 'styled-components';
import { SelectField } from '@app/shared';
import { COMPANY_FIELD_LABELS, COMPANY_FIELDS, REQUIRED_COMPANY_FIELDS, type CompanyField } from '@app/shared/forms';
import { type ColumnMapping } from '../utils/column-mapping';
import type { SheetTable } from '../utils/sheet-table';

const StyledMapper = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  legend { font-weight: 600; font-size: 0.9rem; padding: 0 ${({ theme }) => theme.space(1)}; }
  p { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: 0.85rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StyledGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  max-height: 18rem;
  overflow-y: auto;
  label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

export const SKIP_COLUMN = "Don't import";
const REQUIRED = new Set<CompanyField>(REQUIRED_COMPANY_FIELDS);

/** One select per column of the file: the prospect field it fills, or none. Each field takes one column. */
export function ColumnMapper({ table, mapping, onChange }: { table: SheetTable; mapping: ColumnMapping; onChange: (mapping: ColumnMapping) => void }) {
  const choose = (column: number, field: CompanyField | null) =>
    // A field chosen for this column leaves the column that had it.
    onChange(mapping.map((current, index) => (index === column ? field : current === field ? null : current)));
  return (
    <StyledMapper>
      <legend>Match columns to prospect fields</legend>
      <p>Name and Phone1 are required. Columns matched to no field are left out.</p>
      <StyledGrid>
        {table.headers.map((header, column) => (
          <SelectField
            key={column}
            label={header}
            hint={table.rows[0]?.[column] ? `e.g. ${table.rows[0][column]}` : undefined}
            value={mapping[column] ?? ''}
            onChange={(event) => choose(column, (event.target.value || null) as CompanyField | null)}
          >
            <option value="">{SKIP_COLUMN}</option>
            {COMPANY_FIELDS.map((field) => (
              <option key={field} value={field}>
                {COMPANY_FIELD_LABELS[field]}
                {REQUIRED.has(field) ? ' (required)' : ''}
              </option>
            ))}
          </SelectField>
        ))}
      </StyledGrid>
    </StyledMapper>
  );
}
