/**
 * The brochure request block: a card with the heading of site.yaml's forms.brochure, the block's
 * sentence about its brochure, and the form (src/forms/BrochureForm.tsx).
 */
import { BrochureForm as Form } from '../../forms/BrochureForm.tsx';
import { fieldStyles } from '../../forms/fields.tsx';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { useSite } from '../../renderer/ContentContext.tsx';
import styles from './BrochureForm.module.css';

export default function BrochureForm({ block }: BlockProps<'brochureForm'>) {
  const words = useSite().forms.brochure;
  const anchor = block.anchor ?? 'brochure';
  const headingId = `${anchor}-heading`;
  return (
    <section id={anchor} className={`section ${styles.section}`} aria-labelledby={headingId}>
      <div className="container">
        <div className={`${fieldStyles.card} ${styles.card}`}>
          <div className={styles.intro}>
            <h2 id={headingId} className={styles.heading}>
              {words.heading}
            </h2>
            {block.text && <p className={styles.text}>{block.text}</p>}
          </div>
          <Form
            headingId={headingId}
            classNames={{ form: styles.form ?? '', row: styles.row ?? '', submit: styles.submit ?? '' }}
          />
        </div>
      </div>
    </section>
  );
}
