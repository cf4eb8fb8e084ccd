import { COUNTRIES, countryName } from '@cadran/domain/vat';
import { currentLanguage } from '@/lib/i18n';

/** The options of a country select: every country the shop sells to, named in the site's language. */
export function CountryOptions() {
  const language = currentLanguage();
  return COUNTRIES.map((country) => (
    <option key={country} value={country}>
      {countryName(country, language)}
    </option>
  ));
}
