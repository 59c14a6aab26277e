/**
 * Blog categories and tags. The `category` route middleware answers 404 for any other value.
 * Their display names are translated in locales/<lang>/blog.json.
 */
export const BLOG_CATEGORIES = ["privacy", "security", "streaming", "guides"] as const;

export const BLOG_TAGS = [
  "encryption",
  "public-wifi",
  "no-logs",
  "webrtc",
  "travel",
  "gaming",
  "censorship",
  "setup",
] as const;
