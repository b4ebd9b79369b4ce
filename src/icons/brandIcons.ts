/**
 * Brand marks of the social networks (lucide has none): single-path glyphs on a 24x24 grid, filled
 * with currentColor. Read at build time only: scripts/build/iconSprite.ts draws them into the icon sprite.
 */
export type SocialNetwork = 'facebook' | 'twitter' | 'linkedin' | 'instagram';

export const brandIconPaths: Record<SocialNetwork, string> = {
  // The "f" of Facebook.
  facebook:
    'M13.5 21.95V13.9h2.7l.4-3.15h-3.1V8.74c0-.9.26-1.53 1.56-1.53h1.66V4.4a22 22 0 0 0-2.42-.12c-2.4 0-4.04 1.46-4.04 4.15v2.32H7.55v3.15h2.71v8.05A10 10 0 1 1 13.5 21.95Z',
  // The X mark (Twitter's current logo).
  twitter:
    'M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.78L17.75 3Zm-1.08 16.2h1.7L7.4 4.73H5.58L16.67 19.2Z',
  // "in" in a rounded square.
  linkedin:
    'M19 3a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h14ZM8.34 9.75H5.67V18h2.67V9.75ZM7 5.5a1.55 1.55 0 1 0 0 3.1 1.55 1.55 0 0 0 0-3.1Zm4.5 4.25H8.94V18h2.66v-4.1c0-1.08.2-2.13 1.55-2.13 1.32 0 1.34 1.24 1.34 2.2V18h2.66v-4.52c0-2.22-.48-3.93-3.07-3.93a2.7 2.7 0 0 0-2.42 1.33h-.04V9.75Z',
  // Camera outline: rounded square, lens and flash dot.
  instagram:
    'M8 2.5h8A5.5 5.5 0 0 1 21.5 8v8a5.5 5.5 0 0 1-5.5 5.5H8A5.5 5.5 0 0 1 2.5 16V8A5.5 5.5 0 0 1 8 2.5Zm0 2A3.5 3.5 0 0 0 4.5 8v8A3.5 3.5 0 0 0 8 19.5h8a3.5 3.5 0 0 0 3.5-3.5V8A3.5 3.5 0 0 0 16 4.5H8Zm4 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Zm5-3.25a1.25 1.25 0 1 1 0 2.5 1.25 1.25 0 0 1 0-2.5Z',
};
