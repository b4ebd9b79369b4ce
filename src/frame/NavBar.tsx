/**
 * The fixed header: logo, the sections of site.yaml `navigation` and their dropdowns.
 *  - Background: on the home page transparent over the hero until the page has scrolled
 *    `frame.navSolidAfterPx`, then dark translucent; on every other page light from the start.
 *  - Desktop (>= 1024px): dropdowns open on mouse hover or from the keyboard (Enter/Space/ArrowDown
 *    on the section button; Escape closes and returns focus; arrows move between entries).
 *  - Below 1024px: a hamburger opens a full-height sheet whose sections expand one at a time.
 * Which of the two shows is decided by CSS only, so the pre-rendered HTML is the same for every
 * screen. Choosing any entry closes the menus; the router (ScrollManager) or SmartLink scroll to the top.
 */
import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router-dom';
import { Icon } from '../icons/Icon.tsx';
import { useContent } from '../renderer/ContentContext.tsx';
import { SmartLink } from '../renderer/links.tsx';
import { atLeast } from '../styles/breakpoints.ts';
import { Img } from '../ui/Img.tsx';
import { useBrowserIdle } from '../ui/idle.ts';
import { dropdownId, FRAME_IDS, sheetSectionId } from './frameIds.ts';
import styles from './NavBar.module.css';
import {
  activeSectionIndex,
  type NavEntry,
  type NavSection,
  normalisePath,
  resolveNavigation,
} from './navModel.ts';

/** Time the pointer may spend outside an open dropdown (e.g. moving diagonally) before it closes. */
const HOVER_CLOSE_DELAY_MS = 150;

export type NavTheme = 'transparent' | 'dark' | 'light';

/** True once the window has scrolled at least `px` pixels; follows scrolling both ways. */
export function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY >= px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return past;
}

function currentFor(entry: NavEntry, path: string) {
  return entry.link === path ? ('page' as const) : undefined;
}

