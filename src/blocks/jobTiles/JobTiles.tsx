/**
 * The opening of a career page: a banner band (picture or brand gradient, padded for the fixed
 * header) holding the title tile — the page's h1 — and the fact tiles (Work Location, Exp-Level,
 * Job Type…) exactly as written in YAML. It also publishes the page's schema.org JobPosting as
 * JSON-LD, so the pre-rendered HTML carries it.
 */
import type { JobTile } from '../../content/generated/content-types.ts';
import { Icon } from '../../icons/Icon.tsx';
import type { UiIconName } from '../../icons/iconSet.ts';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { useSite } from '../../renderer/ContentContext.tsx';
import { SmartLink } from '../../renderer/links.tsx';
import { usePage } from '../../renderer/PageView.tsx';
import { ResponsiveImg } from '../../ui/Img.tsx';
import styles from './JobTiles.module.css';
import { jobPostingFor, jsonLdText } from './jobPosting.ts';

const KIND_ICONS: Record<NonNullable<JobTile['kind']>, UiIconName> = {
  location: 'map-pin',
  experience: 'award',
  employment: 'clock-3',
};

export default function JobTiles({ block }: BlockProps<'jobTiles'>) {
  const site = useSite();
  const { page } = usePage();
  return (
    <section
      className={`${styles.banner} ${block.background ? styles.withPicture : ''}`}
      aria-labelledby="job-title"
    >
      {block.background && (
        <ResponsiveImg
          desktop={block.background.desktop}
          mobile={block.background.mobile}
          alt=""
          priority
          className={styles.background}
        />
      )}
      <div className={`container ${styles.inner}`}>
        <div className={styles.titleTile}>
          <h1 id="job-title" className={styles.title}>
            {block.title}
          </h1>
        </div>
        <dl className={styles.tiles}>
          {block.tiles.map((tile) => {
            const kindIcon = tile.kind ? KIND_ICONS[tile.kind] : undefined;
            return (
              <div key={tile.legend} className={`${styles.tile} ${kindIcon ? styles.withIcon : ''}`}>
                <dt className={styles.legend}>
                  {/* Inside the <dt>: a <dl> group may hold only <dt> and <dd> elements. */}
                  {kindIcon && (
                    <span className={styles.icon} aria-hidden="true">
                      <Icon name={kindIcon} size={22} />
                    </span>
                  )}
                  {tile.legend}
                </dt>
                <dd className={styles.value}>{tile.value}</dd>
              </div>
            );
          })}
        </dl>
        {block.action && (
          <p className={styles.action}>
            <SmartLink href={block.action.link} className="button button-accent">
              {block.action.label}
              <Icon name="arrow-down" size={18} />
            </SmartLink>
          </p>
        )}
      </div>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON from our own YAML, "<" escaped by jsonLdText
        dangerouslySetInnerHTML={{ __html: jsonLdText(jobPostingFor(block, page, site)) }}
      />
    </section>
  );
}
