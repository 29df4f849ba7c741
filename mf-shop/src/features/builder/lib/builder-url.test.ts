import { adviceRequestOf, builderSearch, builderUrl, parseBuilderSearch } from './builder-url';

const id = 'a'.repeat(24);

describe('the builder’s address', () => {
  it('holds the build, the open slot, Show all and the saved build it came from', () => {
    const state = { build: { cpu: 'ryzen-7-7700x', parts: { motherboard: id } }, savedId: 'b'.repeat(24), pick: 'cooler' as const, showAll: true };
    const url = builderUrl(state);
    expect(url).toBe(`/builder?b=cpu-ryzen-7-7700x.motherboard-${id}&saved=${'b'.repeat(24)}&pick=cooler&all=1`);
    expect(parseBuilderSearch(url.slice('/builder'.length))).toEqual(state);
  });

  it('leaves out what it does not understand, and Show all without an open slot', () => {
    expect(parseBuilderSearch('?pick=case&saved=nope&all=yes&b=gpu-xyz')).toEqual({ build: { cpu: null, parts: {} } });
    expect(builderSearch({ build: { cpu: null, parts: {} }, showAll: true })).toBe('');
    expect(builderSearch({ build: { cpu: 'ryzen-5-7600', parts: {} }, pick: 'gpu' }, { withBuild: false })).toBe('?pick=gpu');
  });
});

describe('the suggestion in the builder’s address', () => {
  it('opens the panel, and holds the request it makes (budget in whole dollars)', () => {
    const state = { build: { cpu: 'ryzen-7-7700', parts: {} }, suggest: { budget: 1500, use: 'gaming' as const, cpu: 'ryzen-7-7700' } };
    const url = builderUrl(state);
    expect(url).toBe('/builder?b=cpu-ryzen-7-7700&suggest=1&budget=1500&use=gaming&cpu=ryzen-7-7700');
    expect(parseBuilderSearch(url.slice('/builder'.length))).toEqual(state);
    expect(adviceRequestOf(state.suggest)).toEqual({ budget: 150_000, use: 'gaming', cpu: 'ryzen-7-7700' });
  });

  it('keeps the panel open without a request when a field is missing or out of range', () => {
    expect(parseBuilderSearch('?suggest=1').suggest).toEqual({});
    expect(parseBuilderSearch('?suggest=1&budget=299&use=mining&cpu=pentium-4').suggest).toEqual({});
    expect(parseBuilderSearch('?suggest=1&budget=1500.5&use=office').suggest).toEqual({ use: 'office' });
    expect(adviceRequestOf(parseBuilderSearch('?suggest=1&budget=10000&use=creator').suggest)).toBeNull();
    expect(parseBuilderSearch('?budget=1500&use=gaming&cpu=ryzen-7-7700').suggest).toBeUndefined();
  });
});
