/**
 * The demo / inquiry request block: the heading and intro of site.yaml's forms.demo beside the form
 * (src/forms/DemoForm.tsx).
 */
import { DemoForm as Form } from '../../forms/DemoForm.tsx';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { useSite } from '../../renderer/ContentContext.tsx';
import styles from './DemoForm.module.css';

export default function DemoForm({ block }: BlockProps<'demoForm'>) {
  const texts = useSite().forms.demo;
  const headingId = `${block.anchor ?? 'demo'}-heading`;
  return (
    <section id={block.anchor ?? 'demo'} className={`section ${styles.section}`} aria-labelledby={headingId}>
      <div className={`container ${styles.layout}`}>
        <div className={styles.intro}>
          <h2 id={headingId} className={styles.heading}>
            {texts.heading}
          </h2>
          <p className={styles.text}>{texts.intro}</p>
        </div>
        <Form headingId={headingId} />
      </div>
    </section>
  );
}
