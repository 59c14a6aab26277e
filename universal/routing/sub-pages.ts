/** The sub-page names SPEC §2 lists; any other name is a 404. */
export const DOWNLOAD_PRODUCTS = [
  "android",
  "apple-tv",
  "chrome",
  "ios",
  "lg-tv",
  "mac",
  "samsung-tv",
  "smart-tv",
  "windows",
] as const;

export const VPN_SERVER_REGIONS = [
  "australia",
  "brazil",
  "canada",
  "france",
  "germany",
  "hongkong",
  "india",
  "indonesia",
  "italy",
  "japan",
  "korea",
  "singapore",
  "uk",
  "usa",
] as const;

/** One page per major platform; names are brands and stay untranslated. */
export const SOCIAL_MEDIA_PLATFORMS = {
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
  x: "X (Twitter)",
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  snapchat: "Snapchat",
} as const;

export type DownloadProduct = (typeof DOWNLOAD_PRODUCTS)[number];
export type VpnServerRegion = (typeof VPN_SERVER_REGIONS)[number];
export type SocialMediaPlatform = keyof typeof SOCIAL_MEDIA_PLATFORMS;

/** Platform names are brands: the same in every language. */
export const DOWNLOAD_PRODUCT_NAMES: Record<DownloadProduct, string> = {
  android: "Android",
  "apple-tv": "Apple TV",
  chrome: "Chrome",
  ios: "iOS",
  "lg-tv": "LG TV",
  mac: "Mac",
  "samsung-tv": "Samsung TV",
  "smart-tv": "Smart TV",
  windows: "Windows",
};
