/**
 * Header drop-downs: anchored under their button on wider screens; on phones, a full-width sheet
 * under the header, so no panel runs off the screen in either text direction.
 */
export const HEADER_POPOVER =
  'z-50 mt-2 rounded-xl border border-line bg-card shadow-lg max-sm:fixed max-sm:inset-x-3 max-sm:top-[calc(3.5rem+env(safe-area-inset-top))] sm:absolute sm:end-0'
