/**
 * Header drop-downs: anchored under their button on wider screens; on phones, a full-width sheet
 * under the header, so no panel runs off the screen in either text direction.
 */
export const HEADER_POPOVER =
  'z-50 mt-2 rounded-xl border border-line bg-card shadow-lg max-sm:fixed max-sm:inset-x-3 max-sm:top-[calc(3.5rem+env(safe-area-inset-top))] sm:absolute sm:end-0'

/** The header's drop-downs (<details>) share this name: an exclusive group, so opening one closes the others. */
export const HEADER_MENU_GROUP = 'header-menu'
