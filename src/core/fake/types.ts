/**
 * The Fake Data field types (about 180): faker's generators by module, plus the structural ones (sequence, constant, choice,
 * regex). Plain data with one function each, so the UI lists them, the worker and the CLI run them, and a
 * definition saved by an older version still finds its types by id.
 */
import { flatMap } from '../arrays';
import type { Faker } from '@faker-js/faker';

export type OptionValue = string | number | boolean;
export type FieldOptions = Readonly<Record<string, OptionValue>>;

export interface OptionSpec {
  key: string;
  label: string;
  kind: 'number' | 'text' | 'list';
  default: OptionValue;
}

export interface FieldType {
  /** Stable id, kept in saved definitions: `person.firstName`, `sequence`. */
  id: string;
  title: string;
  group: string;
  options?: readonly OptionSpec[];
  /** SQL column type family for the value. */
  sql: 'text' | 'integer' | 'real' | 'boolean';
  make: (faker: Faker, options: FieldOptions, row: number) => unknown;
}

const num = (options: FieldOptions, key: string, fallback: number): number => {
  const value = Number(options[key]);
  return Number.isFinite(value) ? value : fallback;
};
const text = (options: FieldOptions, key: string, fallback: string): string =>
  options[key] === undefined ? fallback : String(options[key]);

const MIN_MAX = (min: number, max: number): OptionSpec[] => [
  { key: 'min', label: 'Minimum', kind: 'number', default: min },
  { key: 'max', label: 'Maximum', kind: 'number', default: max },
];
const COUNT = (label: string, value: number): OptionSpec[] => [{ key: 'count', label, kind: 'number', default: value }];
const LENGTH = (value: number): OptionSpec[] => [{ key: 'length', label: 'Length', kind: 'number', default: value }];
const DATE_RANGE: OptionSpec[] = [
  { key: 'from', label: 'From', kind: 'text', default: '2020-01-01T00:00:00Z' },
  { key: 'to', label: 'To', kind: 'text', default: '2025-12-31T23:59:59Z' },
];

/** A faker function without options: `[id, title, sql?]` per module. */
type Simple = readonly [string, string, FieldType['sql']?];

