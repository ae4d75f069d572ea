/** The exchange's bound on page numbers (pageQuerySchema in the contract). */
export const MAX_PAGE = 10_000
