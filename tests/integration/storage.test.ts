import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';

const BUCKET = 'menu-images';

/** A few bytes that really are a PNG (1×1, red). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const png = (extra = '') => new Blob([PNG, Buffer.from(extra)], { type: 'image/png' });

type StorageErr = { status?: number; statusCode?: string; message: string } | null;

/** A raw request with the path exactly as written (fetch would normalise dot segments). */
function raw(
  b: TestBackend,
  method: string,
  pathAndQuery: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const u = new URL(b.url);
    const req = http.request({ host: u.hostname, port: u.port, method, path: pathAndQuery, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(testDatabases())('Storage API /storage/v1 through supabase-js on %s', (kind) => {
  let b: TestBackend;
  let adminClient: SupabaseClient;
  let customerClient: SupabaseClient;
  let adminToken: string;

  beforeAll(async () => {
    b = await startTestBackend(kind);
    const claims = (app: Record<string, unknown>) => ({
      role: 'authenticated' as const,
      aud: 'authenticated',
      sub: crypto.randomUUID(),
      email: 'x@churrasqueira.lu',
      app_metadata: app,
    });
    adminToken = await b.context.jwt.sign(claims({ role: 'admin' }), 3600);
    adminClient = b.client(adminToken);
    // A customer who wrote role admin into their own user_metadata: never trusted.
    customerClient = b.client(
      await b.context.jwt.sign({ ...claims({ provider: 'email' }), user_metadata: { role: 'admin' } }, 3600),
    );
  });
  afterAll(async () => b?.close());

  it('the migration made the public menu-images bucket with its size and type limits', async () => {
    const { data, error } = await b.serviceClient().storage.getBucket(BUCKET);
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: BUCKET,
      name: BUCKET,
      public: true,
      file_size_limit: 5 * 1024 * 1024,
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
    });
    // Buckets are read under RLS too: no policy lets anon list them.
    const anonList = await b.client().storage.listBuckets();
    expect(anonList.error).toBeNull();
    expect(anonList.data).toEqual([]);
  });

  it('an admin uploads; anyone reads through the public URL; anon and customers cannot upload, replace or remove', async () => {
    const up = await adminClient.storage.from(BUCKET).upload('items/frango.png', png());
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'items/frango.png', fullPath: `${BUCKET}/items/frango.png` });
    expect(up.data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const { publicUrl } = b.client().storage.from(BUCKET).getPublicUrl('items/frango.png').data;
    expect(publicUrl).toBe(`${b.url}/storage/v1/object/public/${BUCKET}/items/frango.png`);
    const got = await fetch(publicUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('cache-control')).toBe('max-age=3600');
    expect(got.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
    const again = await fetch(publicUrl, { headers: { 'If-None-Match': got.headers.get('etag')! } });
    expect(again.status).toBe(304);

    for (const [who, client] of [
      ['anon', b.client()],
      ['customer', customerClient],
    ] as const) {
      const denied = await client.storage.from(BUCKET).upload(`items/${who}.png`, png());
      expect(denied.error, who).toMatchObject({
        status: 400,
        statusCode: '403',
        message: 'new row violates row-level security policy for table "objects"',
      });
      const replace = await client.storage.from(BUCKET).upload('items/frango.png', png('x'), { upsert: true });
      expect((replace.error as StorageErr)?.statusCode, who).toBe('403');
      const update = await client.storage.from(BUCKET).update('items/frango.png', png('x'));
      expect((update.error as StorageErr)?.statusCode, who).toBe('404');
      const removed = await client.storage.from(BUCKET).remove(['items/frango.png']);
      expect(removed.error, who).toBeNull();
      expect(removed.data, who).toEqual([]);
      // Not listed, not downloadable through the authenticated route, no signed URL.
      expect((await client.storage.from(BUCKET).list('items')).data, who).toEqual([]);
      expect(((await client.storage.from(BUCKET).download('items/frango.png')).error as StorageErr)?.status, who).toBe(
        400,
      );
      expect(
        ((await client.storage.from(BUCKET).createSignedUrl('items/frango.png', 60)).error as StorageErr)?.statusCode,
        who,
      ).toBe('404');
    }
    // Still the admin's bytes.
    const still = await fetch(publicUrl);
    expect(Buffer.from(await still.arrayBuffer()).equals(PNG)).toBe(true);
    const count = await b.db.query(
      `select count(*)::int as n from storage.objects where bucket_id = $1 and name like 'items/%'`,
      [BUCKET],
    );
    expect(count.rows[0]).toEqual({ n: 1 });
  });

  it('upload without upsert refuses an existing name; upsert and update replace the bytes; the owner is the uploader', async () => {
    const name = 'items/bifana.png';
    expect((await adminClient.storage.from(BUCKET).upload(name, png('v1'))).error).toBeNull();
    const dup = await adminClient.storage.from(BUCKET).upload(name, png('v2'));
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect((await adminClient.storage.from(BUCKET).upload(name, png('v2'), { upsert: true })).error).toBeNull();
    let dl = await adminClient.storage.from(BUCKET).download(name);
    expect(
      Buffer.from(await dl.data!.arrayBuffer())
        .toString('latin1')
        .endsWith('v2'),
    ).toBe(true);
    expect((await adminClient.storage.from(BUCKET).update(name, png('v3'))).error).toBeNull();
    dl = await adminClient.storage.from(BUCKET).download(name);
    expect(
      Buffer.from(await dl.data!.arrayBuffer())
        .toString('latin1')
        .endsWith('v3'),
    ).toBe(true);
    const row = await b.db.query<{ owner: string; metadata: Record<string, unknown> }>(
      'select owner, metadata from storage.objects where bucket_id = $1 and name = $2',
      [BUCKET, name],
    );
    expect(row.rows[0].owner).toBe(JSON.parse(Buffer.from(adminToken.split('.')[1], 'base64url').toString()).sub);
    expect(row.rows[0].metadata).toMatchObject({
      mimetype: 'image/png',
      size: PNG.length + 2,
      cacheControl: 'max-age=3600',
    });
    const info = await adminClient.storage.from(BUCKET).info(name);
    expect(info.data).toMatchObject({ name, size: PNG.length + 2, contentType: 'image/png' });
  });

  it('enforces the bucket limits: 413 above 5 MB, 415 for a type the bucket does not take', async () => {
    const big = await adminClient.storage
      .from(BUCKET)
      .upload('items/big.png', new Blob([Buffer.alloc(5 * 1024 * 1024 + 1)], { type: 'image/png' }));
    expect(big.error).toMatchObject({
      status: 413,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const exact = await adminClient.storage
      .from(BUCKET)
      .upload('items/exact.png', new Blob([Buffer.alloc(5 * 1024 * 1024)], { type: 'image/png' }));
    expect(exact.error).toBeNull();
    const gif = await adminClient.storage
      .from(BUCKET)
      .upload('items/anim.gif', new Blob([Buffer.from('GIF89a')], { type: 'image/gif' }));
    expect(gif.error).toMatchObject({
      status: 415,
      statusCode: '415',
      message: 'mime type image/gif is not supported',
    });
    const html = await adminClient.storage
      .from(BUCKET)
      .upload('items/page.html', Buffer.from('<script>alert(1)</script>'), { contentType: 'text/html' });
    expect(html.error).toMatchObject({ status: 415 });
    // A raw body (not multipart) is held to the same limits.
    const rawBig = await adminClient.storage
      .from(BUCKET)
      .upload('items/raw.webp', Buffer.alloc(5 * 1024 * 1024 + 10), { contentType: 'image/webp' });
    expect(rawBig.error).toMatchObject({ status: 413 });
    const names = (
      await b.db.query<{ name: string }>(
        `select name from storage.objects where bucket_id = $1 and name like 'items/%'`,
        [BUCKET],
      )
    ).rows.map((r) => r.name);
    expect(names).not.toContain('items/big.png');
    expect(names).not.toContain('items/anim.gif');
    expect((await adminClient.storage.from(BUCKET).remove(['items/exact.png'])).data).toHaveLength(1);
  });

  it('signed URLs open until they expire, only for their own object, and cannot be made for objects the caller cannot read', async () => {
    await adminClient.storage.from(BUCKET).upload('signed/a.png', png('a'));
    await adminClient.storage.from(BUCKET).upload('signed/b.png', png('b'));
    const signed = await adminClient.storage.from(BUCKET).createSignedUrl('signed/a.png', 1);
    expect(signed.error).toBeNull();
    const url = signed.data!.signedUrl;
    expect(url).toMatch(new RegExp(`^${b.url}/storage/v1/object/sign/${BUCKET}/signed/a\\.png\\?token=`));
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(
      Buffer.from(await ok.arrayBuffer())
        .toString('latin1')
        .endsWith('a'),
    ).toBe(true);
    // The token of a.png does not open b.png.
    const token = new URL(url).searchParams.get('token')!;
    const other = await fetch(`${b.url}/storage/v1/object/sign/${BUCKET}/signed/b.png?token=${token}`);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: 'InvalidJWT' });
    // A token signed with another secret is refused.
    const forged = await fetch(
      `${b.url}/storage/v1/object/sign/${BUCKET}/signed/a.png?token=${token.slice(0, -4)}AAAA`,
    );
    expect(forged.status).toBe(400);

    await new Promise((r) => setTimeout(r, 2100));
    const expired = await fetch(url);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ statusCode: '400', error: 'InvalidJWT', message: 'jwt expired' });

    const many = await adminClient.storage.from(BUCKET).createSignedUrls(['signed/a.png', 'signed/missing.png'], 60);
    expect(many.error).toBeNull();
    expect(many.data![0]).toMatchObject({ path: 'signed/a.png', error: null });
    expect(many.data![1]).toMatchObject({ path: 'signed/missing.png', signedUrl: null });
    expect((await fetch(many.data![0].signedUrl!)).status).toBe(200);
    const bad = await adminClient.storage.from(BUCKET).createSignedUrl('signed/a.png', 0);
    expect(bad.error).toMatchObject({ status: 400 });
  });

  it('lists with prefix, folders, limit, offset, sortBy and search; moves, copies and removes', async () => {
    const s = adminClient.storage.from(BUCKET);
    for (const n of ['list/c.png', 'list/a.png', 'list/b.png', 'list/sub/d.png', 'list/sub/e.png'])
      expect((await s.upload(n, png(n))).error).toBeNull();
    const all = await s.list('list');
    expect(all.error).toBeNull();
    expect(all.data!.map((e) => e.name)).toEqual(['a.png', 'b.png', 'c.png', 'sub']);
    expect(all.data!.find((e) => e.name === 'sub')).toMatchObject({ id: null, metadata: null });
    expect(all.data!.find((e) => e.name === 'a.png')!.metadata).toMatchObject({ mimetype: 'image/png' });
    expect((await s.list('list', { limit: 2, offset: 1 })).data!.map((e) => e.name)).toEqual(['b.png', 'c.png']);
    expect((await s.list('list', { sortBy: { column: 'name', order: 'desc' } })).data!.map((e) => e.name)).toEqual([
      'sub',
      'c.png',
      'b.png',
      'a.png',
    ]);
    expect((await s.list('list', { search: 'b' })).data!.map((e) => e.name)).toEqual(['b.png']);
    expect((await s.list('list', { search: '%' })).data).toEqual([]);
    expect((await s.list('list/sub')).data!.map((e) => e.name)).toEqual(['d.png', 'e.png']);

    expect((await s.move('list/a.png', 'list/moved/a.png')).error).toBeNull();
    expect((await s.download('list/a.png')).error).toMatchObject({ status: 400 });
    expect(
      Buffer.from(await (await s.download('list/moved/a.png')).data!.arrayBuffer())
        .toString('latin1')
        .endsWith('list/a.png'),
    ).toBe(true);
    expect((await s.move('list/b.png', 'list/c.png')).error).toMatchObject({ statusCode: '409' });
    expect((await s.move('list/nothing.png', 'list/x.png')).error).toMatchObject({ statusCode: '404' });
    const copy = await s.copy('list/b.png', 'list/b-copy.png');
    expect(copy.error).toBeNull();
    expect(copy.data).toEqual({ path: `${BUCKET}/list/b-copy.png` });
    // The copy has its own bytes: removing the source keeps it.
    const removed = await s.remove(['list/b.png', 'list/c.png', 'list/never.png']);
    expect(removed.data!.map((r) => r.name).sort()).toEqual(['list/b.png', 'list/c.png']);
    expect(
      Buffer.from(await (await s.download('list/b-copy.png')).data!.arrayBuffer())
        .toString('latin1')
        .endsWith('list/b.png'),
    ).toBe(true);
    expect((await s.list('list')).data!.map((e) => e.name)).toEqual(['b-copy.png', 'moved', 'sub']);
    // A customer cannot move or copy an admin's photo.
    expect((await customerClient.storage.from(BUCKET).move('list/b-copy.png', 'list/stolen.png')).error).toMatchObject({
      statusCode: '404',
    });
    expect((await customerClient.storage.from(BUCKET).copy('list/b-copy.png', 'list/stolen.png')).error).toMatchObject({
      statusCode: '404',
    });
  });

  it('signed upload URLs: made only by who may write the name, used once (or to overwrite with upsert), never as download tokens', async () => {
    const s = adminClient.storage.from(BUCKET);
    const made = await s.createSignedUploadUrl('upload-url/a.png');
    expect(made.error).toBeNull();
    expect(made.data!.path).toBe('upload-url/a.png');
    expect(made.data!.signedUrl).toMatch(
      new RegExp(`^${b.url}/storage/v1/object/upload/sign/${BUCKET}/upload-url/a\\.png\\?token=`),
    );
    // Whoever holds the URL uploads with no sign-in: the anonymous client here.
    const anon = b.client().storage.from(BUCKET);
    const up = await anon.uploadToSignedUrl(made.data!.path, made.data!.token, png('signed-upload'), {
      metadata: { by: 'link' },
    });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'upload-url/a.png', fullPath: `${BUCKET}/upload-url/a.png` });
    const pub = await fetch(s.getPublicUrl('upload-url/a.png').data.publicUrl);
    expect(
      Buffer.from(await pub.arrayBuffer())
        .toString('latin1')
        .endsWith('signed-upload'),
    ).toBe(true);
    // The object belongs to whoever signed the URL.
    const owner = await b.context.db.query<{ owner: string }>(
      `select owner::text from storage.objects where bucket_id = $1 and name = 'upload-url/a.png'`,
      [BUCKET],
    );
    expect(owner.rows[0].owner).toBe(JSON.parse(Buffer.from(adminToken.split('.')[1], 'base64url').toString()).sub);
    expect((await s.info('upload-url/a.png')).data!.metadata).toEqual({ by: 'link' });

    // Twice: the name exists now.
    const again = await anon.uploadToSignedUrl(made.data!.path, made.data!.token, png('again'));
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    // With upsert, the holder may overwrite.
    const over = await s.createSignedUploadUrl('upload-url/a.png', { upsert: true });
    expect((await anon.uploadToSignedUrl(over.data!.path, over.data!.token, png('over'))).error).toBeNull();
    const after = await fetch(`${s.getPublicUrl('upload-url/a.png').data.publicUrl}?v=2`);
    expect(
      Buffer.from(await after.arrayBuffer())
        .toString('latin1')
        .endsWith('over'),
    ).toBe(true);

    // The token is for this name only, for uploads only; a download token does not upload.
    expect((await anon.uploadToSignedUrl('upload-url/b.png', made.data!.token, png())).error).toMatchObject({
      statusCode: '400',
    });
    const dl = await s.createSignedUrl('upload-url/a.png', 60);
    const dlToken = new URL(dl.data!.signedUrl).searchParams.get('token')!;
    expect((await anon.uploadToSignedUrl('upload-url/a.png', dlToken, png())).error).toMatchObject({
      message: 'The token was not signed for this operation',
    });
    expect(
      (await fetch(`${b.url}/storage/v1/object/sign/${BUCKET}/upload-url/a.png?token=${made.data!.token}`)).status,
    ).toBe(400);
    // The bucket's limits hold for signed uploads too.
    const big = await s.createSignedUploadUrl('upload-url/big.png');
    expect(
      (
        await anon.uploadToSignedUrl(
          big.data!.path,
          big.data!.token,
          new Blob([Buffer.alloc(5 * 1024 * 1024 + 1)], { type: 'image/png' }),
        )
      ).error,
    ).toMatchObject({ statusCode: '413' });
    // Only who may write the name gets a URL for it: not a customer, not the anonymous key.
    expect((await customerClient.storage.from(BUCKET).createSignedUploadUrl('upload-url/c.png')).error).toMatchObject({
      statusCode: '403',
    });
    expect((await anon.createSignedUploadUrl('upload-url/c.png')).error).toMatchObject({ statusCode: '403' });
  });

  it('list v2: full names under a prefix, folders with the delimiter, pages by cursor in every order', async () => {
    const s = adminClient.storage.from(BUCKET);
    const suffixes = ['zz', 'bb', 'xx', 'ww', 'cc', 'aa', 'yy', 'oo'];
    for (const x of suffixes) expect((await s.upload(`v2/page/f-${x}.png`, png(x))).error).toBeNull();
    expect((await s.upload('v2/deep/inner/g.png', png())).error).toBeNull();

    const flat = await s.listV2({ prefix: 'v2/' });
    expect(flat.error).toBeNull();
    expect(flat.data!.hasNext).toBe(false);
    expect(flat.data!.folders).toEqual([]);
    expect(flat.data!.objects.map((o) => o.name)).toEqual([
      'v2/deep/inner/g.png',
      ...suffixes
        .slice()
        .sort()
        .map((x) => `v2/page/f-${x}.png`),
    ]);
    expect(flat.data!.objects[0]).toMatchObject({
      id: expect.any(String),
      metadata: expect.objectContaining({ mimetype: 'image/png' }),
    });

    const folders = await s.listV2({ prefix: 'v2/', with_delimiter: true });
    expect(folders.data).toMatchObject({
      hasNext: false,
      objects: [],
      folders: [
        { key: 'deep', name: 'v2/deep/' },
        { key: 'page', name: 'v2/page/' },
      ],
    });

    const cases: [string[], { column: 'name' | 'created_at'; order: 'asc' | 'desc' } | undefined][] = [
      [suffixes.slice().sort(), undefined],
      [suffixes.slice().sort().reverse(), { column: 'name', order: 'desc' }],
      [suffixes.slice(), { column: 'created_at', order: 'asc' }],
      [suffixes.slice().reverse(), { column: 'created_at', order: 'desc' }],
    ];
    for (const [expected, sortBy] of cases) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      for (;;) {
        const r = await s.listV2({
          prefix: 'v2/page/',
          with_delimiter: true,
          limit: 3,
          ...(cursor ? { cursor } : {}),
          ...(sortBy ? { sortBy } : {}),
        });
        expect(r.error).toBeNull();
        seen.push(...r.data!.objects.map((o) => o.name.replace('v2/page/f-', '').replace('.png', '')));
        pages += 1;
        if (!r.data!.hasNext) break;
        cursor = r.data!.nextCursor;
      }
      expect(seen).toEqual(expected);
      expect(pages).toBe(3);
    }
    // Folders and files page together.
    const mixed = await s.listV2({ prefix: 'v2/', with_delimiter: true, limit: 1 });
    expect(mixed.data).toMatchObject({ hasNext: true, folders: [{ name: 'v2/deep/' }], objects: [] });
    const next = await s.listV2({ prefix: 'v2/', with_delimiter: true, limit: 1, cursor: mixed.data!.nextCursor });
    expect(next.data).toMatchObject({ hasNext: false, folders: [{ name: 'v2/page/' }] });
    // A made-up cursor is refused; a customer lists only what RLS lets them read.
    expect((await s.listV2({ cursor: 'not-a-cursor' })).error).toMatchObject({ statusCode: '400' });
    const theirs = await customerClient.storage.from(BUCKET).listV2({ prefix: 'v2/' });
    expect(theirs.error).toBeNull();
    expect(theirs.data!.objects).toEqual([]);
  });

  it("object info gives the upload's own metadata, {} when it had none", async () => {
    const s = adminClient.storage.from(BUCKET);
    await s.upload('info/plain.png', png());
    expect((await s.info('info/plain.png')).data).toMatchObject({ metadata: {}, contentType: 'image/png' });
  });

  it('refuses traversal, control characters, empty segments and overlong names before touching anything', async () => {
    const s = adminClient.storage.from(BUCKET);
    const auth = { Authorization: `Bearer ${adminToken}`, apikey: b.anonKey, 'Content-Type': 'image/png' };
    for (const p of [
      '..%2F..%2Fjwt-secret',
      'a%2F..%2F..%2Fx.png',
      'items%2F.%2Fx.png',
      '%2Fetc%2Fpasswd',
      'a%5C..%5Cx.png',
      'a%0Ab.png',
    ]) {
      const r = await raw(b, 'POST', `/storage/v1/object/${BUCKET}/${p}`, auth, PNG);
      expect(r.status, p).toBe(400);
      expect(JSON.parse(r.body), p).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    }
    // A NUL never reaches Storage: the server refuses the path itself.
    const nul = await raw(b, 'POST', `/storage/v1/object/${BUCKET}/a%00.png`, auth, PNG);
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body)).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    // Dot segments in the URL are resolved by URL parsing itself, so they can only name another route.
    const dots = await raw(b, 'GET', `/storage/v1/object/public/${BUCKET}/../../../jwt-secret`);
    expect(dots.status).not.toBe(200);
    expect(dots.body).not.toContain('test-secret');
    expect((await s.move('items/bifana.png', '../../escape.png')).error).toMatchObject({
      statusCode: '400',
      message: 'Invalid key: ../../escape.png',
    });
    expect((await s.copy('items/bifana.png', 'items//double.png')).error).toMatchObject({ statusCode: '400' });
    expect((await s.upload('x'.repeat(1025), png())).error).toMatchObject({ statusCode: '400' });
    expect((await s.upload('é.png', png())).error).toMatchObject({ statusCode: '400' });
    const badBucket = await raw(b, 'GET', '/storage/v1/object/public/..%2Fstorage/x.png');
    expect(badBucket.status).toBe(400);
    const names = (await b.db.query<{ name: string }>('select name from storage.objects')).rows.map((r) => r.name);
    expect(names.some((n) => n.includes('..') || n.includes('\\') || n.includes('escape'))).toBe(false);
  });

  it('manages buckets with the service role and refuses them to other callers', async () => {
    const svc = b.serviceClient().storage;
    const made = await svc.createBucket('docs-test', {
      public: false,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['application/pdf'],
    });
    // Sizes in words are decimal, as Storage reads them: 1MB is 1,000,000 bytes, '20MB' 20,000,000, '1.5kb' 1,500.
    expect(made.error).toBeNull();
    expect(made.data).toEqual({ name: 'docs-test' });
    expect((await svc.createBucket('docs-test')).error).toMatchObject({ statusCode: '409' });
    expect((await svc.getBucket('docs-test')).data).toMatchObject({
      public: false,
      file_size_limit: 1_000_000,
      allowed_mime_types: ['application/pdf'],
    });
    expect((await svc.listBuckets()).data!.map((x) => x.id).sort()).toEqual(['docs-test', BUCKET]);
    for (const [words, bytes] of [
      ['20MB', 20_000_000],
      ['1.5kb', 1_500],
      ['1gb', null],
    ] as const) {
      const r = await svc.updateBucket('docs-test', { public: false, fileSizeLimit: words });
      if (bytes === null) expect(r.error).toMatchObject({ statusCode: '400' });
      else expect((await svc.getBucket('docs-test')).data).toMatchObject({ file_size_limit: bytes });
    }
    expect((await svc.updateBucket('docs-test', { public: false, fileSizeLimit: '5 parsecs' })).error).toMatchObject({
      statusCode: '400',
    });
    expect(
      (
        await svc.updateBucket('docs-test', {
          public: false,
          fileSizeLimit: 2048,
          allowedMimeTypes: ['application/pdf', 'image/*'],
        })
      ).error,
    ).toBeNull();
    expect((await svc.getBucket('docs-test')).data).toMatchObject({
      file_size_limit: 2048,
      allowed_mime_types: ['application/pdf', 'image/*'],
    });
    const docs = b.serviceClient().storage.from('docs-test');
    expect((await docs.upload('a.png', png())).error).toBeNull();
    expect(
      (await docs.upload('big.pdf', new Blob([Buffer.alloc(2049)], { type: 'application/pdf' }))).error,
    ).toMatchObject({ status: 413 });
    // Private bucket: no public URL.
    expect((await fetch(docs.getPublicUrl('a.png').data.publicUrl)).status).toBe(400);
    expect((await svc.deleteBucket('docs-test')).error).toMatchObject({ statusCode: '409' });
    expect((await svc.emptyBucket('docs-test')).error).toBeNull();
    expect((await svc.deleteBucket('docs-test')).error).toBeNull();
    expect((await svc.getBucket('docs-test')).error).toMatchObject({ statusCode: '404' });

    expect((await adminClient.storage.createBucket('admin-bucket')).error).toMatchObject({ statusCode: '403' });
    expect((await customerClient.storage.deleteBucket(BUCKET)).error).toMatchObject({ statusCode: '409' });
    expect((await customerClient.storage.updateBucket(BUCKET, { public: false })).error).toMatchObject({
      statusCode: '404',
    });
    expect((await customerClient.storage.emptyBucket(BUCKET)).error).toMatchObject({ statusCode: '404' });
    expect((await b.serviceClient().storage.getBucket(BUCKET)).data).toMatchObject({ public: true });
    expect((await svc.createBucket('../evil')).error).toMatchObject({ statusCode: '400' });
  });

  it('answers bad tokens and unknown routes in Storage shape', async () => {
    // No Authorization header at all: refused as Storage refuses it (not listed as an anonymous caller).
    const none = await raw(b, 'GET', '/storage/v1/bucket', { apikey: b.anonKey });
    expect(none.status).toBe(400);
    expect(JSON.parse(none.body)).toEqual({ statusCode: '403', error: 'Unauthorized', message: 'Invalid Compact JWS' });
    const noList = await raw(
      b,
      'POST',
      `/storage/v1/object/list/${BUCKET}`,
      { 'Content-Type': 'application/json' },
      '{}',
    );
    expect(JSON.parse(noList.body)).toMatchObject({ message: 'Invalid Compact JWS' });
    const bad = await raw(b, 'GET', '/storage/v1/bucket', { Authorization: 'Bearer not.a.jwt' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    const unknown = await raw(b, 'GET', '/storage/v1/nothing');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ statusCode: '404' });
    const badJson = await raw(
      b,
      'POST',
      `/storage/v1/object/list/${BUCKET}`,
      { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      '{nope',
    );
    expect(badJson.status).toBe(400);
  });
});

