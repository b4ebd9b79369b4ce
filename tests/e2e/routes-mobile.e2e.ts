/** Every route at 375px (see support/routesSuite.ts). */
import { describeRoutes } from './support/routesSuite.ts';
import { WIDTHS } from './support/site.ts';

describeRoutes(WIDTHS.mobile);
