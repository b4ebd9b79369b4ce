import { loadContent } from '../../tests/support/content.tsx';
import { readSiteData, SITE_DATA_ID, type SiteData, siteDataScript } from './siteData.ts';

describe("the site's data block", () => {
  it('carries the data into the page and back, with nothing in it able to close the element', () => {
    const { loadPage: _, imageVariants: __, ...data } = loadContent();
    const hostile: SiteData = {
      ...data,
      pages: {},
      imageVariants: {},
      site: { ...data.site, copyright: '</script><script>alert(1)</script> & <b>' },
    };
    const html = siteDataScript(hostile);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    document.body.innerHTML = `<div id="root"></div>${html}`;
    const read = readSiteData(document);
    expect(read).toEqual(hostile);
    expect(read.site.copyright).toBe('</script><script>alert(1)</script> & <b>');
    expect(read.routes.map((r) => r.path)).toContain('/services/iot');
  });

  it('says which element is missing', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(() => readSiteData(document)).toThrow(SITE_DATA_ID);
  });
});
