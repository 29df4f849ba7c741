import { readdir } from 'node:fs/promises';
import { UPLOAD_MAX_BYTES, uploadResponseSchema } from '@pcpp/contracts/core';
import sharp from 'sharp';
import request from 'supertest';
import { createTestApi, type TestApi } from '../../../test/helpers';
import { accountWithToken, pngImage, sidewaysJpeg, tempUploadsDir } from '../../../test/upload-fixtures';

let api: TestApi;
let uploadsDir: Awaited<ReturnType<typeof tempUploadsDir>>;
let admin: { email: string; bearer: string };
let customer: { email: string; bearer: string };
beforeAll(async () => {
  uploadsDir = await tempUploadsDir();
  api = await createTestApi({ UPLOADS_DIR: uploadsDir.dir, PUBLIC_API_URL: 'https://api.shop.example/' });
  admin = await accountWithToken(api, 'admin');
  customer = await accountWithToken(api, 'customer');
});
afterAll(async () => {
  await api.close();
  await uploadsDir.remove();
});

const upload = (bearer: string | undefined) => {
  const call = request(api.app).post('/uploads');
  return bearer ? call.set('Authorization', bearer) : call;
};

/** GETs an uploaded file through the api by the path of its absolute URL. */
const fetchUploaded = (url: string) =>
  request(api.app)
    .get(new URL(url).pathname)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('POST /uploads', () => {
  it('stores a PNG as a webp at most 1200 px wide, with a 300 px thumbnail, served for a year', async () => {
    const response = await upload(admin.bearer)
      .attach('image', await pngImage(2000, 1000), { filename: 'board.png', contentType: 'image/png' });
    expect(response.status).toBe(201);
    // The spec's shape, with thumbUrl beside url.
    expect(uploadResponseSchema.safeParse(response.body).success).toBe(true);
    const { url, thumbUrl } = response.body.data;
    expect(url).toMatch(/^https:\/\/api\.shop\.example\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(thumbUrl).toBe(url.replace(/\.webp$/, '-thumb.webp'));

    const served = await fetchUploaded(url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const image = await sharp(served.body as Buffer).metadata();
    expect(image).toMatchObject({ format: 'webp', width: 1200, height: 600 });
    expect(image.exif).toBeUndefined();

    const thumb = await fetchUploaded(thumbUrl);
    expect(thumb.status).toBe(200);
    expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 300, height: 150 });

    const record = await api.database.collections.uploads.findOne({ url });
    expect(record).toMatchObject({ uploadedBy: admin.email, thumbKey: expect.stringMatching(/-thumb\.webp$/) });
    expect(record?.attachedAt).toBeUndefined();
  });

  it('turns a phone photo upright, drops its EXIF and never enlarges a small image', async () => {
    const response = await upload(admin.bearer).attach('image', await sidewaysJpeg(), 'photo.jpg');
    expect(response.status).toBe(201);
    const image = await sharp((await fetchUploaded(response.body.data.url)).body as Buffer).metadata();
    expect(image).toMatchObject({ format: 'webp', width: 200, height: 400 });
    expect(image.exif).toBeUndefined();
    expect(image.orientation).toBeUndefined();
  });

  it('accepts a WebP', async () => {
    const webp = await sharp(await pngImage(64, 32)).webp().toBuffer();
    const response = await upload(admin.bearer).attach('image', webp, 'part.webp');
    expect(response.status).toBe(201);
    expect(await sharp((await fetchUploaded(response.body.data.url)).body as Buffer).metadata()).toMatchObject({
      format: 'webp',
      width: 64,
    });
  });

  it('goes by the bytes: text named .png and declared image/png is a 415, as is a GIF', async () => {
    const text = await upload(admin.bearer).attach('image', Buffer.from('not an image at all\n'.repeat(50)), {
      filename: 'board.png',
      contentType: 'image/png',
    });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ message: 'The image must be a JPEG, PNG or WebP file' });

    const gif = await sharp(await pngImage(10, 10)).gif().toBuffer();
    const gifResponse = await upload(admin.bearer).attach('image', gif, { filename: 'a.jpg', contentType: 'image/jpeg' });
    expect(gifResponse.status).toBe(415);
  });

  it('answers 400 for a file that starts like a PNG but is broken', async () => {
    const png = await pngImage(300, 300);
    const response = await upload(admin.bearer).attach('image', png.subarray(0, 200), 'cut.png');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'The image could not be read' });
  });

  it('refuses a file above 5 MB with 413', async () => {
    const response = await upload(admin.bearer).attach('image', Buffer.alloc(6 * 1024 * 1024, 1), 'big.png');
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'The image is larger than 5 MB' });
  });

  it('takes a file of exactly 5 MB as far as the type check', async () => {
    const response = await upload(admin.bearer).attach('image', Buffer.alloc(UPLOAD_MAX_BYTES, 1), 'exact.png');
    expect(response.status).toBe(415);
  });

  it("answers 400 'Image is Required' without a file, or with an empty one", async () => {
    const none = await upload(admin.bearer).field('image', '').type('multipart/form-data');
    expect(none.status).toBe(400);
    const noBody = await upload(admin.bearer);
    expect(noBody.status).toBe(400);
    expect(noBody.body).toEqual({ message: 'Image is Required' });
    const empty = await upload(admin.bearer).attach('image', Buffer.alloc(0), 'empty.png');
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: 'Image is Required' });
  });

  it('answers 400 for any other field, a second file or another field name', async () => {
    const png = await pngImage(20, 20);
    const extraField = await upload(admin.bearer).field('name', 'x').attach('image', png, 'a.png');
    const secondFile = await upload(admin.bearer).attach('image', png, 'a.png').attach('image', png, 'b.png');
    const otherName = await upload(admin.bearer).attach('photo', png, 'a.png');
    for (const response of [extraField, secondFile, otherName]) {
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Send one file in the field "image" and nothing else' });
    }
  });

  it('answers 400 for a body that is not well-formed multipart', async () => {
    const response = await upload(admin.bearer)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'The upload is not valid multipart/form-data' });
  });

  it('is for admins: 401 without a token, 403 for a customer, and nothing is stored', async () => {
    const before = await readdir(uploadsDir.dir);
    const png = await pngImage(20, 20);
    const anonymous = await upload(undefined).attach('image', png, 'a.png');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toEqual(expect.any(String));
    const customerResponse = await upload(customer.bearer).attach('image', png, 'a.png');
    expect(customerResponse.status).toBe(403);
    expect(customerResponse.body).toEqual({ message: 'Admins only' });
    expect(await readdir(uploadsDir.dir)).toEqual(before);
  });

  it('checks the role before reading the body: a customer sending 6 MB gets 403, not 413', async () => {
    const response = await upload(customer.bearer).attach('image', Buffer.alloc(6 * 1024 * 1024, 1), 'big.png');
    expect(response.status).toBe(403);
  });
});

describe('GET /uploads/:key', () => {
  it('answers 404 JSON for a file that is not there, and serves no dotfile or folder index', async () => {
    for (const path of ['/uploads/0000.webp', '/uploads/.hidden', '/uploads/']) {
      const response = await request(api.app).get(path);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body.message).toEqual(expect.any(String));
    }
  });
});
