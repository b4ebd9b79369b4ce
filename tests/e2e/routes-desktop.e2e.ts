/** Every route at 1280px (see support/routesSuite.ts). */
import { describeRoutes } from './support/routesSuite.ts';
import { WIDTHS } from './support/site.ts';

describeRoutes(WIDTHS.desktop);
