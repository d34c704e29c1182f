/**
 * Faker's locales, each loaded only when a data set uses it: every loader is its own dynamic import, so the
 * bundler makes one chunk per locale and the extension ships them without loading any up front.
 */
import type { Faker } from '@faker-js/faker';

type Loader = () => Promise<{ faker: Faker }>;

export const LOCALE_LOADERS: Readonly<Record<string, Loader>> = {
  af_ZA: () => import('@faker-js/faker/locale/af_ZA'),
  ar: () => import('@faker-js/faker/locale/ar'),
  az: () => import('@faker-js/faker/locale/az'),
  bn_BD: () => import('@faker-js/faker/locale/bn_BD'),
  cs_CZ: () => import('@faker-js/faker/locale/cs_CZ'),
  cy: () => import('@faker-js/faker/locale/cy'),
  da: () => import('@faker-js/faker/locale/da'),
  de: () => import('@faker-js/faker/locale/de'),
  de_AT: () => import('@faker-js/faker/locale/de_AT'),
  de_CH: () => import('@faker-js/faker/locale/de_CH'),
  dv: () => import('@faker-js/faker/locale/dv'),
  el: () => import('@faker-js/faker/locale/el'),
  en: () => import('@faker-js/faker/locale/en'),
  en_AU: () => import('@faker-js/faker/locale/en_AU'),
  en_CA: () => import('@faker-js/faker/locale/en_CA'),
  en_GB: () => import('@faker-js/faker/locale/en_GB'),
  en_GH: () => import('@faker-js/faker/locale/en_GH'),
  en_HK: () => import('@faker-js/faker/locale/en_HK'),
  en_IE: () => import('@faker-js/faker/locale/en_IE'),
  en_IN: () => import('@faker-js/faker/locale/en_IN'),
  en_NG: () => import('@faker-js/faker/locale/en_NG'),
  en_US: () => import('@faker-js/faker/locale/en_US'),
  en_ZA: () => import('@faker-js/faker/locale/en_ZA'),
  eo: () => import('@faker-js/faker/locale/eo'),
  es: () => import('@faker-js/faker/locale/es'),
  es_MX: () => import('@faker-js/faker/locale/es_MX'),
  fa: () => import('@faker-js/faker/locale/fa'),
  fi: () => import('@faker-js/faker/locale/fi'),
  fr: () => import('@faker-js/faker/locale/fr'),
  fr_BE: () => import('@faker-js/faker/locale/fr_BE'),
  fr_CA: () => import('@faker-js/faker/locale/fr_CA'),
  fr_CH: () => import('@faker-js/faker/locale/fr_CH'),
  fr_LU: () => import('@faker-js/faker/locale/fr_LU'),
  fr_SN: () => import('@faker-js/faker/locale/fr_SN'),
  he: () => import('@faker-js/faker/locale/he'),
  hr: () => import('@faker-js/faker/locale/hr'),
  hu: () => import('@faker-js/faker/locale/hu'),
  hy: () => import('@faker-js/faker/locale/hy'),
  id_ID: () => import('@faker-js/faker/locale/id_ID'),
  it: () => import('@faker-js/faker/locale/it'),
  ja: () => import('@faker-js/faker/locale/ja'),
  ka_GE: () => import('@faker-js/faker/locale/ka_GE'),
  ko: () => import('@faker-js/faker/locale/ko'),
  lv: () => import('@faker-js/faker/locale/lv'),
  mk: () => import('@faker-js/faker/locale/mk'),
  nb_NO: () => import('@faker-js/faker/locale/nb_NO'),
  ne: () => import('@faker-js/faker/locale/ne'),
  nl: () => import('@faker-js/faker/locale/nl'),
  nl_BE: () => import('@faker-js/faker/locale/nl_BE'),
  pl: () => import('@faker-js/faker/locale/pl'),
  pt_BR: () => import('@faker-js/faker/locale/pt_BR'),
  pt_PT: () => import('@faker-js/faker/locale/pt_PT'),
  ro: () => import('@faker-js/faker/locale/ro'),
  ro_MD: () => import('@faker-js/faker/locale/ro_MD'),
  ru: () => import('@faker-js/faker/locale/ru'),
  sk: () => import('@faker-js/faker/locale/sk'),
  sl_SI: () => import('@faker-js/faker/locale/sl_SI'),
  sr_RS_latin: () => import('@faker-js/faker/locale/sr_RS_latin'),
  sv: () => import('@faker-js/faker/locale/sv'),
  ta_IN: () => import('@faker-js/faker/locale/ta_IN'),
  th: () => import('@faker-js/faker/locale/th'),
  tr: () => import('@faker-js/faker/locale/tr'),
  uk: () => import('@faker-js/faker/locale/uk'),
  ur: () => import('@faker-js/faker/locale/ur'),
  uz_UZ_latin: () => import('@faker-js/faker/locale/uz_UZ_latin'),
  vi: () => import('@faker-js/faker/locale/vi'),
  yo_NG: () => import('@faker-js/faker/locale/yo_NG'),
  zh_CN: () => import('@faker-js/faker/locale/zh_CN'),
  zh_TW: () => import('@faker-js/faker/locale/zh_TW'),
  zu_ZA: () => import('@faker-js/faker/locale/zu_ZA'),
};

export const LOCALES: readonly string[] = Object.keys(LOCALE_LOADERS);

/** A locale's faker (seeded by the caller), loaded on first use. */
export async function loadFaker(locale: string): Promise<Faker> {
  const loader = LOCALE_LOADERS[locale];
  if (!loader) throw new Error(`Unknown locale “${locale}”. Known: ${LOCALES.join(', ')}.`);
  return (await loader()).faker;
}
