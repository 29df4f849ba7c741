import { readdirSync } from 'node:fs';
import path from 'node:path';
import { SHOP_PICTURE_PATH_PATTERN } from '@pcpp/contracts/core';
import { publicDir } from '../../public-dir';

/** Where the api serves the shop's own part pictures (app.ts: public/images). */
const PICTURES_PATH = '/images/parts/';

/**
 * The shop's own part pictures: the files the api serves under /images/parts (the seeded
 * catalog's). A part may keep or take one as it may an upload, by the address the seed and
 * GET /tools.csv write (`/images/parts/<name>.svg`) or the same under the api's public URL.
 * Only a file that is there: any other address, another site's above all, is refused.
 */
export function createShopPictures(publicApiUrl: string, dir = path.join(publicDir(), 'images', 'parts')) {
  let files: Set<string>;
  try {
    files = new Set(readdirSync(dir));
  } catch {
    files = new Set();
  }
  const absolute = `${publicApiUrl.replace(/\/$/, '')}${PICTURES_PATH}`;
  return {
    has(url: string): boolean {
      const relative = url.startsWith(absolute) ? `${PICTURES_PATH}${url.slice(absolute.length)}` : url;
      return SHOP_PICTURE_PATH_PATTERN.test(relative) && files.has(relative.slice(PICTURES_PATH.length));
    },
  };
}

export type ShopPictures = ReturnType<typeof createShopPictures>;
