import { CALLBACK_STATUS_KEEPS_PROSPECT, type StatusOption, type UpdateStatusOption } from '@app/shared/contracts';
import { statusOptions } from '../../db/schema';
import { optionDto, optionValues, tenantOptionsService } from '../tenant-options';
import { statusOptionsRepository, type StatusOptionRow, type StatusOptionValues } from './repository';

export const STATUS_OPTION_NOT_FOUND_DETAIL = 'Status option not found.';
export const STATUS_NAME_TAKEN_DETAIL = 'A status option with this name already exists.';

export function toStatusOptionDto(row: StatusOptionRow): StatusOption {
  return { ...optionDto(row), converts_to_lead: row.convertsToLead, removes_from_prospects: row.removesFromProspects, is_callback: row.isCallback };
}

type StatusFields = Omit<UpdateStatusOption, 'sort_order'> & { sort_order?: number };

function toValues(input: StatusFields): StatusOptionValues {
  const values: StatusOptionValues = optionValues(input);
  if (input.converts_to_lead !== undefined) values.convertsToLead = input.converts_to_lead;
  if (input.removes_from_prospects !== undefined) values.removesFromProspects = input.removes_from_prospects;
  if (input.is_callback !== undefined) values.isCallback = input.is_callback;
  return values;
}

/** A tenant's status options: each call on the caller's database (request.db). */
export const statusOptionsService = tenantOptionsService({
  table: statusOptions,
  repository: statusOptionsRepository,
  toDto: toStatusOptionDto,
  toValues,
  defaults: { sortOrder: 0 },
  audit: { targetType: 'status_option' },
  notFoundDetail: STATUS_OPTION_NOT_FOUND_DETAIL,
  nameTaken: { constraint: 'status_options_tenant_name_unique', detail: STATUS_NAME_TAKEN_DETAIL },
  // A change that makes the callback status convert or remove, or the converting one the callback one, field by field.
  refused: { constraint: 'status_options_callback_keeps_prospect', detail: CALLBACK_STATUS_KEEPS_PROSPECT },
});
