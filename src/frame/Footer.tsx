/**
 * The footer of every page (the target of Contact Us, `#contactus`): heading, logo and company
 * sentence, email / phone / address (a maps search in a new tab), links to every section, social
 * profiles (new tabs), the copyright line and the privacy notice link. Every word and address comes
 * from site.yaml; links opening a new tab say so to screen readers (frame.newTabHint).
 */

import type { ReactNode } from 'react';
import { Icon } from '../icons/Icon.tsx';
import { useContent } from '../renderer/ContentContext.tsx';
import { SmartLink } from '../renderer/links.tsx';
import { Img } from '../ui/Img.tsx';
import styles from './Footer.module.css';
import { NewTabHint } from './NewTabHint.tsx';
import { mapsHref, resolveNavigation, telHref } from './navModel.ts';
import { SocialIcon, type SocialNetwork } from './SocialIcon.tsx';

const NETWORKS: SocialNetwork[] = ['facebook', 'twitter', 'linkedin', 'instagram'];

export function Footer() {
  const { site, collections } = useContent();
  const { frame, contact } = site;
  // Every section that is a page of its own (Contact Us is this footer).
  const sections = resolveNavigation(site.navigation, collections).filter((s) => s.link.startsWith('/'));

  return (
    <footer id="contactus" className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <h2 id="footer-heading" className={styles.heading}>
          {frame.footerHeading}
        </h2>
        <div className={styles.brand}>
          <Img src={site.company.logoInverse} alt={site.company.name} className={styles.logo} />
          <p className={styles.about}>{site.company.description}</p>
        </div>

        <address className={styles.contact}>
          <ContactRow icon={<Icon name="mail" />} label={frame.emailLabel}>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </ContactRow>
          <ContactRow icon={<Icon name="phone" />} label={frame.phoneLabel}>
            <a href={telHref(contact.phone)}>{contact.phone}</a>
          </ContactRow>
          <ContactRow icon={<Icon name="map-pin" />} label={frame.addressLabel}>
            <a href={mapsHref(contact)} target="_blank" rel="noopener noreferrer">
              {contact.address}
              <NewTabHint />
            </a>
          </ContactRow>
        </address>

        <div className={styles.columns}>
          <nav aria-labelledby="footer-sections">
            <h3 id="footer-sections" className={styles.columnHeading}>
              {frame.sectionsHeading}
            </h3>
            <ul className={styles.sectionList}>
              {sections.map((section) => (
                <li key={section.name}>
                  <SmartLink href={section.link}>{section.name}</SmartLink>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h3 id="footer-social" className={styles.columnHeading}>
              {frame.socialHeading}
            </h3>
            <ul className={styles.social} aria-labelledby="footer-social">
              {NETWORKS.map((network) => (
                <li key={network}>
                  <a
                    href={site.social[network]}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={styles.socialLink}
                  >
                    <SocialIcon network={network} />
                    <span className="visually-hidden">{frame.socialLabels[network]}</span>
                    <NewTabHint />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <div className={styles.bottom}>
        <div className={`container ${styles.bottomRow}`}>
          <p>{site.copyright}</p>
          {frame.privacyLink && (
            <SmartLink href={frame.privacyLink.link} className={styles.bottomLink}>
              {frame.privacyLink.text}
            </SmartLink>
          )}
        </div>
      </div>
    </footer>
  );
}

function ContactRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className={styles.contactRow}>
      <span className={styles.contactIcon}>{icon}</span>
      <div>
        <p className={styles.contactLabel}>{label}</p>
        <p className={styles.contactValue}>{children}</p>
      </div>
    </div>
  );
}
