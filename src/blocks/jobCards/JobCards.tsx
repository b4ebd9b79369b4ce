/**
 * The job openings (from each career page's `listing:`) as cards linking to their pages: icon, job
 * type badge, title, experience figure and an Apply Now button revealed on hover or keyboard focus
 * (always shown on touch screens, which cannot hover).
 */

import { collectionUseOf } from '../../content/collectionUse.ts';
import { Icon } from '../../icons/Icon.tsx';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { SmartLink } from '../../renderer/links.tsx';
import { useListedPages } from '../../renderer/useListedPages.ts';
import { SectionHeader } from '../../ui/SectionHeader.tsx';
import styles from './JobCards.module.css';

export default function JobCards({ block }: BlockProps<'jobCards'>) {
  const jobs = useListedPages(collectionUseOf(block));
  return (
    <section className={`section ${styles.section}`} aria-labelledby="jobs-heading">
      <div className="container">
        <SectionHeader
          id="jobs-heading"
          eyebrow={block.eyebrow}
          heading={block.heading}
          intro={block.intro}
        />
        <ul className={styles.grid} data-testid="job-cards">
          {jobs.map((job) => (
            <li key={job.link}>
              <SmartLink href={job.link} className={styles.card}>
                <span className={styles.top}>
                  <span className={styles.icon}>
                    {job.icon ? <Icon name={job.icon} size={24} /> : <Icon name="briefcase" size={24} />}
                  </span>
                  <span className={styles.badge}>{block.typeLabel}</span>
                </span>
                <h3 className={styles.title}>{job.title}</h3>
                {job.years && (
                  <span className={styles.years}>
                    <Icon name="clock" size={16} />
                    {block.experienceLabel}: {job.years}
                  </span>
                )}
                {job.description && <span className={styles.description}>{job.description}</span>}
                <span className={`button button-primary ${styles.apply}`}>
                  {block.applyLabel}
                  <Icon name="arrow-right" size={18} />
                </span>
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
