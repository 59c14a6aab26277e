import { defineBrand } from "../../core/brand/schema";

/**
 * Your brand, in one place. Every page, title, e-mail, receipt and report takes its name from here;
 * the catalogues say {{brand}} where the name goes. Change it, then rebuild (`npm run build`, or
 * `npm start` rebuilds by itself): prerendered pages carry the name.
 */
export default defineBrand({
  name: "Veilport",
  shortName: "Veilport",
});
