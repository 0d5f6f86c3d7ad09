import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestServer, createTestUser, type TestServer, type TestUser } from '../../../../test/helper.ts';
import type * as processing from './picture-processing.ts';

// What picture uploads cost in memory: an interlaced PNG must be decoded whole, so a file of a few
// hundred kilobytes can ask for hundreds of megabytes. These tests run the real route and watch the
// process's RSS.

/** Every call of renderPicture, as it starts and ends: what the tests watch the queue by. */
const rendering = vi.hoisted(() => ({
  events: [] as ('start' | 'end')[],
  /** Closed, renderPicture waits before it decodes: uploads pile up behind the one being processed. */
  gate: Promise.resolve(),
}));

vi.mock('./picture-processing.ts', async (importOriginal) => {
  const original = await importOriginal<typeof processing>();
  return {
    ...original,
    async renderPicture(bytes: Buffer) {
      rendering.events.push('start');
      try {
        await rendering.gate;
        return await original.renderPicture(bytes);
      } finally {
        rendering.events.push('end');
      }
    },
  };
});

// Garbage is collected before each reading, so the figures are what native code keeps, not what V8
// has not got round to freeing yet.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const MB = 1024 * 1024;

let server: TestServer;
let admin: TestUser;
/** 23 megapixels, just under the limit: each upload decodes about 70 MB of pixels at once. */
let large: Buffer;

/** An Adam7-interlaced PNG of two colours: a few hundred kilobytes that decode to `side`² pixels. */
function interlacedPng(side: number, red: number): Promise<Buffer> {
  const half = Math.floor(side / 2);
  return sharp({ create: { width: side, height: side, channels: 3, background: { r: red, g: 80, b: 40 } } })
    .composite([{ input: { create: { width: half, height: half, channels: 3, background: '#2050c8' } } }])
    .png({ progressive: true })
    .toBuffer();
}

/**
 * The same PNG with a text chunk saying `comment` after its header: another file, decoded from scratch
 * by the route, without encoding the large picture again (which would itself leave memory behind).
 */
function withComment(png: Buffer, comment: string): Buffer {
  const headerEnd = 8 + 4 + 4 + 13 + 4; // signature, then IHDR's length, type, 13 bytes of data and CRC
  const typeAndData = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`Comment\0${comment}`, 'latin1')]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(typeAndData.length - 4);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([png.subarray(0, headerEnd), length, typeAndData, checksum, png.subarray(headerEnd)]);
}

function upload(body: Buffer, language = 'de') {
  return server.app.inject({
    method: 'POST',
    url: '/api/admin/stores/13/pictures',
    headers: { ...admin.headers, 'content-type': 'image/png', 'accept-language': language },
    payload: body,
  });
}

/** The resident set in bytes after a garbage collection and a moment for freed memory to settle. */
async function settledRss(): Promise<number> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 100));
  return process.memoryUsage().rss;
}

/** Runs `work`, noting the highest RSS meanwhile (sampled: sharp works off the main thread). */
async function peakRssDuring<T>(work: () => Promise<T>): Promise<{ peak: number; result: T }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await work();
    return { peak: Math.max(peak, process.memoryUsage().rss), result };
  } finally {
    clearInterval(sampler);
  }
}

const inMb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

