/**
 * The block registry: block type -> component. Adding a block type = a schema in schema/blocks/,
 * `npm run gen`, a component in src/blocks/<type>/ and one line here (`npm run new:block` does all).
 * The object is typed by the schema-generated union: a type without a component, or a component
 * for a type without a schema, is a compile error. Each block is its own chunk, loaded on demand;
 * `{ defer: true }` marks heavy blocks below the fold (forms, sliders): their code loads when they
 * come near the screen or the visitor first touches them, not with the page (lazyBlock.ts).
 * `STATIC` blocks (no state, no effects, only text, pictures and links) are deferred the same way:
 * the pre-rendered HTML is complete without their code, so it is not part of a page's first load
 * (issue 23); it loads when they come near the screen, and at once on client-side navigation.
 */
import type { BlockType } from '../content/model.ts';
import type { BlockProps } from './blockProps.ts';
import { type LazyBlock, lazyBlock } from './lazyBlock.ts';

/** Loaded like a deferred block: its pre-rendered HTML needs no code until it comes near the screen. */
const STATIC = { defer: true } as const;

export const blockRegistry: { [T in BlockType]: LazyBlock<BlockProps<T>> } = {
  aboutCard: lazyBlock(() => import('../blocks/aboutCard/AboutCard.tsx'), STATIC),
  applicationForm: lazyBlock(() => import('../blocks/applicationForm/ApplicationForm.tsx'), { defer: true }),
  brochureForm: lazyBlock(() => import('../blocks/brochureForm/BrochureForm.tsx'), { defer: true }),
  actionButton: lazyBlock(() => import('../blocks/actionButton/ActionButton.tsx'), STATIC),
  bulletGrid: lazyBlock(() => import('../blocks/bulletGrid/BulletGrid.tsx'), STATIC),
  callToAction: lazyBlock(() => import('../blocks/callToAction/CallToAction.tsx'), STATIC),
  demoForm: lazyBlock(() => import('../blocks/demoForm/DemoForm.tsx'), { defer: true }),
  featureImage: lazyBlock(() => import('../blocks/featureImage/FeatureImage.tsx'), STATIC),
  imageLink: lazyBlock(() => import('../blocks/imageLink/ImageLink.tsx'), STATIC),
  imageRow: lazyBlock(() => import('../blocks/imageRow/ImageRow.tsx'), STATIC),
  jobTiles: lazyBlock(() => import('../blocks/jobTiles/JobTiles.tsx'), STATIC),
  pageHero: lazyBlock(() => import('../blocks/pageHero/PageHero.tsx'), STATIC),
  productFooter: lazyBlock(() => import('../blocks/productFooter/ProductFooter.tsx'), STATIC),
  scrollDown: lazyBlock(() => import('../blocks/scrollDown/ScrollDown.tsx')),
  textCards: lazyBlock(() => import('../blocks/textCards/TextCards.tsx'), STATIC),
  hero: lazyBlock(() => import('../blocks/hero/Hero.tsx')),
  industriesCarousel: lazyBlock(() => import('../blocks/industriesCarousel/IndustriesCarousel.tsx'), {
    defer: true,
  }),
  whatWeDo: lazyBlock(() => import('../blocks/whatWeDo/WhatWeDo.tsx'), STATIC),
  // Animated, and below the first screen on the home page: their code loads as they come near it
  // (right after hydration where a page has one near the top).
  clientsMarquee: lazyBlock(() => import('../blocks/clientsMarquee/ClientsMarquee.tsx'), { defer: true }),
  productsStrip: lazyBlock(() => import('../blocks/productsStrip/ProductsStrip.tsx'), { defer: true }),
  servicesCarousel: lazyBlock(() => import('../blocks/servicesCarousel/ServicesCarousel.tsx'), {
    defer: true,
  }),
  jobCards: lazyBlock(() => import('../blocks/jobCards/JobCards.tsx'), STATIC),
  grievanceContact: lazyBlock(() => import('../blocks/grievanceContact/GrievanceContact.tsx'), STATIC),
  collectionList: lazyBlock(() => import('../blocks/collectionList/CollectionList.tsx'), STATIC),
};
