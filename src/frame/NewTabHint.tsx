/**
 * Tells screen-reader users that the link it sits in opens a new tab (site.yaml `frame.newTabHint`);
 * not shown on screen. Place it last inside the link, after the link's own words.
 */
import { useSite } from '../renderer/ContentContext.tsx';

export function NewTabHint() {
  const { newTabHint } = useSite().frame;
  // The space sits outside the hidden span, so every accessible-name algorithm keeps it.
  return (
    <>
      {' '}
      <span className="visually-hidden">{newTabHint}</span>
    </>
  );
}
