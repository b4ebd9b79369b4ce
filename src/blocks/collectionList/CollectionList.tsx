/**
 * Every page of one list (products, services or jobs, from each page's `listing:`) as a list of
 * linked cards: the page a shortened header menu's last entry ("All services") leads to. It opens a
 * page of its own, so its heading is the page's h1 and each card's title an h2. Plain links in a
 * <ul>: nothing moves, so the block needs no code of its own after the pre-rendered HTML.
 */
import { useId } from 'react';
import { collectionUseOf } from '../../content/collectionUse.ts';
import { Icon } from '../../icons/Icon.tsx';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { SmartLink } from '../../renderer/links.tsx';
import { useListedPages } from '../../renderer/useListedPages.ts';
import { Img } from '../../ui/Img.tsx';
import { SectionHeader } from '../../ui/SectionHeader.tsx';
import styles from './CollectionList.module.css';

export default function CollectionList({ block }: BlockProps<'collectionList'>) {
  const pages = useListedPages(collectionUseOf(block));
  const headingId = useId();
  return (
    <section className={`section below-nav ${styles.section}`} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeader
          id={headingId}
          level={1}
          align="start"
          heading={block.heading}
          eyebrow={block.eyebrow}
          intro={block.intro}
        />
        <ul className={styles.grid}>
          {pages.map((page) => (
            <li key={page.link}>
              <SmartLink href={page.link} className={styles.card}>
                {page.image ? (
                  <span className={styles.media}>
                    {/* The title names the link; the picture's own words would only repeat it. */}
                    <Img src={page.image.src} alt="" className={styles.image} />
                  </span>
                ) : (
                  page.icon && (
                    <span className={styles.icon}>
                      <Icon name={page.icon} size={24} />
                    </span>
                  )
                )}
                <h2 className={styles.title}>{page.title}</h2>
                {page.description && <p className={styles.description}>{page.description}</p>}
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
