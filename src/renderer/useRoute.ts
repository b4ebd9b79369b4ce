/**
 * The route of an address: from the addresses the content holds, or, in the browser, after fetching
 * that address's slice (suspending until it is there; src/renderer/browserContent.ts). Addresses
 * match exactly, after the trailing slash, as the server's files do.
 */
import { use } from 'react';
import type { RouteEntry } from '../content/model.ts';
import { useContent } from './ContentContext.tsx';

export function useRoute(address: string): RouteEntry | undefined {
  const content = useContent();
  const find = () => content.routes.find((r) => r.path === address);
  const known = find();
  if (known || !content.loadAddress) return known;
  return use(content.loadAddress(address)) ? find() : undefined;
}
