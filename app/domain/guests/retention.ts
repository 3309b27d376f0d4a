/**
 * How long orders keep the guest's contact data before the retention job anonymizes them, when
 * GUEST_DATA_RETENTION_MONTHS is not set (issue 24). Amounts and items stay for the ledger.
 */
export const DEFAULT_GUEST_DATA_RETENTION_MONTHS = 24;
