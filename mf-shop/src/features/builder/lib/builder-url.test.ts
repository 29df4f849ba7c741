import { builderSearch, builderUrl, parseBuilderSearch } from './builder-url';

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