const SIMPLE: Readonly<Record<string, readonly Simple[]>> = {
  Person: [
    ['person.firstName', 'First name'],
    ['person.lastName', 'Last name'],
    ['person.middleName', 'Middle name'],
    ['person.fullName', 'Full name'],
    ['person.prefix', 'Name prefix'],
    ['person.suffix', 'Name suffix'],
    ['person.gender', 'Gender'],
    ['person.sex', 'Sex'],
    ['person.bio', 'Bio'],
    ['person.jobTitle', 'Job title'],
    ['person.jobArea', 'Job area'],
    ['person.jobType', 'Job type'],
    ['person.jobDescriptor', 'Job descriptor'],
    ['person.zodiacSign', 'Zodiac sign'],
  ],
  Internet: [
    ['internet.email', 'Email'],
    ['internet.exampleEmail', 'Example email'],
    ['internet.username', 'Username'],
    ['internet.displayName', 'Display name'],
    ['internet.password', 'Password'],
    ['internet.url', 'URL'],
    ['internet.domainName', 'Domain name'],
    ['internet.domainWord', 'Domain word'],
    ['internet.domainSuffix', 'Domain suffix'],
    ['internet.ipv4', 'IPv4 address'],
    ['internet.ipv6', 'IPv6 address'],
    ['internet.port', 'Port', 'integer'],
    ['internet.mac', 'MAC address'],
    ['internet.userAgent', 'User agent'],
    ['internet.httpMethod', 'HTTP method'],
    ['internet.httpStatusCode', 'HTTP status code', 'integer'],
    ['internet.protocol', 'Protocol'],
    ['internet.emoji', 'Emoji'],
    ['internet.jwt', 'JWT'],
  ],
  Location: [
    ['location.streetAddress', 'Street address'],
    ['location.street', 'Street'],
    ['location.buildingNumber', 'Building number'],
    ['location.secondaryAddress', 'Secondary address'],
    ['location.city', 'City'],
    ['location.zipCode', 'Postal code'],
    ['location.state', 'State'],
    ['location.county', 'County'],
    ['location.country', 'Country'],
    ['location.countryCode', 'Country code'],
    ['location.continent', 'Continent'],
    ['location.latitude', 'Latitude', 'real'],
    ['location.longitude', 'Longitude', 'real'],
    ['location.timeZone', 'Time zone'],
    ['location.direction', 'Direction'],
    ['location.language', 'Language'],
  ],
  Finance: [
    ['finance.accountNumber', 'Account number'],
    ['finance.accountName', 'Account name'],
    ['finance.routingNumber', 'Routing number'],
    ['finance.iban', 'IBAN'],
    ['finance.bic', 'BIC'],
    ['finance.creditCardNumber', 'Credit card number'],
    ['finance.creditCardCVV', 'Credit card CVV'],
    ['finance.creditCardIssuer', 'Credit card issuer'],
    ['finance.currencyCode', 'Currency code'],
    ['finance.currencyName', 'Currency name'],
    ['finance.currencySymbol', 'Currency symbol'],
    ['finance.transactionType', 'Transaction type'],
    ['finance.transactionDescription', 'Transaction description'],
    ['finance.bitcoinAddress', 'Bitcoin address'],
    ['finance.ethereumAddress', 'Ethereum address'],
    ['finance.pin', 'PIN'],
  ],
  Commerce: [
    ['commerce.productName', 'Product name'],
    ['commerce.product', 'Product'],
    ['commerce.productAdjective', 'Product adjective'],
    ['commerce.productMaterial', 'Product material'],
    ['commerce.productDescription', 'Product description'],
    ['commerce.department', 'Department'],
    ['commerce.isbn', 'ISBN'],
    ['commerce.upc', 'UPC'],
  ],
  Company: [
    ['company.name', 'Company name'],
    ['company.catchPhrase', 'Catch phrase'],
    ['company.buzzPhrase', 'Buzz phrase'],
    ['company.buzzNoun', 'Buzz noun'],
    ['company.buzzVerb', 'Buzz verb'],
  ],
  Phone: [
    ['phone.number', 'Phone number'],
    ['phone.imei', 'IMEI'],
  ],
  Vehicle: [
    ['vehicle.vehicle', 'Vehicle'],
    ['vehicle.manufacturer', 'Manufacturer'],
    ['vehicle.model', 'Model'],
    ['vehicle.type', 'Vehicle type'],
    ['vehicle.fuel', 'Fuel'],
    ['vehicle.vin', 'VIN'],
    ['vehicle.vrm', 'Registration mark'],
    ['vehicle.color', 'Vehicle colour'],
    ['vehicle.bicycle', 'Bicycle'],
  ],
  Lorem: [
    ['lorem.word', 'Word'],
    ['lorem.sentence', 'Sentence'],
    ['lorem.slug', 'Slug'],
    ['lorem.paragraph', 'Paragraph'],
    ['lorem.lines', 'Lines'],
  ],
  Word: [
    ['word.noun', 'Noun'],
    ['word.verb', 'Verb'],
    ['word.adjective', 'Adjective'],
    ['word.adverb', 'Adverb'],
  ],
  Ids: [
    ['string.uuid', 'UUID'],
    ['string.ulid', 'ULID'],
    ['string.nanoid', 'Nano ID'],
    ['database.mongodbObjectId', 'MongoDB ObjectId'],
    ['git.commitSha', 'Git commit SHA'],
  ],
  Color: [
    ['color.human', 'Colour name'],
    ['color.rgb', 'RGB colour (hex)'],
  ],
  System: [
    ['system.fileName', 'File name'],
    ['system.fileExt', 'File extension'],
    ['system.filePath', 'File path'],
    ['system.directoryPath', 'Directory path'],
    ['system.mimeType', 'MIME type'],
    ['system.semver', 'Semantic version'],
    ['system.cron', 'Cron expression'],
    ['system.networkInterface', 'Network interface'],
  ],
  Database: [
    ['database.column', 'Column name'],
    ['database.type', 'Column type'],
    ['database.collation', 'Collation'],
    ['database.engine', 'Database engine'],
  ],
  Git: [
    ['git.branch', 'Git branch'],
    ['git.commitMessage', 'Git commit message'],
  ],
  Hacker: [
    ['hacker.abbreviation', 'Tech abbreviation'],
    ['hacker.phrase', 'Tech phrase'],
    ['hacker.noun', 'Tech noun'],
  ],
  Animal: [
    ['animal.type', 'Animal type'],
    ['animal.dog', 'Dog breed'],
    ['animal.cat', 'Cat breed'],
    ['animal.bird', 'Bird'],
    ['animal.fish', 'Fish'],
    ['animal.horse', 'Horse breed'],
    ['animal.petName', 'Pet name'],
  ],
  Book: [
    ['book.title', 'Book title'],
    ['book.author', 'Book author'],
    ['book.genre', 'Book genre'],
    ['book.publisher', 'Publisher'],
  ],
  Music: [
    ['music.songName', 'Song name'],
    ['music.artist', 'Artist'],
    ['music.album', 'Album'],
    ['music.genre', 'Music genre'],
  ],
  Food: [
    ['food.dish', 'Dish'],
    ['food.fruit', 'Fruit'],
    ['food.vegetable', 'Vegetable'],
    ['food.ingredient', 'Ingredient'],
    ['food.spice', 'Spice'],
  ],
  Airline: [
    ['airline.flightNumber', 'Flight number'],
    ['airline.recordLocator', 'Booking reference'],
    ['airline.seat', 'Seat'],
  ],
  Science: [
    ['science.chemicalElement', 'Chemical element'],
    ['science.unit', 'Unit'],
  ],
  Image: [
    ['image.avatar', 'Avatar URL'],
    ['image.url', 'Image URL'],
  ],
};

