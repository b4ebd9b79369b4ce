/**
 * The clients from site.yaml as a row of logos scrolling in a seamless loop: a CSS animation moves
 * a track holding the list twice by exactly half its width. One loop takes `loopSeconds.narrow`
 * below 640px, `medium` below 1024px and `wide` otherwise (read with matchMedia; the pre-rendered
 * page uses the wide value). With reduced motion the logos are a still, wrapped list.
 */
import { useSite } from '../../renderer/ContentContext.tsx';
import type { BlockProps } from '../../renderer/registry.ts';
import { Img } from '../../ui/Img.tsx';
import { SectionHeader } from '../../ui/SectionHeader.tsx';
import { useMediaQuery, usePageVisible, useReducedMotion } from '../hero/motion.ts';
import styles from './ClientsMarquee.module.css';

type Client = { name: string; logo: string };

function ClientList({ clients, copy }: { clients: readonly Client[]; copy: boolean }) {
  return clients.map((client) => (
    <li key={client.name} className={styles.item} aria-hidden={copy ? true : undefined}>
      <Img src={client.logo} alt="" className={styles.logo} />
      <span className={styles.name}>{client.name}</span>
    </li>
  ));
}

export default function ClientsMarquee({ block }: BlockProps<'clientsMarquee'>) {
  const clients = useSite().clients;
  const reduced = useReducedMotion();
  const visible = usePageVisible();
  const atLeast640 = useMediaQuery('(min-width: 640px)', true);
  const atLeast1024 = useMediaQuery('(min-width: 1024px)', true);
  const seconds = atLeast1024
    ? block.loopSeconds.wide
    : atLeast640
      ? block.loopSeconds.medium
      : block.loopSeconds.narrow;

  return (
    <section className={`section ${styles.section}`} aria-labelledby="clients-heading">
      <div className="container">
        <SectionHeader
          id="clients-heading"
          eyebrow={block.eyebrow}
          heading={block.heading}
          intro={block.intro}
        />
        <div className={reduced ? styles.still : styles.viewport}>
          <ul
            className={reduced ? styles.wrapped : styles.track}
            data-testid="clients-track"
            style={
              reduced
                ? undefined
                : { animationDuration: `${seconds}s`, animationPlayState: visible ? undefined : 'paused' }
            }
          >
            <ClientList clients={clients} copy={false} />
            {!reduced && <ClientList clients={clients} copy />}
          </ul>
        </div>
      </div>
    </section>
  );
}
