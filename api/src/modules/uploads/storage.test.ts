import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, NotFound, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import request from 'supertest';
import { createTestApi } from '../../../test/helpers';
import { accountWithToken, pngImage, tempUploadsDir } from '../../../test/upload-fixtures';
import { createDiskStorage, createS3Storage, UPLOAD_CACHE_CONTROL } from './storage';

const BUCKET = 'pcpp-uploads';

describe('the S3 storage, against a local S3-compatible server', () => {
  let server: S3rver;
  let files: Awaited<ReturnType<typeof tempUploadsDir>>;
  let endpoint: string;
  let client: S3Client;
  beforeAll(async () => {
    files = await tempUploadsDir();
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: files.dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    client = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    client.destroy();
    await server.close();
    await files.remove();
  });

  const s3Env = () => ({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });

  it('puts an object with its content type and cache header, and deletes it', async () => {
    const storage = createS3Storage({
      kind: 's3',
      bucket: BUCKET,
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      publicUrl: `${endpoint}/${BUCKET}`,
    });
    const body = Buffer.from('RIFF....WEBP');
    await storage.put('abc-1.webp', body, 'image/webp');

    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'abc-1.webp' }));
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe(UPLOAD_CACHE_CONTROL);
    expect(head.ContentLength).toBe(body.length);
    expect(storage.url('abc-1.webp')).toBe(`${endpoint}/${BUCKET}/abc-1.webp`);
    const served = await fetch(storage.url('abc-1.webp'));
    expect(Buffer.from(await served.arrayBuffer())).toEqual(body);

    await storage.delete('abc-1.webp');
    await expect(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'abc-1.webp' }))).rejects.toBeInstanceOf(NotFound);
    // Deleting again is not an error.
    await storage.delete('abc-1.webp');
  });

  it('POST /uploads stores both images in the bucket when S3_BUCKET is set; the api serves no files', async () => {
    const api = await createTestApi(s3Env());
    try {
      expect(api.config.uploadStorage).toMatchObject({ kind: 's3', publicUrl: `${endpoint}/${BUCKET}` });
      const admin = await accountWithToken(api, 'admin');
      const response = await request(api.app)
        .post('/uploads')
        .set('Authorization', admin.bearer)
        .attach('image', await pngImage(1600, 400), 'wide.png');
      expect(response.status).toBe(201);
      const { url, thumbUrl } = response.body.data;
      expect(url).toMatch(new RegExp(`^${endpoint}/${BUCKET}/[0-9a-f-]{36}\\.webp$`));

      const image = await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).metadata();
      expect(image).toMatchObject({ format: 'webp', width: 1200, height: 300 });
      const thumb = await sharp(Buffer.from(await (await fetch(thumbUrl)).arrayBuffer())).metadata();
      expect(thumb).toMatchObject({ width: 300 });
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: url.split('/').at(-1) }));
      expect(head.CacheControl).toBe(UPLOAD_CACHE_CONTROL);

      expect((await request(api.app).get(`/uploads/${url.split('/').at(-1)}`)).status).toBe(404);
    } finally {
      await api.close();
    }
  });
});

describe('the disk storage', () => {
  it('writes under its folder, refuses keys that could leave it, and deletes idempotently', async () => {
    const files = await tempUploadsDir();
    try {
      const storage = createDiskStorage({ dir: path.join(files.dir, 'nested'), baseUrl: 'https://api.example' });
      await storage.put('k-1.webp', Buffer.from('x'), 'image/webp');
      expect(await readFile(path.join(files.dir, 'nested', 'k-1.webp'), 'utf8')).toBe('x');
      expect(storage.url('k-1.webp')).toBe('https://api.example/uploads/k-1.webp');
      await expect(storage.put('k-1.webp', Buffer.from('y'), 'image/webp')).rejects.toThrow();
      await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow('Invalid upload key');
      await storage.delete('k-1.webp');
      await storage.delete('k-1.webp');
      await expect(readFile(path.join(files.dir, 'nested', 'k-1.webp'))).rejects.toThrow();
    } finally {
      await files.remove();
    }
  });
});

describe('which image addresses a storage owns (a product may only show those)', () => {
  const uuid = '0b5c7d1e-9a4f-4f8e-8a41-2f7c1d9e6b3a';
  const refused = (base: string) => [
    'javascript:alert(document.cookie)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    `${base.replace(/^http/, 'ftp')}/${uuid}.webp`,
    `${base}/${uuid}.webp?v=1`,
    `${base}/${uuid}.webp#x`,
    `${base}/../docs`,
    `${base}/%2e%2e/${uuid}.webp`,
    `${base}/${uuid}.png`,
    `${base}/sub/${uuid}.webp`,
    `${base}x/${uuid}.webp`,
    `https://evil.example/${uuid}.webp`,
  ];

  it('the disk storage: <PUBLIC_API_URL>/uploads/<key> only', () => {
    const storage = createDiskStorage({ dir: '/nonexistent', baseUrl: 'http://localhost:4000' });
    expect(storage.owns(storage.url(`${uuid}.webp`))).toBe(true);
    expect(storage.owns(`http://localhost:4000/uploads/${uuid}-thumb.webp`)).toBe(true);
    for (const url of refused('http://localhost:4000/uploads')) expect({ url, owned: storage.owns(url) }).toEqual({ url, owned: false });
  });

  it('a bucket: <S3_PUBLIC_URL>/<key> only', () => {
    const config = { kind: 's3', bucket: BUCKET, endpoint: undefined, region: 'us-east-1', credentials: undefined, forcePathStyle: false } as const;
    const storage = createS3Storage({ ...config, publicUrl: 'https://images.shop.example' });
    expect(storage.owns(`https://images.shop.example/${uuid}.webp`)).toBe(true);
    for (const url of refused('https://images.shop.example')) expect({ url, owned: storage.owns(url) }).toEqual({ url, owned: false });
  });
});
