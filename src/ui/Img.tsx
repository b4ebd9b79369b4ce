/**
 * Every content image goes through here: intrinsic width/height from the build's size map (so the
 * page never shifts), lazy loading unless the image is the page's first view, async decoding, and
 * for raster photos the AVIF/WebP variants the build made (scripts/build/imageVariants.ts), offered
 * in a <picture> with srcset and sizes so each screen downloads only the width it shows.
 */
import type { ImgHTMLAttributes } from 'react';
import { useContent } from '../renderer/ContentContext.tsx';
import { MOBILE_QUERY } from '../styles/breakpoints.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height'> & {
  src: string;
  alt: string;
  /** The page's main picture (above the fold): load first, never lazily. */
  priority?: boolean;
  /**
   * How wide the image is shown (CSS `sizes` syntax), for choosing among its raster variants.
   * Default: DEFAULT_SIZES, or the full screen width for the page's main picture.
   */
  sizes?: string;
};

/**
 * The width of a content image when its block does not say: the whole screen up to the page's
 * content width (--container-max, 75rem), never more (cards and columns should pass their own).
 */
export const DEFAULT_SIZES = '(max-width: 75rem) 100vw, 75rem';
/** The page's main picture is a full-bleed banner. */
export const PRIORITY_SIZES = '100vw';

export function sizesFor(props: { sizes?: string | undefined; priority?: boolean | undefined }): string {
  return props.sizes ?? (props.priority ? PRIORITY_SIZES : DEFAULT_SIZES);
}

function PlainImg({ src, alt, priority = false, sizes: _sizes, ...rest }: Props) {
  const size = useContent().imageSizes[src];
  return (
    <img
      src={src}
      alt={alt}
      width={size?.[0]}
      height={size?.[1]}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      {...rest}
    />
  );
}

/** <source>s offering the AVIF and WebP variants of `src` (none for SVG artwork), optionally for `media`. */
function ModernSources({ src, sizes, media }: { src: string; sizes: string; media?: string }) {
  const variants = useContent().imageVariants?.[src];
  if (!variants) return null;
  return (
    <>
      <source type="image/avif" srcSet={variants.avif} sizes={sizes} {...(media ? { media } : {})} />
      <source type="image/webp" srcSet={variants.webp} sizes={sizes} {...(media ? { media } : {})} />
    </>
  );
}

export function Img(props: Props) {
  const variants = useContent().imageVariants?.[props.src];
  if (!variants) return <PlainImg {...props} />;
  return (
    <picture>
      <ModernSources src={props.src} sizes={sizesFor(props)} />
      <PlainImg {...props} />
    </picture>
  );
}

/** A picture with a phone variant: below 768px the browser downloads only `mobile`. */
export function ResponsiveImg({
  desktop,
  mobile,
  alt,
  priority = false,
  className,
  sizes,
}: {
  desktop: string;
  mobile: string;
  alt: string;
  priority?: boolean;
  className?: string;
  sizes?: string;
}) {
  const mobileSize = useContent().imageSizes[mobile];
  const used = sizesFor({ sizes, priority });
  return (
    <picture>
      <ModernSources src={mobile} sizes={used} media={MOBILE_QUERY} />
      <source media={MOBILE_QUERY} srcSet={mobile} width={mobileSize?.[0]} height={mobileSize?.[1]} />
      <ModernSources src={desktop} sizes={used} />
      <PlainImg
        src={desktop}
        alt={alt}
        priority={priority}
        sizes={used}
        {...(className ? { className } : {})}
      />
    </picture>
  );
}