describe.each(testDatabases())('Storage files under DATA_DIR/storage on %s', (kind) => {
  it('keeps uploaded files across a restart and removes the file with its object', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-restart-'));
    let b = await startTestBackend(kind, { dataDir, keepDatabase: true });
    const databaseUrl = kind === 'postgres' ? (b.context.config.databaseUrl ?? null) : null;
    try {
      const up = await b.serviceClient().storage.from(BUCKET).upload('items/persist.png', png('persist'));
      expect(up.error).toBeNull();
      const files = () =>
        fs
          .readdirSync(path.join(dataDir, 'storage', 'objects'), { recursive: true })
          .filter((f) => /[0-9a-f-]{36}$/.test(String(f)));
      expect(files()).toHaveLength(1);
      await b.close();
      b = await startTestBackend(kind, { dataDir, databaseUrl, keepDatabase: true });
      const got = await fetch(b.serviceClient().storage.from(BUCKET).getPublicUrl('items/persist.png').data.publicUrl);
      expect(got.status).toBe(200);
      expect(
        Buffer.from(await got.arrayBuffer())
          .toString('latin1')
          .endsWith('persist'),
      ).toBe(true);
      expect((await b.serviceClient().storage.from(BUCKET).remove(['items/persist.png'])).data).toHaveLength(1);
      expect(files()).toHaveLength(0);
    } finally {
      await b.close();
      if (databaseUrl) {
        const { default: pg } = await import('pg');
        const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
        await c.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases())('Storage upload bodies on %s', (kind) => {
  it('holds at most STORAGE_MAX_CONCURRENT_UPLOADS bodies at once; the next upload is told to retry', async () => {
    const b = await startTestBackend(kind, { env: { STORAGE_MAX_CONCURRENT_UPLOADS: '1' } });
    try {
      const u = new URL(b.url);
      // A slow client: headers and half its body, then nothing for now.
      const slow = http.request({
        host: u.hostname,
        port: u.port,
        method: 'POST',
        path: `/storage/v1/object/${BUCKET}/items/slow.png`,
        headers: {
          Authorization: `Bearer ${b.serviceRoleKey}`,
          'Content-Type': 'image/png',
          'Content-Length': String(PNG.length * 2),
        },
      });
      const slowDone = new Promise<number>((resolve, reject) => {
        slow.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        slow.on('error', reject);
      });
      slow.write(PNG);
      await new Promise((r) => setTimeout(r, 300));
      const busy = await b.serviceClient().storage.from(BUCKET).upload('items/next.png', png());
      expect(busy.error).toMatchObject({
        status: 503,
        statusCode: '503',
        message: 'Too many uploads at once: try again in a moment',
      });
      slow.end(PNG);
      expect(await slowDone).toBe(200);
      // Once the slow body is in, uploads are taken again.
      expect((await b.serviceClient().storage.from(BUCKET).upload('items/next.png', png())).error).toBeNull();
    } finally {
      await b.close();
    }
  });
});

describe.each(testDatabases())('Storage upload slots against strangers on %s', (kind) => {
  let b: TestBackend;
  let adminToken: string;
  const DEPOT = 'depot-ouvert';

  beforeAll(async () => {
    b = await startTestBackend(kind, { env: { STORAGE_UPLOAD_TIMEOUT_MS: '5000' } });
    adminToken = await b.context.jwt.sign(
      {
        role: 'authenticated',
        aud: 'authenticated',
        sub: crypto.randomUUID(),
        app_metadata: { role: 'admin' },
      },
      3600,
    );
    // A bucket anyone may upload to (none exists in the product): the per-client cap and the time limit.
    await b.db.query(`insert into storage.buckets (id, name, public) values ($1, $1, false)`, [DEPOT]);
    await b.db.query(
      `create policy depot_insert on storage.objects for insert to anon, authenticated with check (bucket_id = '${DEPOT}')`,
    );
    await b.db.query(
      `create policy depot_select on storage.objects for select to anon, authenticated using (bucket_id = '${DEPOT}')`,
    );
  }, 120_000);
  afterAll(async () => {
    await b?.close();
  });

  /** An upload from `ip` that sends its headers and half its body, then waits for `finish()`. */
  function slowUpload(ip: string, bucket: string, name: string, token = b.anonKey) {
    const u = new URL(b.url);
    const req = http.request({
      host: u.hostname,
      port: u.port,
      localAddress: ip,
      method: 'POST',
      path: `/storage/v1/object/${bucket}/${name}`,
      headers: {
        apikey: b.anonKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'image/png',
        'Content-Length': String(PNG.length * 2),
      },
    });
    const answer = new Promise<number>((resolve) => {
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      // The server may close the connection of a refused or timed-out body before it is all sent.
      req.on('error', () => resolve(-1));
    });
    req.write(PNG);
    return { answer, finish: () => req.end(PNG) };
  }

  /** A whole small upload from `ip`: its HTTP status (with Storage's statusCode when refused). */
  async function quickUpload(ip: string, bucket: string, name: string, token = b.anonKey): Promise<string> {
    const u = new URL(b.url);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: u.hostname,
          port: u.port,
          localAddress: ip,
          method: 'POST',
          path: `/storage/v1/object/${bucket}/${name}`,
          headers: { apikey: b.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'image/png' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            resolve(res.statusCode === 200 ? '200' : `${res.statusCode}/${JSON.parse(body).statusCode}`);
          });
        },
      );
      req.on('error', reject);
      req.end(PNG);
    });
  }

  it('8 slow anonymous uploads of menu photos are refused before their bodies; the admin uploads at once', async () => {
    const strangers = Array.from({ length: 8 }, (_, i) =>
      slowUpload(`127.0.3.${i + 1}`, BUCKET, `items/intrus-${kind}-${i}.png`),
    );
    // Refused by the bucket's policy (admins only) without waiting for the rest of the body.
    for (const s of strangers) expect(await s.answer).toBe(400);
    expect(await quickUpload('127.0.3.20', BUCKET, `items/frango-${kind}.png`, adminToken)).toBe('200');
    const customer = await b.context.jwt.sign(
      { role: 'authenticated', aud: 'authenticated', sub: crypto.randomUUID() },
      3600,
    );
    expect(await quickUpload('127.0.3.21', BUCKET, `items/client-${kind}.png`, customer)).toBe('400/403');
    const { rows } = await b.db.query(`select name from storage.objects where name like 'items/intrus-%'`);
    expect(rows).toEqual([]);
  });

  it('strangers share their own slots, 2 per address, and a body too slow to arrive loses its slot', async () => {
    const poll = async (what: () => Promise<boolean>, label: string) => {
      const end = Date.now() + 4000;
      while (Date.now() < end) if (await what()) return;
      throw new Error(`${label} did not happen`);
    };
    // Two slow uploads from one address; a third from it is told to retry once both hold their slot.
    const mine = [0, 1].map((i) => slowUpload('127.0.4.1', DEPOT, `lent-${kind}-${i}.png`));
    let n = 0;
    await poll(async () => (await quickUpload('127.0.4.1', DEPOT, `encore-${kind}-${n++}.png`)) === '503/503', '503');
    // Six more from three other addresses fill everyone else's 8 slots.
    const others = [2, 3, 4].flatMap((a) =>
      [0, 1].map((i) => slowUpload(`127.0.4.${a}`, DEPOT, `lent-${kind}-${a}-${i}.png`)),
    );
    await poll(async () => (await quickUpload('127.0.4.9', DEPOT, `nouveau-${kind}-${n++}.png`)) === '503/503', 'full');
    // The admin's photo upload does not wait for them.
    expect(await quickUpload('127.0.4.10', BUCKET, `items/poulet-${kind}.png`, adminToken)).toBe('200');
    // None of them finishes within STORAGE_UPLOAD_TIMEOUT_MS (5 s here): 408, and their slots are free again.
    for (const s of [...mine, ...others]) expect([408, -1]).toContain(await s.answer);
    expect(await quickUpload('127.0.4.1', DEPOT, `apres-${kind}.png`)).toBe('200');
    for (const s of [...mine, ...others]) s.finish();
  }, 30_000);
});
