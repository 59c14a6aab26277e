import type { Catalogue } from "../../universal/i18n/namespaces";
import ar from "../../locales/ar/email.json";
import de from "../../locales/de/email.json";
import en from "../../locales/en/email.json";
import es from "../../locales/es/email.json";
import fr from "../../locales/fr/email.json";
import it from "../../locales/it/email.json";
import ja from "../../locales/ja/email.json";
import nl from "../../locales/nl/email.json";
import pl from "../../locales/pl/email.json";
import pt from "../../locales/pt/email.json";
import ru from "../../locales/ru/email.json";

/** The `email` namespace in every language (the server sends mail outside any page). */
export const EMAIL_CATALOGUES: Record<string, Catalogue> = { ar, de, en, es, fr, it, ja, nl, pl, pt, ru };
