/**
 * Every content image goes through here: intrinsic width/height from the build's size map (so the
 * page never shifts), lazy loading unless the image is the page's first view, async decoding, and
 * for raster photos the AVIF/WebP variants the build made (src/content/imageVariants.ts).
 */
import type { ImgHTMLAttributes } from 'react';
import { useContent } from '../renderer/ContentContext.tsx';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height'> & {
  src: string;
  alt: string;
  /** The page's main picture (above the fold): load first, never lazily. */
  priority?: boolean;
  /** How wide the image is shown, for choosing among raster variants (CSS sizes syntax). */
  sizes?: string;
};

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

export function Img(props: Props) {
  const variants = useContent().imageVariants?.[props.src];
  if (!variants) return <PlainImg {...props} />;
  const sizes = props.sizes ?? '100vw';
  return (
    <picture>
      <source type="image/avif" srcSet={variants.avif} sizes={sizes} />
      <source type="image/webp" srcSet={variants.webp} sizes={sizes} />
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
}: {
  desktop: string;
  mobile: string;
  alt: string;
  priority?: boolean;
  className?: string;
}) {
  const mobileSize = useContent().imageSizes[mobile];
  return (
    <picture>
      <source media="(max-width: 767px)" srcSet={mobile} width={mobileSize?.[0]} height={mobileSize?.[1]} />
      <PlainImg src={desktop} alt={alt} priority={priority} {...(className ? { className } : {})} />
    </picture>
  );
}
