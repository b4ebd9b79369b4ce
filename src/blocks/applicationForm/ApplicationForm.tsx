/**
 * The "Apply for this position" block of the career pages: the form (src/forms/ApplicationForm.tsx)
 * with its heading and the block's intro sentence. A new job title (navigating between career pages
 * keeps this component mounted) starts a fresh, empty form.
 */
import { jobTitleOf } from '../../content/model.ts';
import { ApplicationForm as Form } from '../../forms/ApplicationForm.tsx';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { useSite } from '../../renderer/ContentContext.tsx';
import { usePage } from '../../renderer/PageView.tsx';
import styles from './ApplicationForm.module.css';

export default function ApplicationForm({ block }: BlockProps<'applicationForm'>) {
  const position = jobTitleOf(usePage().page) ?? '';
  const words = useSite().forms.application;
  const anchor = block.anchor ?? 'apply';
  const headingId = `${anchor}-heading`;
  return (
    <section id={anchor} className={`section ${styles.section}`} aria-labelledby={headingId}>
      <div className={`container ${styles.container}`}>
        {/* Keyed by the position: another job's page gets a new, empty form. */}
        <Form key={position} position={position} headingId={headingId}>
          <div className={styles.intro}>
            <h2 id={headingId} className={styles.heading}>
              {words.heading}
            </h2>
            {block.intro && <p className={styles.text}>{block.intro}</p>}
          </div>
        </Form>
      </div>
    </section>
  );
}
