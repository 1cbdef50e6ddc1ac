import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOpenApi, OPENAPI_FILE } from '../src/cli/openapi';

describe('OpenAPI document', () => {
  it('matches the committed docs/openapi.json (run `npm run openapi` after changing the contract)', async () => {
    const generated = await generateOpenApi();
    expect(generated).toBe(readFileSync(OPENAPI_FILE, 'utf8'));
  });

  it('names the contract schemas as components and documents the spec paths', async () => {
    const doc = JSON.parse(await generateOpenApi());
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Video', 'PlayableUrl', 'SiteConfig', 'ErrorResponse']),
    );
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v2/sites/{site}/videos/{uid}',
        '/v2/sites/{site}/videos/{uid}/play-url',
        '/v2/sites/{site}/config',
      ]),
    );
  });
});
