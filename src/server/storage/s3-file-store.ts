import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertFileKey, type FileStore } from './file-store.ts';

export type S3FileStoreOptions = {
  bucket: string;
  region: string;
  /** MinIO, R2 and other S3-compatible services; unset means AWS */
  endpoint?: string;
  /** bucket in the path (`endpoint/bucket/key`) rather than in the host name */
  forcePathStyle?: boolean;
  /** unset means the SDK's usual chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, profiles, roles) */
  credentials?: S3ClientConfig['credentials'];
};

/** The SDK's "not there" answers: NoSuchKey for GetObject, a bare 404 for HEAD requests. */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket through the official SDK. Uploads go through lib-storage's
 * Upload, which sends a stream in parts as it arrives (multipart past 5 MB) instead of holding it.
 */
export function createS3FileStore(options: S3FileStoreOptions): FileStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 demands them: several S3-compatible stores refuse the SDK's default
    // trailing checksums on streamed bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  async function getStream(key: string): Promise<Readable | null> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: assertFileKey(key) }));
      return (object.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    async put(key, body, { contentType }) {
      await new Upload({
        client,
        params: { Bucket, Key: assertFileKey(key), Body: body, ContentType: contentType },
      }).done();
    },
    getStream,
    async read(key) {
      const stream = await getStream(key);
      if (!stream) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertFileKey(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: assertFileKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        // The SDK's error carries the whole response; what the logs need is which bucket and why.
        const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        const status = failure.$metadata?.httpStatusCode;
        throw new Error(
          `The S3 bucket ${Bucket} cannot be reached: ${failure.name ?? 'error'}${status ? ` (${status})` : ''}`,
        );
      }
    },
    locationOf: (key) => `s3://${Bucket}/${assertFileKey(key)}`,
  };
}
