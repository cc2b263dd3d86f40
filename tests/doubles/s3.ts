/**
 * An S3-compatible object store on 127.0.0.1 for tests, answering exactly the calls the app's
 * file store makes, path-style (`/<bucket>/<key>`): PutObject, the multipart upload lib-storage
 * uses for bodies past 5 MB (CreateMultipartUpload, UploadPart, CompleteMultipartUpload,
 * AbortMultipartUpload), GetObject, HeadObject, DeleteObject and HeadBucket. Objects live in
 * memory; signatures are not checked. `stop()` refuses every request with a 503 until `resume()`,
 * as an unreachable store would answer.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StoredObject = { body: Buffer; contentType: string };

export type S3Request = { method: string; key: string | null; query: string };

export type S3Double = {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT (with S3_FORCE_PATH_STYLE) */
  endpoint: string;
  bucket: string;
  /** The objects now held, by key */
  objects: Map<string, StoredObject>;
  /** Every request answered, in order, for asserting which calls were made */
  requests: S3Request[];
  /** Answer every request with 503 until resume() */
  stop(): void;
  resume(): void;
  close(): Promise<void>;
};

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

function errorXml(code: string, message: string) {
  return xml(`<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

async function bodyOf(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return String(request.headers['content-encoding'] ?? '').includes('aws-chunked') ? decodeAwsChunked(raw) : raw;
}

/** The SDK's aws-chunked framing (`<hex size>[;chunk-signature=…]\r\n<bytes>\r\n`…, ending with a 0 chunk). */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < raw.length) {
    const lineEnd = raw.indexOf('\r\n', offset);
    const size = Number.parseInt(raw.subarray(offset, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export async function startS3Double(bucket = 'brandlens-test'): Promise<S3Double> {
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, { key: string; contentType: string; parts: Map<number, Buffer> }>();
  const requests: S3Request[] = [];
  let stopped = false;

  async function answer(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = rest.join('/') ? rest.map(decodeURIComponent).join('/') : null;
    const method = request.method ?? 'GET';
    const query = url.searchParams;
    requests.push({ method, key, query: url.search });
    const send = (status: number, body = '', headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/xml', ...headers });
      response.end(method === 'HEAD' ? undefined : body);
    };
    if (stopped) return send(503, errorXml('ServiceUnavailable', 'stopped'));
    if (bucketName !== bucket) return send(404, errorXml('NoSuchBucket', 'The specified bucket does not exist'));
    if (key === null) {
      if (method === 'HEAD') return send(200);
      return send(405, errorXml('MethodNotAllowed', `${method} on a bucket is not answered by this double`));
    }

    if (method === 'POST' && query.has('uploads')) {
      const uploadId = randomUUID();
      uploads.set(uploadId, {
        key,
        contentType: String(request.headers['content-type'] ?? 'application/octet-stream'),
        parts: new Map(),
      });
      return send(
        200,
        xml(
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        ),
      );
    }
    const uploadId = query.get('uploadId');
    if (uploadId !== null) {
      const upload = uploads.get(uploadId);
      if (!upload) return send(404, errorXml('NoSuchUpload', 'The specified upload does not exist'));
      if (method === 'PUT') {
        upload.parts.set(Number(query.get('partNumber')), await bodyOf(request));
        return send(200, '', { etag: `"${randomUUID()}"` });
      }
      if (method === 'DELETE') {
        uploads.delete(uploadId);
        return send(204);
      }
      const listed = [...(await bodyOf(request)).toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)];
      const body = Buffer.concat(listed.map((match) => upload.parts.get(Number(match[1])) ?? Buffer.alloc(0)));
      objects.set(upload.key, { body, contentType: upload.contentType });
      uploads.delete(uploadId);
      return send(
        200,
        xml(
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"${randomUUID()}"</ETag></CompleteMultipartUploadResult>`,
        ),
      );
    }

    const object = objects.get(key);
    switch (method) {
      case 'PUT': {
        const contentType = String(request.headers['content-type'] ?? 'application/octet-stream');
        objects.set(key, { body: await bodyOf(request), contentType });
        return send(200, '', { etag: `"${randomUUID()}"` });
      }
      case 'GET':
      case 'HEAD':
        if (!object) return send(404, errorXml('NoSuchKey', 'The specified key does not exist.'));
        response.writeHead(200, { 'content-type': object.contentType, 'content-length': String(object.body.length) });
        return response.end(method === 'HEAD' ? undefined : object.body);
      case 'DELETE':
        objects.delete(key);
        return send(204);
      default:
        return send(405, errorXml('MethodNotAllowed', `${method} is not answered by this double`));
    }
  }

  const server = http.createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/xml' });
      response.end(errorXml('InternalError', String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    stop: () => {
      stopped = true;
    },
    resume: () => {
      stopped = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
