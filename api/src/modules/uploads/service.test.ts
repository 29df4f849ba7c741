import { readdir } from 'node:fs/promises';
import { startBackgroundJobs } from '../../background-jobs';
import { createLogger } from '../../logger';
import { createTestApi, type TestApi } from '../../../test/helpers';
import { pngImage, tempUploadsDir } from '../../../test/upload-fixtures';
import { createUploadsRepository } from './repository';
import { createUploadsService, type UploadsService } from './service';
import { createDiskStorage } from './storage';

const HOUR = 3_600_000;

let api: TestApi;
let uploadsDir: Awaited<ReturnType<typeof tempUploadsDir>>;
let uploads: UploadsService;
beforeAll(async () => {
  uploadsDir = await tempUploadsDir();
  api = await createTestApi({ UPLOADS_DIR: uploadsDir.dir });
  uploads = createUploadsService({
    uploads: createUploadsRepository(api.database.collections.uploads),
    storage: createDiskStorage({ dir: uploadsDir.dir, baseUrl: 'http://api.test' }),
    logger: createLogger('silent'),
  });
});
afterAll(async () => {
  await api.close();
  await uploadsDir.remove();
});

const fileNameOf = (url: string) => url.split('/').at(-1)!;

describe('attach and cleanUnattached', () => {
  it('deletes the files and records of old unattached uploads and keeps attached or recent ones', async () => {
    const png = await pngImage(40, 40);
    const kept = await uploads.upload(png, 'admin@example.com');
    const dropped = await uploads.upload(png, 'admin@example.com');
    const recent = await uploads.upload(png, 'admin@example.com');
    expect(await uploads.attach(kept.url)).toBe(true);
    // Only the first two are older than the cutoff.
    await api.database.collections.uploads.updateMany(
      { url: { $in: [kept.url, dropped.url] } },
      { $set: { createdAt: new Date(Date.now() - 25 * HOUR) } },
    );

    expect(await uploads.cleanUnattached(24 * HOUR)).toBe(1);

    const files = await readdir(uploadsDir.dir);
    for (const { url, thumbUrl } of [kept, recent]) {
      expect(files).toEqual(expect.arrayContaining([fileNameOf(url), fileNameOf(thumbUrl)]));
    }
    expect(files).not.toContain(fileNameOf(dropped.url));
    expect(files).not.toContain(fileNameOf(dropped.thumbUrl));
    const urls = (await api.database.collections.uploads.find({}).toArray()).map((doc) => doc.url);
    expect(urls).toEqual(expect.arrayContaining([kept.url, recent.url]));
    expect(urls).not.toContain(dropped.url);
    // A second round finds nothing more to do.
    expect(await uploads.cleanUnattached(24 * HOUR)).toBe(0);
  });

  it('attach keeps the first time and answers false for an image hosted elsewhere', async () => {
    const { url } = await uploads.upload(await pngImage(20, 20), 'admin@example.com');
    expect(await uploads.attach(url)).toBe(true);
    const first = (await api.database.collections.uploads.findOne({ url }))?.attachedAt;
    expect(first).toBeInstanceOf(Date);
    expect(await uploads.attach(url)).toBe(true);
    expect((await api.database.collections.uploads.findOne({ url }))?.attachedAt).toEqual(first);
    expect(await uploads.attach('https://i.ibb.co/abc/board.png')).toBe(false);
  });

  it('runs in the every-minute job after UPLOAD_UNATTACHED_HOURS', async () => {
    const jobsApi = await createTestApi({ UPLOADS_DIR: uploadsDir.dir, UPLOAD_UNATTACHED_HOURS: '2' });
    try {
      const jobUploads = createUploadsService({
        uploads: createUploadsRepository(jobsApi.database.collections.uploads),
        storage: createDiskStorage({ dir: uploadsDir.dir, baseUrl: 'http://api.test' }),
        logger: createLogger('silent'),
      });
      const { url } = await jobUploads.upload(await pngImage(20, 20), 'admin@example.com');
      const jobs = startBackgroundJobs({
        services: jobsApi.services,
        outbox: jobsApi.outbox,
        config: jobsApi.config,
        logger: createLogger('silent'),
        intervalMs: 3_600_000,
      });
      await jobs.runOnce(new Date(Date.now() + 1 * HOUR));
      expect(await jobsApi.database.collections.uploads.countDocuments({ url })).toBe(1);
      await jobs.runOnce(new Date(Date.now() + 3 * HOUR));
      await jobs.stop();
      expect(await jobsApi.database.collections.uploads.countDocuments({ url })).toBe(0);
      expect(await readdir(uploadsDir.dir)).not.toContain(fileNameOf(url));
    } finally {
      await jobsApi.close();
    }
  });
});
