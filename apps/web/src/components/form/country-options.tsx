import { countriesForDisplay } from '@cadran/domain/countries';
import { currentLanguage } from '@/lib/i18n';

/**
 * The options of a country select: every ISO country, named in the site's language and sorted by
 * its collation ("États-Unis" among the E in French).
 */
export function CountryOptions() {
  const language = currentLanguage();
  return countriesForDisplay(language).map((country) => (
    <option key={country.code} value={country.code}>
      {country.name}
    </option>
  ));
}