/** Faker returns objects for a few of these: the readable part is kept. */
function readable(value: unknown): unknown {
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const v = value as Record<string, unknown>;
    if (typeof v.name === 'string') return v.name;
    if (typeof v.symbol === 'string') return v.symbol;
    if (typeof v.iataCode === 'string') return v.iataCode;
  }
  return value;
}

function simpleType([id, title, sql]: Simple, group: string): FieldType {
  const [module, method] = id.split('.') as [string, string];
  return {
    id,
    title,
    group,
    sql: sql ?? 'text',
    make: (faker) => {
      const fn = (faker as unknown as Record<string, Record<string, () => unknown>>)[module]![method]!;
      return readable(fn.call((faker as unknown as Record<string, unknown>)[module]));
    },
  };
}

const iso = (date: Date) => date.toISOString();

const WITH_OPTIONS: readonly FieldType[] = [
  {
    id: 'number.int',
    title: 'Integer',
    group: 'Number',
    sql: 'integer',
    options: MIN_MAX(0, 1000),
    make: (f, o) => {
      const min = Math.ceil(num(o, 'min', 0));
      const max = Math.floor(num(o, 'max', 1000));
      return f.number.int({ min: Math.min(min, max), max: Math.max(min, max) });
    },
  },
  {
    id: 'number.float',
    title: 'Decimal number',
    group: 'Number',
    sql: 'real',
    options: [...MIN_MAX(0, 1000), { key: 'decimals', label: 'Decimals', kind: 'number', default: 2 }],
    make: (f, o) => {
      const min = num(o, 'min', 0);
      const max = num(o, 'max', 1000);
      const decimals = Math.max(0, Math.min(10, Math.round(num(o, 'decimals', 2))));
      return Number(f.number.float({ min: Math.min(min, max), max: Math.max(min, max) }).toFixed(decimals));
    },
  },
  {
    id: 'number.romanNumeral',
    title: 'Roman numeral',
    group: 'Number',
    sql: 'text',
    make: (f) => f.number.romanNumeral(),
  },
  {
    id: 'number.hex',
    title: 'Hexadecimal number',
    group: 'Number',
    sql: 'text',
    options: MIN_MAX(0, 65535),
    make: (f, o) => f.number.hex({ min: num(o, 'min', 0), max: num(o, 'max', 65535) }),
  },
  {
    id: 'datatype.boolean',
    title: 'Boolean',
    group: 'Number',
    sql: 'boolean',
    options: [{ key: 'probability', label: 'Chance of true (0–1)', kind: 'number', default: 0.5 }],
    make: (f, o) => f.datatype.boolean({ probability: num(o, 'probability', 0.5) }),
  },
  {
    id: 'finance.amount',
    title: 'Amount',
    group: 'Finance',
    sql: 'real',
    options: [...MIN_MAX(0, 1000)],
    make: (f, o) => Number(f.finance.amount({ min: num(o, 'min', 0), max: num(o, 'max', 1000), dec: 2 })),
  },
  {
    id: 'commerce.price',
    title: 'Price',
    group: 'Commerce',
    sql: 'real',
    options: MIN_MAX(1, 1000),
    make: (f, o) => Number(f.commerce.price({ min: num(o, 'min', 1), max: num(o, 'max', 1000) })),
  },
  {
    id: 'date.between',
    title: 'Date and time',
    group: 'Date',
    sql: 'text',
    options: DATE_RANGE,
    make: (f, o) =>
      iso(f.date.between({ from: text(o, 'from', '2020-01-01T00:00:00Z'), to: text(o, 'to', '2025-12-31T23:59:59Z') })),
  },
  {
    id: 'date.day',
    title: 'Date (day)',
    group: 'Date',
    sql: 'text',
    options: DATE_RANGE,
    make: (f, o) =>
      iso(
        f.date.between({ from: text(o, 'from', '2020-01-01T00:00:00Z'), to: text(o, 'to', '2025-12-31T23:59:59Z') }),
      ).slice(0, 10),
  },
  {
    id: 'date.time',
    title: 'Time of day',
    group: 'Date',
    sql: 'text',
    make: (f) => iso(f.date.anytime()).slice(11, 19),
  },
  {
    id: 'date.past',
    title: 'Past date',
    group: 'Date',
    sql: 'text',
    options: [{ key: 'years', label: 'Years back', kind: 'number', default: 1 }],
    make: (f, o) => iso(f.date.past({ years: num(o, 'years', 1) })),
  },
  {
    id: 'date.future',
    title: 'Future date',
    group: 'Date',
    sql: 'text',
    options: [{ key: 'years', label: 'Years ahead', kind: 'number', default: 1 }],
    make: (f, o) => iso(f.date.future({ years: num(o, 'years', 1) })),
  },
  {
    id: 'date.recent',
    title: 'Recent date',
    group: 'Date',
    sql: 'text',
    options: [{ key: 'days', label: 'Days back', kind: 'number', default: 7 }],
    make: (f, o) => iso(f.date.recent({ days: num(o, 'days', 7) })),
  },
  {
    id: 'date.birthdate',
    title: 'Birth date',
    group: 'Date',
    sql: 'text',
    options: MIN_MAX(18, 80),
    make: (f, o) => iso(f.date.birthdate({ mode: 'age', min: num(o, 'min', 18), max: num(o, 'max', 80) })).slice(0, 10),
  },
  {
    id: 'date.unix',
    title: 'Unix timestamp',
    group: 'Date',
    sql: 'integer',
    options: DATE_RANGE,
    make: (f, o) =>
      Math.floor(
        f.date
          .between({ from: text(o, 'from', '2020-01-01T00:00:00Z'), to: text(o, 'to', '2025-12-31T23:59:59Z') })
          .getTime() / 1000,
      ),
  },
  { id: 'date.month', title: 'Month', group: 'Date', sql: 'text', make: (f) => f.date.month() },
  { id: 'date.weekday', title: 'Weekday', group: 'Date', sql: 'text', make: (f) => f.date.weekday() },
  {
    id: 'string.alpha',
    title: 'Letters',
    group: 'String',
    sql: 'text',
    options: LENGTH(8),
    make: (f, o) => f.string.alpha({ length: Math.max(0, Math.min(10_000, num(o, 'length', 8))) }),
  },
  {
    id: 'string.alphanumeric',
    title: 'Letters and digits',
    group: 'String',
    sql: 'text',
    options: LENGTH(8),
    make: (f, o) => f.string.alphanumeric({ length: Math.max(0, Math.min(10_000, num(o, 'length', 8))) }),
  },
  {
    id: 'string.numeric',
    title: 'Digits',
    group: 'String',
    sql: 'text',
    options: LENGTH(6),
    make: (f, o) => f.string.numeric({ length: Math.max(0, Math.min(10_000, num(o, 'length', 6))) }),
  },
  {
    id: 'string.hexadecimal',
    title: 'Hex string',
    group: 'String',
    sql: 'text',
    options: LENGTH(16),
    make: (f, o) => f.string.hexadecimal({ length: Math.max(0, Math.min(10_000, num(o, 'length', 16))), prefix: '' }),
  },
  {
    id: 'string.symbol',
    title: 'Symbols',
    group: 'String',
    sql: 'text',
    options: LENGTH(4),
    make: (f, o) => f.string.symbol(Math.max(0, Math.min(10_000, num(o, 'length', 4)))),
  },
  {
    id: 'lorem.words',
    title: 'Words',
    group: 'Lorem',
    sql: 'text',
    options: COUNT('Words', 3),
    make: (f, o) => f.lorem.words(Math.max(1, Math.min(1000, num(o, 'count', 3)))),
  },
  {
    id: 'lorem.sentences',
    title: 'Sentences',
    group: 'Lorem',
    sql: 'text',
    options: COUNT('Sentences', 3),
    make: (f, o) => f.lorem.sentences(Math.max(1, Math.min(1000, num(o, 'count', 3)))),
  },
  {
    id: 'lorem.paragraphs',
    title: 'Paragraphs',
    group: 'Lorem',
    sql: 'text',
    options: COUNT('Paragraphs', 2),
    make: (f, o) => f.lorem.paragraphs(Math.max(1, Math.min(100, num(o, 'count', 2)))),
  },
  {
    id: 'internet.password.strong',
    title: 'Password (length)',
    group: 'Internet',
    sql: 'text',
    options: LENGTH(16),
    make: (f, o) => f.internet.password({ length: Math.max(1, Math.min(1000, num(o, 'length', 16))) }),
  },
  {
    id: 'location.nearbyGPS',
    title: 'Coordinates',
    group: 'Location',
    sql: 'text',
    make: (f) => f.location.nearbyGPSCoordinate().join(','),
  },
  {
    id: 'airline.airport',
    title: 'Airport code',
    group: 'Airline',
    sql: 'text',
    make: (f) => f.airline.airport().iataCode,
  },
  { id: 'airline.airline', title: 'Airline', group: 'Airline', sql: 'text', make: (f) => f.airline.airline().name },
  {
    id: 'image.dataUri',
    title: 'Image data URI',
    group: 'Image',
    sql: 'text',
    options: [
      { key: 'width', label: 'Width', kind: 'number', default: 32 },
      { key: 'height', label: 'Height', kind: 'number', default: 32 },
    ],
    make: (f, o) => f.image.dataUri({ width: num(o, 'width', 32), height: num(o, 'height', 32), type: 'svg-base64' }),
  },
];

