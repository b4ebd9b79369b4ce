/**
 * The grievance officer of the privacy notice. The person's name, email and phone are written once,
 * in site.yaml (`contact.grievance`); the page's YAML gives only the heading and labels.
 */

import { telHref } from '../../frame/navModel.ts';
import { Icon } from '../../icons/Icon.tsx';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { useSite } from '../../renderer/ContentContext.tsx';
import styles from './GrievanceContact.module.css';

export default function GrievanceContact({ block }: BlockProps<'grievanceContact'>) {
  const { grievance } = useSite().contact;
  return (
    <section className={`section ${styles.section}`} aria-labelledby="grievance-heading">
      <div className={`container ${styles.inner}`}>
        <h2 id="grievance-heading" className="section-heading">
          {block.heading}
        </h2>
        {block.intro && <p className={styles.text}>{block.intro}</p>}
        <dl className={styles.card}>
          <div className={styles.row}>
            <dt className={styles.label}>
              <Icon name="user-round" className={styles.icon} />
              {block.nameLabel}
            </dt>
            <dd className={styles.value}>{grievance.name}</dd>
          </div>
          <div className={styles.row}>
            <dt className={styles.label}>
              <Icon name="mail" className={styles.icon} />
              {block.emailLabel}
            </dt>
            <dd className={styles.value}>
              <a href={`mailto:${grievance.email}`}>{grievance.email}</a>
            </dd>
          </div>
          {grievance.phone && block.phoneLabel && (
            <div className={styles.row}>
              <dt className={styles.label}>
                <Icon name="phone" className={styles.icon} />
                {block.phoneLabel}
              </dt>
              <dd className={styles.value}>
                <a href={telHref(grievance.phone)}>{grievance.phone}</a>
              </dd>
            </div>
          )}
        </dl>
        {block.outro && <p className={styles.text}>{block.outro}</p>}
      </div>
    </section>
  );
}
