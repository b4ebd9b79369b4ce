/** The words both editors (pages and site settings) show about saving, leaving and drafts. */

/** "this page" or "the site settings": what the user is editing, in a sentence. */
export type What = 'this page' | 'the site settings';

export const whatOf = (file: string): What => (file === 'site.yaml' ? 'the site settings' : 'this page');

export const editorWords = {
  status: {
    problems: (n: number) => `${n} ${n === 1 ? 'problem' : 'problems'} to fix before saving`,
    conflict: 'Not saved: someone else changed this page',
    conflictSite: 'Not saved: someone else changed the site settings',
    saving: 'Saving…',
    saved: 'Saved and recorded in the history.',
    savedNoHistory: 'Saved.',
    merged: "Saved, together with someone else's changes made meanwhile.",
    restored: 'The earlier version is back (saved as a new version).',
    unsaved: 'Unsaved changes',
    none: 'No changes',
  },
  conflict: {
    heading: (what: What) => `Someone else changed ${what}`,
    fieldsIntro: 'You both changed these fields. Choose, beside each, whose words to keep:',
    goTo: (label: string) => `Go to ${label}`,
    decided: (choice: 'theirs' | 'mine') => (choice === 'theirs' ? 'their words kept' : 'your words kept'),
    mineStay: 'Your other changes are still here, and theirs are kept too.',
    loadTheirs: 'Drop mine and load theirs',
    saveMineOver: 'Save mine over theirs',
    noBase:
      'Their changes cannot be told apart from yours field by field. Saving yours replaces the whole file with your version.',
  },
  field: {
    intro: (label: string) => `Someone else changed ${label} too. Theirs:`,
    mine: 'Yours:',
    empty: '(empty)',
    keepTheirs: 'Keep theirs',
    keepMine: 'Keep mine',
  },
  draft: {
    offer: (time: string) => `You have unsaved changes from ${time}:`,
    restore: 'Restore',
    discard: 'Discard',
  },
  leave: {
    heading: 'Leave without saving?',
    text: 'Your changes are not saved. This browser keeps them: open the page again to restore them.',
    stay: 'Stay and keep editing',
    leave: 'Leave without saving',
  },
} as const;
