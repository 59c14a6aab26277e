import {
  DOWNLOAD_PRODUCT_NAMES,
  type DownloadProduct,
  SOCIAL_MEDIA_PLATFORMS,
  type SocialMediaPlatform,
} from "../../universal/routing/sub-pages";

export type CatalogueLookup = (namespace: string, key: string) => string | undefined;

/**
 * Values for the {{placeholders}} in a sub-page's title, description and heading:
 * brand names as they are, countries, categories and tags translated.
 */
export function pageMetaVars(
  pageKey: string,
  params: Record<string, string | undefined>,
  find: CatalogueLookup,
): Record<string, string> {
  switch (pageKey) {
    case "download-product":
      return { product: DOWNLOAD_PRODUCT_NAMES[params.product as DownloadProduct] ?? "" };
    case "vpn-for-social-media-item":
      return { platform: SOCIAL_MEDIA_PLATFORMS[params.id as SocialMediaPlatform] ?? "" };
    case "vpn-server-region":
      return { country: find("location", `countries.${params.region}`) ?? "" };
    case "blog-category":
      return { category: find("blog", `categories.${params.category}`) ?? "" };
    case "blog-tag":
      return { tag: find("blog", `tags.${params.tagId}`) ?? "" };
    default:
      return {};
  }
}
