import { readFileSync } from 'node:fs';
import path from 'node:path';
import { allEndpoints } from '../api';
import { apiReferenceMarkdown } from './reference';

describe('docs/api-reference.md', () => {
  const file = path.join(__dirname, '../../../../docs/api-reference.md');

  it('is what the declarations say today (run `npm run docs:api` after changing one)', () => {
    expect(readFileSync(file, 'utf8')).toBe(apiReferenceMarkdown());
  });

  it('has one row per declared endpoint', () => {
    const rows = apiReferenceMarkdown()
      .split('\n')
      .filter((line) => /^\| (GET|POST|PUT|PATCH|DELETE) /.test(line));
    expect(rows).toHaveLength(allEndpoints().length);
  });
});
