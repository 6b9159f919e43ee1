/** What prospects and leads share: company fields, their lists as JSON written by the database, stage moves. The rest of the server imports this module through this file only. */
export { companyColumns, type CompanyInput } from './company';
export { companyList } from './company-list';
export { EXPORT_ROW_LIMIT, type ExportRow } from './company-export';
export { COMPANY_JOINS, type CompanyPageResult, jsonColumns, NEWEST_FIRST, type PageOrder } from './company-page';
export {
  bindValues,
  type CompanyFilters,
  companyFilters,
  companyRecordsRepository,
  filterConditions,
  type FilterBinder,
  hasListFilters,
  isFiltered,
  matchesSearch,
  ownerOf,
  searchTerms,
} from './company-record';
export { assignRecords, type AssignRound, type AssignRounds, type AssignTarget } from './assign-records';
export { assignRouteOptions, companyAssigner } from './assign-service';
export { moveToStage, startingStage } from './company-stage';
export { keptTotalPages } from './kept-total-page';
export { assertPhoneFree, leadPhonesHeld, phoneHolder, phoneTakenByUnseenDetail, phoneTakenDetail, type PhoneWriter } from './phone-rule';
export { leadProbability, stageProbability } from './lead-probability';