beforeAll(async () => {
  server = await buildTestServer();
  admin = await createTestUser(server.app, { role: 'admin' });
  // The first upload loads code and warms pools; that is not what is measured.
  expect((await upload(await interlacedPng(400, 1))).statusCode).toBe(201);
  large = await interlacedPng(4800, 200);
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe('memory of picture uploads', () => {
  it('gives back the memory of ten large interlaced PNGs', async ({ annotate }) => {
    const pictures = Array.from({ length: 10 }, (_, index) => withComment(large, `ten ${index}`));
    const before = await settledRss();
    const { peak } = await peakRssDuring(async () => {
      for (const picture of pictures) {
        const response = await upload(picture);
        expect(response.statusCode, response.body).toBeLessThan(300);
      }
    });
    const after = await settledRss();
    await annotate(
      `ten uploads one after another: RSS ${inMb(before)} before, ${inMb(peak)} at the peak, ${inMb(after)} after`,
    );
    // Four renditions decoded at once took over 600 MB more at the peak; one after another, about 230.
    expect(peak - before).toBeLessThan(400 * MB);
    // What stays is the allocator's: each of libuv's threads keeps some 20 MB for the next picture, more
    // with PGlite in the process (up to 180 MB measured, against about 300 with four at once).
    expect(after - before).toBeLessThan(250 * MB);
  }, 300_000);

  it('processes parallel uploads one at a time, in turn, with the memory of one', async ({ annotate }) => {
    // Warmed up by one, so that what the threads keep for the next picture is not counted as the four's.
    expect((await upload(withComment(large, 'warm-up'))).statusCode).toBeLessThan(300);
    const before = await settledRss();
    const { peak: peakOfOne } = await peakRssDuring(() => upload(withComment(large, 'alone')));
    rendering.events.length = 0;
    const { peak: peakOfFour, result: responses } = await peakRssDuring(() =>
      Promise.all(Array.from({ length: 4 }, (_, index) => upload(withComment(large, `together ${index}`)))),
    );
    const after = await settledRss();
    await annotate(
      `four at once: RSS ${inMb(before)} before, one's peak ${inMb(peakOfOne)}, four's peak ${inMb(peakOfFour)}, ${inMb(after)} after`,
    );
    expect(responses.map((response) => response.statusCode < 300)).toEqual([true, true, true, true]);
    expect(rendering.events).toEqual(['start', 'end', 'start', 'end', 'start', 'end', 'start', 'end']);
    expect(peakOfFour - before).toBeLessThan(peakOfOne - before + 100 * MB);
  }, 300_000);

  it('refuses the interlaced 40-megapixel PNG of the probe, in German and English, without decoding it', async () => {
    const probe = await interlacedPng(6320, 2);
    const before = await settledRss();
    const { peak, result: german } = await peakRssDuring(() => upload(probe));
    expect(german.statusCode).toBe(400);
    expect(german.json()).toEqual({
      code: 'picture_dimensions',
      message: 'Das Bild hat zu viele Pixel (höchstens 24 Megapixel). Bitte verkleinern Sie es.',
    });
    const english = await upload(probe, 'en');
    expect(english.json()).toEqual({
      code: 'picture_dimensions',
      message: 'The picture has too many pixels (24 megapixels at most). Please make it smaller.',
    });
    // Decoding it would take over 120 MB; reading its header takes next to nothing.
    expect(peak - before).toBeLessThan(40 * MB);
  }, 60_000);

  it('answers 503 in German and English when too many uploads already wait', async () => {
    let open = () => {};
    rendering.gate = new Promise((resolve) => {
      open = resolve;
    });
    const refusals: { statusCode: number; body: unknown; retryAfter: unknown }[] = [];
    const send = async (picture: Buffer, language: string) => {
      const response = await upload(picture, language);
      if (response.statusCode >= 300) {
        refusals.push({
          statusCode: response.statusCode,
          body: response.json(),
          retryAfter: response.headers['retry-after'],
        });
      }
      return response.statusCode;
    };
    try {
      const small = await Promise.all(Array.from({ length: 7 }, (_, index) => interlacedPng(300, 20 + 30 * index)));
      // One is processed (held at the gate) and four wait; the sixth finds the queue full.
      const accepted = small.slice(0, 6).map((picture) => send(picture, 'de'));
      await vi.waitFor(() => expect(refusals).toHaveLength(1), { timeout: 10_000 });
      // Still full: the next is refused too, in the language it asks for.
      await send(small[6] ?? Buffer.alloc(0), 'en');
      expect(refusals).toEqual([
        {
          statusCode: 503,
          retryAfter: expect.stringMatching(/^\d+$/),
          body: {
            code: 'pictures_busy',
            message: 'Gerade werden zu viele Bilder verarbeitet. Bitte versuchen Sie es in einem Moment erneut.',
          },
        },
        {
          statusCode: 503,
          retryAfter: expect.stringMatching(/^\d+$/),
          body: {
            code: 'pictures_busy',
            message: 'Too many pictures are being processed right now. Please try again in a moment.',
          },
        },
      ]);
      open();
      expect((await Promise.all(accepted)).sort()).toEqual([201, 201, 201, 201, 201, 503]);
    } finally {
      open();
      rendering.gate = Promise.resolve();
    }
  }, 60_000);
});
