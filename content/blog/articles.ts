/**
 * Every published article's unikey (its file is content/blog/<lang>/<unikey>.md). The route table
 * prerenders these and 404s any other key; app/content/blog.server.ts fails the build when this
 * list and the English files disagree.
 */
export const BLOG_ARTICLES = [
  "what-is-a-no-logs-vpn",
  "how-websites-track-you",
  "webrtc-leaks-explained",
  "public-wifi-safety",
  "vpn-encryption-explained",
  "dns-leaks-what-they-are",
  "streaming-while-travelling",
  "stop-isp-throttling",
  "vpn-for-online-gaming",
  "set-up-vpn-on-your-router",
  "choose-the-right-server-location",
  "internet-censorship-and-vpns",
] as const;