/** Types that are not faker's: they need no locale. */
export const STRUCTURAL: readonly FieldType[] = [
  {
    id: 'sequence',
    title: 'Sequence',
    group: 'Structure',
    sql: 'integer',
    options: [
      { key: 'start', label: 'Start', kind: 'number', default: 1 },
      { key: 'step', label: 'Step', kind: 'number', default: 1 },
    ],
    make: (_f, o, row) => num(o, 'start', 1) + row * num(o, 'step', 1),
  },
  {
    id: 'constant',
    title: 'Constant',
    group: 'Structure',
    sql: 'text',
    options: [{ key: 'value', label: 'Value', kind: 'text', default: '' }],
    make: (_f, o) => text(o, 'value', ''),
  },
  {
    id: 'choice',
    title: 'Choice from a list',
    group: 'Structure',
    sql: 'text',
    options: [{ key: 'values', label: 'Values (one per line)', kind: 'list', default: 'red\ngreen\nblue' }],
    make: (f, o) => f.helpers.arrayElement(choices(o)),
  },
  {
    id: 'regex',
    title: 'Matches a pattern',
    group: 'Structure',
    sql: 'text',
    options: [{ key: 'pattern', label: 'Pattern', kind: 'text', default: '[A-Z]{3}-[0-9]{4}' }],
    make: (f, o) => f.helpers.fromRegExp(text(o, 'pattern', '[A-Z]{3}-[0-9]{4}')),
  },
];

/** The choice type's values: one per line (blank lines dropped); at least one. */
export function choices(options: FieldOptions): string[] {
  const list = text(options, 'values', '')
    .split(/\r?\n/)
    .filter((line) => line !== '');
  return list.length > 0 ? list : [''];
}

export const FIELD_TYPES: readonly FieldType[] = [
  ...STRUCTURAL,
  ...flatMap(Object.entries(SIMPLE), ([group, list]) => list.map((entry) => simpleType(entry, group))),
  ...WITH_OPTIONS,
].sort((a, b) => (a.group === b.group ? 0 : a.group < b.group ? -1 : 1));

const BY_ID = new Map(FIELD_TYPES.map((type) => [type.id, type]));

export function fieldType(id: string): FieldType | undefined {
  return BY_ID.get(id);
}
