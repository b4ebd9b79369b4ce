/**
 * On a small screen the page editor shows one pane at a time: this switch chooses the form
 * ("Edit") or the preview ("Preview"). Tabs, as screen readers know them ("Preview, tab, selected,
 * 2 of 2"); the arrow keys, Home and End move between the two, as in any tab list.
 */
import type { KeyboardEvent } from 'react';
import own from './EditorLayout.module.css';

export type Pane = 'edit' | 'preview';

const PANES: readonly { pane: Pane; label: string }[] = [
  { pane: 'edit', label: 'Edit' },
  { pane: 'preview', label: 'Preview' },
];

/** The id of a pane's tab (its panel is labelled by it). */
export const paneTabId = (pane: Pane) => `pane-tab-${pane}`;

export function PaneSwitch({
  pane,
  panelIds,
  onChange,
}: {
  pane: Pane;
  /** The ids of the two panes the tabs control. */
  panelIds: Record<Pane, string>;
  onChange: (pane: Pane) => void;
}) {
  const choose = (next: Pane) => {
    onChange(next);
    document.getElementById(paneTabId(next))?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = PANES.findIndex((p) => p.pane === pane);
    const last = PANES.length - 1;
    const to: Record<string, number> = {
      ArrowLeft: index === 0 ? last : index - 1,
      ArrowRight: index === last ? 0 : index + 1,
      Home: 0,
      End: last,
    };
    const next = PANES[to[e.key] ?? -1];
    if (!next) return;
    e.preventDefault();
    choose(next.pane);
  };
  return (
    <div role="tablist" aria-label="Edit or preview" className={own.paneSwitch} onKeyDown={onKeyDown}>
      {PANES.map((p) => (
        <button
          key={p.pane}
          type="button"
          role="tab"
          id={paneTabId(p.pane)}
          aria-selected={p.pane === pane}
          aria-controls={panelIds[p.pane]}
          tabIndex={p.pane === pane ? 0 : -1}
          className={own.paneTab}
          onClick={() => onChange(p.pane)}
        >
          {p.label}
        </button>
      ))}
    </div>
  );
}
