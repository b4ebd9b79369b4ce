/** The company's offer in brief: text, highlight cards and buttons to the products and services. */
import { Icon } from '../../icons/Icon.tsx';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { SmartLink } from '../../renderer/links.tsx';
import styles from './WhatWeDo.module.css';

export default function WhatWeDo({ block }: BlockProps<'whatWeDo'>) {
  return (
    <section className={`section ${styles.section}`} aria-labelledby="what-we-do-heading">
      <div className={`container ${styles.layout}`}>
        <div className={styles.text}>
          {block.eyebrow && <p className={styles.eyebrow}>{block.eyebrow}</p>}
          <h2 id="what-we-do-heading" className={styles.heading}>
            {block.heading}
          </h2>
          {block.paragraphs.map((paragraph) => (
            <p key={paragraph} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
          <div className={styles.links}>
            {block.links.map((link, i) => (
              <SmartLink
                key={link.link}
                href={link.link}
                className={`button ${i === 0 ? 'button-primary' : 'button-ghost'} ${styles.link}`}
              >
                {link.label}
                <Icon name="arrow-right" size={18} />
              </SmartLink>
            ))}
          </div>
        </div>
        {block.highlights && block.highlights.length > 0 && (
          <ul className={styles.highlights}>
            {block.highlights.map((item) => (
              <li key={item.title} className={styles.highlight}>
                <span className={styles.icon}>
                  <Icon name={item.icon} size={24} />
                </span>
                <h3 className={styles.highlightTitle}>{item.title}</h3>
                <p className={styles.highlightText}>{item.text}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
