import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStorage } from '../src/adapters/storage/local-storage.ts';
import { AwsClient } from 'aws4fetch';
import { S3MediaStorage, S3StorageError, signS3Request } from '../src/adapters/storage/s3-storage.ts';
import { streamToBuffer } from '../src/adapters/storage/media-storage.ts';
import { loadConfig, ConfigError } from '../src/config.ts';
import { createMediaStorage } from '../src/adapters/storage/create-storage.ts';
import { expectedSignature, startS3Fake, type FakeS3 } from './fakes/s3-fake-server.ts';

// AWS's "Signature Calculations for the Authorization Header: Transferring Payload in a Single
// Chunk", Example: GET Object. The client's signer and the fake's verifier are each held to it, so
// they cannot agree on a mistake of their own.
const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  emptySha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  signature: 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
};

describe('SigV4', () => {
  it("the client reproduces the signature of AWS's published GET Object example", async () => {
    const aws = new AwsClient({ accessKeyId: AWS_EXAMPLE.accessKeyId, secretAccessKey: AWS_EXAMPLE.secretAccessKey, region: 'us-east-1', service: 's3' });
    const signed = await signS3Request(
      aws,
      'https://examplebucket.s3.amazonaws.com/test.txt',
      { method: 'GET', headers: { range: 'bytes=0-9', 'x-amz-content-sha256': AWS_EXAMPLE.emptySha256 } },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(signed.headers.get('authorization')).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=${AWS_EXAMPLE.signature}`,
    );
  });

  it("the fake's verifier expects the same signature for that example", () => {
    const arrived = {
      method: 'GET',
      rawPath: '/test.txt',
      rawQuery: '',
      headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9', 'x-amz-content-sha256': AWS_EXAMPLE.emptySha256, 'x-amz-date': '20130524T000000Z' },
    };
    const scope = { signedHeaders: 'host;range;x-amz-content-sha256;x-amz-date', stamp: '20130524T000000Z', day: '20130524', region: 'us-east-1', secretAccessKey: AWS_EXAMPLE.secretAccessKey };
    expect(expectedSignature(arrived, scope)).toBe(AWS_EXAMPLE.signature);
  });
});

describe('LocalMediaStorage', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'media-local-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('puts, reads back, streams and sizes an object; missing ones are null', async () => {
    const storage = new LocalMediaStorage(root);
    const body = crypto.randomBytes(5000);
    await storage.put('assets/a1/v0/seg_000.ts', body, 'video/mp2t');
    expect(await storage.head('assets/a1/v0/seg_000.ts')).toEqual({ size: 5000 });
    expect((await storage.getBuffer('assets/a1/v0/seg_000.ts'))?.equals(body)).toBe(true);
    const obj = await storage.get('assets/a1/v0/seg_000.ts');
    expect(obj?.size).toBe(5000);
    expect((await streamToBuffer(obj!.body)).equals(body)).toBe(true);
    expect(await storage.get('assets/a1/v0/seg_999.ts')).toBeNull();
    expect(await storage.head('assets/nothing')).toBeNull();
    expect(fs.existsSync(path.join(root, 'assets/a1/v0/seg_000.ts'))).toBe(true);
  });

  it('refuses keys that climb out of its root', async () => {
    const storage = new LocalMediaStorage(root);
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', 'a b']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/invalid media storage key/);
    }
  });
});

describe('S3MediaStorage against a local S3 fake', () => {
  const creds = { bucket: 'jinfa-media', accessKeyId: 'AKIDTESTFAKE', secretAccessKey: 'fake/secret+key=', region: 'cn-test-1' };
  let fake: FakeS3;
  beforeAll(async () => {
    fake = await startS3Fake(creds);
  });
  afterAll(() => fake.close());

  const client = (over: Partial<typeof creds> = {}) => new S3MediaStorage({ endpoint: fake.endpoint, ...creds, ...over });

  it('puts, heads and gets objects with signatures the server accepts', async () => {
    const s3 = client();
    const body = crypto.randomBytes(3000);
    await s3.put('assets/x9/v1/seg_001.ts', body, 'video/mp2t');
    expect(fake.objects.get('assets/x9/v1/seg_001.ts')?.contentType).toBe('video/mp2t');
    expect(await s3.head('assets/x9/v1/seg_001.ts')).toEqual({ size: 3000 });
    expect((await s3.getBuffer('assets/x9/v1/seg_001.ts'))?.equals(body)).toBe(true);
    const obj = await s3.get('assets/x9/v1/seg_001.ts');
    expect(obj?.size).toBe(3000);
    expect((await streamToBuffer(obj!.body)).equals(body)).toBe(true);
    expect(await s3.get('assets/x9/missing.ts')).toBeNull();
    expect(await s3.head('assets/x9/missing.ts')).toBeNull();
    expect(fake.requests.every((r) => r.accepted)).toBe(true);
  });

  it('is refused with a wrong secret, and says so', async () => {
    const bad = client({ secretAccessKey: 'not-the-secret' });
    const err = await bad.put('assets/y/master.m3u8', Buffer.from('#EXTM3U'), 'application/vnd.apple.mpegurl').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3StorageError);
    expect((err as S3StorageError).status).toBe(403);
    expect((err as Error).message).toContain('SignatureDoesNotMatch');
    expect(fake.objects.has('assets/y/master.m3u8')).toBe(false);
  });

  it('is refused when its clock is off by more than 15 minutes', async () => {
    const skewed = new S3MediaStorage({ endpoint: fake.endpoint, ...creds }, () => new Date(Date.now() - 60 * 60_000));
    await expect(skewed.head('assets/x9/v1/seg_001.ts')).rejects.toThrow(/403/);
  });
});

describe('MEDIA_STORAGE configuration', () => {
  it('defaults to local files under DATA_DIR/media', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/jinfa-x' });
    const storage = createMediaStorage(config);
    expect(storage.kind).toBe('local');
    expect((storage as LocalMediaStorage).root).toBe('/tmp/jinfa-x/media');
  });

  it('builds the S3 client from S3_*, and names every missing setting', () => {
    const config = loadConfig({ NODE_ENV: 'test', MEDIA_STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_REGION: 'cn-north-1' });
    expect(createMediaStorage(config).kind).toBe('s3');
    expect(config.media.s3).toMatchObject({ bucket: 'b', region: 'cn-north-1' });
    expect(() => loadConfig({ NODE_ENV: 'test', MEDIA_STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'test', MEDIA_STORAGE: 'ftp' })).toThrow(ConfigError);
  });
});