export function NavBar() {
  const { site, collections } = useContent();
  const { pathname } = useLocation();
  const path = normalisePath(pathname);
  const sections = resolveNavigation(site.navigation, collections);
  const active = activeSectionIndex(sections, path);
  const scrolled = useScrolledPast(site.frame.navSolidAfterPx);
  const idle = useBrowserIdle();

  const [openDropdown, setOpenDropdown] = useState<number | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [expanded, setExpanded] = useState<number | null>(null);
  const hamburgerRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sheetId = FRAME_IDS.menuSheet;

  const closeAll = useCallback(() => {
    clearTimeout(closeTimer.current);
    setOpenDropdown(null);
    setMobileOpen(false);
  }, []);

  // A new address closes every menu (also covers the browser's back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path changing is the trigger.
  useEffect(() => closeAll(), [path, closeAll]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // The mobile sheet: Escape closes it and returns focus to the hamburger; growing to the desktop
  // layout closes it too (the sheet is not shown there).
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMobileOpen(false);
      hamburgerRef.current?.focus();
    };
    const wide = window.matchMedia?.(atLeast('lg'));
    const onWide = () => {
      if (wide?.matches) setMobileOpen(false);
    };
    document.addEventListener('keydown', onKey);
    wide?.addEventListener?.('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide?.removeEventListener?.('change', onWide);
    };
  }, [mobileOpen]);

  const toggleMobile = () => {
    if (!mobileOpen) {
      // Open with the current section unfolded, so its pages are one tap away.
      const current = sections[active];
      setExpanded(current && current.items.length > 0 ? active : null);
    }
    setOpenDropdown(null);
    setMobileOpen(!mobileOpen);
  };

  const theme: NavTheme = mobileOpen || path !== '/' ? 'light' : scrolled ? 'dark' : 'transparent';
  const logo = site.company.logo;
  const logoInverse = site.company.logoInverse;
  // Each logo is a picture of its own, and the browser builds a document for every SVG picture it
  // receives: only the logo this theme shows loads with the page. The other follows once the browser
  // is idle, so a theme change (the home page's menu, a client-side navigation) never shows a gap.
  const onLight = theme === 'light';
  const loadingFor = (shown: boolean) => (shown || idle ? 'eager' : 'lazy');

  return (
    <header
      className={styles.header}
      data-theme={theme}
      data-scrolled={scrolled || undefined}
      data-menu-open={mobileOpen || undefined}
    >
      <div className={`container ${styles.bar}`}>
        <SmartLink href="/" className={styles.brand} aria-label={site.company.name} onClick={closeAll}>
          <Img
            src={logo}
            alt=""
            loading={loadingFor(onLight)}
            className={`${styles.logo} ${styles.logoOnLight}`}
          />
          <Img
            src={logoInverse}
            alt=""
            loading={loadingFor(!onLight)}
            className={`${styles.logo} ${styles.logoOnDark}`}
          />
        </SmartLink>

        <nav aria-label={site.frame.mainMenuLabel} className={styles.desktopNav}>
          <ul className={styles.menu}>
            {sections.map((section, i) =>
              section.items.length > 0 ? (
                <Dropdown
                  key={section.name}
                  id={dropdownId(i)}
                  section={section}
                  path={path}
                  active={i === active}
                  open={openDropdown === i}
                  onOpen={() => {
                    clearTimeout(closeTimer.current);
                    setOpenDropdown(i);
                  }}
                  onClose={() => setOpenDropdown((o) => (o === i ? null : o))}
                  onHoverLeave={() => {
                    clearTimeout(closeTimer.current);
                    closeTimer.current = setTimeout(
                      () => setOpenDropdown((o) => (o === i ? null : o)),
                      HOVER_CLOSE_DELAY_MS,
                    );
                  }}
                  onChoose={closeAll}
                />
              ) : (
                <li key={section.name} className={styles.menuItem}>
                  <SmartLink
                    href={section.link}
                    className={styles.topLink}
                    aria-current={i === active ? 'page' : undefined}
                    onClick={closeAll}
                  >
                    {section.name}
                  </SmartLink>
                </li>
              ),
            )}
          </ul>
        </nav>

        <button
          ref={hamburgerRef}
          type="button"
          className={styles.hamburger}
          aria-label={site.frame.menuButtonLabel}
          aria-expanded={mobileOpen}
          aria-controls={sheetId}
          onClick={toggleMobile}
        >
          {mobileOpen ? <Icon name="x" /> : <Icon name="menu" />}
        </button>
      </div>

      <div id={sheetId} className={styles.sheet} hidden={!mobileOpen}>
        <nav aria-label={site.frame.mainMenuLabel}>
          <ul className={styles.sheetList}>
            {sections.map((section, i) => {
              const panelId = sheetSectionId(i);
              const isActive = i === active;
              if (section.items.length === 0)
                return (
                  <li key={section.name} className={styles.sheetSection}>
                    <SmartLink
                      href={section.link}
                      className={styles.sheetTop}
                      aria-current={isActive ? 'page' : undefined}
                      onClick={closeAll}
                    >
                      {section.name}
                    </SmartLink>
                  </li>
                );
              const isOpen = expanded === i;
              return (
                <li key={section.name} className={styles.sheetSection}>
                  <button
                    type="button"
                    className={styles.sheetTop}
                    aria-expanded={isOpen}
                    aria-controls={panelId}
                    aria-current={isActive ? 'true' : undefined}
                    onClick={() => setExpanded(isOpen ? null : i)}
                  >
                    {section.name}
                    <Icon name="chevron-down" className={styles.chevron} />
                  </button>
                  <ul id={panelId} className={styles.sheetItems} hidden={!isOpen}>
                    {section.items.map((entry) => (
                      <li key={entry.link}>
                        <SmartLink
                          href={entry.link}
                          className={styles.entry}
                          aria-current={currentFor(entry, path)}
                          onClick={closeAll}
                        >
                          {entry.icon && (
                            <span className={styles.entryIcon}>
                              <Icon name={entry.icon} size={18} />
                            </span>
                          )}
                          <span>{entry.label}</span>
                        </SmartLink>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function Dropdown({
  id,
  section,
  path,
  active,
  open,
  onOpen,
  onClose,
  onHoverLeave,
  onChoose,
}: {
  id: string;
  section: NavSection;
  path: string;
  active: boolean;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onHoverLeave: () => void;
  onChoose: () => void;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [focusFirst, setFocusFirst] = useState(false);
  const hovering = useRef(false);

  const entryLinks = () => Array.from(panelRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);

  useEffect(() => {
    if (open && focusFirst) {
      entryLinks()[0]?.focus();
      setFocusFirst(false);
    }
  });

  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      onClose();
      buttonRef.current?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    if (e.target === buttonRef.current) {
      if (e.key === 'ArrowDown') {
        setFocusFirst(true);
        onOpen();
      }
      return;
    }
    const links = entryLinks();
    const at = links.indexOf(e.target as HTMLAnchorElement);
    if (at < 0) return;
    const next = (at + (e.key === 'ArrowDown' ? 1 : -1) + links.length) % links.length;
    links[next]?.focus();
  };

  const onBlur = (e: FocusEvent<HTMLLIElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onClose();
  };

  // Touch screens tap instead of hovering: their taps toggle through the button's click.
  const isMouse = (e: PointerEvent) => e.pointerType !== 'touch' && e.pointerType !== 'pen';

  return (
    <li
      className={`${styles.menuItem} ${styles.hasDropdown}`}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onPointerEnter={(e) => {
        if (!isMouse(e)) return;
        hovering.current = true;
        onOpen();
      }}
      onPointerLeave={(e) => {
        if (!isMouse(e)) return;
        hovering.current = false;
        onHoverLeave();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.topLink}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={id}
        aria-current={active ? 'true' : undefined}
        onClick={(e) => {
          // A mouse click while hovering keeps the hover-opened dropdown open; keys toggle it.
          if (e.detail > 0 && hovering.current) onOpen();
          else if (open) onClose();
          else onOpen();
        }}
      >
        {section.name}
        <Icon name="chevron-down" className={styles.chevron} />
      </button>
      <div
        ref={panelRef}
        id={id}
        className={`${styles.dropdown} ${section.items.length > 6 ? styles.dropdownWide : ''}`}
        hidden={!open}
      >
        <ul className={styles.dropdownList}>
          {section.items.map((entry) => (
            <li key={entry.link}>
              <SmartLink
                href={entry.link}
                className={styles.entry}
                aria-current={currentFor(entry, path)}
                onClick={onChoose}
              >
                {entry.icon && (
                  <span className={styles.entryIcon}>
                    <Icon name={entry.icon} size={18} />
                  </span>
                )}
                <span>{entry.label}</span>
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}
