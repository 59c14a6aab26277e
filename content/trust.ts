/**
 * The home page's trusted-by section: ratings and press coverage your visitors can check.
 * Operators fill this in for their brand. While both lists are empty the section is not shown:
 * the site never shows a rating, a user count or a logo nobody can verify.
 *
 * Every entry links to its proof (the store listing, the article). A bad entry (a rating outside
 * 0–5, an address that is not https) stops the build with the reason.
 */

export interface StoreRating {
  /** Where the rating is published, as its name is written: "App Store", "Google Play", "Trustpilot". */
  source: string;
  /** The average shown on that page, 0 to 5. */
  rating: number;
  /** The listing or review page that shows it (https). */
  url: string;
}

export interface PressMention {
  /** The publication's name. */
  name: string;
  /** The article (https). */
  url: string;
}

export interface TrustFacts {
  ratings: StoreRating[];
  press: PressMention[];
}

export const TRUST: TrustFacts = {
  ratings: [],
  press: [],
};
