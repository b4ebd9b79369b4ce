/**
 * The block registry: block type -> component. Adding a block type = a schema in schema/blocks/,
 * `npm run gen`, a component in src/blocks/<type>/ and one line here (`npm run new:block` does all).
 * The object is typed by the schema-generated union: a type without a component, or a component
 * for a type without a schema, is a compile error. Each block is its own chunk, loaded on demand;
 * `{ defer: true }` marks heavy blocks below the fold (forms, sliders): their code loads when they
 * come near the screen or the visitor first touches them, not with the page (lazyBlock.ts).
 */
import type { BlockType } from '../content/model.ts';
import type { BlockProps } from './blockProps.ts';
import { type LazyBlock, lazyBlock } from './lazyBlock.ts';

export const blockRegistry: { [T in BlockType]: LazyBlock<BlockProps<T>> } = {
  aboutCard: lazyBlock(() => import('../blocks/aboutCard/AboutCard.tsx')),
  applicationForm: lazyBlock(() => import('../blocks/applicationForm/ApplicationForm.tsx'), { defer: true }),
  brochureForm: lazyBlock(() => import('../blocks/brochureForm/BrochureForm.tsx'), { defer: true }),
  actionButton: lazyBlock(() => import('../blocks/actionButton/ActionButton.tsx')),
  bulletGrid: lazyBlock(() => import('../blocks/bulletGrid/BulletGrid.tsx')),
  callToAction: lazyBlock(() => import('../blocks/callToAction/CallToAction.tsx')),
  demoForm: lazyBlock(() => import('../blocks/demoForm/DemoForm.tsx'), { defer: true }),
  featureImage: lazyBlock(() => import('../blocks/featureImage/FeatureImage.tsx')),
  imageLink: lazyBlock(() => import('../blocks/imageLink/ImageLink.tsx')),
  imageRow: lazyBlock(() => import('../blocks/imageRow/ImageRow.tsx')),
  jobTiles: lazyBlock(() => import('../blocks/jobTiles/JobTiles.tsx')),
  pageHero: lazyBlock(() => import('../blocks/pageHero/PageHero.tsx')),
  productFooter: lazyBlock(() => import('../blocks/productFooter/ProductFooter.tsx')),
  scrollDown: lazyBlock(() => import('../blocks/scrollDown/ScrollDown.tsx')),
  textCards: lazyBlock(() => import('../blocks/textCards/TextCards.tsx')),
  hero: lazyBlock(() => import('../blocks/hero/Hero.tsx')),
  industriesCarousel: lazyBlock(() => import('../blocks/industriesCarousel/IndustriesCarousel.tsx'), {
    defer: true,
  }),
  whatWeDo: lazyBlock(() => import('../blocks/whatWeDo/WhatWeDo.tsx')),
  clientsMarquee: lazyBlock(() => import('../blocks/clientsMarquee/ClientsMarquee.tsx')),
  productsStrip: lazyBlock(() => import('../blocks/productsStrip/ProductsStrip.tsx')),
  servicesCarousel: lazyBlock(() => import('../blocks/servicesCarousel/ServicesCarousel.tsx'), {
    defer: true,
  }),
  jobCards: lazyBlock(() => import('../blocks/jobCards/JobCards.tsx')),
  grievanceContact: lazyBlock(() => import('../blocks/grievanceContact/GrievanceContact.tsx')),
};
