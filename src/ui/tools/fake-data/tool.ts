import type { ToolMeta } from '../types.ts';

export const fakeData: ToolMeta = {
  id: 'fake-data',
  title: 'Fake Data',
  description:
    'Realistic data sets from about 180 field types in any of faker’s locales: up to 100,000 rows as JSON, NDJSON, CSV or SQL, the same for the same seed.',
  keywords: ['fake', 'faker', 'mock', 'data', 'csv', 'sql', 'insert', 'seed', 'mockaroo', 'test data', 'rows'],
  icon: '⚄',
  group: 'Data',
  surfaces: ['workspace', 'devtools'],
  accepts: [],
};
