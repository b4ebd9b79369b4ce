/**
 * The ids the frame's ARIA references point at (aria-controls, aria-labelledby). The frame is
 * rendered once per page, so these are fixed names rather than React's useId: a useId value
 * depends on where the component sits in the tree, and the pre-rendered page and the hydrated one
 * have differed there before (issue 33), leaving an element mounted after hydration with an id the
 * pre-rendered reference never named. A fixed name is the same in the HTML, after hydration and in
 * anything mounted later.
 */
export const FRAME_IDS = {
  /** The chat button's "Let's Talk" panel, and its title. */
  chatPanel: 'chat-panel',
  chatTitle: 'chat-title',
  /** The mobile menu's sheet, below 1024px. */
  menuSheet: 'menu-sheet',
} as const;

/** The desktop dropdown of the navigation's section at `index`. */
export const dropdownId = (index: number): string => `menu-dropdown-${index}`;

/** The mobile sheet's list of entries of the section at `index`. */
export const sheetSectionId = (index: number): string => `menu-sheet-section-${index}`;
