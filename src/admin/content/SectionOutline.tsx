/**
 * The outline of the page at the top of the form: Page details, each section by its label (as its
 * legend names it), and "Add a section". Each entry takes the keyboard to that part of the form,
 * so no one has to press Tab through every field to get there. A skip link before it goes straight
 * to "Add a section".
 */
import styles from './content.module.css';
import own from './EditorLayout.module.css';

export type OutlineTarget = { kind: 'details' } | { kind: 'block'; key: string } | { kind: 'add' };

export function SkipToSectionControls({ onSkip }: { onSkip: () => void }) {
  return (
    <button type="button" className={`${styles.linkButton} ${own.skipLink}`} onClick={onSkip}>
      Skip to “Add a section”
    </button>
  );
}

export function SectionOutline({
  sections,
  onGo,
}: {
  /** The page's sections in order: their keys and labels. */
  sections: readonly { key: string; label: string }[];
  onGo: (target: OutlineTarget) => void;
}) {
  return (
    <nav aria-label="Sections of the page" className={own.outline}>
      <p className={own.outlineTitle} aria-hidden="true">
        Go to
      </p>
      <ol>
        <li>
          <button type="button" className={own.outlineEntry} onClick={() => onGo({ kind: 'details' })}>
            Page details
          </button>
        </li>
        {sections.map((s, i) => (
          <li key={s.key}>
            <button
              type="button"
              className={own.outlineEntry}
              onClick={() => onGo({ kind: 'block', key: s.key })}
            >
              {i + 1}. {s.label}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className={own.outlineEntry} onClick={() => onGo({ kind: 'add' })}>
            Add a section
          </button>
        </li>
      </ol>
    </nav>
  );
}
