/** The networks a brand's social link may name; the footer shows each under its own (untranslated) name. */
export const SOCIAL_NETWORKS = {
  x: "X",
  mastodon: "Mastodon",
  bluesky: "Bluesky",
  facebook: "Facebook",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  github: "GitHub",
  telegram: "Telegram",
  reddit: "Reddit",
} as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;
