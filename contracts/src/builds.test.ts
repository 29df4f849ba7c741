import { BUILD_SLOTS } from './build-slots';
import { buildCheckInputSchema, buildInputSchema } from './build-schemas';
import { validationMessages } from './messages';
import { builderHref, decodeBuild, encodeBuild, savedBuildContents, savedBuildHref } from './builds';
import { savedBuildPageMeta } from './pages';

const id = (n: number) => n.toString(16).padStart(24, 'a');

describe("a visitor's build in the URL", () => {
  it('round-trips the CPU and every slot', () => {
    const build = { cpu: 'ryzen-7-7700x', parts: Object.fromEntries(BUILD_SLOTS.map((slot, index) => [slot, id(index)])) };
    const encoded = encodeBuild(build);
    expect(encoded).toBe(`cpu-ryzen-7-7700x.${BUILD_SLOTS.map((slot, index) => `${slot}-${id(index)}`).join('.')}`);
    // Nothing a query string must escape.
    expect(new URLSearchParams({ b: encoded }).toString()).toBe(`b=${encoded}`);
    expect(decodeBuild(encoded)).toEqual(build);
    expect(builderHref({ cpu: null, parts: { memory: id(1) } })).toBe(`/builder?b=memory-${id(1)}`);
    expect(builderHref({ cpu: null, parts: {} })).toBe('/builder');
    expect(savedBuildHref(id(9))).toBe(`/builder/${id(9)}`);
  });

  it('leaves out what it does not understand', () => {
    expect(decodeBuild(`cpu-pentium-4.gpu-${id(1)}.case-${id(2)}.psu-nothex.memory-${id(3).toUpperCase()}..-x`)).toEqual({ cpu: null, parts: { gpu: id(1) } });
    expect(decodeBuild(null)).toEqual({ cpu: null, parts: {} });
    expect(decodeBuild('x'.repeat(10_000))).toEqual({ cpu: null, parts: {} });
  });
});

describe('a build sent to save or check', () => {
  it('takes a name, the slots and a CPU from the list, strictly', () => {
    expect(buildInputSchema.safeParse({ name: ' My AM5 build ', parts: { motherboard: id(1) }, cpu: 'ryzen-7-7700x' })).toMatchObject({
      success: true,
      data: { name: 'My AM5 build' },
    });
    const refused = (body: unknown) => buildInputSchema.safeParse(body).error?.issues[0]?.message;
    expect(refused({ name: 'x', parts: { case: id(1) } })).toBe(`Unknown build slot "case": the slots are ${BUILD_SLOTS.join(', ')}`);
    expect(refused({ name: 'x', parts: { gpu: 'abc' } })).toBe('parts.gpu must be a part id');
    expect(refused({ name: 'x', parts: { gpu: id(1) }, cpu: 'pentium-4' })).toBe('cpu must be the id of a CPU from the reference list, or null');
    expect(refused({ name: '  ', parts: { gpu: id(1) } })).toBe('Build name is required');
    expect(refused({ name: 'x'.repeat(81), parts: { gpu: id(1) } })).toBe('build name must be at most 80 characters');
    expect(refused({ name: 'a\nb', parts: { gpu: id(1) } })).toBe('build name must be plain text on one line');
    // Anyone reads a saved build's name: it may not show in another order than it is stored.
    expect(refused({ name: 'Gaming \u202Eevil', parts: { gpu: id(1) } })).toBe(validationMessages.textDirectionControls);
    expect(refused({ name: 'x', parts: [] })).toBe(`parts must be an object of slot: part id (${BUILD_SLOTS.join(', ')})`);
    expect(refused({ name: 'x', parts: { gpu: id(1) }, owner: 'me' })).toBe('Unrecognized key: "owner"');
    expect(buildCheckInputSchema.safeParse({ parts: {}, cpu: 'ryzen-5-7600' }).success).toBe(true);
    expect(buildCheckInputSchema.safeParse({ parts: {}, cpu: null }).error?.issues[0]?.message).toBe('A build needs at least one part or a CPU.');
    expect(refused({ name: 'Nothing yet', parts: {} })).toBe('A build needs at least one part or a CPU.');
  });
});

describe("a saved build's shared link preview", () => {
  const part = (name: string, price: number) => ({
    _id: '6b05f0aa469ee7dd07042888',
    name,
    img: '/images/parts/x.svg',
    description: 'A part.',
    category: 'Memory' as const,
    price,
    p_quantity: 5,
    min_quantity: 1,
    version: 1,
  });
  const build = {
    name: 'AM5 gaming build',
    cpu: 'ryzen-7-7700x',
    slots: [
      { slot: 'memory' as const, productId: '6b05f0aa469ee7dd07042888', part: part('32 GB DDR5-6000 Kit (2x16 GB)', 10499) },
      { slot: 'storage' as const, productId: '6b05f0aa469ee7dd07042889', part: null },
    ],
    check: { state: 'compatible' as const, results: [], estimatedW: 300, recommendedW: 450, totalCents: 10499 },
  };

  it('names the CPU and each part still sold, and the total', () => {
    expect(savedBuildContents(build)).toEqual({ parts: ['AMD Ryzen 7 7700X', '32 GB DDR5-6000 Kit (2x16 GB)'], totalCents: 10499 });
    expect(savedBuildPageMeta(build, savedBuildContents(build))).toEqual({
      title: 'AM5 gaming build',
      description: "AM5 gaming build: AMD Ryzen 7 7700X, 32 GB DDR5-6000 Kit (2x16 GB). Total $104.99 at today's prices.",
    });
  });

  it('says it was planned with the builder when nothing in it is sold any more', () => {
    const empty = { ...build, cpu: null, slots: [build.slots[1]!] };
    expect(savedBuildPageMeta(empty, savedBuildContents(empty)).description).toBe('A PC build planned with the PC PART PICKER builder: AM5 gaming build.');
  });
});
