import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { adminPictureSchema, adminProductSchema, productSchema } from '@pizzeria/domain';
import { auditLog, pictureRenditions, pictures } from '../../../db/schema.ts';
import { backOfficeTestServer, present } from '../../../../test/back-office.ts';

// Picture uploads and how the shop gets them.

const backOffice = backOfficeTestServer();

/** A real picture of the given size, in a given format, with a colour so two are never the same. */
function picture(format: 'jpeg' | 'png' | 'webp', width: number, height: number, red = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: red, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

function upload(body: Buffer | string, contentType: string, language = 'de') {
  return backOffice.app.inject({
    method: 'POST',
    url: '/api/admin/stores/13/pictures',
    headers: { ...backOffice.admin.headers, 'content-type': contentType, 'accept-language': language },
    payload: body,
  });
}

function get(url: string, headers: Record<string, string> = {}) {
  return backOffice.app.inject({ method: 'GET', url, headers });
}

describe('POST /api/admin/stores/:id/pictures', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    'turns a %s into four WebP renditions of the right sizes',
    async (format) => {
      const red = { jpeg: 10, png: 20, webp: 30 }[format];
      const response = await upload(await picture(format, 900, 600, red), `image/${format}`);
      expect(response.statusCode, response.body).toBe(201);
      const created = adminPictureSchema.parse(response.json());
      const rows = await backOffice.app.database.db
        .select()
        .from(pictureRenditions)
        .where(eq(pictureRenditions.pictureId, created.id));
      const sizes = await Promise.all(
        rows.map(async (row) => {
          const metadata = await sharp(Buffer.from(row.bytes)).metadata();
          return `${row.kind} ${metadata.width}x${metadata.height} ${metadata.format}`;
        }),
      );
      expect(sizes.sort()).toEqual([
        'card 160x160 webp',
        'card 320x320 webp',
        'wide 1280x720 webp',
        'wide 640x360 webp',
      ]);
      const card = rows.find((row) => row.kind === 'card' && row.width === 320);
      const wide = rows.find((row) => row.kind === 'wide' && row.width === 1280);
      expect(created.card_url).toBe(`/api/pictures/${card?.hash}.webp`);
      expect(created.wide_url).toBe(`/api/pictures/${wide?.hash}.webp`);
    },
  );

  it('strips EXIF and every other metadata from what it serves', async () => {
    const withExif = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'SecretCam', Artist: 'Maria Rossi' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const response = await upload(withExif, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(201);
    const created = adminPictureSchema.parse(response.json());
    for (const url of [created.card_url, created.wide_url]) {
      const served = await get(url);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    }
  });

  it('turns a picture upright by its EXIF orientation before cropping', async () => {
    // Stored as 400×300, top half red, bottom half blue; orientation 6 turns it 90° clockwise, so
    // upright the red half is on the right.
    const halves = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0000ff' } })
      .composite([
        { input: { create: { width: 400, height: 150, channels: 3, background: '#ff0000' } }, top: 0, left: 0 },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const created = adminPictureSchema.parse((await upload(halves, 'image/jpeg')).json());
    const served = await get(created.card_url);
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3);
    const middle = Math.floor(info.height / 2);
    expect(pixel(info.width - 10, middle)[0]).toBeGreaterThan(200); // right: red
    expect(pixel(10, middle)[2]).toBeGreaterThan(200); // left: blue
  });

  it('returns the same picture for the same upload, without a second row', async () => {
    const bytes = await picture('png', 400, 400, 99);
    const first = await upload(bytes, 'image/png');
    expect(first.statusCode).toBe(201);
    const again = await upload(bytes, 'image/png');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const id = adminPictureSchema.parse(first.json()).id;
    const audits = await backOffice.app.database.db.select().from(auditLog).where(eq(auditLog.entity, 'picture'));
    expect(audits.filter((entry) => entry.entityId === String(id))).toHaveLength(1);
    const [row] = await backOffice.app.database.db.select().from(pictures).where(eq(pictures.id, id));
    expect(row?.originalHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a file that is no picture, whatever its header says, in German and English', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
    const german = await upload(pdf, 'image/png');
    expect(german.statusCode).toBe(400);
    expect(german.json()).toEqual({
      code: 'picture_type',
      message: 'Bitte laden Sie ein Bild im Format JPEG, PNG oder WebP hoch.',
    });
    const english = await upload('just some text', 'image/jpeg', 'en');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      code: 'picture_type',
      message: 'Please upload a picture in JPEG, PNG or WebP format.',
    });
    // A real picture's header followed by garbage: readable header, unreadable pixels.
    const truncated = (await picture('png', 400, 400, 5)).subarray(0, 120);
    expect((await upload(truncated, 'image/png')).json()).toMatchObject({ code: 'picture_type' });
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect((await upload(gif, 'image/png')).json()).toMatchObject({ code: 'picture_type' });
  });

  it('refuses other content types with 415 and a too small picture with 400', async () => {
    const json = await backOffice.app.inject({
      method: 'POST',
      url: '/api/admin/stores/13/pictures',
      headers: backOffice.admin.headers,
      payload: { picture: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ code: 'unsupported_media_type' });
    const gif = await upload(Buffer.from('GIF89a'), 'image/gif');
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toMatchObject({
      code: 'unsupported_media_type',
      message: expect.stringContaining('image/jpeg'),
    });

    const small = await upload(await picture('jpeg', 800, 150), 'image/jpeg', 'en');
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({ code: 'picture_too_small', message: expect.stringContaining('200 pixels') });
  });

  it('refuses more than 10 MB with 413 and a clear message', async () => {
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0xff);
    const response = await upload(huge, 'image/jpeg');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'picture_too_large', message: 'Das Bild ist zu groß: höchstens 10 MB.' });
  });

  it('refuses a decompression bomb', async () => {
    // A few kilobytes of PNG that decode to 100 megapixels.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await upload(bomb, 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'picture_dimensions' });
  });

  it('answers 404 for an unknown store', async () => {
    const response = await backOffice.app.inject({
      method: 'POST',
      url: '/api/admin/stores/999999/pictures',
      headers: { ...backOffice.admin.headers, 'content-type': 'image/png' },
      payload: await picture('png', 300, 300, 77),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/pictures/:file', () => {
  it('serves a rendition for a year, with an ETag, and 304 for a matching If-None-Match', async () => {
    const created = adminPictureSchema.parse((await upload(await picture('jpeg', 500, 500, 123), 'image/jpeg')).json());
    const response = await get(created.card_url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(320);
    const revalidated = await get(created.card_url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('answers 404 JSON for unknown and malformed names', async () => {
    for (const file of [`${'A'.repeat(43)}.webp`, 'nothing.webp', `${'A'.repeat(43)}.png`, '..%2F..%2Fetc']) {
      const response = await get(`/api/pictures/${file}`);
      expect(response.statusCode, file).toBe(404);
      expect(response.json()).toMatchObject({ code: 'picture_not_found' });
    }
  });
});

describe('a product with a picture', () => {
  it('shows the card and wide renditions in the shop, and only a picture of its own store', async () => {
    const created = adminPictureSchema.parse((await upload(await picture('png', 1600, 900, 44), 'image/png')).json());
    const shop = async () => {
      const response = await get('/api/products/?store_id=13');
      return z.array(productSchema).parse(response.json());
    };
    const product = present((await shop())[0]);
    const read = adminProductSchema.parse(
      (
        await backOffice.app.inject({
          method: 'GET',
          url: `/api/admin/stores/13/products/${product.id}`,
          headers: backOffice.admin.headers,
        })
      ).json(),
    );
    const saved = await backOffice.app.inject({
      method: 'PUT',
      url: `/api/admin/stores/13/products/${product.id}`,
      headers: backOffice.admin.headers,
      payload: {
        category_id: read.category_id,
        type: read.type,
        name: read.name,
        description: read.description,
        price: read.price,
        tax_rate_id: read.tax_rate_id,
        variants: read.variants,
        picture_id: created.id,
        hidden: read.hidden,
        version: read.version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ picture: created, image_url: created.card_url });
    const shown = (await shop()).find((item) => item.id === product.id);
    expect(shown).toMatchObject({ image_url: created.card_url, image_wide_url: created.wide_url });
  });
});
