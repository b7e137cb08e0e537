import { systemDesignConceptKeys, systemDesignLevels } from '@app/contracts';
import { PromptCatalogue } from './prompt-catalogue';
import { designPrompts } from './prompts';

describe('the system design prompts', () => {
  const catalogue = new PromptCatalogue();

  it('are at least 40, each with a unique slug, a level, known concepts and an outline', () => {
    expect(designPrompts.length).toBeGreaterThanOrEqual(40);
    expect(new Set(designPrompts.map((p) => p.slug)).size).toBe(designPrompts.length);
    for (const p of designPrompts) {
      expect(p.slug).toMatch(/^[a-z0-9-]{1,80}$/);
      expect(systemDesignLevels).toContain(p.level);
      for (const key of catalogue.get(p.slug)!.concepts) expect(systemDesignConceptKeys).toContain(key);
      expect(p.outline.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('search by the starts of words of title, aliases and text; filters combine', () => {
    expect(catalogue.filter({ q: 'url short' }).map((p) => p.entry.slug)).toEqual(['url-shortener']);
    expect(catalogue.filter({ q: 'tinyurl' }).map((p) => p.entry.slug)).toEqual(['url-shortener']);
    expect(catalogue.filter({ q: 'zzz' })).toEqual([]);
    const staffHashing = catalogue.filter({ level: 'staff', concept: 'consistentHashing' });
    expect(staffHashing.map((p) => p.entry.slug)).toEqual(['key-value-store']);
  });

  it("find the prompts a report's round names, by title or alias as whole words", () => {
    expect(catalogue.named(['They asked me to design TinyURL, then a rate limiter.'])).toEqual(['url-shortener', 'rate-limiter']);
    expect(catalogue.named(['Design Uber']).includes('ride-sharing')).toBe(true);
    // "chat" alone is not a prompt's name; "sharding" does not contain "sharing" as a word.
    expect(catalogue.named(['We chatted about sharding'])).toEqual([]);
  });
});
